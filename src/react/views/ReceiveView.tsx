import { selectAddress, selectNetworks } from '../../core/selectors.js'
import type { ModalState } from '../../core/state.js'
import { useModalState } from '../useModalState.js'
import { ConnectingWalletConnectQrCode, QR_CARD } from './ConnectingWalletConnectQrCode.js'
import { copyText } from './copyText.js'
import { NAMESPACE_NAMES } from './namespaceNames.js'
import type { ViewProps } from './viewProps.js'

const QR_SIZE = 216

const selectNetworkNames = (s: ModalState): string => selectNetworks(s).map((n) => n.name).join(', ')

/**
 * Receive: the connected address as a QR code and as text with a copy button, and the networks
 * (of the active chain family) it receives on.
 */
export function ReceiveView({ modal }: ViewProps) {
  const address = useModalState(selectAddress)
  const namespace = useModalState((s) => s.connection.activeNamespace)
  const networks = useModalState(selectNetworkNames)
  if (!address || !namespace) return <p className="gw-empty">Not connected.</p>
  return (
    <div className="gw-connecting" data-testid="view-receive">
      <div style={QR_CARD}>
        <ConnectingWalletConnectQrCode uri={address} size={QR_SIZE} label={`QR code of your address ${address}`} testId="receive-qr" />
      </div>
      <p className="gw-mono gw-receive-address" data-testid="receive-address">
        {address}
      </p>
      <button type="button" className="gw-button" data-primary="true" data-testid="receive-copy" onClick={() => copyText(modal, address, 'Address copied')}>
        Copy address
      </button>
      {networks ? (
        <p className="gw-muted" data-testid="receive-networks">
          Receive {NAMESPACE_NAMES[namespace]} assets on {networks}
        </p>
      ) : null}
    </div>
  )
}
