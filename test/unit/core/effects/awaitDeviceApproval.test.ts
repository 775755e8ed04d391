import { describe, expect, it } from 'vitest'
import { awaitDeviceApproval, requestEmailLogin } from '../../../../src/core/effects/embeddedWallet/emailLogin'
import { emailDeviceApproved, emailLoginRequested, emailLoginStepReached } from '../../../../src/core/events/embeddedWallet/embeddedWallet'
import { modalCloseRequested, modalOpenRequested } from '../../../../src/core/events/modal/modal'
import { noReply, reply, runEffectAsync } from '../../../support/runEffect'
import { stateAfter } from '../../../support/stateAfter'
import { fakeAuth } from './authFake'

const asked = emailLoginRequested({ email: 'ada@example.com' }, { requestId: 'r1' })
const onNewDevice = stateAfter([modalOpenRequested({ view: 'EmailLogin' }), asked])

describe('awaitDeviceApproval', () => {
  it('on VERIFY_DEVICE waits for the approval, then the code step follows', async () => {
    const { auth, calls } = fakeAuth({ connectDevice: () => reply(undefined, 40) })
    const reached = emailLoginStepReached({ action: 'VERIFY_DEVICE' }, { requestId: 'r1' })
    const run = await runEffectAsync(awaitDeviceApproval, { events: { marble: 'a', values: { a: reached } }, state: onNewDevice, loop: true, deps: { auth } })
    expect(calls.map(([name]) => name)).toEqual(['connectDevice'])
    expect(run.log.filter((e) => emailDeviceApproved.match(e)).map((e) => e.requestId)).toEqual(['r1'])
    expect(run.state.emailLogin.step).toBe('verifyOtp')
  })

  it('closing the modal while waiting aborts the wait and drops the login', async () => {
    const { auth, calls } = fakeAuth({ connectDevice: () => noReply() })
    const reached = emailLoginStepReached({ action: 'VERIFY_DEVICE' }, { requestId: 'r1' })
    const run = await runEffectAsync(awaitDeviceApproval, {
      events: { marble: 'a 5ms c', values: { a: reached, c: modalCloseRequested({}) } },
      state: onNewDevice,
      loop: true,
      deps: { auth },
    })
    expect(calls[0]![2]?.aborted).toBe(true)
    expect(run.state.emailLogin.step).toBe('idle')
  })

  it('VERIFY_OTP asks nothing more', async () => {
    const { auth, calls } = fakeAuth({ connectEmail: () => reply({ action: 'VERIFY_OTP' as const }, 1) })
    await runEffectAsync(requestEmailLogin, { events: { marble: 'a', values: { a: asked } }, state: stateAfter([]), loop: true, deps: { auth } })
    const reached = emailLoginStepReached({ action: 'VERIFY_OTP' }, { requestId: 'r1' })
    await runEffectAsync(awaitDeviceApproval, { events: { marble: 'a', values: { a: reached } }, state: onNewDevice, loop: true, deps: { auth } })
    expect(calls.map(([name]) => name)).toEqual(['connectEmail'])
  })
})
