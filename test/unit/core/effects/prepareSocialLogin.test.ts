import { describe, expect, it } from 'vitest'
import { prepareSocialLogin } from '../../../../src/core/effects/embeddedWallet/socialLogin'
import { socialLoginRequested } from '../../../../src/core/events/embeddedWallet/embeddedWallet'
import { modalCloseRequested } from '../../../../src/core/events/modal/modal'
import { EmbeddedWalletError } from '../../../../src/core/errors/auth'
import { reply, replyError, runEffectAsync } from '../../../support/runEffect'
import { stateAfter } from '../../../support/stateAfter'
import { fakeAuth } from './authFake'

const asked = (provider: string) => socialLoginRequested({ provider }, { requestId: 's1' })

describe('prepareSocialLogin', () => {
  it("a social provider: the embedded wallet's sign-in address for the popup", async () => {
    const { auth, calls } = fakeAuth({ getSocialRedirectUri: () => reply({ uri: 'http://127.0.0.1:1/v1/social/start?provider=github' }, 5) })
    const run = await runEffectAsync(prepareSocialLogin, { events: { marble: 'a', values: { a: asked('github') } }, state: stateAfter([]), loop: true, deps: { auth } })
    expect(calls.map(([name, request]) => [name, request])).toEqual([['getSocialRedirectUri', { provider: 'github' }]])
    expect(run.state.socialLogin).toMatchObject({ provider: 'github', step: 'waiting', uri: 'http://127.0.0.1:1/v1/social/start?provider=github' })
  })

  it('Farcaster: its sign-in URL and the page that opens it here', async () => {
    const { auth } = fakeAuth({ getFarcasterUri: () => reply({ url: 'https://farcaster.xyz/~/siwf?channelToken=t', clientUrl: 'http://127.0.0.1:2/client?uri=x' }, 5) })
    const run = await runEffectAsync(prepareSocialLogin, { events: { marble: 'a', values: { a: asked('farcaster') } }, state: stateAfter([]), loop: true, deps: { auth } })
    expect(run.state.socialLogin).toMatchObject({ step: 'waiting', uri: 'https://farcaster.xyz/~/siwf?channelToken=t', clientUrl: 'http://127.0.0.1:2/client?uri=x' })
  })

  it('a failure is the spec message for the kind of login; a close drops it and aborts the request', async () => {
    const social = fakeAuth({ getSocialRedirectUri: () => replyError(new Error('socket hang up'), 5) })
    const a = await runEffectAsync(prepareSocialLogin, { events: { marble: 'a', values: { a: asked('google') } }, state: stateAfter([]), loop: true, deps: { auth: social.auth } })
    expect(a.state.socialLogin).toMatchObject({ step: 'failed', error: { shortMessage: 'Failed to initiate social connection' } })
    const farcaster = fakeAuth({ getFarcasterUri: () => replyError(new EmbeddedWalletError('relay down'), 5) })
    const b = await runEffectAsync(prepareSocialLogin, { events: { marble: 'a', values: { a: asked('farcaster') } }, state: stateAfter([]), loop: true, deps: { auth: farcaster.auth } })
    expect(b.state.socialLogin.step).toBe('failed')
    const slow = fakeAuth({ getSocialRedirectUri: () => reply({ uri: 'http://x' }, 50) })
    const c = await runEffectAsync(prepareSocialLogin, { events: { marble: 'a 5ms c', values: { a: asked('x'), c: modalCloseRequested({}) } }, state: stateAfter([]), loop: true, deps: { auth: slow.auth } })
    expect(slow.calls[0]![2]?.aborted).toBe(true)
    expect(c.state.socialLogin.step).toBe('idle')
  })
})
