/**
 * Errors of the embedded wallet (spec §8, §9): the frame that does not load, a request it does
 * not answer in time, a session that ended, and what the wallet service said.
 */
import { GangwayError } from './base.js'

/** The frame did not announce itself ready in time (20 s), or could not be loaded. */
export class EmbeddedWalletLoadError extends GangwayError {
  override readonly name = 'EmbeddedWalletLoadError'
  override readonly kind = 'EMBEDDED_WALLET_LOAD'
  constructor(details?: string) {
    super('Network Error - Could not load embedded wallet', details ? { details } : {})
  }
}

/** The frame did not answer a request in time (120 s for e-mail, social and code requests). */
export class EmbeddedWalletTimeoutError extends GangwayError {
  override readonly name = 'EmbeddedWalletTimeoutError'
  override readonly kind = 'EMBEDDED_WALLET_TIMEOUT'
  constructor(request: string) {
    super('Embedded Wallet Request Timed Out', { details: request })
  }
}

/** The frame or its service refused a request; the message is theirs. */
export class EmbeddedWalletError extends GangwayError {
  override readonly name = 'EmbeddedWalletError'
  override readonly kind = 'EMBEDDED_WALLET'
  constructor(message: string, options: { code?: number; details?: string } = {}) {
    super(message, options)
  }
}
