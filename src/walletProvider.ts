import { InvalidInputError } from './core/errors/base.js'
import { show } from './core/events/schema.js'
import { NAMESPACES, type Namespace } from './core/events/views.js'
import type { ChainDeps, Eip1193Provider } from './core/ports.js'
import { selectActiveConnection, selectIsConnected } from './core/selectors.js'
import type { ModalState } from './core/state.js'
import { guardProvider } from './guardProvider.js'

/**
 * The EIP-1193 provider of the active connection in `namespace` (eip155 by default), asked of
 * its adapter by connector id and handed out behind the spec's transaction and answer rules
 * (`guardProvider`); undefined when nothing is connected there or the adapter hands
 * out no provider (only EVM adapters do); rejects with InvalidInputError for a namespace
 * Gangway does not know. Kept tiny and free of viem: it is on the modal's start-up path, the
 * wallet client (`walletClient.ts`) is not.
 *
 * @example
 * const provider = await activeProvider(store.getState(), adapters)
 */
export async function activeProvider(state: ModalState, adapters: ChainDeps['adapters'], namespace: Namespace = 'eip155'): Promise<Eip1193Provider | undefined> {
  if (!NAMESPACES.includes(namespace)) {
    throw new InvalidInputError('Invalid getProvider arguments', { details: `expected one of ${NAMESPACES.join(', ')}, got ${show(namespace)}` })
  }
  const connection = selectIsConnected(state, namespace) ? selectActiveConnection(state, namespace) : null
  const evm = adapters[namespace]?.evm
  const provider = connection && evm?.getProvider ? await evm.getProvider(connection.connectorId) : undefined
  return provider && guardProvider(provider)
}
