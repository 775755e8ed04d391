// Installs the dev Solana wallet in a page the way a browser extension does: registered through
// the Wallet Standard's window events (the protocol of `registerWallet` from
// @wallet-standard/wallet, which we follow here because `registerWallet` drops the unregister
// function every app hands back, and a test or a page "unload" needs it), so `getWallets()` finds
// it whether the app loaded first or not.
import type { IdentifierString, Wallet, WindowAppReadyEventAPI, WindowRegisterWalletEventCallback } from '@wallet-standard/base'
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

export type InstalledDevSolanaWallet = {
  wallet: DevSolanaWallet
  handle: DevSolanaWalletHandle
  /** Unregisters from every app that registered it, rejects pending prompts, removes the test handle. */
  uninstall(): void
}

class RegisterWalletEvent extends Event {
  readonly #callback: WindowRegisterWalletEventCallback
  get detail(): WindowRegisterWalletEventCallback {
    return this.#callback
  }
  constructor(callback: WindowRegisterWalletEventCallback) {
    super('wallet-standard:register-wallet', { bubbles: false, cancelable: false, composed: false })
    this.#callback = callback
  }
}

/**
 * Registers `wallet` with the page's Wallet Standard apps (now and when one announces itself
 * later); returns the function that unregisters it from all of them.
 */
export function registerWithUnregister(wallet: Wallet): () => void {
  const unregisters: (() => void)[] = []
  const callback: WindowRegisterWalletEventCallback = ({ register }) => {
    unregisters.push(register(wallet))
  }
  const onAppReady = (event: Event) => callback((event as CustomEvent<WindowAppReadyEventAPI>).detail)
  window.addEventListener('wallet-standard:app-ready', onAppReady)
  window.dispatchEvent(new RegisterWalletEvent(callback))
  return () => {
    window.removeEventListener('wallet-standard:app-ready', onAppReady)
    for (const unregister of unregisters.splice(0)) unregister()
  }
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
