import { describe, expect, it } from 'vitest'
import { accountTypeFor } from '../../../../src/core/domain/accountType'
import { connectionSucceeded } from '../../../../src/core/events/connection/connection'
import { networkChanged } from '../../../../src/core/events/connection/network'
import { smartAccountNetworksReceived } from '../../../../src/core/events/embeddedWallet/embeddedWallet'
import { accountTypePreferred } from '../../../../src/core/events/modal/preferences'
import { selectEvmAccountType } from '../../../../src/core/selectors'
import { stateAfter } from '../../../support/stateAfter'

const eoa = { address: '0x00000000000000000000000000000000000000a1', type: 'eoa' as const }
const on = { smartAccountsEnabled: true, enabledNetworks: [1, 8453] }

describe('accountTypeFor (the embedded wallet’s account type: choice, else the default)', () => {
  it('gives the smart account by default on an enabled network, the EOA elsewhere', () => {
    expect(accountTypeFor({ ...on, preferred: undefined, chainId: 8453 })).toBe('smartAccount')
    expect(accountTypeFor({ ...on, preferred: undefined, chainId: 10 })).toBe('eoa')
    expect(accountTypeFor({ ...on, preferred: undefined, chainId: null })).toBe('eoa')
  })

  it('an explicit EOA wins on an enabled network; an explicit smart account still needs the network and the host', () => {
    expect(accountTypeFor({ ...on, preferred: 'eoa', chainId: 1 })).toBe('eoa')
    expect(accountTypeFor({ ...on, preferred: 'smartAccount', chainId: 1 })).toBe('smartAccount')
    expect(accountTypeFor({ ...on, preferred: 'smartAccount', chainId: 10 })).toBe('eoa')
    expect(accountTypeFor({ ...on, smartAccountsEnabled: false, preferred: undefined, chainId: 1 })).toBe('eoa')
  })
})

describe('selectEvmAccountType', () => {
  const connected = (caipNetworkId: string) => connectionSucceeded({ connectorId: 'auth', namespace: 'eip155', accounts: [eoa], caipNetworkId, auth: 'email' })
  const enabled = { settings: { smartAccounts: { enabled: true } } }

  it("follows the connection's network, and the choice once made", () => {
    const fresh = stateAfter([connected('eip155:1'), smartAccountNetworksReceived({ chainIds: [1] })], enabled)
    expect(selectEvmAccountType(fresh)).toBe('smartAccount')
    const moved = stateAfter([networkChanged({ namespace: 'eip155', connectorId: 'auth', caipNetworkId: 'eip155:2' })], { from: fresh })
    expect(selectEvmAccountType(moved)).toBe('eoa')
    const chose = stateAfter([accountTypePreferred({ type: 'eoa', namespace: 'eip155' })], { from: fresh })
    expect(selectEvmAccountType(chose)).toBe('eoa')
    expect(selectEvmAccountType(stateAfter([connected('eip155:1'), smartAccountNetworksReceived({ chainIds: [1] })]))).toBe('eoa')
  })
})
