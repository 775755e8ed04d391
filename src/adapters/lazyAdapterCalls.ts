import { defer, from, switchMap } from 'rxjs'
import type { ChainAdapter } from '../core/ports.js'

/** What a connector does for the visitor: connect, listen, switch, sign, send. */
export type ConnectorCalls = Pick<ChainAdapter, 'connect' | 'reconnect' | 'disconnect' | 'events' | 'switchNetwork' | 'signMessage' | 'sendTransfer'>

/**
 * The connector calls of an adapter whose code loads on first use: each waits for it and is
 * handed on with every argument; a disconnect before it ever started loading has nothing to do.
 *
 * @example
 * const adapter = { connectors: () => of([connector]), ...lazyConnectorCalls(load, () => loading !== undefined), getBalance }
 */
export function lazyConnectorCalls(load: () => Promise<ConnectorCalls>, started: () => boolean): ConnectorCalls {
  const use = <T>(call: (a: ConnectorCalls) => Promise<T>): Promise<T> => load().then(call)
  return {
    connect: (id, request) => use((a) => a.connect(id, request)),
    reconnect: (id, request) => use((a) => a.reconnect(id, request)),
    disconnect: (id) => (started() ? use((a) => a.disconnect(id)) : Promise.resolve()),
    events: (id) => defer(() => from(load())).pipe(switchMap((a) => a.events(id))),
    switchNetwork: (id, network) => use((a) => a.switchNetwork(id, network)),
    signMessage: (id, request) => use((a) => a.signMessage(id, request)),
    sendTransfer: (id, network, transfer) => use((a) => a.sendTransfer(id, network, transfer)),
  }
}
