import { truncateAddress } from '../../core/domain/format.js'
import { connectionSwitchRequested, disconnectRequested } from '../../core/events/connectionLifecycle.js'
import { newRequestId } from '../../core/events/newRequestId.js'
import type { ModalState } from '../../core/state.js'
import { ErrorMessage } from '../components/ErrorMessage.js'
import { useModalState } from '../useModalState.js'
import type { ViewProps } from './viewProps.js'
import { WalletIcon } from './WalletIcon.js'

type Row = { connectorId: string; name: string; imageUrl?: string | undefined; address: string | null; status: 'active' | 'connected' | 'disconnected' }

const selectRows = (s: ModalState): Row[] => {
  const namespace = s.connection.activeNamespace
  const ns = namespace ? s.connection.byNamespace[namespace] : undefined
  const connectorOf = (id: string) => s.wallets.connectors.find((c) => c.id === id && c.chain === namespace)
  const rows: Row[] = (ns?.connections ?? []).map((c) => ({
    connectorId: c.connectorId,
    name: connectorOf(c.connectorId)?.name ?? c.connectorId,
    imageUrl: connectorOf(c.connectorId)?.imageUrl,
    address: c.accounts[0]?.address ?? null,
    status: c.connectorId === ns?.activeConnectorId ? 'active' : 'connected',
  }))
  for (const r of s.wallets.memory.recent) {
    if (r.namespace !== namespace || rows.some((row) => row.connectorId === r.id) || !connectorOf(r.id)) continue
    rows.push({ connectorId: r.id, name: r.name, imageUrl: r.imageUrl, address: null, status: 'disconnected' })
  }
  return rows
}
const sameRows = (a: Row[], b: Row[]) => JSON.stringify(a) === JSON.stringify(b)

/** The wallets of the namespace (multiWallet): the active one, other connected ones, recent ones to reconnect. */
export function ProfileWalletsView({ modal }: ViewProps) {
  const rows = useModalState(selectRows, sameRows)
  const namespace = useModalState((s) => s.connection.activeNamespace)
  const multiWallet = useModalState((s) => s.features.multiWallet)
  const error = useModalState((s) => (s.wallets.switching?.status === 'failed' ? s.wallets.switching.error : null))
  if (!namespace) return <p className="gw-empty">Not connected.</p>

  const addWallet = () => {
    if (!multiWallet) modal.showBanner('info', 'Multi-Wallet Not Enabled')
    else modal.push('Connect')
  }

  return (
    <div data-testid="view-profile-wallets">
      {error ? <ErrorMessage error={error} testId="profile-wallets-error" /> : null}
      <ul className="gw-list" aria-label="Wallets">
        {rows.map((row) => (
          <li key={row.connectorId} className="gw-row" data-testid={`profile-wallet-${row.connectorId}`} data-status={row.status}>
            <WalletIcon name={row.name} imageUrl={row.imageUrl} />
            <span className="gw-row-main">
              <span>{row.name}</span>
              {row.address ? <span className="gw-muted gw-mono">{truncateAddress(row.address)}</span> : null}
            </span>
            {row.status === 'active' ? (
              <span className="gw-badge">Active</span>
            ) : (
              <button
                type="button"
                className="gw-link-button"
                onClick={() => modal.dispatch(connectionSwitchRequested({ namespace, connectorId: row.connectorId, status: row.status }, { requestId: newRequestId() }))}
              >
                {row.status === 'connected' ? 'Switch' : 'Connect'}
              </button>
            )}
            {row.status !== 'disconnected' ? (
              <button
                type="button"
                className="gw-link-button"
                aria-label={`Disconnect ${row.name}`}
                onClick={() => modal.dispatch(disconnectRequested({ namespace, connectorId: row.connectorId }, { requestId: newRequestId() }))}
              >
                Disconnect
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <button type="button" className="gw-button" data-testid="profile-add-wallet" onClick={addWallet}>
        Add wallet
      </button>
    </div>
  )
}
