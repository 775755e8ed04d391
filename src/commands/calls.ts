import type { CallsCommands } from '../core/events/calls/callsCommands.js'
import type { StoreLike } from '../core/events/hostRequest.js'
import { FeatureNotIncludedError } from '../core/errors/connection.js'
import type { OptionalFeature } from '../core/features/defineFeature.js'

/**
 * `modal.sendCalls`, `getCallsStatus`, `getCapabilities` and `showCallsStatus`: each loads the
 * commands the host's `batchedCalls()` module brings, on its first call; without the module each
 * rejects with 'Batched calls are not enabled'.
 *
 * @example
 * const commands = callsCommands(store, optionalModules(options).find((m) => m.optional === 'calls'))
 */
export function callsCommands(store: StoreLike, module: OptionalFeature | undefined): CallsCommands {
  let loading: Promise<CallsCommands> | undefined
  const commands = (): Promise<CallsCommands> => {
    if (!module?.commands) return Promise.reject(new FeatureNotIncludedError('Batched calls are not enabled', 'batchedCalls'))
    loading ??= module.commands().then((make) => make(store) as CallsCommands)
    // A chunk that failed to load is fetched again on the next call.
    loading.catch(() => (loading = undefined))
    return loading
  }
  return {
    sendCalls: (...args) => commands().then((c) => c.sendCalls(...args)),
    getCallsStatus: (...args) => commands().then((c) => c.getCallsStatus(...args)),
    getCapabilities: (...args) => commands().then((c) => c.getCapabilities(...args)),
    showCallsStatus: (...args) => commands().then((c) => c.showCallsStatus(...args)),
  }
}
