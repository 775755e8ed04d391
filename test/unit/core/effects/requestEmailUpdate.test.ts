import { describe, expect, it } from 'vitest'
import { requestEmailUpdate } from '../../../../src/core/effects/embeddedWallet/emailUpdate'
import { connectionSucceeded } from '../../../../src/core/events/connection/connection'
import { emailUpdateRequested } from '../../../../src/core/events/embeddedWallet/embeddedWallet'
import { reply, runEffectAsync } from '../../../support/runEffect'
import { stateAfter } from '../../../support/stateAfter'
import { fakeAuth } from './authFake'

const account = { address: '0x00000000000000000000000000000000000000a1', type: 'eoa' as const }
const connectedBy = (connectorId: string, auth?: string) =>
  stateAfter([connectionSucceeded({ connectorId, namespace: 'eip155', accounts: [account], caipNetworkId: 'eip155:1', ...(auth ? { auth } : {}) })])
const asked = emailUpdateRequested({ email: 'New@Example.com' }, { requestId: 'u1' })

describe('requestEmailUpdate', () => {
  it('connected by e-mail or a social login: a code goes to the current address, then the code step', async () => {
    for (const auth of ['email', 'github']) {
      const fake = fakeAuth({ updateEmail: () => reply({ action: 'VERIFY_PRIMARY_OTP' as const }, 5) })
      const run = await runEffectAsync(requestEmailUpdate, { events: { marble: 'a', values: { a: asked } }, state: connectedBy('auth', auth), loop: true, deps: { auth: fake.auth } })
      expect(fake.calls.map(([name, request]) => [name, request])).toEqual([['updateEmail', { email: 'new@example.com' }]])
      expect(run.state.emailUpdate).toMatchObject({ step: 'primaryOtp', email: 'new@example.com' })
    }
  })

  it("'No auth connector found' without the embedded wallet; 'Not connected to email or social' for another wallet or Farcaster", async () => {
    const none = await runEffectAsync(requestEmailUpdate, { events: { marble: 'a', values: { a: asked } }, state: connectedBy('auth', 'email'), loop: true, deps: { auth: undefined } })
    expect(none.state.emailUpdate.error?.shortMessage).toBe('No auth connector found')
    for (const state of [connectedBy('io.metamask'), connectedBy('auth', 'farcaster')]) {
      const fake = fakeAuth()
      const run = await runEffectAsync(requestEmailUpdate, { events: { marble: 'a', values: { a: asked } }, state, loop: true, deps: { auth: fake.auth } })
      expect(run.state.emailUpdate).toMatchObject({ step: 'idle', error: { shortMessage: 'Not connected to email or social' } })
      expect(fake.calls).toEqual([])
    }
  })
})
