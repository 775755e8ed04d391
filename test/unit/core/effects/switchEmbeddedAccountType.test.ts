import { describe, expect, it } from 'vitest'
import { switchEmbeddedAccountType } from '../../../../src/core/effects/embeddedWallet/accountType'
import { connectionSucceeded } from '../../../../src/core/events/connection/connection'
import { accountTypePreferred } from '../../../../src/core/events/modal/preferences'
import { networkSwitched } from '../../../../src/core/events/connection/network'
import { smartAccountNetworksReceived } from '../../../../src/core/events/embeddedWallet/embeddedWallet'
import type { EventInput } from '../../../../src/core/events/defineEvent'
import { GangwayError } from '../../../../src/core/errors/base'
import { reply, replyError, runEffectAsync } from '../../../support/runEffect'
import { stateAfter } from '../../../support/stateAfter'
import { fakeAuth } from './authFake'

const eoa = { address: '0x00000000000000000000000000000000000000a1', type: 'eoa' as const }
const smart = { address: '0x00000000000000000000000000000000000000b2', type: 'smartAccount' as const }
const connected = (connectorId: string, accounts = [eoa, smart], caipNetworkId = 'eip155:1') =>
  connectionSucceeded({ connectorId, namespace: 'eip155', accounts, caipNetworkId, auth: 'email' })
const enabled = { settings: { smartAccounts: { enabled: true } } }
const run = (auth: ReturnType<typeof fakeAuth>, type: 'eoa' | 'smartAccount', connectorId = 'auth', options: Parameters<typeof stateAfter>[1] = enabled) =>
  runEffectAsync(switchEmbeddedAccountType, {
    events: { marble: 'a', values: { a: accountTypePreferred({ type, namespace: 'eip155' }) } },
    state: stateAfter([connected(connectorId)], options),
    loop: true,
    deps: { auth: auth.auth },
  })

/** The types of the events the effect emitted, in order. */
const emitted = (result: Awaited<ReturnType<typeof run>>) =>
  result.messages.filter((m) => m.notification.kind === 'N').map((m) => (m.notification.value as { type: string }).type)

describe('switchEmbeddedAccountType', () => {
  it('asks the embedded wallet for the smart account once the preference changed, and says when it is done', async () => {
    const fake = fakeAuth({ setPreferredAccountType: () => reply(undefined, 5) })
    const result = await run(fake, 'smartAccount')
    expect(fake.calls.map(([name, request]) => [name, request])).toEqual([['setPreferredAccountType', { type: 'smartAccount' }]])
    expect(emitted(result)).toEqual(['embeddedWallet/accountTypeSwitchStarted', 'embeddedWallet/accountTypeSwitched'])
    expect(result.state.embeddedUser.accountTypeSwitch).toBeNull()
  })

  it("a refusal puts the preference back and keeps the wallet's reason for Account", async () => {
    const fake = fakeAuth({ setPreferredAccountType: () => replyError(new GangwayError('Smart accounts are not enabled on Local'), 5) })
    const result = await run(fake, 'smartAccount')
    expect(emitted(result)).toEqual(['embeddedWallet/accountTypeSwitchStarted', 'embeddedWallet/accountTypeSwitchFailed', 'account/typePreferred'])
    expect(result.state.preferences.preferredAccountType.eip155).toBe('eoa')
    expect(result.state.embeddedUser.accountTypeSwitch).toMatchObject({ to: 'smartAccount', error: { shortMessage: 'Smart accounts are not enabled on Local' } })
    // The preference put back asks nothing more.
    expect(fake.calls).toHaveLength(1)
  })

  it('asks nothing for another wallet, for the account already in use, or for a smart account the host did not enable', async () => {
    const other = fakeAuth()
    await run(other, 'smartAccount', 'io.metamask')
    const same = fakeAuth()
    await run(same, 'eoa')
    const disabled = fakeAuth()
    await run(disabled, 'smartAccount', 'auth', { settings: {} })
    expect([other.calls, same.calls, disabled.calls]).toEqual([[], [], []])
  })

  describe('the default for a visitor who never chose (spec: EVM smartAccount where enabled)', () => {
    /** Feeds `event` to the effect over the state `before` built (the event reduced first, as in the store). */
    const follow = (auth: ReturnType<typeof fakeAuth>, before: EventInput[], event: EventInput, settings: Parameters<typeof stateAfter>[1] = enabled) =>
      runEffectAsync(switchEmbeddedAccountType, {
        events: { marble: 'a', values: { a: event } },
        state: stateAfter(before, settings),
        loop: true,
        deps: { auth: auth.auth },
      })

    it('moves a fresh login to the smart account once the wallet says the network runs them, without recording a choice', async () => {
      const fake = fakeAuth({ setPreferredAccountType: () => reply(undefined, 5) })
      const result = await follow(fake, [connected('auth')], smartAccountNetworksReceived({ chainIds: [1] }))
      expect(fake.calls.map(([name, request]) => [name, request])).toEqual([['setPreferredAccountType', { type: 'smartAccount' }]])
      expect(emitted(result)).toEqual(['embeddedWallet/accountTypeSwitchStarted', 'embeddedWallet/accountTypeSwitched'])
      expect(result.state.preferences.preferredAccountType.eip155).toBeUndefined()
    })

    it('keeps the EOA where the network is not in the list, and goes back to it on a network switch there', async () => {
      const elsewhere = fakeAuth()
      await follow(elsewhere, [connected('auth')], smartAccountNetworksReceived({ chainIds: [10] }))
      expect(elsewhere.calls).toEqual([])
      // On the smart account on chain 1, then the connection moved to chain 2, which has none.
      const fake = fakeAuth({ setPreferredAccountType: () => reply(undefined, 5) })
      const before = [connected('auth', [smart, eoa], 'eip155:2'), smartAccountNetworksReceived({ chainIds: [1] })]
      await follow(fake, before, networkSwitched({ namespace: 'eip155', caipNetworkId: 'eip155:2' }))
      expect(fake.calls.map(([name, request]) => [name, request])).toEqual([['setPreferredAccountType', { type: 'eoa' }]])
    })

    it("an explicit EOA wins; the host's smartAccounts off keeps the EOA; another wallet is left alone", async () => {
      const chose = fakeAuth()
      await follow(chose, [connected('auth'), accountTypePreferred({ type: 'eoa', namespace: 'eip155' })], smartAccountNetworksReceived({ chainIds: [1] }))
      const off = fakeAuth()
      await follow(off, [connected('auth')], smartAccountNetworksReceived({ chainIds: [1] }), { settings: {} })
      const other = fakeAuth()
      await follow(other, [connected('io.metamask')], smartAccountNetworksReceived({ chainIds: [1] }))
      expect([chose.calls, off.calls, other.calls]).toEqual([[], [], []])
    })

    it('a refusal of the default says why but records no choice to put back', async () => {
      const fake = fakeAuth({ setPreferredAccountType: () => replyError(new GangwayError('Smart accounts are not enabled on Local'), 5) })
      const result = await follow(fake, [connected('auth')], smartAccountNetworksReceived({ chainIds: [1] }))
      expect(emitted(result)).toEqual(['embeddedWallet/accountTypeSwitchStarted', 'embeddedWallet/accountTypeSwitchFailed'])
      expect(result.state.preferences.preferredAccountType.eip155).toBeUndefined()
    })
  })
})
