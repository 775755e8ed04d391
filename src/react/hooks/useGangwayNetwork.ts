import { useCallback } from 'react'
import type { Network } from '../../core/domain/entities.js'
import { showsUnsupportedChain } from '../../core/reducers/navigation.js'
import { selectActiveCaipNetworkId, selectActiveNetwork, selectIsUnsupportedChain } from '../../core/selectors.js'
import type { Namespace } from '../../core/events/views.js'
import type { ModalState } from '../../core/state.js'
import { useModal } from '../ModalContext.js'
import { useModalState } from '../useModalState.js'
import { shallowEqual } from './shallowEqual.js'

/** The active network as `useGangwayNetwork` gives it. */
export type GangwayActiveNetwork = {
  /** The chain reference: a number for EVM chains (`1`), a string elsewhere. */
  id: number | string
  /** The name the host gave it, or null for a network the host does not list. */
  name: string | null
  /** Its CAIP-2 id (`eip155:1`). */
  caipNetworkId: string
  namespace: Namespace
  /** The host's network data, or null for a network the host does not list. */
  network: Network | null
}

type NetworkSelection = {
  network: GangwayActiveNetwork | null
  /** Connected on a network the host does not list. */
  isUnsupported: boolean
  /** The spec's unsupported-chain rule: unsupported, and the host neither allows it nor turned switching off. */
  isWrongNetwork: boolean
  /** A switch the visitor or host asked for is waiting on the wallet. */
  isSwitching: boolean
}

export type GangwayNetwork = NetworkSelection & {
  /** The host's networks (the `networks` option), in its order. */
  networks: readonly Network[]
  /** Switches the wallet to one of the host's networks (a network or its CAIP-2 id); rejects with a SwitchNetworkError. */
  switchNetwork(network: Network | string): Promise<void>
}

const NO_NETWORKS: readonly Network[] = Object.freeze([])

/** The id a CAIP-2 reference stands for: a number on EVM chains, the text elsewhere. */
function referenceId(namespace: string, reference: string): number | string {
  return namespace === 'eip155' && /^\d{1,15}$/.test(reference) ? Number(reference) : reference
}

/** The active network with its status flags; compared field by field by the hook. */
export function selectGangwayNetwork(state: ModalState): NetworkSelection {
  const caipNetworkId = selectActiveCaipNetworkId(state)
  const network = selectActiveNetwork(state)
  let active: GangwayActiveNetwork | null = null
  if (caipNetworkId) {
    const [namespace = '', reference = ''] = caipNetworkId.split(':')
    active = {
      id: network?.id ?? referenceId(namespace, reference),
      name: network?.name ?? null,
      caipNetworkId,
      namespace: namespace as Namespace,
      network,
    }
  }
  return {
    network: active,
    isUnsupported: selectIsUnsupportedChain(state),
    isWrongNetwork: showsUnsupportedChain(state),
    isSwitching: state.network.switch?.status === 'switching',
  }
}

const sameNetwork = (a: NetworkSelection, b: NetworkSelection): boolean =>
  a.isUnsupported === b.isUnsupported &&
  a.isWrongNetwork === b.isWrongNetwork &&
  a.isSwitching === b.isSwitching &&
  (a.network === b.network || (!!a.network && !!b.network && shallowEqual(a.network, b.network)))

const selectNetworks = (state: ModalState): readonly Network[] => state.settings.networks ?? NO_NETWORKS

/**
 * The active network (id, name, CAIP-2 id, namespace), the host's networks, and
 * `switchNetwork(network)`, the modal's own network switch (the wallet adds the chain first if
 * it needs to). Re-renders only when one of these changes.
 *
 * @example
 * const { network, networks, switchNetwork } = useGangwayNetwork()
 * return networks.map((n) => (
 *   <button key={n.caipNetworkId} disabled={n.caipNetworkId === network?.caipNetworkId} onClick={() => switchNetwork(n)}>{n.name}</button>
 * ))
 */
export function useGangwayNetwork(): GangwayNetwork {
  const modal = useModal()
  const selection = useModalState(selectGangwayNetwork, sameNetwork)
  const networks = useModalState(selectNetworks)
  const switchNetwork = useCallback(
    (network: Network | string) => modal.switchNetwork(typeof network === 'string' ? network : network?.caipNetworkId),
    [modal],
  )
  return { ...selection, networks, switchNetwork }
}
