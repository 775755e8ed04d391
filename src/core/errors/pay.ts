/**
 * The errors of Pay: a project whose configuration turns payments off. It loads with the pay
 * commands and `deserializeError`, not with the first bundle.
 *
 * @example
 * try { await modal.pay({ recipient, amount: '0.01', asset: 'native', network: 'eip155:8453' }) }
 * catch (e) { if (e instanceof PayNotAllowedError) showOtherWaysToPay() }
 */
import { GangwayError } from './base.js'

/** A payment asked for while the project's configuration turns Pay off (the `pay` feature flag, spec §1, §6: 'Action not allowed'). */
export class PayNotAllowedError extends GangwayError {
  override readonly name = 'PayNotAllowedError'
  override readonly kind = 'PAY_NOT_ALLOWED'
  constructor() {
    super('Action not allowed', { details: "payments are off in this project's configuration (the pay feature)" })
  }
}
