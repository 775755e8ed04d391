import type { Modal } from '../../createModal.js'
import { connectionRequested } from '../../core/events/connection/connection.js'
import type { ListedWallet } from '../../core/reducers/data/dataState.js'

/**
 * What choosing a directory wallet does: a wallet found in this browser (same directory id or
 * rdns) connects through its connector, as in the Connect view; any other is reached over
 * WalletConnect. On a Connect opened for one namespace only that namespace's connector is
 * taken: a wallet with connectors in two families (EVM and Solana) would otherwise connect the
 * other one and undo the switch the visitor asked for.
 *
 * @example
 * <button onClick={() => selectDirectoryWallet(modal, wallet)}>{wallet.name}</button>
 */
export function selectDirectoryWallet(modal: Modal, wallet: ListedWallet): void {
  const state = modal.getState()
  const namespace = state.modal.connectFor
  const connector = state.wallets.connectors.find(
    (c) =>
      state.settings.adapters.includes(c.chain) &&
      (namespace === null || c.chain === namespace) &&
      (c.explorerId === wallet.id || (!!wallet.rdns && c.info?.rdns === wallet.rdns)),
  )
  if (connector) {
    modal.dispatch(connectionRequested({ connectorId: connector.id, namespace: connector.chain }))
    return
  }
  // The WalletConnect view shows the wallet's icon in its QR code and opens its links.
  const imageUrl = modal.walletImageUrl(wallet)
  modal.push('ConnectingWalletConnect', { wallet: imageUrl ? { ...wallet, imageUrl } : { ...wallet } })
}
