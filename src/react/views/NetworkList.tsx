import type { Modal } from '../../createModal.js'
import { networkSwitchRequested } from '../../core/events/network.js'
import { newRequestId } from '../../core/events/newRequestId.js'
import { selectActiveCaipNetworkId, selectNetworks } from '../../core/selectors.js'
import { useModalState } from '../useModalState.js'
import { NetworkIcon } from '../components/NetworkIcon.js'

/** The host's networks of the active namespace; picking one asks for a switch. */
export function NetworkList({ modal, markActive = true }: { modal: Modal; markActive?: boolean }) {
  const networks = useModalState(selectNetworks)
  const active = useModalState(selectActiveCaipNetworkId)
  const switching = useModalState((s) => (s.network.switch?.status === 'switching' ? s.network.switch.caipNetworkId : null))
  if (networks.length === 0) return <p className="gw-empty">No networks configured.</p>
  return (
    <ul className="gw-list" aria-label="Networks">
      {networks.map((n) => {
        const current = markActive && n.caipNetworkId === active
        return (
          <li key={n.caipNetworkId}>
            <button
              type="button"
              className="gw-button"
              data-testid={`network-${n.caipNetworkId}`}
              aria-current={current ? 'true' : undefined}
              disabled={switching !== null}
              onClick={() =>
                modal.dispatch(networkSwitchRequested({ namespace: n.chainNamespace, caipNetworkId: n.caipNetworkId }, { requestId: newRequestId() }))
              }
            >
              <NetworkIcon network={n} />
              <span className="gw-wallet-name" title={n.name}>
                {n.name}
              </span>
              {current ? <span className="gw-badge">Active</span> : null}
            </button>
          </li>
        )
      })}
    </ul>
  )
}
