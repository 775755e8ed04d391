import type { AccountType } from '../state.js'

/**
 * The account type an embedded-wallet visitor should be on (spec §3/§4: "Default accounts: … EVM
 * smartAccount", where the network is in smartAccountEnabledNetworks). An explicit EOA wins
 * everywhere; otherwise (an explicit smart account, or no choice yet) the smart account where the
 * host enabled smart accounts and the wallet runs them on this chain, the EOA elsewhere.
 * Depends on these four inputs only.
 */
export function accountTypeFor(input: {
  preferred: AccountType | undefined
  chainId: number | null
  enabledNetworks: readonly number[]
  smartAccountsEnabled: boolean
}): AccountType {
  if (input.preferred === 'eoa' || !input.smartAccountsEnabled || input.chainId === null) return 'eoa'
  return input.enabledNetworks.includes(input.chainId) ? 'smartAccount' : 'eoa'
}
