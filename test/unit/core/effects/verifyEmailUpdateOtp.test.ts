import { describe, expect, it } from 'vitest'
import { verifyEmailUpdateOtp } from '../../../../src/core/effects/embeddedWallet/emailUpdate'
import { connectionSucceeded } from '../../../../src/core/events/connection/connection'
import { embeddedUserReceived, emailUpdateOtpSubmitted, emailUpdateRequested, emailUpdateStepReached } from '../../../../src/core/events/embeddedWallet/embeddedWallet'
import { EmbeddedWalletError } from '../../../../src/core/errors/auth'
import { reply, replyError, runEffectAsync } from '../../../support/runEffect'
import { stateAfter } from '../../../support/stateAfter'
import { fakeAuth } from './authFake'

const account = { address: '0x00000000000000000000000000000000000000a1', type: 'eoa' as const }
const atPrimary = stateAfter([
  connectionSucceeded({ connectorId: 'auth', namespace: 'eip155', accounts: [account], caipNetworkId: 'eip155:1', auth: 'email' }),
  embeddedUserReceived({ email: 'old@example.com', username: null }),
  emailUpdateRequested({ email: 'new@example.com' }, { requestId: 'u1' }),
  emailUpdateStepReached({ action: 'VERIFY_PRIMARY_OTP' }, { requestId: 'u1' }),
])
const code = (otp: string, requestId: string) => emailUpdateOtpSubmitted({ otp }, { requestId })

describe('verifyEmailUpdateOtp', () => {
  it("the current address's code, then the new address's: the wallet's e-mail is the new one", async () => {
    const fake = fakeAuth({ updateEmailPrimaryOtp: () => reply(undefined, 5), updateEmailSecondaryOtp: () => reply({ newEmail: 'new@example.com' }, 5) })
    const run = await runEffectAsync(verifyEmailUpdateOtp, {
      events: { marble: 'a 20ms b', values: { a: code('111111', 'c1'), b: code('222222', 'c2') } },
      state: atPrimary,
      loop: true,
      deps: { auth: fake.auth },
    })
    expect(fake.calls.map(([name, request]) => [name, request])).toEqual([
      ['updateEmailPrimaryOtp', { otp: '111111' }],
      ['updateEmailSecondaryOtp', { otp: '222222' }],
    ])
    expect(run.state.emailUpdate).toMatchObject({ step: 'done', email: 'new@example.com' })
    expect(run.state.embeddedUser.email).toBe('new@example.com')
  })

  it('a wrong code stays on its step with the message', async () => {
    const fake = fakeAuth({ updateEmailPrimaryOtp: () => replyError(new EmbeddedWalletError('Invalid code'), 5) })
    const run = await runEffectAsync(verifyEmailUpdateOtp, { events: { marble: 'a', values: { a: code('000000', 'c1') } }, state: atPrimary, loop: true, deps: { auth: fake.auth } })
    expect(run.state.emailUpdate).toMatchObject({ step: 'primaryOtp', error: { shortMessage: 'Invalid code' } })
    expect(run.state.embeddedUser.email).toBe('old@example.com')
  })
})
