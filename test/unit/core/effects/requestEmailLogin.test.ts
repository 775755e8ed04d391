import { describe, expect, it } from 'vitest'
import { requestEmailLogin } from '../../../../src/core/effects/embeddedWallet/emailLogin'
import { connectionRequested } from '../../../../src/core/events/connection/connection'
import { emailLoginRequested, emailLoginReset } from '../../../../src/core/events/embeddedWallet/embeddedWallet'
import { EmbeddedWalletError } from '../../../../src/core/errors/auth'
import { reply, replyError, runEffectAsync } from '../../../support/runEffect'
import { stateAfter } from '../../../support/stateAfter'
import { fakeAuth } from './authFake'

const asked = emailLoginRequested({ email: ' Ada@Example.com ' }, { requestId: 'r1' })

describe('requestEmailLogin', () => {
  it('asks the embedded wallet to mail the normalised address and goes to the step it answers', async () => {
    const { auth, calls } = fakeAuth({ connectEmail: () => reply({ action: 'VERIFY_OTP' as const }, 5) })
    const run = await runEffectAsync(requestEmailLogin, { events: { marble: 'a', values: { a: asked } }, state: stateAfter([]), loop: true, deps: { auth } })
    expect(calls.map(([name, request]) => [name, request])).toEqual([['connectEmail', { email: 'ada@example.com' }]])
    expect(run.state.emailLogin).toMatchObject({ step: 'verifyOtp', email: 'ada@example.com', error: null })
  })

  it('CONNECT (a device and session already known) connects the embedded wallet at once', async () => {
    const { auth } = fakeAuth({ connectEmail: () => reply({ action: 'CONNECT' as const }, 5) })
    const run = await runEffectAsync(requestEmailLogin, { events: { marble: 'a', values: { a: asked } }, state: stateAfter([]), loop: true, deps: { auth } })
    expect(run.log.filter((e) => connectionRequested.match(e)).map((e) => [e.payload, e.requestId])).toEqual([[{ connectorId: 'auth', namespace: 'eip155' }, 'r1']])
    expect(run.state.emailLogin.step).toBe('connecting')
  })

  it("the service's refusal goes back to the address with its message; leaving aborts the request", async () => {
    const refused = fakeAuth({ connectEmail: () => replyError(new EmbeddedWalletError('Invalid email'), 5) })
    const a = await runEffectAsync(requestEmailLogin, { events: { marble: 'a', values: { a: asked } }, state: stateAfter([]), loop: true, deps: { auth: refused.auth } })
    expect(a.state.emailLogin).toMatchObject({ step: 'idle', error: { shortMessage: 'Invalid email' } })

    const slow = fakeAuth({ connectEmail: () => reply({ action: 'VERIFY_OTP' as const }, 50) })
    const b = await runEffectAsync(requestEmailLogin, {
      events: { marble: 'a 9ms r', values: { a: asked, r: emailLoginReset({}) } },
      state: stateAfter([]),
      loop: true,
      deps: { auth: slow.auth },
    })
    expect(slow.calls[0]![2]?.aborted).toBe(true)
    expect(b.state.emailLogin).toMatchObject({ step: 'idle', error: null })
  })

  it('a second request within 30 s is refused by the reducer and never reaches the wallet; without an embedded wallet it says so', async () => {
    const { auth, calls } = fakeAuth({ connectEmail: () => reply({ action: 'VERIFY_OTP' as const }, 5) })
    const again = emailLoginRequested({ email: 'ada@example.com' }, { requestId: 'r2' })
    const run = await runEffectAsync(requestEmailLogin, { events: { marble: 'a 10s b', values: { a: asked, b: again } }, state: stateAfter([]), loop: true, deps: { auth } })
    expect(calls).toHaveLength(1)
    expect(run.state.emailLogin.error?.shortMessage).toBe('Please try again after 20 seconds')

    const none = await runEffectAsync(requestEmailLogin, { events: { marble: 'a', values: { a: asked } }, state: stateAfter([]), loop: true, deps: { auth: undefined } })
    expect(none.state.emailLogin.error?.shortMessage).toBe('Unable to load email login dependency')
  })
})
