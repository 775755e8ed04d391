import { useMemo } from 'react'
import type { Connector } from '../../core/domain/entities.js'
import { orderConnectors, type ConnectorGroup } from '../../core/domain/walletLists.js'
import { connectionRequested } from '../../core/events/connection.js'
import { newRequestId } from '../../core/events/newRequestId.js'
import type { ModalState } from '../../core/state.js'
import { useModalState } from '../useModalState.js'
import { AllWalletsEntry } from '../components/AllWalletsEntry.js'
import { ErrorMessage } from '../components/ErrorMessage.js'
import { RecommendedWallets } from '../components/RecommendedWallets.js'
import type { ViewProps } from './viewProps.js'
import { WalletIcon } from './WalletIcon.js'

const GROUP_OF_TYPE: Partial<Record<Connector['type'], ConnectorGroup>> = {
  WALLET_CONNECT: 'walletConnect',
  INJECTED: 'injected',
  ANNOUNCED: 'injected',
  MULTI_CHAIN: 'injected',
  EXTERNAL: 'external',
}

const selectList = (s: ModalState) => ({
  connectors: s.wallets.connectors,
  recent: s.wallets.memory.recent,
  order: s.features.connectorOrder,
  namespaces: s.settings.adapters,
})
const sameList = (a: ReturnType<typeof selectList>, b: ReturnType<typeof selectList>) =>
  a.connectors === b.connectors && a.recent === b.recent && a.order === b.order && a.namespaces === b.namespaces

/** The wallet list, in the spec's connector order, the recent ones badged. */
export function ConnectView({ modal }: ViewProps) {
  const { connectors, recent, order, namespaces } = useModalState(selectList, sameList)
  // Closing the modal is the visitor's choice, not a failure to show on the next open.
  const failure = useModalState((s) => {
    const attempt = s.wallets.attempt
    return attempt?.status === 'failed' && attempt.error && attempt.error.kind !== 'MODAL_CLOSED' ? attempt.error : null
  })
  const items = useMemo(() => {
    const usable = connectors.filter((c) => namespaces.includes(c.chain))
    const groups: Partial<Record<ConnectorGroup, Connector[]>> = {
      recent: recent.flatMap((r) => usable.filter((c) => c.id === r.id && c.chain === r.namespace)),
    }
    for (const c of usable) {
      const group = GROUP_OF_TYPE[c.type]
      if (group) (groups[group] ??= []).push(c)
    }
    return orderConnectors(groups, order as ConnectorGroup[])
  }, [connectors, recent, order, namespaces])

  const connect = (c: Connector) =>
    modal.dispatch(connectionRequested({ connectorId: c.id, namespace: c.chain }, { requestId: newRequestId() }))

  return (
    <div data-testid="view-connect">
      {failure ? <ErrorMessage error={failure} testId="connect-error" /> : null}
      {items.length === 0 ? (
        <p className="gw-empty">No wallets detected in this browser.</p>
      ) : (
        <ul className="gw-list" aria-label="Wallets">
          {items.map(({ group, item }) => (
            <li key={`${item.chain}:${item.id}`}>
              <button type="button" className="gw-button" data-testid={`wallet-${item.id}`} onClick={() => connect(item)}>
                <WalletIcon name={item.name} imageUrl={item.imageUrl} />
                <span className="gw-wallet-name" title={item.name}>
                  {item.name}
                </span>
                {group === 'recent' ? (
                  <span className="gw-badge" data-testid="badge-recent">
                    Recent
                  </span>
                ) : item.installed ? (
                  <span className="gw-badge">Installed</span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      )}
      <RecommendedWallets />
      <AllWalletsEntry />
    </div>
  )
}
