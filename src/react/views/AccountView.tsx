import { disconnectRequested } from '../../core/events/connectionLifecycle.js'
import { newRequestId } from '../../core/events/newRequestId.js'
import { isFeatureSupported } from '../../core/domain/constants.js'
import { truncateAddress } from '../../core/domain/format.js'
import { selectActiveCaipNetworkId, selectActiveNetwork, selectAddress } from '../../core/selectors.js'
import { AccountBalance } from '../components/AccountBalance.js'
import { ErrorMessage } from '../components/ErrorMessage.js'
import { useModalState } from '../useModalState.js'
import type { ViewProps } from './viewProps.js'

/** The connected account: address, native balance, network, wallets and disconnect. */
export function AccountView({ modal }: ViewProps) {
  const address = useModalState(selectAddress)
  const network = useModalState(selectActiveNetwork)
  const caipNetworkId = useModalState(selectActiveCaipNetworkId)
  const namespace = useModalState((s) => s.connection.activeNamespace)
  // The wallets list is offered with multiWallet, and whenever several chain families are connected.
  const listsWallets = useModalState(
    (s) => s.features.multiWallet || Object.values(s.connection.byNamespace).filter((ns) => (ns?.connections.length ?? 0) > 0).length > 1,
  )
  const severalChains = useModalState((s) => s.settings.adapters.length > 1)
  const receive = useModalState((s) => s.features.receive)
  const send = useModalState((s) => s.features.send && !!s.connection.activeNamespace && isFeatureSupported('send', s.connection.activeNamespace))
  const disconnectError = useModalState((s) => s.wallets.disconnectError)
  if (!address || !namespace) {
    return (
      <div data-testid="view-account">
        <p className="gw-empty">Not connected.</p>
      </div>
    )
  }
  return (
    <div className="gw-account" data-testid="view-account">
      <p className="gw-account-address gw-mono" title={address} data-testid="account-address">
        {truncateAddress(address)}
      </p>
      <AccountBalance />
      <button type="button" className="gw-button" data-testid="account-network" onClick={() => modal.push('Networks')}>
        <span>Network</span>
        <span className="gw-badge">{network?.name ?? caipNetworkId}</span>
      </button>
      {receive ? (
        <button type="button" className="gw-button" data-testid="account-receive" onClick={() => modal.push('Receive')}>
          Receive
        </button>
      ) : null}
      {send ? (
        <button type="button" className="gw-button" data-testid="account-send" onClick={() => modal.push('WalletSend')}>
          Send
        </button>
      ) : null}
      {severalChains ? (
        <button type="button" className="gw-button" data-testid="account-switch-chain" onClick={() => modal.push('SwitchActiveChain')}>
          Switch chain
        </button>
      ) : null}
      {listsWallets ? (
        <button type="button" className="gw-button" data-testid="account-wallets" onClick={() => modal.push('ProfileWallets')}>
          Wallets
        </button>
      ) : null}
      <button
        type="button"
        className="gw-button"
        data-testid="account-disconnect"
        onClick={() => modal.dispatch(disconnectRequested({ namespace }, { requestId: newRequestId() }))}
      >
        Disconnect
      </button>
      {disconnectError ? <ErrorMessage error={disconnectError} testId="account-disconnect-error" /> : null}
    </div>
  )
}
