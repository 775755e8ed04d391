// Installs the dev Solana wallet in a page the way a browser extension does: registered through
// the Wallet Standard's window events (dev/extension/registerWallet.ts), so `getWallets()` finds
// it whether the app loaded first or not.
import type { IdentifierString } from '@wallet-standard/base'
import { registerWithUnregister } from '../extension/registerWallet'
import { createDevSolanaWallet, type DevSolanaWallet, type DevSolanaWalletHandle, type DevSolanaWalletOptions } from './devSolanaWallet'

/** What the page knows of the local Solana stack (the validator's description, as JSON). */
export type DevSolanaWalletConfig = {
  rpcUrl: string
  /** The validator's CAIP-2 id (`solana:<genesis hash prefix>`), listed as one more chain. */
  caipNetworkId?: string
  accounts: DevSolanaWalletOptions['accounts']
  autoApprove?: boolean
  /** Overrides of the wallet's name, icon or storage key. */
  wallet?: Pick<DevSolanaWalletOptions, 'name' | 'icon' | 'storageKey' | 'confirmTimeoutMs'>
}

export { registerWithUnregister }

export type InstalledDevSolanaWallet = {
  wallet: DevSolanaWallet
  handle: DevSolanaWalletHandle
  /** Unregisters from every app that registered it, rejects pending prompts, removes the test handle. */
  uninstall(): void
}

/**
 * Creates "Gangway Dev Solana" over the validator's dev accounts, registers it and exposes its test
 * handle as `window.__gangwayDevSolanaWallets[name]`. Signs and sends on `solana:localnet` (and the
 * validator's CAIP-2 id) through the local validator.
 *
 * @example
 * const solana = await (await fetch('/stack.json')).json() // { solanaRpcUrl, … } in the stack's terms
 * const { handle } = await installDevSolanaWallet({ rpcUrl: solana.rpcUrl, accounts: solana.accounts })
 * handle.approveNext()
 */
export async function installDevSolanaWallet(config: DevSolanaWalletConfig): Promise<InstalledDevSolanaWallet> {
  const extra = config.caipNetworkId !== undefined ? [config.caipNetworkId as IdentifierString] : []
  const rpcUrls: Partial<Record<IdentifierString, string>> = { 'solana:localnet': config.rpcUrl }
  for (const chain of extra) rpcUrls[chain] = config.rpcUrl
  const wallet = await createDevSolanaWallet({
    ...config.wallet,
    accounts: config.accounts,
    rpcUrls,
    extraChains: extra,
    autoApprove: config.autoApprove ?? false,
  })
  const unregister = registerWithUnregister(wallet)
  window.__gangwayDevSolanaWallets ??= {}
  window.__gangwayDevSolanaWallets[wallet.name] = wallet.handle
  return {
    wallet,
    handle: wallet.handle,
    uninstall: () => {
      unregister()
      wallet.close()
      if (window.__gangwayDevSolanaWallets?.[wallet.name] === wallet.handle) delete window.__gangwayDevSolanaWallets[wallet.name]
    },
  }
}
