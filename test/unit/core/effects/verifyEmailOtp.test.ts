import { describe, expect, it } from 'vitest'
import { verifyEmailOtp } from '../../../../src/core/effects/embeddedWallet/emailLogin'
import { connectionRequested } from '../../../../src/core/events/connection/connection'
import { emailLoginRequested, emailLoginStepReached, emailOtpSubmitted } from '../../../../src/core/events/embeddedWallet/embeddedWallet'
import { EmbeddedWalletError } from '../../../../src/core/errors/auth'
import { reply, replyError, runEffectAsync } from '../../../support/runEffect'
import { stateAfter } from '../../../support/stateAfter'
import { fakeAuth } from './authFake'

const awaitingCode = stateAfter([
  emailLoginRequested({ email: 'ada@example.com' }, { requestId: 'r1' }),
  emailLoginStepReached({ action: 'VERIFY_OTP' }, { requestId: 'r1' }),
])
const typed = (otp: string) => emailOtpSubmitted({ otp }, { requestId: 'o1' })

describe('verifyEmailOtp', () => {
  it('checks the 6 digits, then the embedded wallet connects under the same request', async () => {
    const { auth, calls } = fakeAuth({ connectOtp: () => reply(undefined, 5) })
    const run = await runEffectAsync(verifyEmailOtp, { events: { marble: 'a', values: { a: typed('123456') } }, state: awaitingCode, loop: true, deps: { auth } })
    expect(calls.map(([name, request]) => [name, request])).toEqual([['connectOtp', { otp: '123456' }]])
    expect(run.log.filter((e) => connectionRequested.match(e)).map((e) => [e.payload.connectorId, e.requestId])).toEqual([['auth', 'o1']])
    expect(run.state.emailLogin.step).toBe('connecting')
  })

  it('a wrong code stays on the code step with the message, and the code can be typed again', async () => {
    const { auth } = fakeAuth({ connectOtp: () => replyError(new EmbeddedWalletError('Invalid code'), 5) })
    const run = await runEffectAsync(verifyEmailOtp, { events: { marble: 'a', values: { a: typed('000000') } }, state: awaitingCode, loop: true, deps: { auth } })
    expect(run.state.emailLogin).toMatchObject({ step: 'verifyOtp', error: { shortMessage: 'Invalid code' } })
    expect(run.log.some((e) => connectionRequested.match(e))).toBe(false)
  })

  it('anything but 6 digits, or a code before one was asked for, is not sent', async () => {
    const { auth, calls } = fakeAuth({ connectOtp: () => reply(undefined, 5) })
    await runEffectAsync(verifyEmailOtp, { events: { marble: 'a', values: { a: typed('12345') } }, state: awaitingCode, loop: true, deps: { auth } })
    await runEffectAsync(verifyEmailOtp, { events: { marble: 'a', values: { a: typed('123456') } }, state: stateAfter([]), loop: true, deps: { auth } })
    expect(calls).toEqual([])
  })
})
