import { useCallback } from 'react'
import type { Modal } from '../../../createModal.js'
import type { Network } from '../../../core/domain/entities.js'
import { networkSwitchRequested } from '../../../core/events/connection/network.js'
import type { Namespace } from '../../../core/events/views.js'
import { selectActiveCaipNetworkId, selectIsConnected, selectNetworks } from '../../../core/selectors.js'
import type { ModalState } from '../../../core/state.js'
import { useI18n } from '../../i18n/i18n.js'
import { useModalState } from '../../useModalState.js'
import { NetworkIcon } from '../../components/NetworkIcon.js'
import { NAMESPACE_NAMES } from '../namespaceNames.js'

type Group = { namespace: Namespace; networks: Network[]; current: string | null; connected: boolean }

/** The families to list (the active one, or every one the host configured), each with its networks. */
function selectGroups(s: ModalState, all: boolean): Group[] {
  const active = s.connection.activeNamespace
  const namespaces = all ? s.settings.adapters : active ? [active] : []
  return namespaces
    .map((namespace) => ({
      namespace,
      networks: selectNetworks(s, namespace),
      current: selectActiveCaipNetworkId(s, namespace),
      connected: selectIsConnected(s, namespace),
    }))
    .filter((g) => g.networks.length > 0)
}
const sameGroups = (a: Group[], b: Group[]) =>
  a.length === b.length &&
  a.every((g, i) => {
    const o = b[i]!
    return g.namespace === o.namespace && g.networks.length === o.networks.length && g.networks.every((n, j) => n === o.networks[j]) && g.current === o.current && g.connected === o.connected
  })

/**
 * The host's networks; picking one asks for a switch. With `namespaces: 'all'` every chain family
 * the host configured is listed under its name: picking a network of a family that is not the
 * active one makes that family active (its account shows) when it has a connection, and
 * continues to Connect for it, on that network, when it has none.
 */
export function NetworkList({ modal, markActive = true, namespaces = 'active' }: { modal: Modal; markActive?: boolean; namespaces?: 'active' | 'all' }) {
  const { t } = useI18n()
  const all = namespaces === 'all'
  const groups = useModalState(useCallback((s: ModalState) => selectGroups(s, all), [all]), sameGroups)
  const activeNamespace = useModalState((s) => s.connection.activeNamespace)
  const switching = useModalState((s) => (s.network.switch?.status === 'switching' ? s.network.switch.caipNetworkId : null))
  if (groups.length === 0) return <p className="gw-empty">{t('No networks configured.')}</p>
  const headed = groups.length > 1

  const pick = (group: Group, network: Network) => {
    const switchTo = () =>
      modal.dispatch(networkSwitchRequested({ namespace: group.namespace, caipNetworkId: network.caipNetworkId }))
    if (group.namespace === activeNamespace) return switchTo()
    if (group.connected) {
      modal.open({ view: 'Account', namespace: group.namespace })
      if (network.caipNetworkId !== group.current) switchTo()
      return
    }
    // No wallet in that family yet: the network is chosen, then its wallets are offered.
    switchTo()
    modal.open({ view: 'Connect', namespace: group.namespace })
  }

  return (
    <>
      {groups.map((group) => {
        const labelId = `gw-networks-${group.namespace}`
        return (
          <section key={group.namespace} data-testid={`networks-${group.namespace}`}>
            {headed ? (
              <h3 className="gw-list-summary" id={labelId}>
                {NAMESPACE_NAMES[group.namespace]}
              </h3>
            ) : null}
            <ul className="gw-list" {...(headed ? { 'aria-labelledby': labelId } : { 'aria-label': t('Networks') })}>
              {group.networks.map((n) => {
                const current = markActive && group.namespace === activeNamespace && n.caipNetworkId === group.current
                return (
                  <li key={n.caipNetworkId}>
                    <button
                      type="button"
                      className="gw-button"
                      data-testid={`network-${n.caipNetworkId}`}
                      aria-current={current ? 'true' : undefined}
                      disabled={switching !== null}
                      onClick={() => pick(group, n)}
                    >
                      <NetworkIcon network={n} />
                      <span className="gw-wallet-name" title={n.name}>
                        {n.name}
                      </span>
                      {current ? <span className="gw-badge">{t('Active')}</span> : null}
                    </button>
                  </li>
                )
              })}
            </ul>
          </section>
        )
      })}
    </>
  )
}
