/**
 * The spec §5 rules on what a host sends a wallet through the provider the modal hands out
 * (`modal.getProvider()`, and `getWalletClient()` and the wagmi connector on it), and on what the
 * wallet answers. Pure; the provider guard (`src/guardProvider.ts`) loads it with the first
 * request it covers, as it brings viem's fee checks.
 */
import type { InvalidInputError } from '../errors/base.js'
import type { WalletInvalidResponseError } from '../errors/wallet.js'
import { isPlainObject } from '../events/schema.js'
import { sendCallsError, transactionRequestError } from './transactionRules.js'
import { walletAnswerError } from './walletAnswers.js'

/**
 * Why a host's request must not reach the wallet, or `null` to send it as it is:
 * `eth_sendTransaction` (or `wallet_sendTransaction`, which viem tries after a refusal) whose
 * transaction breaks a fee, access-list or blob rule (`TransactionRuleError`, the words viem
 * gives those rules), `wallet_sendCalls` whose calls are not a non-empty list of calls with `to`
 * (and `data`) starting with 0x (`InvalidSendCallsError`, 'Invalid wallet_sendCalls request').
 * Other methods, and a transaction request whose params hold no transaction object at all (the
 * wallet's to refuse), pass. Never throws.
 *
 * @example
 * hostRequestError('eth_sendTransaction', [{ to, gasPrice: '0x1', maxFeePerGas: '0x2' }])?.shortMessage // 'Cannot specify both a `gasPrice` and …'
 * hostRequestError('wallet_sendCalls', [{ calls: [{ to: 'abc' }] }])?.shortMessage // 'Invalid wallet_sendCalls request'
 */
export function hostRequestError(method: string, params: unknown): InvalidInputError | null {
  if (method === 'eth_sendTransaction' || method === 'wallet_sendTransaction') {
    const tx = Array.isArray(params) ? params[0] : undefined
    return isPlainObject(tx) ? transactionRequestError(tx) : null
  }
  if (method === 'wallet_sendCalls') return sendCallsError(params)
  return null
}

/**
 * Why a wallet's answer to a host's request must not reach the host, or `null`: a transaction
 * hash that is not one (`eth_sendTransaction`, `wallet_sendTransaction`), a signature that is
 * not one (`personal_sign`, `eth_signTypedData_v4`); see `walletAnswerError`.
 *
 * @example
 * hostAnswerError('personal_sign', '0x')?.shortMessage // 'Error signing message'
 */
export function hostAnswerError(method: string, answer: unknown): WalletInvalidResponseError | null {
  if (method === 'eth_sendTransaction' || method === 'wallet_sendTransaction') return walletAnswerError('transactionHash', answer)
  if (method === 'personal_sign' || method === 'eth_signTypedData_v4') return walletAnswerError('signature', answer)
  return null
}
