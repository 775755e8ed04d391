// The local node's Esplora-shaped HTTP API (the paths Blockstream's and mempool.space's Esplora
// answer), read straight from the in-process bcoin node: address summaries and UTXOs (its address
// index), transaction status and hex (its transaction index), fixed fee estimates, the tip
// height, and a broadcast that answers a mempool rejection 400 with the node's reason.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { toNodeAddress, outputScript } from './addresses'
import type { Bcoin, BcoinAddress, BcoinCoin, BcoinMeta, BcoinNode } from './bcoin'
import { REGTEST_ADDRESSES } from './devAccounts'

/** Regtest has no fee market: fixed rates (sat/vB) per confirmation target, all above bcoin's 1 sat/vB relay floor. */
export const REGTEST_FEE_ESTIMATES: Readonly<Record<string, number>> = { '1': 5, '3': 3, '6': 2, '144': 1 }

/** Largest broadcast body: the hex of a 400 000-weight (standard maximum) transaction, and some. */
export const MAX_TX_BODY_BYTES = 1024 * 1024

export const INVALID_ADDRESS = 'Invalid Bitcoin address'
export const TX_NOT_FOUND = 'Transaction not found'

export type TxStatus = { confirmed: boolean; block_height?: number; block_hash?: string; block_time?: number }
export type TxoStats = { funded_txo_count: number; funded_txo_sum: number; spent_txo_count: number; spent_txo_sum: number; tx_count: number }
export type AddressSummary = { address: string; chain_stats: TxoStats; mempool_stats: TxoStats }

/** A refusal the front answers with `status` and `message` as text, as Esplora does. */
export class EsploraError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/** A 64-hex txid as the node's internal hash (byte-reversed hex), or a 400. */
function txHash(txid: string): string {
  if (!/^[0-9a-fA-F]{64}$/.test(txid)) throw new EsploraError(400, 'Invalid transaction id')
  return Buffer.from(txid, 'hex').reverse().toString('hex')
}

const emptyStats = (): TxoStats => ({ funded_txo_count: 0, funded_txo_sum: 0, spent_txo_count: 0, spent_txo_sum: 0, tx_count: 0 })

/** What the front reads from and writes to: the running node. */
export function esploraReader(bcoin: Bcoin, node: BcoinNode) {
  function address(value: string): { bcoin: BcoinAddress; script: Buffer } {
    const script = outputScript(value, REGTEST_ADDRESSES)
    if (script === null) throw new EsploraError(400, INVALID_ADDRESS)
    const raw = Buffer.from(script)
    // Segwit addresses as bcoin spells them; base58 ones (whose prefixes bcoin reads as testnet's) from their script.
    const nodeAddress = /^bcrt1/i.test(value) ? bcoin.Address.fromString(toNodeAddress(value), 'regtest') : bcoin.Address.fromScript(bcoin.Script.fromRaw(raw))
    if (nodeAddress === null) throw new EsploraError(400, INVALID_ADDRESS)
    return { bcoin: nodeAddress, script: raw }
  }

  async function status(height: number): Promise<TxStatus> {
    if (height < 0) return { confirmed: false }
    const entry = await node.chain.getEntryByHeight(height)
    if (!entry) return { confirmed: false }
    return { confirmed: true, block_height: height, block_hash: entry.rhash(), block_time: entry.time }
  }

  async function meta(txid: string): Promise<BcoinMeta> {
    const found = await node.getMeta(txHash(txid))
    if (!found) throw new EsploraError(404, TX_NOT_FOUND)
    return found
  }

  return {
    async summary(value: string): Promise<AddressSummary> {
      const { bcoin: addr, script } = address(value)
      const chain = emptyStats()
      const mempool = emptyStats()
      for (const m of await node.getMetaByAddress([addr])) {
        const stats = m.height === -1 ? mempool : chain
        stats.tx_count++
        for (const output of m.tx.outputs) {
          if (!output.script.toRaw().equals(script)) continue
          stats.funded_txo_count++
          stats.funded_txo_sum += output.value
        }
        const view = await node.getMetaView(m)
        for (const input of m.tx.inputs) {
          const spent = view.getOutputFor(input)
          if (!spent || !spent.script.toRaw().equals(script)) continue
          stats.spent_txo_count++
          stats.spent_txo_sum += spent.value
        }
      }
      return { address: value, chain_stats: chain, mempool_stats: mempool }
    },
    async utxos(value: string) {
      const coins: BcoinCoin[] = await node.getCoinsByAddress([address(value).bcoin])
      return Promise.all(coins.map(async (coin) => ({ txid: coin.txid(), vout: coin.index, value: coin.value, status: await status(coin.height) })))
    },
    txStatus: async (txid: string): Promise<TxStatus> => status((await meta(txid)).height),
    txHex: async (txid: string): Promise<string> => (await meta(txid)).tx.toRaw().toString('hex'),
    tipHeight: (): number => node.chain.height,
    /** Adds a raw transaction to the mempool; its txid, or a 400 with the node's reason. */
    async broadcast(body: string): Promise<string> {
      const hex = body.trim()
      if (hex.length === 0 || hex.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(hex)) throw new EsploraError(400, 'TX decode failed: the body must be a raw transaction in hex')
      let tx
      try {
        tx = bcoin.TX.fromRaw(Buffer.from(hex, 'hex'))
      } catch (error) {
        throw new EsploraError(400, `TX decode failed: ${(error as Error).message}`)
      }
      if (tx.toRaw().length * 2 !== hex.length) throw new EsploraError(400, 'TX decode failed: trailing bytes after the transaction')
      const hash = tx.hash('hex')
      if (node.mempool.hasEntry(hash)) return tx.txid()
      let missing: unknown[] | null
      try {
        missing = await node.mempool.addTX(tx)
      } catch (error) {
        const reason = (error as { reason?: unknown }).reason
        throw new EsploraError(400, typeof reason === 'string' ? reason : (error as Error).message)
      }
      // Inputs the node does not know, or already spent in a block (bcoin cannot tell the two
      // apart): the mempool keeps it as an orphan and says nothing. A rejection for a client.
      if (missing) {
        node.mempool.removeOrphan(hash)
        throw new EsploraError(400, 'bad-txns-inputs-missingorspent')
      }
      if (!node.mempool.hasEntry(hash)) throw new EsploraError(400, 'The mempool did not accept the transaction')
      return tx.txid()
    },
  }
}

export type EsploraReader = ReturnType<typeof esploraReader>

/** Reads a text body of at most `max` bytes (413 past it). */
function readText(req: IncomingMessage, max: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'])
    if (Number.isFinite(declared) && declared > max) return reject(new EsploraError(413, `Request body is larger than ${max} bytes`))
    let chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      // Past the cap nothing more is kept; the rest is read and dropped, so the 413 reaches the client.
      if (size > max) {
        chunks = []
        reject(new EsploraError(413, `Request body is larger than ${max} bytes`))
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', (error) => reject(new EsploraError(400, `Could not read the request body: ${error.message}`)))
  })
}

type Answer = { json: unknown } | { text: string }

/** Routes an Esplora request (`path` relative to the API's base) to the reader. */
export async function answerEsplora(reader: EsploraReader, method: string, path: string, body: () => Promise<string>): Promise<Answer> {
  let m: RegExpExecArray | null
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part)
    } catch {
      throw new EsploraError(400, 'Malformed percent-encoding in path')
    }
  }
  if (method === 'GET') {
    if ((m = /^\/address\/([^/]+)$/.exec(path))) return { json: await reader.summary(decode(m[1]!)) }
    if ((m = /^\/address\/([^/]+)\/utxo$/.exec(path))) return { json: await reader.utxos(decode(m[1]!)) }
    if ((m = /^\/tx\/([^/]+)\/status$/.exec(path))) return { json: await reader.txStatus(decode(m[1]!)) }
    if ((m = /^\/tx\/([^/]+)\/hex$/.exec(path))) return { text: await reader.txHex(decode(m[1]!)) }
    if (path === '/fee-estimates') return { json: REGTEST_FEE_ESTIMATES }
    if (path === '/blocks/tip/height') return { text: String(reader.tipHeight()) }
  }
  if (method === 'POST' && path === '/tx') return { text: await reader.broadcast(await body()) }
  throw new EsploraError(404, `No such endpoint: ${method} ${path.slice(0, 80)}`)
}

const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET, POST, OPTIONS', 'access-control-allow-headers': 'content-type' }

/** Serves the Esplora API of `reader` on 127.0.0.1:`port` (0: a free one); pages may call it (CORS). */
export async function serveEsplora(reader: EsploraReader, port: number, log?: (line: string) => void): Promise<{ url: string; server: Server }> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const send = (status: number, body: string, type: string) => {
      if (res.headersSent || res.destroyed) return
      res.writeHead(status, { ...CORS, 'content-type': type, 'cache-control': 'no-store' })
      res.end(body)
    }
    const method = req.method ?? 'GET'
    if (method === 'OPTIONS') return send(204, '', 'text/plain')
    const path = (req.url ?? '/').split('?')[0]!
    answerEsplora(reader, method, path, () => readText(req, MAX_TX_BODY_BYTES))
      .then((answer) => ('json' in answer ? send(200, JSON.stringify(answer.json), 'application/json') : send(200, answer.text, 'text/plain')))
      .catch((error: unknown) => {
        if (error instanceof EsploraError) return send(error.status, error.message, 'text/plain')
        log?.(`esplora ${method} ${path}: ${(error as Error)?.stack ?? String(error)}`)
        send(500, `Internal error: ${(error as Error)?.message ?? String(error)}`, 'text/plain')
      })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => (server.off('error', reject), resolve()))
  })
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}
