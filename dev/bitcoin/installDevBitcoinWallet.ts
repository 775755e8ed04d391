// Installs the dev Bitcoin wallet in a page both ways Bitcoin wallets are found today, serving the
// same wallet: registered with the Wallet Standard (as dev/solana/installDevSolanaWallet.ts does),
// and announced the sats-connect way, `window.btc_providers` listing
// `window.GangwayDevBitcoinProviders.BitcoinProvider`.
import { registerWithUnregister } from '../extension/registerWallet'
import { devBitcoinAccount } from './devAccounts'
import { DevBitcoinWallet, type DevBitcoinProvider, type DevBitcoinWalletHandle, type DevBitcoinWalletOptions } from './devBitcoinWallet'

/** What the page knows of the local Bitcoin node: `/stack.json`'s `bitcoin` entry. */
export type DevBitcoinWalletConfig = {
  caipNetworkId?: string
  /** Where a PSBT signed with `broadcast` is posted (`POST {esploraUrl}/tx`). */
  esploraUrl: string
  /** The dev accounts' addresses, checked against the keys the wallet derives (account `i` is dev account `i`). */
  accounts?: readonly { payment: string; ordinals: string }[]
  autoApprove?: boolean
  /** Overrides of the wallet's name, icon or storage key. */
  wallet?: Pick<DevBitcoinWalletOptions, 'name' | 'icon' | 'storageKey'>
  /**
   * How the page finds it (default both): `standard` registers it with the Wallet Standard,
   * `providers` announces it in `window.btc_providers`. One alone shows that an app finds it that way.
   */
  ways?: readonly ('standard' | 'providers')[]
}

/** The sats-connect announcement of a provider, as `window.btc_providers` lists it. */
export type BitcoinProviderInfo = { id: string; name: string; icon: string; webUrl: string; methods: string[] }

/** Where the provider lives on `window` (the `id` of its `btc_providers` entry). */
export const DEV_BITCOIN_PROVIDER_ID = 'GangwayDevBitcoinProviders.BitcoinProvider'

declare global {
  interface Window {
    btc_providers?: BitcoinProviderInfo[]
    GangwayDevBitcoinProviders?: { BitcoinProvider: DevBitcoinProvider }
  }
}

export type InstalledDevBitcoinWallet = {
  wallet: DevBitcoinWallet
  handle: DevBitcoinWalletHandle
  provider: DevBitcoinProvider
  /** Unregisters from the Wallet Standard apps, removes the provider and its announcement, rejects pending prompts, removes the test handle. */
  uninstall(): void
}

/**
 * Creates "Gangway Dev Bitcoin" over the stack's dev accounts, registers it with the Wallet
 * Standard, installs its sats-connect provider and exposes its test handle as
 * `window.__gangwayDevBitcoinWallets[name]`.
 *
 * @example
 * const { bitcoin } = await (await fetch('/stack.json')).json()
 * if (bitcoin) installDevBitcoinWallet({ esploraUrl: bitcoin.esploraUrl, accounts: bitcoin.accounts })
 */
export function installDevBitcoinWallet(config: DevBitcoinWalletConfig): InstalledDevBitcoinWallet {
  const count = config.accounts?.length
  const accounts = count === undefined ? undefined : Array.from({ length: count }, (_, i) => devBitcoinAccount(i))
  config.accounts?.forEach((given, i) => {
    const derived = accounts![i]!
    if (given.payment !== derived.payment.address || given.ordinals !== derived.ordinals.address) {
      throw new Error(`dev Bitcoin account ${i} is ${derived.payment.address} / ${derived.ordinals.address} here, not ${given.payment} / ${given.ordinals}`)
    }
  })
  const wallet = new DevBitcoinWallet({ ...config.wallet, esploraUrl: config.esploraUrl, autoApprove: config.autoApprove ?? false, ...(accounts ? { accounts } : {}) })
  const ways = config.ways ?? ['standard', 'providers']
  const unregister = ways.includes('standard') ? registerWithUnregister(wallet) : () => undefined
  const info: BitcoinProviderInfo = { id: DEV_BITCOIN_PROVIDER_ID, name: wallet.name, icon: wallet.icon, webUrl: 'https://www.npmjs.com/package/gangway-kit', methods: wallet.providerMethods() }
  if (ways.includes('providers')) {
    window.GangwayDevBitcoinProviders = { BitcoinProvider: wallet.provider }
    window.btc_providers = [...(window.btc_providers ?? []).filter((p) => p.id !== info.id), info]
  }
  window.__gangwayDevBitcoinWallets ??= {}
  window.__gangwayDevBitcoinWallets[wallet.name] = wallet.handle
  return {
    wallet,
    handle: wallet.handle,
    provider: wallet.provider,
    uninstall: () => {
      unregister()
      wallet.close()
      if (window.GangwayDevBitcoinProviders?.BitcoinProvider === wallet.provider) delete window.GangwayDevBitcoinProviders
      window.btc_providers = (window.btc_providers ?? []).filter((p) => p !== info)
      if (window.__gangwayDevBitcoinWallets?.[wallet.name] === wallet.handle) delete window.__gangwayDevBitcoinWallets[wallet.name]
    },
  }
}
