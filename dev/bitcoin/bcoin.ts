// Loads bcoin 1.0.2 (a Bitcoin full node in JavaScript) for Node 20: its pure-JS crypto backend
// (NODE_BACKEND=js: the native one is not built) and, in place of leveldown (a native module
// never installed here), a stub: the node runs in memory and never opens LevelDB.
// In this version a hash is a hex string in the node's internal byte order (a txid reversed).
import { createRequire, Module } from 'node:module'

/** The parts of bcoin's API the local node uses (bcoin ships no types). */
export type Bcoin = {
  FullNode: new (options: Record<string, unknown>) => BcoinNode
  Address: { fromString(value: string, network: string): BcoinAddress; fromScript(script: BcoinScript): BcoinAddress | null }
  Script: { fromRaw(raw: Buffer): BcoinScript }
  TX: { fromRaw(raw: Buffer): BcoinTx }
}
export type BcoinAddress = { toString(network: string): string }
export type BcoinScript = { toRaw(): Buffer }
export type BcoinOutput = { value: number; script: BcoinScript }
export type BcoinInput = { prevout: { hash: string; index: number } }
export type BcoinTx = { hash(enc: 'hex'): string; txid(): string; toRaw(): Buffer; inputs: BcoinInput[]; outputs: BcoinOutput[] }
export type BcoinCoin = { hash: string; index: number; value: number; height: number; coinbase: boolean; script: BcoinScript; txid(): string }
export type BcoinMeta = { tx: BcoinTx; height: number; block: string | null; time: number }
export type BcoinEntry = { height: number; time: number; rhash(): string }
export type BcoinNode = {
  chain: {
    height: number
    tip: BcoinEntry
    getEntryByHeight(height: number): Promise<BcoinEntry | null>
  }
  mempool: {
    addTX(tx: BcoinTx): Promise<unknown[] | null>
    hasEntry(hash: string): boolean
    hasOrphan(hash: string): boolean
    removeOrphan(hash: string): boolean
    map: Map<unknown, unknown>
    on(event: 'tx', listener: (tx: BcoinTx) => void): void
  }
  rpc: { mineBlocks(count: number, address: BcoinAddress): Promise<string[]> }
  http: { once(event: 'listening', listener: (address: { port: number }) => void): void }
  getCoinsByAddress(addresses: BcoinAddress[]): Promise<BcoinCoin[]>
  getMetaByAddress(addresses: BcoinAddress[]): Promise<BcoinMeta[]>
  getMeta(hash: string): Promise<BcoinMeta | null>
  getMetaView(meta: BcoinMeta): Promise<{ getOutputFor(input: BcoinInput): BcoinOutput | null }>
  open(): Promise<void>
  close(): Promise<void>
}

let loaded: Bcoin | undefined

/** bcoin, loaded once per process. */
export function loadBcoin(): Bcoin {
  if (loaded) return loaded
  process.env.NODE_BACKEND = 'js'
  const require = createRequire(import.meta.url)
  // bdb's lib/level.js is `module.exports = require('leveldown')`: answered from the cache instead.
  const levelPath = createRequire(require.resolve('bcoin')).resolve('bdb/lib/level.js')
  if (!require.cache[levelPath]) {
    const stub = new Module(levelPath)
    stub.loaded = true
    stub.exports = () => {
      throw new Error('The local Bitcoin node runs in memory: LevelDB is not available')
    }
    require.cache[levelPath] = stub
  }
  loaded = require('bcoin') as Bcoin
  return loaded
}
