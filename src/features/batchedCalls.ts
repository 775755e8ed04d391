import type { OptionalFeature } from '../core/features/defineFeature.js'

/**
 * Batched calls (EIP-5792), for `modules`: `modal.sendCalls`, `getCallsStatus`,
 * `getCapabilities` and `showCallsStatus` with the connected EVM wallet (injected, WalletConnect
 * or the embedded wallet), atomic where the wallet can, followed by the modal until each batch
 * is done; the embedded wallet's batch is listed in ApproveTransaction while its prompt asks. Its
 * code loads on the first of those commands; without this module they reject with
 * 'Batched calls are not enabled' and none of it is in the host's build.
 *
 * @example
 * const modal = createModal({ projectId, adapters, networks, modules: [batchedCalls()] })
 * const { id } = await modal.sendCalls([{ to, value: 1n }, { to: token, data }], { atomicRequired: true })
 */
export function batchedCalls(): OptionalFeature {
  return {
    optional: 'calls',
    load: () => import('../core/features/calls.js').then((m) => m.callsFeature),
    commands: () => import('../core/events/calls/callsCommands.js').then((m) => m.createCallsCommands),
    views: () => import('../react/views/calls/callsViews.js').then((m) => m.callsViews),
  }
}
