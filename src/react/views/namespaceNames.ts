import type { Namespace } from '../../core/events/views.js'

/** What a visitor calls each chain family. */
export const NAMESPACE_NAMES: Record<Namespace, string> = { eip155: 'Ethereum (EVM)', solana: 'Solana', polkadot: 'Polkadot', bip122: 'Bitcoin', cosmos: 'Cosmos' }
