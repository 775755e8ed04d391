// Installs the two development wallets the demo page and the e2e tests use.
import type { DevAccount, DevChain, DevToken } from '../chain/startChains'
import { installDevWallet, type DevWalletOptions, type InstalledDevWallet } from './devWallet'

export type DevWalletsConfig = {
  /** The chains of startChains (JSON); only `knownChainIds` are known to the wallets at start. */
  chains: DevChain[]
  /** The funded accounts of startChains; the wallets use accounts[0] and accounts[1]. */
  accounts: DevAccount[]
  /** Chains the wallets know without wallet_addEthereumChain; default: the first chain only. */
  knownChainIds?: number[]
  /** Default: the first chain. */
  defaultChainId?: number
  autoApprove?: boolean
  /** Also set `window.ethereum` to the first wallet (legacy injected path). Default false. */
  legacyInjected?: boolean
  promptOnSwitch?: boolean
  /** EIP-7811 asset discovery in both wallets (wallet_getAssets), tracking these tokens. */
  assetDiscovery?: { tokens: readonly DevToken[] }
  /**
   * The stack's ERC-4337 bundlers (`StackConfig.bundlers`): on their chains, an account delegated
   * to Simple7702Account takes the app's paymaster in wallet_sendCalls (a sponsored user operation).
   */
  bundlers?: readonly { chainId: number; bundlerUrl: string }[]
}

export const DEV_WALLETS = [
  { name: 'Gangway Dev Wallet', rdns: 'dev.gangway.wallet' },
  { name: 'Second Dev Wallet', rdns: 'dev.gangway.second' },
] as const

/**
 * Installs "Gangway Dev Wallet" (accounts[0]) and "Second Dev Wallet" (accounts[1]), both
 * announced by EIP-6963 and driven through `window.__gangwayDevWallets[rdns]`.
 *
 * @example
 * const dev = JSON.parse(document.getElementById('dev-config')!.textContent!)
 * installDevWallets({ chains: dev.chains, accounts: dev.accounts })
 */
export function installDevWallets(config: DevWalletsConfig): InstalledDevWallet[] {
  const first = config.chains[0]
  if (first === undefined) throw new Error('installDevWallets needs at least one chain')
  if (config.accounts.length < DEV_WALLETS.length) throw new Error(`installDevWallets needs ${DEV_WALLETS.length} accounts`)
  const knownIds = config.knownChainIds ?? [first.chainId]
  const chains = config.chains
    .filter((chain) => knownIds.includes(chain.chainId))
    .map((chain) => {
      const bundler = config.bundlers?.find((b) => b.chainId === chain.chainId)
      return { chainId: chain.chainId, rpcUrl: chain.rpcUrl, name: chain.name, ...(bundler ? { bundlerUrl: bundler.bundlerUrl } : {}) }
    })
  return DEV_WALLETS.map((wallet, index) => {
    const options: DevWalletOptions = {
      ...wallet,
      privateKey: config.accounts[index]!.privateKey,
      chains,
      defaultChainId: config.defaultChainId ?? first.chainId,
      autoApprove: config.autoApprove ?? false,
      legacyInjected: index === 0 && config.legacyInjected === true,
      promptOnSwitch: config.promptOnSwitch ?? false,
      ...(config.assetDiscovery ? { assetDiscovery: config.assetDiscovery } : {}),
    }
    return installDevWallet(options)
  })
}
