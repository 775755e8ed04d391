import { describe, expect, it } from 'vitest'
import { awaitFarcasterLogin } from '../../../../src/core/effects/embeddedWallet/socialLogin'
import { connectionRequested } from '../../../../src/core/events/connection/connection'
import { socialLoginRequested, socialLoginUriReceived } from '../../../../src/core/events/embeddedWallet/embeddedWallet'
import { routerWentBack } from '../../../../src/core/events/modal/router'
import { EmbeddedWalletError } from '../../../../src/core/errors/auth'
import { noReply, reply, replyError, runEffectAsync } from '../../../support/runEffect'
import { stateAfter } from '../../../support/stateAfter'
import { fakeAuth } from './authFake'

const preparing = (provider = 'farcaster') => stateAfter([socialLoginRequested({ provider }, { requestId: 'f1' })])
const shown = socialLoginUriReceived({ uri: 'https://farcaster.xyz/~/siwf?channelToken=t' }, { requestId: 'f1' })

describe('awaitFarcasterLogin', () => {
  it('waits for the visitor to sign in with Farcaster, then the embedded wallet connects', async () => {
    const { auth, calls } = fakeAuth({ connectFarcaster: () => reply({ accounts: [], caipNetworkId: 'eip155:1', auth: 'farcaster' }, 30) })
    const run = await runEffectAsync(awaitFarcasterLogin, { events: { marble: 'a', values: { a: shown } }, state: preparing(), loop: true, deps: { auth } })
    expect(calls.map(([name]) => name)).toEqual(['connectFarcaster'])
    expect(run.log.filter((e) => connectionRequested.match(e)).map((e) => e.requestId)).toEqual(['f1'])
    expect(run.state.socialLogin.step).toBe('connecting')
  })

  it("a failed verification: 'Failed to connect to farcaster'; Back stops waiting; a social provider's address is not waited on", async () => {
    const failing = fakeAuth({ connectFarcaster: () => replyError(new EmbeddedWalletError('bad signature'), 5) })
    const a = await runEffectAsync(awaitFarcasterLogin, { events: { marble: 'a', values: { a: shown } }, state: preparing(), loop: true, deps: { auth: failing.auth } })
    expect(a.state.socialLogin).toMatchObject({ step: 'failed', error: { shortMessage: 'bad signature' } })
    const waiting = fakeAuth({ connectFarcaster: () => noReply() })
    await runEffectAsync(awaitFarcasterLogin, { events: { marble: 'a 5ms b', values: { a: shown, b: routerWentBack({}) } }, state: preparing(), loop: true, deps: { auth: waiting.auth } })
    expect(waiting.calls[0]![2]?.aborted).toBe(true)
    const social = fakeAuth({ connectFarcaster: () => noReply() })
    await runEffectAsync(awaitFarcasterLogin, { events: { marble: 'a', values: { a: shown } }, state: preparing('google'), loop: true, deps: { auth: social.auth } })
    expect(social.calls).toEqual([])
  })
})
