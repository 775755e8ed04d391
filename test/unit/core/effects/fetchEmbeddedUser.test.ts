import { describe, expect, it } from 'vitest'
import { fetchEmbeddedUser } from '../../../../src/core/effects/embeddedWallet/emailUpdate'
import { connectionDisconnected, connectionSucceeded } from '../../../../src/core/events/connection/connection'
import { reply, replyError, runEffectAsync } from '../../../support/runEffect'
import { stateAfter } from '../../../support/stateAfter'
import { fakeAuth } from './authFake'

const account = { address: '0x00000000000000000000000000000000000000a1', type: 'eoa' as const }
const connected = (connectorId: string) => connectionSucceeded({ connectorId, namespace: 'eip155', accounts: [account], caipNetworkId: 'eip155:1', auth: 'email' })

describe('fetchEmbeddedUser', () => {
  it("after the embedded wallet connects, its user's e-mail and name; forgotten on disconnect; other wallets ask nothing", async () => {
    const fake = fakeAuth({ getUser: () => reply({ email: 'ada@example.com', username: 'ada', accounts: [account], caipNetworkId: 'eip155:1', auth: 'email' }, 5) })
    const run = await runEffectAsync(fetchEmbeddedUser, { events: { marble: 'a', values: { a: connected('auth') } }, state: stateAfter([]), loop: true, deps: { auth: fake.auth } })
    expect(fake.calls.map(([name, request]) => [name, request])).toEqual([['getUser', { caipNetworkId: 'eip155:1' }]])
    expect(run.state.embeddedUser).toEqual({ email: 'ada@example.com', username: 'ada', sessionToken: null, accountTypeSwitch: null })
    const after = await runEffectAsync(fetchEmbeddedUser, {
      events: { marble: 'a 10ms b', values: { a: connected('auth'), b: connectionDisconnected({ namespace: 'eip155', connectorId: 'auth' }) } },
      state: stateAfter([]),
      loop: true,
      deps: { auth: fake.auth },
    })
    expect(after.state.embeddedUser).toEqual({ email: null, username: null, sessionToken: null, accountTypeSwitch: null })

    // The same sign-in's Solana connection asks nothing more.
    const solana = connectionSucceeded({ connectorId: 'auth', namespace: 'solana', accounts: [{ address: '2yv38haB18xjvwGdkSdFML9sSqfKAycBysobHzZxirLg', type: 'eoa' }], caipNetworkId: 'solana:abc', adopted: true })
    const once = fakeAuth({ getUser: () => reply({ email: 'ada@example.com', accounts: [account], caipNetworkId: 'eip155:1', auth: 'email' }, 5) })
    await runEffectAsync(fetchEmbeddedUser, { events: { marble: 'a b', values: { a: connected('auth'), b: solana } }, state: stateAfter([]), loop: true, deps: { auth: once.auth } })
    expect(once.calls).toHaveLength(1)

    const other = fakeAuth({ getUser: () => reply({ email: 'x@example.com', accounts: [], caipNetworkId: 'eip155:1', auth: 'email' }, 5) })
    await runEffectAsync(fetchEmbeddedUser, { events: { marble: 'a', values: { a: connected('io.metamask') } }, state: stateAfter([]), loop: true, deps: { auth: other.auth } })
    expect(other.calls).toEqual([])
  })

  it('a failed lookup leaves Account with the address alone', async () => {
    const fake = fakeAuth({ getUser: () => replyError(new Error('frame gone'), 5) })
    const run = await runEffectAsync(fetchEmbeddedUser, { events: { marble: 'a', values: { a: connected('auth') } }, state: stateAfter([]), loop: true, deps: { auth: fake.auth } })
    expect(run.state.embeddedUser).toEqual({ email: null, username: null, sessionToken: null, accountTypeSwitch: null })
  })
})
