import { useCallback, useEffect, useState } from 'react'
import type { Namespace } from '../../core/events/views.js'
import type { Eip1193Provider } from '../../core/ports.js'
import { selectActiveConnection, selectIsConnected } from '../../core/selectors.js'
import type { ModalState } from '../../core/state.js'
import type { GangwayWalletClient } from '../../walletClient.js'
import type { Modal } from '../../createModal.js'
import { useModal } from '../ModalContext.js'
import { useModalState } from '../useModalState.js'

/**
 * What a resolved provider or client depends on: the connector, the account and the chain of
 * the active connection in `namespace`; '' when nothing is connected there.
 */
function connectionKey(state: ModalState, namespace: Namespace): string {
  if (!selectIsConnected(state, namespace)) return ''
  const connection = selectActiveConnection(state, namespace)
  const address = connection?.accounts[0]?.address
  return connection && address ? JSON.stringify([connection.connectorId, address, connection.caipNetworkId]) : ''
}

/**
 * Resolves `resolve(modal)` for the active connection and again whenever it changes (connect,
 * another account, another network, disconnect). Undefined while nothing is connected, while a
 * resolution is under way, and when it failed: a value is never one of an older connection.
 */
function useResolved<T>(namespace: Namespace, resolve: (modal: Modal) => Promise<T | undefined>, deps: unknown[]): T | undefined {
  const modal = useModal()
  const key = useModalState(useCallback((s: ModalState) => connectionKey(s, namespace), [namespace]))
  const [resolved, setResolved] = useState<{ key: string; value: T | undefined } | null>(null)
  useEffect(() => {
    if (!key) return
    let live = true
    resolve(modal).then(
      (value) => live && setResolved({ key, value }),
      () => live && setResolved({ key, value: undefined }),
    )
    return () => {
      live = false
    }
    // `resolve` is rebuilt each render; what it depends on is in `deps`.
  }, [modal, key, ...deps])
  return key && resolved?.key === key ? resolved.value : undefined
}

/**
 * The EIP-1193 provider of the active connection in `namespace` (default `'eip155'`), following
 * it: resolved again on connect, account change, network switch and disconnect. Undefined while
 * nothing is connected there and until it has resolved (also on the server). Named so it never
 * collides with wagmi's hooks.
 *
 * @example
 * const provider = useGangwayProvider()
 * const onClick = () => provider?.request({ method: 'eth_chainId' })
 */
export function useGangwayProvider(namespace: Namespace = 'eip155'): Eip1193Provider | undefined {
  return useResolved(namespace, (modal) => modal.getProvider(namespace), [namespace])
}

/**
 * A viem `WalletClient` on the connected eip155 wallet (`modal.getWalletClient`), made again on
 * connect, account change, network switch and disconnect, so its account and chain are always
 * the connection's. Undefined while nothing is connected and until it is made (also on the
 * server). Named so it never collides with wagmi's `useWalletClient`.
 *
 * @example
 * const walletClient = useGangwayWalletClient()
 * const transfer = () => walletClient?.writeContract({ address: token, abi: erc20Abi, functionName: 'transfer', args: [to, 1n] })
 */
export function useGangwayWalletClient(options?: { chainId?: number }): GangwayWalletClient | undefined {
  const chainId = options?.chainId
  return useResolved('eip155', (modal) => modal.getWalletClient(chainId === undefined ? undefined : { chainId }), [chainId])
}
