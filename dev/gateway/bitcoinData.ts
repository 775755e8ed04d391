// The gateway's Bitcoin: an Esplora-shaped API per served network (`/v1/esplora/{reference}/…`,
// forwarded to the network's Esplora server once the request is checked), and Bitcoin balances
// for the data API's balance route, priced like every other asset.
import { formatUnits } from 'viem'
import type { TokenBalance } from '../../src/core/domain/entities'
import { BITCOIN_ADDRESS_PARAMS, outputScript } from '../bitcoin/addresses'
import { tokenIconUrl } from './chainData'
import { clip, HttpError } from './validate'

/** A Bitcoin network the gateway serves: its CAIP-2 id and an Esplora server (e.g. the local node's of dev/bitcoin). */
export type GatewayBitcoin = {
  /** `bip122:<first 32 hex digits of the genesis hash>`: mainnet, testnet or regtest (their address prefixes are known). */
  caipNetworkId: string
  /** The Esplora API's base URL, e.g. `https://blockstream.info/api` or the local node's `esploraUrl`. */
  esploraUrl: string
}

/** Start-up price of BTC, merged into the price table when a Bitcoin network is served. */
export const BITCOIN_DEFAULT_PRICES: Readonly<Record<string, number>> = { BTC: 90_000 }

const BTC = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }

/** Why a timeout: an Esplora server that hangs must become a 502, not a request that never ends. */
const ESPLORA_TIMEOUT_MS = 10_000

/** The largest broadcast body the gateway forwards: the hex of a standard transaction (≤ 400 000 weight units) fits. */
export const MAX_BITCOIN_TX_HEX_BYTES = 800_000

export const INVALID_BITCOIN_ADDRESS = 'Invalid Bitcoin address'

const TXID = /^[0-9a-fA-F]{64}$/

type Stats = { funded_txo_sum: number; spent_txo_sum: number }

/** An answer of the Esplora routes: JSON, or text as Esplora answers a txid, a hex or a height. */
export type EsploraReply = { json: unknown } | { text: string }

/**
 * The gateway's view of one Bitcoin network: address checks, the Esplora routes' answers and
 * balances. An Esplora server that fails or hangs is answered with `HttpError(502)`; its 4xx
 * (an unknown transaction, a rejected broadcast) pass through with its text.
 *
 * @example
 * const btc = createBitcoinData({ bitcoin: { caipNetworkId: REGTEST_CAIP2, esploraUrl }, prices: () => ({ BTC: 90000 }) })
 * await btc.esplora('GET', '/fee-estimates', async () => '') // { json: { '1': 5, … } }
 */
export function createBitcoinData(options: { bitcoin: GatewayBitcoin; prices: () => Readonly<Record<string, number>> }) {
  const { caipNetworkId } = options.bitcoin
  const params = BITCOIN_ADDRESS_PARAMS[caipNetworkId]
  if (!/^bip122:[0-9a-f]{32}$/.test(caipNetworkId) || params === undefined) {
    throw new Error(`bitcoin.caipNetworkId must be the CAIP-2 id of Bitcoin mainnet, testnet or regtest (${Object.keys(BITCOIN_ADDRESS_PARAMS).join(', ')}), got '${caipNetworkId}'`)
  }
  let base: URL
  try {
    base = new URL(options.bitcoin.esploraUrl)
  } catch {
    throw new Error(`bitcoin.esploraUrl must be an http(s) URL, got '${options.bitcoin.esploraUrl}'`)
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new Error(`bitcoin.esploraUrl must be an http(s) URL, got '${options.bitcoin.esploraUrl}'`)
  const esploraUrl = base.href.replace(/\/+$/, '')

  function address(raw: string): string {
    if (outputScript(raw, params!) === null) throw new HttpError(400, INVALID_BITCOIN_ADDRESS)
    return raw
  }

  function txid(raw: string): string {
    if (!TXID.test(raw)) throw new HttpError(400, `Invalid transaction id '${clip(raw)}': expected 64 hex digits`)
    return raw.toLowerCase()
  }

  /** Calls the Esplora server; its 4xx become the same status with its text, anything else a 502. */
  async function upstream(path: string, init: { method?: string; body?: string } = {}): Promise<{ text: string; json: boolean }> {
    let res: Response
    let text: string
    try {
      res = await fetch(`${esploraUrl}${path}`, {
        method: init.method ?? 'GET',
        ...(init.body !== undefined ? { body: init.body, headers: { 'content-type': 'text/plain' } } : {}),
        signal: AbortSignal.timeout(ESPLORA_TIMEOUT_MS),
      })
      text = await res.text()
    } catch (error) {
      const reason = String((error as Error)?.message ?? error).split('\n')[0]
      throw new HttpError(502, `The Esplora server of ${caipNetworkId} failed: ${reason}`, {}, undefined, `${esploraUrl}${path}: ${reason}`)
    }
    if (res.status >= 400 && res.status < 500) throw new HttpError(res.status, clip(text.trim() || `HTTP ${res.status}`, 500))
    if (!res.ok) throw new HttpError(502, `The Esplora server of ${caipNetworkId} answered HTTP ${res.status}`, {}, undefined, clip(text, 500))
    return { text, json: (res.headers.get('content-type') ?? '').includes('json') }
  }

  async function upstreamJson(path: string): Promise<unknown> {
    const { text } = await upstream(path)
    try {
      return JSON.parse(text)
    } catch {
      throw new HttpError(502, `The Esplora server of ${caipNetworkId} answered ${path.split('/')[1]} with something that is not JSON`)
    }
  }

  return {
    caipNetworkId,
    /** The CAIP-2 reference: the `{reference}` of `/v1/esplora/{reference}/…`. */
    reference: caipNetworkId.slice('bip122:'.length),
    /** Whether `raw` is an address of this network. */
    isAddress: (raw: string) => outputScript(raw, params) !== null,
    /**
     * Answers one Esplora request (`path` under the network's base, as sent: percent-encoded), checked before it is
     * forwarded: addresses of this network, 64-hex txids, a hex body for a broadcast.
     */
    async esplora(method: string, path: string, body: () => Promise<string>): Promise<EsploraReply> {
      const at = path.split('/').slice(1)
      const segment = (i: number) => {
        try {
          return decodeURIComponent(at[i]!)
        } catch {
          throw new HttpError(400, `Malformed percent-encoding in path: ${clip(path)}`)
        }
      }
      if (method === 'GET') {
        if (at[0] === 'address' && at.length === 2) return { json: await upstreamJson(`/address/${encodeURIComponent(address(segment(1)))}`) }
        if (at[0] === 'address' && at.length === 3 && at[2] === 'utxo') return { json: await upstreamJson(`/address/${encodeURIComponent(address(segment(1)))}/utxo`) }
        if (at[0] === 'tx' && at.length === 3 && at[2] === 'status') return { json: await upstreamJson(`/tx/${txid(segment(1))}/status`) }
        if (at[0] === 'tx' && at.length === 3 && at[2] === 'hex') return { text: (await upstream(`/tx/${txid(segment(1))}/hex`)).text.trim() }
        if (path === '/fee-estimates') return { json: await upstreamJson('/fee-estimates') }
        if (path === '/blocks/tip/height') return { text: (await upstream('/blocks/tip/height')).text.trim() }
      }
      if (method === 'POST' && path === '/tx') {
        const hex = (await body()).trim()
        if (hex === '') throw new HttpError(400, 'The body must be a raw transaction in hex, got nothing')
        if (hex.length > MAX_BITCOIN_TX_HEX_BYTES) throw new HttpError(413, `A raw transaction must be at most ${MAX_BITCOIN_TX_HEX_BYTES} hex digits`)
        if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(hex)) throw new HttpError(400, 'The body must be a raw transaction in hex (an even number of hex digits)')
        return { text: (await upstream('/tx', { method: 'POST', body: hex })).text.trim() }
      }
      throw new HttpError(404, `No such Esplora endpoint: ${method} ${clip(path)}`)
    },
    /** An address's BTC balance (confirmed and in the mempool), as the data API's one native entry. */
    async balances(raw: string, baseUrl: string): Promise<TokenBalance[]> {
      const summary = (await upstreamJson(`/address/${encodeURIComponent(address(raw))}`)) as { chain_stats?: Stats; mempool_stats?: Stats }
      const sats = [summary?.chain_stats, summary?.mempool_stats].reduce((sum, s) => {
        if (!s || !Number.isSafeInteger(s.funded_txo_sum) || !Number.isSafeInteger(s.spent_txo_sum)) {
          throw new HttpError(502, `The Esplora server of ${caipNetworkId} answered an address summary without txo sums`)
        }
        return sum + BigInt(s.funded_txo_sum) - BigInt(s.spent_txo_sum)
      }, 0n)
      const numeric = formatUnits(sats, BTC.decimals)
      const price = options.prices()[BTC.symbol] ?? 0
      return [
        {
          name: BTC.name,
          symbol: BTC.symbol,
          chainId: caipNetworkId,
          value: Number(numeric) * price,
          price,
          quantity: { decimals: String(BTC.decimals), numeric },
          iconUrl: tokenIconUrl(baseUrl, BTC.symbol),
        },
      ]
    },
  }
}

export type BitcoinData = ReturnType<typeof createBitcoinData>
