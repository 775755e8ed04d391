import { describe, expect, it } from 'vitest'
import { siwxNotEnabled } from '../../../../../src/core/effects/siwx/siwxNotEnabled'
import { siwxFeature } from '../../../../../src/core/features/siwx'
import { siwxRevokeRequested, siwxSessionsRequested, siwxSignInRequested } from '../../../../../src/core/events/siwx/siwx'
import { siwx } from '../../../../../src/features/siwx'
import { runEffectAsync } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'

const CAIP = 'eip155:1:0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const NOT_ENABLED = { shortMessage: 'SIWX is not enabled', details: 'the modal was created without the siwx option' }

describe('siwxNotEnabled', () => {
  it("answers a sign-in, a session list and a revocation with 'SIWX is not enabled', each for its request", async () => {
    const run = await runEffectAsync(siwxNotEnabled, {
      events: {
        marble: 'abc',
        values: {
          a: siwxSignInRequested({ caipAddress: CAIP, nonce: 'abcdefgh12345678', domain: 'app.example', uri: 'https://app.example' }, { requestId: 's1' }),
          b: siwxSessionsRequested({ caipAddress: CAIP }, { requestId: 's2' }),
          c: siwxRevokeRequested({ caipAddress: CAIP, id: 'x' }, { requestId: 's3' }),
        },
      },
      state: stateAfter([]),
      loop: true,
    })
    expect(run.messages.map((m) => m.notification.value)).toMatchObject([
      { type: 'siwx/signInFailed', requestId: 's1', payload: { caipAddress: CAIP, error: NOT_ENABLED } },
      { type: 'siwx/sessionsFailed', requestId: 's2', payload: { caipAddress: CAIP, error: NOT_ENABLED } },
      { type: 'siwx/revokeFailed', requestId: 's3', payload: { caipAddress: CAIP, id: 'x', error: NOT_ENABLED } },
    ])
    // The sign-in no longer waits: it failed with the spec's message.
    expect(run.state.siwxSignIn).toMatchObject({ status: 'failed', error: NOT_ENABLED })
  })

  it('runs only in a modal created without siwx(); with it, the sign-in effects run instead', async () => {
    const without = await siwxFeature.loadEffects({})
    expect(without.map((e) => e.name)).toEqual(['siwxNotEnabled'])
    const withSiwx = await siwxFeature.loadEffects({ featureChunks: { siwx: siwx() } })
    expect(withSiwx.map((e) => e.name)).not.toContain('siwxNotEnabled')
    expect(withSiwx.map((e) => e.name)).toContain('signInWithWallet')
  })
})
