/**
 * The wallet errors of EIP-5792 batched calls (spec §8: 5700–5760, capability / bundle /
 * atomicity), a class per code like the other wallet errors, with EIP-5792's words. They load
 * with the batched-calls feature and with `deserializeError`, not with the first bundle.
 *
 * @example
 * try { await modal.sendCalls(calls, { atomicRequired: true }) }
 * catch (e) { if (e instanceof WalletAtomicityNotSupportedError) offerOneByOne() }
 */
import { WalletRpcError } from './wallet.js'
import { WALLET_CODES, toWalletError, type WalletCode } from './walletCodes.js'

/** 5700: the request asked for a capability the wallet does not support, and did not mark it optional. */
export class WalletUnsupportedCapabilityError extends WalletRpcError {
  override readonly name = 'WalletUnsupportedCapabilityError'
  override readonly kind = 'WALLET_UNSUPPORTED_CAPABILITY'
  static override code = 5700
}
/** 5710: the wallet cannot send calls on the requested chain. */
export class WalletUnsupportedChainIdError extends WalletRpcError {
  override readonly name = 'WalletUnsupportedChainIdError'
  override readonly kind = 'WALLET_UNSUPPORTED_CHAIN_ID'
  static override code = 5710
}
/** 5720: a batch with this id was already sent. */
export class WalletDuplicateBatchIdError extends WalletRpcError {
  override readonly name = 'WalletDuplicateBatchIdError'
  override readonly kind = 'WALLET_DUPLICATE_BATCH_ID'
  static override code = 5720
}
/** 5730: the wallet knows no batch with this id. */
export class WalletUnknownBatchIdError extends WalletRpcError {
  override readonly name = 'WalletUnknownBatchIdError'
  override readonly kind = 'WALLET_UNKNOWN_BATCH_ID'
  static override code = 5730
}
/** 5740: the batch has more calls than the wallet takes at once. */
export class WalletBatchTooLargeError extends WalletRpcError {
  override readonly name = 'WalletBatchTooLargeError'
  override readonly kind = 'WALLET_BATCH_TOO_LARGE'
  static override code = 5740
}
/** 5750: the wallet could make the account atomic (an upgrade), and the visitor refused the upgrade. */
export class WalletUpgradeRejectedError extends WalletRpcError {
  override readonly name = 'WalletUpgradeRejectedError'
  override readonly kind = 'WALLET_UPGRADE_REJECTED'
  static override code = 5750
}
/** 5760: the request required atomic execution, which the wallet cannot do on this chain. */
export class WalletAtomicityNotSupportedError extends WalletRpcError {
  override readonly name = 'WalletAtomicityNotSupportedError'
  override readonly kind = 'WALLET_ATOMICITY_NOT_SUPPORTED'
  static override code = 5760
}

/** EIP-5792's codes and words, beside every other wallet code. */
export const CALLS_WALLET_CODES: ReadonlyMap<number, WalletCode> = /* @__PURE__ */ new Map([
  ...WALLET_CODES,
  [5700, { type: WalletUnsupportedCapabilityError, meaning: 'Unsupported non-optional capability' }],
  [5710, { type: WalletUnsupportedChainIdError, meaning: 'Unsupported chain id' }],
  [5720, { type: WalletDuplicateBatchIdError, meaning: 'Duplicate ID' }],
  [5730, { type: WalletUnknownBatchIdError, meaning: 'Unknown bundle id' }],
  [5740, { type: WalletBatchTooLargeError, meaning: 'Bundle too large' }],
  [5750, { type: WalletUpgradeRejectedError, meaning: 'Atomic-ready wallet rejected upgrade' }],
  [5760, { type: WalletAtomicityNotSupportedError, meaning: 'Atomicity not supported' }],
])

/**
 * What a wallet threw during a batched-calls request, as the class of its code: an EIP-5792 code
 * with its own words, a refusal as 'User rejected the request', anything else with its meaning.
 *
 * @example
 * toCallsError({ code: 5760, message: 'atomic not possible' }).shortMessage // 'Atomicity not supported'
 */
export function toCallsError(error: unknown): WalletRpcError {
  return toWalletError(error, null, CALLS_WALLET_CODES) as WalletRpcError
}
