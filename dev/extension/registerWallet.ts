// Registers a wallet with the page's Wallet Standard apps through the standard's window events:
// the protocol of `registerWallet` from @wallet-standard/wallet, followed here because
// `registerWallet` drops the unregister function every app hands back, and a test or a page
// "unload" needs it. Used by the dev Solana and Bitcoin wallets.
import type { Wallet, WindowAppReadyEventAPI, WindowRegisterWalletEventCallback } from '@wallet-standard/base'

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
