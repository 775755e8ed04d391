import { RPC_TIMEOUT_MS } from '../../core/domain/constants.js'
import type { Network } from '../../core/domain/entities.js'
import { GangwayError } from '../../core/errors/base.js'
import { NetworkNotFoundError } from '../../core/errors/connection.js'
import type { RpcGateway } from '../../core/ports.js'
import { preview } from '../preview.js'

/** An Esplora answer that is not an outage: its status and text (a 400's reason, a 404). */
export type EsploraAnswer = { status: number; text: string }

/** A failed Esplora read or broadcast, with the server's words when it answered. */
export class EsploraError extends GangwayError {
  override readonly name = 'EsploraError'
}

/**
 * The Esplora bases a network is read through: the gateway's Esplora routes first when the modal
 * has a gateway (`{apiUrl}/v1/esplora/{reference}`, each request with `?projectId=`), then the
 * network's own URLs (its `rpcUrls`), each once.
 *
 * @example
 * esploraBases(bitcoinMainnet, { apiUrl: 'https://api.example.com', projectId: 'p1' })
 * // [{ base: 'https://api.example.com/v1/esplora/000000000019d6689c085ae165831e93', query: '?projectId=p1' }, { base: 'https://mempool.space/api', query: '' }]
 */
export function esploraBases(network: Network, gateway: RpcGateway | undefined): { base: string; query: string }[] {
  const bases: { base: string; query: string }[] = []
  if (gateway) {
    const reference = network.caipNetworkId.slice(network.caipNetworkId.indexOf(':') + 1)
    bases.push({ base: `${gateway.apiUrl.replace(/\/+$/, '')}/v1/esplora/${encodeURIComponent(reference)}`, query: `?${new URLSearchParams({ projectId: gateway.projectId })}` })
  }
  const own = [...network.rpcUrls.default.http, ...(network.rpcUrls.chainDefault?.http ?? [])].filter((u) => typeof u === 'string' && u !== '')
  for (const url of new Set(own.map((u) => u.replace(/\/+$/, '')))) bases.push({ base: url, query: '' })
  return bases
}

/**
 * An Esplora client over a network's bases: a request goes to the first base, and to the next
 * when one is unreachable, times out or answers 5xx / 429; an answer of another status is the
 * server's word (a 400 with the node's reason, a 404) and is returned as it is.
 */
export function createEsplora(options: { fetch?: typeof fetch; gateway: () => RpcGateway | undefined; timeoutMs?: number }) {
  const timeoutMs = options.timeoutMs ?? RPC_TIMEOUT_MS

  async function request(network: Network, path: string, init?: { method: 'POST'; body: string }): Promise<EsploraAnswer> {
    const bases = esploraBases(network, options.gateway())
    if (bases.length === 0) throw new NetworkNotFoundError(`${network.caipNetworkId} (no Esplora URL)`)
    // The global fetch is looked up at each call and called on the global object (a detached one may throw).
    const run: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
    let last: unknown
    for (const { base, query } of bases) {
      const controller = new AbortController()
      const timer = setTimeout(() => controller.abort(), timeoutMs)
      try {
        const response = await run(`${base}${path}${query}`, {
          method: init?.method ?? 'GET',
          ...(init ? { body: init.body, headers: { 'content-type': 'text/plain' } } : {}),
          signal: controller.signal,
        })
        const text = (await response.text()).slice(0, 100_000)
        if (response.status >= 500 || response.status === 429) {
          last = new EsploraError('Something went wrong', { details: `${base}${path}: ${response.status} ${text.slice(0, 200)}` })
          continue
        }
        return { status: response.status, text }
      } catch (error) {
        last = error
      } finally {
        clearTimeout(timer)
      }
    }
    throw last instanceof GangwayError ? last : new EsploraError('Something went wrong', { details: `${network.caipNetworkId}${path}: ${last instanceof Error ? last.message : 'unreachable'}`, cause: last })
  }

  /** A GET whose 200 answer is JSON; anything else fails with the server's words. */
  async function json(network: Network, path: string): Promise<unknown> {
    const answer = await request(network, path)
    if (answer.status !== 200) throw new EsploraError('Something went wrong', { details: `${path}: ${answer.status} ${answer.text.slice(0, 200)}` })
    try {
      return JSON.parse(answer.text)
    } catch {
      throw new EsploraError('Something went wrong', { details: `${path}: not JSON: ${preview(answer.text)}` })
    }
  }

  return { request, json }
}

export type Esplora = ReturnType<typeof createEsplora>

/** A satoshi amount an Esplora answer holds: a non-negative safe integer. */
export function sats(value: unknown, what: string): bigint {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new EsploraError('Something went wrong', { details: `${what} ${preview(value)} is not an amount of satoshis` })
  return BigInt(value)
}

/**
 * An address's balance in satoshis from `GET /address/:address`: funded minus spent, confirmed
 * and in the mempool, as Esplora sums them.
 */
export function balanceOf(answer: unknown): bigint {
  let total = 0n
  for (const key of ['chain_stats', 'mempool_stats']) {
    const stats = (answer as Record<string, unknown> | null)?.[key] as Record<string, unknown> | undefined
    if (stats === null || typeof stats !== 'object') throw new EsploraError('Something went wrong', { details: `${key} is missing from the address summary` })
    total += sats(stats.funded_txo_sum, `${key}.funded_txo_sum`) - sats(stats.spent_txo_sum, `${key}.spent_txo_sum`)
  }
  if (total < 0n) throw new EsploraError('Something went wrong', { details: 'the address summary spends more than it funds' })
  return total
}

/** An unspent output as Esplora lists it. */
export type Utxo = { txid: string; vout: number; value: bigint; confirmed: boolean }

/** The UTXOs of `GET /address/:address/utxo`, checked (at most 500, the largest kept). */
export function utxosOf(answer: unknown): Utxo[] {
  if (!Array.isArray(answer)) throw new EsploraError('Something went wrong', { details: 'the UTXO list is not a list' })
  const list = answer.map((u: unknown, i): Utxo => {
    const { txid, vout, value, status } = (u ?? {}) as Record<string, unknown>
    if (typeof txid !== 'string' || !/^[0-9a-f]{64}$/i.test(txid)) throw new EsploraError('Something went wrong', { details: `utxo ${i}: txid ${preview(txid)}` })
    if (typeof vout !== 'number' || !Number.isSafeInteger(vout) || vout < 0 || vout > 0xffffffff) throw new EsploraError('Something went wrong', { details: `utxo ${i}: vout ${preview(vout)}` })
    return { txid: txid.toLowerCase(), vout, value: sats(value, `utxo ${i} value`), confirmed: (status as { confirmed?: unknown } | undefined)?.confirmed === true }
  })
  return list.sort((a, b) => (a.value === b.value ? 0 : a.value > b.value ? -1 : 1)).slice(0, 500)
}

/** Block targets asked for, in order: the fee that confirms within about three blocks first. */
const FEE_TARGETS = ['3', '2', '4', '6', '1', '10', '144']

/**
 * The fee rate (sat/vB, rounded up, at least 1) from `GET /fee-estimates`: the 3-block target's,
 * else the nearest target the server gives.
 */
export function feeRateOf(answer: unknown): bigint {
  if (answer === null || typeof answer !== 'object') throw new EsploraError('Fee unavailable', { details: 'the fee estimates are not an object' })
  const rates = answer as Record<string, unknown>
  for (const target of FEE_TARGETS) {
    const rate = rates[target]
    if (typeof rate === 'number' && Number.isFinite(rate) && rate > 0 && rate < 1_000_000) return BigInt(Math.max(1, Math.ceil(rate)))
  }
  throw new EsploraError('Fee unavailable', { details: 'the fee estimates give no usable rate' })
}

/** A transaction's status from `GET /tx/:txid/status`; null for a 404 (not seen yet). */
export function txStatusOf(answer: EsploraAnswer): { confirmed: boolean; blockHeight?: number } | null {
  if (answer.status === 404) return null
  if (answer.status !== 200) throw new EsploraError('Something went wrong', { details: `tx status: ${answer.status} ${answer.text.slice(0, 200)}` })
  let body: unknown
  try {
    body = JSON.parse(answer.text)
  } catch {
    throw new EsploraError('Something went wrong', { details: `tx status is not JSON: ${preview(answer.text)}` })
  }
  const { confirmed, block_height } = (body ?? {}) as Record<string, unknown>
  if (typeof confirmed !== 'boolean') throw new EsploraError('Something went wrong', { details: `tx status has no confirmed flag: ${preview(body)}` })
  if (!confirmed) return { confirmed }
  if (typeof block_height !== 'number' || !Number.isSafeInteger(block_height) || block_height < 0) throw new EsploraError('Something went wrong', { details: `confirmed without a block height: ${preview(block_height)}` })
  return { confirmed, blockHeight: block_height }
}
