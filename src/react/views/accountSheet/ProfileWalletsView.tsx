import { truncateAddress } from '../../../core/domain/format.js'
import { connectionSwitchRequested, disconnectRequested } from '../../../core/events/connection/connectionLifecycle.js'
import type { Namespace } from '../../../core/events/views.js'
import type { ModalState } from '../../../core/state.js'
import { ErrorMessage } from '../../components/ErrorMessage.js'
import { openSocialPopup } from '../../components/socialLogins.js'
import { sameJson } from '../../hooks/sameJson.js'
import { useI18n } from '../../i18n/i18n.js'
import { useModalState } from '../../useModalState.js'
import type { ViewProps } from '../viewProps.js'
import { NAMESPACE_NAMES } from '../namespaceNames.js'
import { WalletIcon } from '../WalletIcon.js'

type Row = {
  namespace: Namespace
  connectorId: string
  name: string
  imageUrl?: string | undefined
  address: string | null
  status: 'active' | 'connected' | 'disconnected'
  /** The embedded wallet's login (`email`, a social provider, `farcaster`) a disconnected row reopens. */
  auth?: string | undefined
}

/** One namespace's rows: its connections (the active one first in status), then recent wallets to reconnect. */
function namespaceRows(s: ModalState, namespace: Namespace): Row[] {
  const ns = s.connection.byNamespace[namespace]
  const activeHere = namespace === s.connection.activeNamespace
  const connectorOf = (id: string) => s.wallets.connectors.find((c) => c.id === id && c.chain === namespace)
  const rows: Row[] = (ns?.connections ?? []).map((c) => ({
    namespace,
    connectorId: c.connectorId,
    name: connectorOf(c.connectorId)?.name ?? c.connectorId,
    imageUrl: connectorOf(c.connectorId)?.imageUrl,
    address: c.accounts[0]?.address ?? null,
    status: activeHere && c.connectorId === ns?.activeConnectorId ? 'active' : 'connected',
  }))
  if (!activeHere) return rows
  for (const r of s.wallets.memory.recent) {
    if (r.namespace !== namespace || rows.some((row) => row.connectorId === r.id) || !connectorOf(r.id)) continue
    rows.push({ namespace, connectorId: r.id, name: r.name, imageUrl: r.imageUrl, address: null, status: 'disconnected', ...(r.auth ? { auth: r.auth } : {}) })
  }
  return rows
}

/** The active namespace's wallets, then every other namespace's connections (EVM and Solana at once). */
const selectRows = (s: ModalState): Row[] => {
  const active = s.connection.activeNamespace
  if (!active) return []
  return [active, ...s.settings.adapters.filter((n) => n !== active)].flatMap((namespace) => namespaceRows(s, namespace))
}

/**
 * The visitor's wallets: the active namespace's (the active one, other connected ones with
 * multiWallet, recent ones to reconnect), then the connections of the app's other chain families,
 * each under its family's name; a connection there can be made the active one or disconnected.
 */
export function ProfileWalletsView({ modal }: ViewProps) {
  const { t } = useI18n()
  const rows = useModalState(selectRows, sameJson)
  const namespace = useModalState((s) => s.connection.activeNamespace)
  const multiWallet = useModalState((s) => s.features.multiWallet)
  const error = useModalState((s) => (s.wallets.switching?.status === 'failed' ? s.wallets.switching.error : null))
  if (!namespace) return <p className="gw-empty">{t('Not connected.')}</p>
  const groups = [...new Set(rows.map((r) => r.namespace))].map((group) => [group, rows.filter((r) => r.namespace === group)] as const)

  const addWallet = () => {
    // The spec's message, which the banner shows in the modal's language.
    if (!multiWallet) modal.showBanner('info', 'Multi-Wallet Not Enabled')
    else modal.push('Connect')
  }

  return (
    <div data-testid="view-profile-wallets">
      {error ? <ErrorMessage error={error} testId="profile-wallets-error" /> : null}
      {groups.map(([group, groupRows]) => (
        <section key={group} data-testid={`profile-wallets-${group}`}>
          {groups.length > 1 ? (
            <h3 className="gw-list-summary" id={`gw-wallets-${group}`}>
              {NAMESPACE_NAMES[group]}
            </h3>
          ) : null}
          <ul className="gw-list" {...(groups.length > 1 ? { 'aria-labelledby': `gw-wallets-${group}` } : { 'aria-label': t('Wallets') })}>
            {groupRows.map((row) => (
              <li key={row.connectorId} className="gw-row" data-testid={`profile-wallet-${row.connectorId}`} data-status={row.status}>
                <WalletIcon name={row.name} imageUrl={row.imageUrl} />
                <span className="gw-row-main">
                  <span>{row.name}</span>
                  {row.address ? <span className="gw-muted gw-mono">{truncateAddress(row.address)}</span> : null}
                </span>
                {row.status === 'active' ? (
                  <span className="gw-badge">{t('Active')}</span>
                ) : (
                  <button
                    type="button"
                    className="gw-link-button"
                    aria-label={row.status === 'connected' ? t('Switch to {wallet}', { wallet: row.name }) : t('Connect {wallet}', { wallet: row.name })}
                    onClick={() => {
                      // A social login reopened runs in a popup, which only the visitor's click may open.
                      if (row.status === 'disconnected' && row.auth && row.auth !== 'email' && row.auth !== 'farcaster') openSocialPopup()
                      modal.dispatch(connectionSwitchRequested({ namespace: row.namespace, connectorId: row.connectorId, status: row.status }))
                    }}
                  >
                    {row.status === 'connected' ? t('Switch') : t('Connect')}
                  </button>
                )}
                {row.status !== 'disconnected' ? (
                  <button
                    type="button"
                    className="gw-link-button"
                    aria-label={t('Disconnect {wallet}', { wallet: row.name })}
                    onClick={() => modal.dispatch(disconnectRequested({ namespace: row.namespace, connectorId: row.connectorId }))}
                  >
                    {t('Disconnect')}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
      <button type="button" className="gw-button" data-testid="profile-add-wallet" onClick={addWallet}>
        {t('Add wallet')}
      </button>
    </div>
  )
}
