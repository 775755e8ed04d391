import { describe, expect, it } from 'vitest'
import { switchEmbeddedAccountType } from '../../../../src/core/effects/embeddedWallet/accountType'
import { connectionSucceeded } from '../../../../src/core/events/connection/connection'
import { accountTypePreferred } from '../../../../src/core/events/modal/preferences'
import { GangwayError } from '../../../../src/core/errors/base'
import { reply, replyError, runEffectAsync } from '../../../support/runEffect'
import { stateAfter } from '../../../support/stateAfter'
import { fakeAuth } from './authFake'

const eoa = { address: '0x00000000000000000000000000000000000000a1', type: 'eoa' as const }
const smart = { address: '0x00000000000000000000000000000000000000b2', type: 'smartAccount' as const }
const connected = (connectorId: string) => connectionSucceeded({ connectorId, namespace: 'eip155', accounts: [eoa, smart], caipNetworkId: 'eip155:1', auth: 'email' })
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
})
