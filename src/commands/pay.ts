import type { PayCommands } from '../core/events/pay/payCommands.js'
import { FeatureNotIncludedError } from '../core/errors/connection.js'
import type { EngineStore, OptionalFeature } from '../core/features/defineFeature.js'
import { loadCommands } from './loadCommands.js'

/**
 * `modal.pay`: loads the command the host's `pay()` module brings, on its first call; without the
 * module it rejects with 'Pay is not enabled'.
 *
 * @example
 * const commands = payCommands(store, optionalModules(options).find((m) => m.optional === 'pay'), ready)
 */
export function payCommands(store: EngineStore, module: OptionalFeature | undefined, ready: Promise<void>): PayCommands {
  const commands = loadCommands<PayCommands>(module, () => new FeatureNotIncludedError('Pay is not enabled', 'pay'), store, ready)
  return {
    pay: (...args) => commands().then((c) => c.pay(...args)),
  }
}
