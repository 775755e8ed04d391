import { ConnectingWalletConnectPanel } from './ConnectingWalletConnectPanel.js'
import type { ViewProps } from '../viewProps.js'

/** Connecting a phone wallet over WalletConnect: QR code, copy link and the wallet's own links. */
export function ConnectingWalletConnectView({ modal }: ViewProps) {
  return (
    <div data-testid="view-connecting-walletconnect">
      <ConnectingWalletConnectPanel modal={modal} />
    </div>
  )
}
