import { describe, expect, it } from 'vitest'
import { connectionFailed, connectionSucceeded } from '../../../src/core/events/connection/connection'
import {
  emailDeviceApproved,
  emailLoginFailed,
  emailLoginRequested,
  emailLoginReset,
  emailLoginStepReached,
  emailOtpSubmitted,
  emailOtpVerified,
  emailUpdateRequested,
  socialLoginRequested,
} from '../../../src/core/events/embeddedWallet/embeddedWallet'
import { modalCloseRequested } from '../../../src/core/events/modal/modal'
import { routerWentBack } from '../../../src/core/events/modal/router'
import { EPOCH } from '../../support/runEffect'
import { stateAfter } from '../../support/stateAfter'

const asked = (email = 'ada@example.com', requestId = 'r1') => emailLoginRequested({ email }, { requestId })

describe('e-mail login steps', () => {
  it('address → device approval → code → checking → connecting → done, each answer matched to its request', () => {
    const steps = [
      asked(),
      emailLoginStepReached({ action: 'VERIFY_DEVICE' }, { requestId: 'r1' }),
      emailDeviceApproved({}, { requestId: 'r1' }),
      emailOtpSubmitted({ otp: '123456' }, { requestId: 'o1' }),
      emailOtpVerified({}, { requestId: 'o1' }),
      connectionSucceeded({ connectorId: 'auth', namespace: 'eip155', accounts: [{ address: '0x00000000000000000000000000000000000000a1', type: 'eoa' }], caipNetworkId: 'eip155:1', auth: 'email' }, { requestId: 'o1' }),
    ]
    const seen = steps.map((_, i) => stateAfter(steps.slice(0, i + 1)).emailLogin.step)
    expect(seen).toEqual(['sending', 'verifyDevice', 'verifyOtp', 'verifying', 'connecting', 'idle'])
    // The cooldown outlives the login.
    expect(stateAfter(steps).emailLogin.lastRequestAt).toBe(EPOCH)
  })

  it('an invalid address or one within 30 s of the last is refused with its message, nothing else changes', () => {
    expect(stateAfter([asked('not an address')]).emailLogin).toMatchObject({ step: 'idle', email: null, error: { shortMessage: 'Invalid email' } })
    const again = stateAfter([[asked('ada@example.com', 'r1'), 0], emailLoginReset({}), [asked('ada@example.com', 'r2'), 12_400]])
    expect(again.emailLogin).toMatchObject({ step: 'idle', requestId: null, error: { shortMessage: 'Please try again after 18 seconds' } })
    const later = stateAfter([[asked('ada@example.com', 'r1'), 0], emailLoginReset({}), [asked('ada@example.com', 'r2'), 30_000]])
    expect(later.emailLogin).toMatchObject({ step: 'sending', requestId: 'r2', error: null })
  })

  it('late answers of another request, a close or a reset are ignored; a wrong code stays on the code', () => {
    const waiting = [asked(), emailLoginStepReached({ action: 'VERIFY_OTP' }, { requestId: 'r1' })]
    expect(stateAfter([...waiting, emailLoginStepReached({ action: 'VERIFY_DEVICE' }, { requestId: 'other' })]).emailLogin.step).toBe('verifyOtp')
    expect(stateAfter([...waiting, modalCloseRequested({}), emailLoginStepReached({ action: 'VERIFY_OTP' }, { requestId: 'r1' })]).emailLogin.step).toBe('idle')
    const wrong = stateAfter([...waiting, emailOtpSubmitted({ otp: '000000' }, { requestId: 'o1' }), emailLoginFailed({ error: { name: 'EmbeddedWalletError', shortMessage: 'Invalid code' } }, { requestId: 'o1' })])
    expect(wrong.emailLogin).toMatchObject({ step: 'verifyOtp', error: { shortMessage: 'Invalid code' } })
    // Not six digits: not taken.
    expect(stateAfter([...waiting, emailOtpSubmitted({ otp: '12a456' }, { requestId: 'o1' })]).emailLogin.step).toBe('verifyOtp')
    // The wallet failing to connect after the code goes back to the address with the error.
    const failed = stateAfter([
      ...waiting,
      emailOtpSubmitted({ otp: '123456' }, { requestId: 'o1' }),
      emailOtpVerified({}, { requestId: 'o1' }),
      connectionFailed({ connectorId: 'auth', namespace: 'eip155', error: { name: 'X', shortMessage: 'Failed to connect' } }, { requestId: 'o1' }),
    ])
    expect(failed.emailLogin).toMatchObject({ step: 'idle', error: { shortMessage: 'Failed to connect' } })
  })

  it('a close or Back clears what the embedded wallet had under way (the cooldown stays) and leaves idle flows as they are', () => {
    const underWay = stateAfter([asked(), socialLoginRequested({ provider: 'google' }, { requestId: 's1' }), emailUpdateRequested({ email: 'new@example.com' }, { requestId: 'u1' })])
    for (const leave of [modalCloseRequested({}), routerWentBack({})]) {
      const after = stateAfter([leave], { from: underWay })
      expect(after.emailLogin).toEqual({ step: 'idle', email: null, requestId: null, error: null, lastRequestAt: EPOCH })
      expect(after.socialLogin).toEqual({ provider: null, step: 'idle', uri: null, clientUrl: null, requestId: null, error: null })
      expect(after.emailUpdate).toEqual({ step: 'idle', email: null, code: null, requestId: null, error: null })
      // Nothing under way: the same objects, so nothing reading them renders again.
      const idle = stateAfter([leave], { from: after })
      for (const slice of ['emailLogin', 'socialLogin', 'emailUpdate', 'embeddedUser'] as const) expect(idle[slice]).toBe(after[slice])
    }
  })
})
