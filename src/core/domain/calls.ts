/**
 * EIP-5792 batched calls (spec §5, §6): the calls a host hands in, the `wallet_sendCalls`
 * request made of them, and the wallet's answers read back (`wallet_getCallsStatus`,
 * `wallet_getCapabilities`). Pure: the batched-calls effects and commands use these, and the
 * fuzz campaigns feed them junk.
 */
import { isAddress } from 'viem'
import { InvalidSendCallsError } from '../errors/domain.js'
import { isPlainObject, plainDataProblem, show } from '../events/schema.js'
import { sendCallsError } from './transactionRules.js'
import { isTransactionHash } from './walletAnswers.js'

/** One call of a batch, JSON-safe: `value` in wei as 0x-hex. */
export type Call = { to: string; data?: string; value?: string }

/** A call as a host writes it: viem's shape, `value` as a bigint or an integer string. */
export type CallInput = { to: string; data?: string; value?: bigint | string | number }

/** The version of EIP-5792 requests are made in. */
export const CALLS_VERSION = '2.0.0'

/** How many calls one request may carry (a wallet may take fewer: 5740). */
export const CALLS_MAX = 100

/** The receipt of a transaction that carried (part of) a batch. */
export type CallsReceipt = { status: 'success' | 'reverted'; transactionHash: string; blockNumber: string; gasUsed?: string }

/** Where a batch is: EIP-5792's status codes by their hundreds. */
export type CallsStatusKind = 'pending' | 'confirmed' | 'failed' | 'reverted' | 'partial'

/** A batch's status as a wallet reports it (`wallet_getCallsStatus`), read. */
export type CallsStatus = { status: number; atomic: boolean; receipts: CallsReceipt[] }

const HEX = /^0x[0-9a-fA-F]*$/
const QUANTITY = /^0x[0-9a-fA-F]+$/

/**
 * The calls of a host's `sendCalls`, checked and made JSON-safe; throws `InvalidSendCallsError`
 * ('Invalid wallet_sendCalls request') saying which call is wrong.
 *
 * @example
 * readCalls([{ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: 1n }]) // [{ to: '0x7099…', value: '0x1' }]
 */
export function readCalls(input: unknown): Call[] {
  const shape = sendCallsError({ calls: input })
  if (shape) throw shape
  const calls = input as unknown[]
  if (calls.length > CALLS_MAX) throw new InvalidSendCallsError(`a batch holds at most ${CALLS_MAX} calls, got ${calls.length}`)
  return calls.map((raw, i) => {
    const c = raw as Record<string, unknown>
    for (const key of Object.keys(c)) if (key !== 'to' && key !== 'data' && key !== 'value') throw new InvalidSendCallsError(`calls[${i}].${key} is not a known field`)
    const to = c.to as string
    if (!isAddress(to, { strict: false })) throw new InvalidSendCallsError(`calls[${i}].to must be an address, got ${show(to)}`)
    const call: Call = { to }
    if (c.data !== undefined) {
      if (!HEX.test(c.data as string) || (c.data as string).length % 2 !== 0) throw new InvalidSendCallsError(`calls[${i}].data must be hex bytes, got ${show(c.data)}`)
      call.data = c.data as string
    }
    if (c.value !== undefined) call.value = weiHex(c.value, `calls[${i}].value`)
    return call
  })
}

function weiHex(value: unknown, path: string): string {
  let wei: bigint | undefined
  if (typeof value === 'bigint') wei = value
  else if (typeof value === 'number' && Number.isSafeInteger(value)) wei = BigInt(value)
  else if (typeof value === 'string' && (/^[0-9]{1,78}$/.test(value) || (QUANTITY.test(value) && value.length <= 66))) wei = BigInt(value)
  if (wei === undefined || wei < 0n || wei >= 2n ** 256n) throw new InvalidSendCallsError(`${path} must be a non-negative integer amount of wei, got ${show(value)}`)
  return `0x${wei.toString(16)}`
}

/**
 * The `wallet_sendCalls` params of a batch (EIP-5792 version 2.0.0).
 *
 * @example
 * sendCallsParams({ from, chainId: 31337, calls, atomicRequired: true }) // [{ version: '2.0.0', chainId: '0x7a69', … }]
 */
export function sendCallsParams(r: { from: string; chainId: number; calls: readonly Call[]; atomicRequired: boolean; capabilities?: unknown; id?: string | undefined }): unknown[] {
  return [
    {
      version: CALLS_VERSION,
      ...(r.id !== undefined ? { id: r.id } : {}),
      from: r.from,
      chainId: `0x${r.chainId.toString(16)}`,
      atomicRequired: r.atomicRequired,
      calls: r.calls,
      ...(r.capabilities !== undefined ? { capabilities: r.capabilities } : {}),
    },
  ]
}

/**
 * The batch id of a `wallet_sendCalls` answer (`{ id }`; a wallet of the first draft answers the
 * id itself); throws a plain Error saying what was wrong.
 *
 * @example
 * readSentCalls({ id: '0xab' }) // { id: '0xab' }
 */
export function readSentCalls(answer: unknown): { id: string; capabilities?: Record<string, unknown> } {
  if (typeof answer === 'string' && answer !== '' && answer.length <= 4096) return { id: answer }
  if (!isPlainObject(answer)) throw new Error(`wallet_sendCalls answered ${show(answer)}, expected { id }`)
  const { id, capabilities } = answer
  if (typeof id !== 'string' || id === '' || id.length > 4096) throw new Error(`wallet_sendCalls answered an id of ${show(id)}`)
  if (capabilities !== undefined && (!isPlainObject(capabilities) || plainDataProblem(capabilities, 'capabilities'))) throw new Error(`wallet_sendCalls answered capabilities of ${show(capabilities)}`)
  return capabilities === undefined ? { id } : { id, capabilities: capabilities as Record<string, unknown> }
}

/**
 * A `wallet_getCallsStatus` answer, read: its numeric status (a first-draft 'PENDING' /
 * 'CONFIRMED' as 100 / 200), whether it ran atomically, its receipts. Throws a plain Error
 * saying what was wrong.
 *
 * @example
 * readCallsStatus({ status: 200, atomic: true, receipts: [{ status: '0x1', transactionHash, blockNumber: '0x5' }] })
 */
export function readCallsStatus(answer: unknown): CallsStatus {
  if (!isPlainObject(answer)) throw new Error(`wallet_getCallsStatus answered ${show(answer)}`)
  const raw = answer.status
  const status = raw === 'PENDING' ? 100 : raw === 'CONFIRMED' ? 200 : raw
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 999) throw new Error(`wallet_getCallsStatus answered a status of ${show(raw)}`)
  if (answer.atomic !== undefined && typeof answer.atomic !== 'boolean') throw new Error(`wallet_getCallsStatus answered atomic: ${show(answer.atomic)}`)
  const receipts = answer.receipts ?? []
  if (!Array.isArray(receipts) || receipts.length > CALLS_MAX) throw new Error(`wallet_getCallsStatus answered receipts of ${show(receipts)}`)
  return { status, atomic: answer.atomic === true, receipts: receipts.map((r, i) => readReceipt(r, i)) }
}

function readReceipt(r: unknown, i: number): CallsReceipt {
  if (!isPlainObject(r)) throw new Error(`receipts[${i}] is ${show(r)}`)
  const { status, transactionHash, blockNumber, gasUsed } = r
  const ok = status === '0x1' || status === 1 || status === 'success'
  const reverted = status === '0x0' || status === 0 || status === 'reverted'
  if (!ok && !reverted) throw new Error(`receipts[${i}].status is ${show(status)}`)
  if (!isTransactionHash(transactionHash)) throw new Error(`receipts[${i}].transactionHash is ${show(transactionHash)}`)
  if (typeof blockNumber !== 'string' || !QUANTITY.test(blockNumber) || blockNumber.length > 66) throw new Error(`receipts[${i}].blockNumber is ${show(blockNumber)}`)
  const receipt: CallsReceipt = { status: ok ? 'success' : 'reverted', transactionHash, blockNumber: BigInt(blockNumber).toString() }
  if (typeof gasUsed === 'string' && QUANTITY.test(gasUsed) && gasUsed.length <= 66) receipt.gasUsed = BigInt(gasUsed).toString()
  return receipt
}

/**
 * What a status code says (EIP-5792): 1xx pending, 2xx confirmed, 4xx failed before reaching
 * the chain, 5xx reverted, 6xx partly done.
 *
 * @example
 * callsStatusKind(200) // 'confirmed'
 */
export function callsStatusKind(status: number): CallsStatusKind {
  if (status < 200) return 'pending'
  if (status < 300) return 'confirmed'
  if (status < 500) return 'failed'
  if (status < 600) return 'reverted'
  return 'partial'
}

/**
 * A `wallet_getCapabilities` answer, read: capabilities by chain id (0x-hex, or `0x0` for every
 * chain). Throws a plain Error saying what was wrong.
 *
 * @example
 * readCapabilities({ '0x7a69': { atomic: { status: 'supported' } } })
 */
export function readCapabilities(answer: unknown): Record<string, Record<string, unknown>> {
  if (!isPlainObject(answer)) throw new Error(`wallet_getCapabilities answered ${show(answer)}`)
  const junk = plainDataProblem(answer, 'capabilities')
  if (junk) throw new Error(`wallet_getCapabilities answered junk: ${junk}`)
  const out: Record<string, Record<string, unknown>> = {}
  for (const [chain, capabilities] of Object.entries(answer)) {
    if (!QUANTITY.test(chain) || chain.length > 66) throw new Error(`wallet_getCapabilities answered a chain id of ${show(chain)}`)
    if (!isPlainObject(capabilities)) throw new Error(`wallet_getCapabilities answered ${show(capabilities)} for ${chain}`)
    out[`0x${BigInt(chain).toString(16)}`] = capabilities
  }
  return out
}

/**
 * Whether a wallet's answer means it does not do the method at all: `wallet_sendCalls` (so a host
 * that asked for it may fall back to one transaction per call), or an ERC-7715 method (asked
 * again by its older name).
 *
 * @example
 * isUnsupportedMethod(4200) // true
 */
export function isUnsupportedMethod(code: number | undefined): boolean {
  return code === 4200 || code === -32601 || code === -32004
}
