import { defer, EMPTY, filter, from, map, merge, of, switchMap, type Observable } from 'rxjs'
import type { Connector, Network } from '../../core/domain/entities.js'
import { GangwayError, serializeError } from '../../core/errors/base.js'
import { WalletConnectChainNotSupportedError } from '../../core/errors/walletConnect.js'
import { WALLET_CONNECT_CONNECTOR_ID } from '../../core/events/walletConnect/walletConnect.js'
import type { ChainAdapter, WalletProviderEvent, WalletSession } from '../../core/ports.js'
import { sessionGrant } from './sessionNamespaces.js'
import { toWalletConnectError } from './walletConnectErrors.js'
import type { WalletConnectProvider, WalletConnectSession } from './walletConnectProvider.js'
import type { SessionEnd, WalletConnectSessionAccess } from './walletConnectSolana.js'

/** What makes one non-EVM side of the session (Solana, Bitcoin) differ from another. */
export type SideOptions = {
  namespace: 'solana' | 'bip122'
  access: WalletConnectSessionAccess
  connector: Connector
  /** The chain adapter serving every other connector of the namespace. */
  inner: ChainAdapter | undefined
  /** The session as the core sees it in the namespace (on `wanted` when the session has it). */
  toWalletSession(session: WalletConnectSession, wanted: Network | undefined): WalletSession | Promise<WalletSession>
  /** The session's news for this side (its end, its accounts changing). */
  providerEvents(p: WalletConnectProvider): Observable<WalletProviderEvent>
  /** A switch to one of the session's chains: requests name it from now on. */
  switched(caipNetworkId: string): void
}

/** The connector calls a side shares: those that do not sign or send. */
export type SideCalls = Pick<ChainAdapter, 'connectors' | 'connect' | 'reconnect' | 'disconnect' | 'events' | 'switchNetwork'> & {
  /** The adapter of a connector that is not WalletConnect (or the spec's error when there is none). */
  innerOf(connectorId: string): ChainAdapter
}

/**
 * The calls of a WalletConnect side in `namespace` that are the same for every side: the
 * WalletConnect connector listed first beside `inner`'s, connect (the pending pairing's session),
 * silent reconnect (the live, unexpired session), disconnect (ends the whole session and tells
 * the other sides), events (this side's news, and the other sides ending the session), and a
 * switch to a chain of the session. Every other connector goes to `inner`.
 *
 * @example
 * const calls = sideCalls({ namespace: 'bip122', access, connector, inner, toWalletSession, providerEvents, switched })
 */
export function sideCalls(options: SideOptions): SideCalls {
  const id = WALLET_CONNECT_CONNECTOR_ID
  const { namespace, access, connector, inner } = options
  const innerOf = (connectorId: string): ChainAdapter => {
    if (!inner) throw new GangwayError(`No connector found for connection: ${connectorId}`, { details: connectorId })
    return inner
  }
  return {
    innerOf,

    connectors: () => (inner ? inner.connectors().pipe(map((list) => [connector, ...list.filter((c) => c.id !== id)])) : of([connector])),

    connect: async (connectorId, request) => {
      if (connectorId !== id) return innerOf(connectorId).connect(connectorId, request)
      return options.toWalletSession(await access.pair(), request?.network)
    },

    reconnect: async (connectorId, request) => {
      if (connectorId !== id) return inner ? inner.reconnect(connectorId, request) : null
      const p = await access.provider()
      const session = p.session
      if (!session || (session.expiry !== undefined && session.expiry * 1000 <= Date.now())) return null
      try {
        return await options.toWalletSession(session, request?.network)
      } catch {
        return null
      }
    },

    disconnect: async (connectorId) => {
      if (connectorId !== id) return innerOf(connectorId).disconnect(connectorId)
      if (!access.started()) return
      try {
        await access.end(namespace)
      } catch (error) {
        throw toWalletConnectError(error, 'disconnect')
      }
    },

    events: (connectorId) => {
      if (connectorId !== id) return inner ? inner.events(connectorId) : EMPTY
      return defer(() => from(access.provider())).pipe(
        switchMap((p) =>
          merge(
            options.providerEvents(p),
            // Another side ended the session: this side's connection is gone too.
            access.ended().pipe(
              filter((e: SessionEnd) => e.namespace !== namespace),
              map((): WalletProviderEvent => ({ type: 'disconnect', error: serializeError(new GangwayError('Provider disconnected', { code: 4900 })) })),
            ),
          ),
        ),
      )
    },

    // Each request names its chain: a switch checks the session has the network and moves there.
    switchNetwork: async (connectorId, network) => {
      if (connectorId !== id) return innerOf(connectorId).switchNetwork(connectorId, network)
      const p = await access.provider()
      if (network.chainNamespace !== namespace || !sessionGrant(p.session?.namespaces, namespace).chains.includes(network.caipNetworkId)) {
        throw new WalletConnectChainNotSupportedError(network.caipNetworkId)
      }
      options.switched(network.caipNetworkId)
    },
  }
}
