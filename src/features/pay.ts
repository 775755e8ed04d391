import type { OptionalFeature } from '../core/features/defineFeature.js'

/**
 * Pay (spec §1's `pay`), for `modules`: `modal.pay({ recipient, amount, asset, network })` shows
 * the visitor the payment (Pay: what, to whom, on which network, the network fee), has them
 * connect a wallet or switch it to the network first where needed, then pays from the connected
 * wallet (the network's own token or a token contract, on EVM networks and Solana) and resolves
 * with the transaction once confirmed. It turns the `pay` feature flag on (the project's remote
 * configuration may turn it off). Its code loads on first need; without this module `modal.pay`
 * rejects with 'Pay is not enabled' and none of it is in the host's build.
 *
 * @example
 * const modal = createModal({ projectId, adapters, networks, modules: [pay()] })
 * const { hash } = await modal.pay({ recipient, amount: '0.01', asset: 'native', network: 'eip155:8453' })
 */
export function pay(): OptionalFeature {
  return {
    optional: 'pay',
    load: () => import('../core/features/pay.js').then((m) => m.payFeature),
    views: () => import('../react/views/pay/payViews.js').then((m) => m.payViews),
    commands: () => import('../core/events/pay/payCommands.js').then((m) => m.createPayCommands),
  }
}
