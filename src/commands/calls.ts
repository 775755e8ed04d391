import type { CallsCommands } from '../core/events/calls/callsCommands.js'
import { FeatureNotIncludedError } from '../core/errors/connection.js'
import type { EngineStore, OptionalFeature } from '../core/features/defineFeature.js'
import { loadCommands } from './loadCommands.js'

/**
 * `modal.sendCalls`, `getCallsStatus`, `getCapabilities` and `showCallsStatus`: each loads the
 * commands the host's `batchedCalls()` module brings, on its first call; without the module each
 * rejects with 'Batched calls are not enabled'.
 *
 * @example
 * const commands = callsCommands(store, optionalModules(options).find((m) => m.optional === 'calls'), ready)
 */
export function callsCommands(store: EngineStore, module: OptionalFeature | undefined, ready: Promise<void>): CallsCommands {
  const commands = loadCommands<CallsCommands>(module, () => new FeatureNotIncludedError('Batched calls are not enabled', 'batchedCalls'), store, ready)
  return {
    sendCalls: (...args) => commands().then((c) => c.sendCalls(...args)),
    getCallsStatus: (...args) => commands().then((c) => c.getCallsStatus(...args)),
    getCapabilities: (...args) => commands().then((c) => c.getCapabilities(...args)),
    showCallsStatus: (...args) => commands().then((c) => c.showCallsStatus(...args)),
  }
}
