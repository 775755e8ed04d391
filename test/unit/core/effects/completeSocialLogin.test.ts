import { describe, expect, it } from 'vitest'
import { completeSocialLogin } from '../../../../src/core/effects/embeddedWallet/socialLogin'
import { connectionRequested } from '../../../../src/core/events/connection/connection'
import { socialLoginRequested, socialLoginResultReceived, socialLoginUriReceived } from '../../../../src/core/events/embeddedWallet/embeddedWallet'
import { EmbeddedWalletError } from '../../../../src/core/errors/auth'
import { reply, replyError, runEffectAsync } from '../../../support/runEffect'
import { stateAfter } from '../../../support/stateAfter'
import { fakeAuth } from './authFake'

const waiting = stateAfter([socialLoginRequested({ provider: 'github' }, { requestId: 's1' }), socialLoginUriReceived({ uri: 'http://127.0.0.1:1/start' }, { requestId: 's1' })])
const result = (requestId = 's1') => socialLoginResultReceived({ resultUri: 'http://127.0.0.1:1/v1/social/result?code=c' }, { requestId })

describe('completeSocialLogin', () => {
  it('redeems the popup result, then the embedded wallet connects under the same request', async () => {
    const { auth, calls } = fakeAuth({ connectSocial: () => reply({ accounts: [], caipNetworkId: 'eip155:1', auth: 'github' }, 5) })
    const run = await runEffectAsync(completeSocialLogin, { events: { marble: 'a', values: { a: result() } }, state: waiting, loop: true, deps: { auth } })
    expect(calls.map(([name, request]) => [name, request])).toEqual([['connectSocial', { uri: 'http://127.0.0.1:1/v1/social/result?code=c' }]])
    expect(run.log.filter((e) => connectionRequested.match(e)).map((e) => [e.payload.connectorId, e.requestId])).toEqual([['auth', 's1']])
  })

  it("a refused result fails with 'Failed to initiate social connection'; a result of another login is not redeemed", async () => {
    const refused = fakeAuth({ connectSocial: () => replyError(new EmbeddedWalletError('Failed to initiate social connection'), 5) })
    const run = await runEffectAsync(completeSocialLogin, { events: { marble: 'a', values: { a: result() } }, state: waiting, loop: true, deps: { auth: refused.auth } })
    expect(run.state.socialLogin).toMatchObject({ step: 'failed', error: { shortMessage: 'Failed to initiate social connection' } })
    const other = fakeAuth({ connectSocial: () => reply({ accounts: [], caipNetworkId: 'eip155:1', auth: 'x' }, 5) })
    await runEffectAsync(completeSocialLogin, { events: { marble: 'a', values: { a: result('stale') } }, state: waiting, loop: true, deps: { auth: other.auth } })
    expect(other.calls).toEqual([])
  })
})
