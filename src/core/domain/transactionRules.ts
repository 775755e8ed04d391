/**
 * Transaction rules (spec §5): fee fields, access lists, blobs, `wallet_sendCalls` shape, Solana
 * commitments and the send form. Amounts come in as decimal (or 0x-hex) integer strings so the
 * inputs stay JSON-safe; viem's checks and error texts are used where viem has them.
 */
import {
  BaseError,
  FeeConflictError,
  InvalidChainIdError,
  InvalidStorageKeySizeError,
  assertTransactionEIP1559,
  assertTransactionLegacy,
} from 'viem'
import { InvalidSendCallsError, SendFormError, TransactionRuleError } from '../errors/domain.js'
import { BLOB_MAX_BYTES } from './constants.js'
import { isPlainObject, show } from '../events/schema.js'

/** Wraps a viem validation error, keeping its short message and the error as cause. */
function fromViem(error: unknown): TransactionRuleError {
  if (error instanceof BaseError) return new TransactionRuleError(error.shortMessage, { cause: error, details: error.details || undefined })
  throw error
}

/** The fee fields of a transaction request, as integer strings in wei. */
export type FeeFields = {
  chainId?: number | undefined
  gasPrice?: string | undefined
  maxFeePerGas?: string | undefined
  maxPriorityFeePerGas?: string | undefined
}

function toWei(field: string, value: string | undefined): bigint | undefined {
  if (value === undefined) return undefined
  if (!/^(?:[0-9]+|0x[0-9a-fA-F]+)$/.test(value)) {
    throw new TransactionRuleError(`Invalid \`${field}\`: expected a non-negative integer`, { details: value })
  }
  return BigInt(value)
}

/**
 * The first fee rule a request breaks, or `null`: gas price not combined with max / priority
 * fee; max fee (and gas price) ≤ 2^256−1; priority fee ≤ max fee; chain id a positive integer.
 *
 * @example
 * feeRuleError({ gasPrice: '1', maxFeePerGas: '2' })?.shortMessage // 'Cannot specify both a `gasPrice` and …'
 */
export function feeRuleError(tx: FeeFields): TransactionRuleError | null {
  try {
    const gasPrice = toWei('gasPrice', tx.gasPrice)
    const maxFeePerGas = toWei('maxFeePerGas', tx.maxFeePerGas)
    const maxPriorityFeePerGas = toWei('maxPriorityFeePerGas', tx.maxPriorityFeePerGas)
    const { chainId } = tx
    if (chainId !== undefined && !(Number.isSafeInteger(chainId) && chainId > 0)) throw fromViem(new InvalidChainIdError({ chainId }))
    if (gasPrice !== undefined && (maxFeePerGas !== undefined || maxPriorityFeePerGas !== undefined)) {
      throw fromViem(new FeeConflictError())
    }
    if (gasPrice !== undefined) {
      assertTransactionLegacy({ chainId, gasPrice })
      return null
    }
    // viem checks the tip against the cap only when both are present; a tip alone is fine.
    assertTransactionEIP1559({ chainId: chainId ?? 1, maxFeePerGas, maxPriorityFeePerGas })
    return null
  } catch (error) {
    if (error instanceof TransactionRuleError) return error
    return fromViem(error)
  }
}

const STORAGE_KEY = /^0x[0-9a-fA-F]{64}$/

/**
 * The first storage key of an access list that is not exactly 32 bytes of hex, as an error, or `null`.
 *
 * @example
 * accessListError([{ address: '0x…', storageKeys: ['0x01'] }])?.shortMessage // 'Size for storage key "0x01" is invalid. …'
 */
export function accessListError(accessList: readonly { address: string; storageKeys: readonly string[] }[]): TransactionRuleError | null {
  for (const { storageKeys } of accessList) {
    for (const storageKey of storageKeys) {
      if (STORAGE_KEY.test(storageKey)) continue
      // viem words a wrong size; what is not hex bytes at all has no size to tell.
      if (hexByteLength(storageKey) === null) return new TransactionRuleError('Invalid `accessList.storageKeys`: expected 32 bytes of hex', { details: show(storageKey) })
      return fromViem(new InvalidStorageKeySizeError({ storageKey: storageKey as `0x${string}` }))
    }
  }
  return null
}

/** Version byte of a KZG versioned hash (EIP-4844). */
export const VERSIONED_HASH_VERSION_KZG = 1

function hexByteLength(hex: string): number | null {
  if (!/^0x(?:[0-9a-fA-F]{2})*$/.test(hex)) return null
  return (hex.length - 2) / 2
}

/**
 * The first blob rule the data breaks, or `null`: non-empty, at most 761,855 bytes, even-length
 * hex.
 *
 * @example
 * blobDataError('0x')?.shortMessage // 'Blob data must not be empty.'
 */
export function blobDataError(data: string): TransactionRuleError | null {
  const size = hexByteLength(data)
  if (size === null) return new TransactionRuleError('Blob data must be hex bytes.', { details: data.slice(0, 66) })
  if (size === 0) return new TransactionRuleError('Blob data must not be empty.')
  if (size > BLOB_MAX_BYTES) {
    return new TransactionRuleError('Blob size is too large.', { metaMessages: [`Max: ${BLOB_MAX_BYTES} bytes`, `Given: ${size} bytes`] })
  }
  return null
}

/**
 * The first versioned-hash rule broken, or `null`: a non-empty list of 32-byte hashes whose first
 * byte is version 1.
 *
 * @example
 * versionedHashesError([`0x01${'00'.repeat(31)}`]) // null
 */
export function versionedHashesError(hashes: readonly string[]): TransactionRuleError | null {
  if (hashes.length === 0) return new TransactionRuleError('Blob data must not be empty.')
  for (const hash of hashes) {
    if (hexByteLength(hash) !== 32) return new TransactionRuleError(`Versioned hash "${hash}" size is invalid.`, { details: hash })
    if (Number.parseInt(hash.slice(2, 4), 16) !== VERSIONED_HASH_VERSION_KZG) {
      return new TransactionRuleError(`Versioned hash "${hash}" version is invalid.`, { details: hash })
    }
  }
  return null
}

/**
 * The shape error of `wallet_sendCalls` params, or `null`: one object whose `calls` is a
 * non-empty array, each call's `to` and `data` (when given) starting with `0x`.
 *
 * @example
 * sendCallsError([{ calls: [{ to: '0xab…', data: '0x' }] }]) // null
 */
export function sendCallsError(params: unknown): InvalidSendCallsError | null {
  const request = Array.isArray(params) ? params[0] : params
  if (!request || typeof request !== 'object') return new InvalidSendCallsError('params must hold one request object')
  const calls = (request as { calls?: unknown }).calls
  if (!Array.isArray(calls) || calls.length === 0) return new InvalidSendCallsError('calls must be a non-empty array')
  for (const [i, call] of calls.entries()) {
    if (!call || typeof call !== 'object') return new InvalidSendCallsError(`calls[${i}] must be an object`)
    const { to, data } = call as { to?: unknown; data?: unknown }
    if (typeof to !== 'string' || !to.startsWith('0x')) return new InvalidSendCallsError(`calls[${i}].to must start with 0x`)
    if (data !== undefined && (typeof data !== 'string' || !data.startsWith('0x'))) {
      return new InvalidSendCallsError(`calls[${i}].data must start with 0x`)
    }
  }
  return null
}

/** A field of a host's transaction request, as JSON-RPC sends it: absent when `undefined` or `null`. */
function field(tx: Record<string, unknown>, key: string): unknown {
  const value = tx[key]
  return value === null ? undefined : value
}

/** A fee field as `FeeFields` takes it: JSON-RPC's hex quantity, a decimal string, or a whole number. */
function feeText(value: unknown, key: string): string | undefined {
  if (value === undefined) return undefined
  if (typeof value === 'string') return value
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value)
  if (typeof value === 'bigint' && value >= 0n) return value.toString()
  throw new TransactionRuleError(`Invalid \`${key}\`: expected a non-negative integer`, { details: show(value) })
}

function chainIdOf(value: unknown): number | undefined {
  if (value === undefined) return undefined
  if (typeof value === 'number') return value
  if (typeof value === 'string' && /^(?:[0-9]{1,20}|0x[0-9a-fA-F]{1,64})$/.test(value)) return Number(value)
  throw new TransactionRuleError('Invalid `chainId`: expected a positive integer', { details: show(value) })
}

function listOfText(value: unknown, key: string): string[] {
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw new TransactionRuleError(`Invalid \`${key}\`: expected a list of hex strings`, { details: show(value) })
  }
  return value as string[]
}

function accessListOf(value: unknown): { address: string; storageKeys: string[] }[] {
  const shape = (): never => {
    throw new TransactionRuleError('Invalid `accessList`: expected a list of { address, storageKeys }', { details: show(value) })
  }
  if (!Array.isArray(value)) return shape()
  return value.map((entry: unknown) => {
    if (!isPlainObject(entry) || typeof entry.address !== 'string') return shape()
    return { address: entry.address, storageKeys: listOfText(entry.storageKeys, 'accessList.storageKeys') }
  })
}

/**
 * The first rule of spec §5 a transaction request breaks (an `eth_sendTransaction` object as a
 * host hands it to a wallet), or `null`: the fee rules (`feeRuleError`), 32-byte storage keys in
 * `accessList`, non-empty blob data of at most 761,855 bytes in `blobs`, and version-1 32-byte
 * `blobVersionedHashes`. Fields the rules do not cover are not looked at; a value of the wrong
 * kind in a covered field is refused too. Never throws, whatever it is given.
 *
 * @example
 * transactionRequestError({ to: '0x…', gasPrice: '0x1', maxFeePerGas: '0x2' })?.shortMessage // 'Cannot specify both a `gasPrice` and …'
 * transactionRequestError({ to: '0x…', value: '0x1' }) // null
 */
export function transactionRequestError(tx: Record<string, unknown>): TransactionRuleError | null {
  try {
    const fees = feeRuleError({
      chainId: chainIdOf(field(tx, 'chainId')),
      gasPrice: feeText(field(tx, 'gasPrice'), 'gasPrice'),
      maxFeePerGas: feeText(field(tx, 'maxFeePerGas'), 'maxFeePerGas'),
      maxPriorityFeePerGas: feeText(field(tx, 'maxPriorityFeePerGas'), 'maxPriorityFeePerGas'),
    })
    if (fees) return fees
    const accessList = field(tx, 'accessList')
    if (accessList !== undefined) {
      const error = accessListError(accessListOf(accessList))
      if (error) return error
    }
    const blobs = field(tx, 'blobs')
    if (blobs !== undefined) {
      const list = listOfText(blobs, 'blobs')
      if (list.length === 0) return new TransactionRuleError('Blob data must not be empty.')
      for (const blob of list) {
        const error = blobDataError(blob)
        if (error) return error
      }
    }
    const hashes = field(tx, 'blobVersionedHashes')
    if (hashes !== undefined) return versionedHashesError(listOfText(hashes, 'blobVersionedHashes'))
    return null
  } catch (error) {
    if (error instanceof TransactionRuleError) return error
    return new TransactionRuleError('Invalid transaction request', { details: error instanceof Error ? error.message : show(error) })
  }
}

/** Solana commitment levels accepted by the embedded wallet (spec §5). */
export const SOLANA_COMMITMENTS = ['processed', 'confirmed', 'finalized', 'recent', 'single', 'singleGossip', 'root', 'max'] as const
export type SolanaCommitment = (typeof SOLANA_COMMITMENTS)[number]

/**
 * Whether `value` is a Solana commitment level.
 *
 * @example
 * isSolanaCommitment('confirmed') // true
 */
export function isSolanaCommitment(value: unknown): value is SolanaCommitment {
  return typeof value === 'string' && (SOLANA_COMMITMENTS as readonly string[]).includes(value)
}

function isPositiveAmount(amount: string | number | undefined | null): boolean {
  if (amount === undefined || amount === null || amount === '') return false
  const n = typeof amount === 'number' ? amount : Number(amount)
  return Number.isFinite(n) && n > 0
}

/**
 * The send form's error, or `null` when it can be sent: an amount above zero and a receiver
 * are needed first ('An amount and receiver address are required'), then a token ('A token is
 * required').
 *
 * @example
 * sendFormError({ amount: '1', receiverAddress: '0xab…' })?.shortMessage // 'A token is required'
 */
export function sendFormError(form: {
  amount?: string | number | undefined | null
  receiverAddress?: string | undefined | null
  token?: unknown
}): SendFormError | null {
  if (!isPositiveAmount(form.amount) || !form.receiverAddress) return new SendFormError('An amount and receiver address are required')
  if (!form.token) return new SendFormError('A token is required')
  return null
}
