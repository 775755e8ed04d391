import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { connectionSucceeded } from '../../../src/core/events/connection/connection'
import type { EventInput } from '../../../src/core/events/defineEvent'
import { smartAccountNetworksReceived } from '../../../src/core/events/embeddedWallet/embeddedWallet'
import { accountTypePreferred, localeChanged, themeModeChanged } from '../../../src/core/events/modal/preferences'
import { selectEvmAccountType } from '../../../src/core/selectors'
import { stateAfter } from '../../support/stateAfter'
import { fcParams } from '../fcSettings'

// The account type the embedded wallet is moved to depends on the visitor's choice, the network,
// the wallet's list of smart-account networks and the host's switch, and on nothing else.

const address = fc.integer({ min: 1, max: 0xffff }).map((n) => `0x${n.toString(16).padStart(40, '0')}`)
const accounts = fc.array(fc.record({ address, type: fc.constantFrom('eoa' as const, 'smartAccount' as const) }), { minLength: 1, maxLength: 3 })
/** Events that change other things than the four inputs: theme, language, the accounts' addresses and order. */
const noise = fc.record({
  theme: fc.option(fc.constantFrom('light' as const, 'dark' as const), { nil: undefined }),
  locale: fc.option(fc.constantFrom('en', 'de', 'ja'), { nil: undefined }),
  accounts,
  connectorId: fc.constantFrom('auth', 'io.metamask'),
})
const inputs = fc.record({
  chainId: fc.integer({ min: 1, max: 6 }),
  enabled: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 6 }),
  choices: fc.array(fc.constantFrom('eoa' as const, 'smartAccount' as const), { maxLength: 3 }),
  smartAccounts: fc.boolean(),
})

type Inputs = typeof inputs extends fc.Arbitrary<infer T> ? T : never
type Noise = typeof noise extends fc.Arbitrary<infer T> ? T : never

const stateOf = (i: Inputs, n: Noise) => {
  const events: EventInput[] = []
  if (n.theme) events.push(themeModeChanged({ mode: n.theme }))
  events.push(connectionSucceeded({ connectorId: n.connectorId, namespace: 'eip155', accounts: n.accounts, caipNetworkId: `eip155:${i.chainId}`, auth: 'email' }))
  events.push(smartAccountNetworksReceived({ chainIds: i.enabled }))
  for (const type of i.choices) events.push(accountTypePreferred({ type, namespace: 'eip155' }))
  if (n.locale) events.push(localeChanged({ locale: n.locale }))
  return stateAfter(events, { settings: i.smartAccounts ? { smartAccounts: { enabled: true } } : {} })
}

describe('the embedded wallet’s account type (property)', () => {
  it('depends only on the choice, the network, the enabled list and the host’s switch', () => {
    fc.assert(
      fc.property(inputs, noise, noise, (i, a, b) => {
        const x = stateOf(i, a)
        const y = stateOf(i, b)
        expect(selectEvmAccountType(x)).toBe(selectEvmAccountType(y))
        const chosen = x.preferences.preferredAccountType.eip155
        const expected = chosen !== 'eoa' && i.smartAccounts && i.enabled.includes(i.chainId) ? 'smartAccount' : 'eoa'
        expect(selectEvmAccountType(x)).toBe(expected)
        // The default is not a choice: nothing is recorded until the visitor or the host picks.
        if (i.choices.length === 0) expect(chosen).toBeUndefined()
      }),
      fcParams({ numRuns: 200 }),
    )
  })
})
