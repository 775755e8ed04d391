// The local Bitcoin node: bcoin (a full node in JavaScript) in regtest, in memory, with its
// transaction and address indexes, in this process. At start it mines past segwit's activation
// (height 432), funds the dev accounts from the miner's coinbases with one real transaction and
// confirms it; afterwards it mines a block shortly after any transaction enters its mempool.
// Its edges speak Bitcoin Core's regtest addresses (`bcrt1…`): an Esplora-shaped API at
// `esploraUrl` (see ./esploraFront.ts), bcoin's own HTTP and JSON-RPC API at `rpcUrl`.
import { createHash } from 'node:crypto'
import { Transaction, p2wpkh } from '@scure/btc-signer'
import { pubECDSA } from '@scure/btc-signer/utils.js'
import { outputScript, toCoreAddress, toNodeAddress } from './addresses'
import { loadBcoin, type BcoinCoin } from './bcoin'
import {
  DEV_BITCOIN_ACCOUNT_COUNT,
  DEV_BITCOIN_ORDINALS_SATS,
  DEV_BITCOIN_PAYMENT_SATS,
  REGTEST_ADDRESSES,
  REGTEST_CAIP2,
  devBitcoinAccount,
} from './devAccounts'
import { esploraReader, serveEsplora } from './esploraFront'

/** Blocks mined at start: segwit is active on bcoin's regtest from height 432. */
export const BITCOIN_START_HEIGHT = 432

/** How long after a transaction enters the mempool a block is mined. */
export const AUTO_MINE_DELAY_MS = 200

/** A coinbase output is spendable this many blocks after its own. */
const COINBASE_MATURITY = 100

/** Below this an output is dust for bcoin's mempool (p2wpkh). */
const DUST_SATS = 546n

/** Fee rate of the node's own funding transactions, sat/vB. */
const FUNDING_FEE_RATE = 2

/** Where the node's block rewards go: a key of its own, from a fixed text (dev only, never secret). */
const MINER_KEY = createHash('sha256').update('gangway dev bitcoin miner').digest()

/** What the local stack's `/stack.json` says of the Bitcoin node. */
export type DevBitcoinStackConfig = {
  caipNetworkId: string
  /** The genesis block's hash (64 hex digits), whose first 32 name the network in CAIP-2. */
  genesisHash: string
  esploraUrl: string
  accounts: { payment: string; ordinals: string }[]
}

export type BitcoinNodeOptions = {
  /** Port of the Esplora API; 0 (default) picks a free one. bcoin's own API takes a free port. */
  port?: number
  /** More addresses (regtest, `bcrt1…`) funded and confirmed at start, besides the dev accounts. */
  fund?: { address: string; sats: bigint | number }[]
  log?: (line: string) => void
}

export type BitcoinNode = Awaited<ReturnType<typeof startBitcoinNode>>

/**
 * The dev accounts' addresses, as `/stack.json` lists them.
 *
 * @example
 * devBitcoinAddresses()[0] // { payment: 'bcrt1q…', ordinals: 'bcrt1p…' }
 */
export function devBitcoinAddresses(): { payment: string; ordinals: string }[] {
  return Array.from({ length: DEV_BITCOIN_ACCOUNT_COUNT }, (_, i) => {
    const account = devBitcoinAccount(i)
    return { payment: account.payment.address, ordinals: account.ordinals.address }
  })
}

/** A positive whole number of satoshis above dust, or an Error naming what is wrong. */
function satsAmount(sats: bigint | number): bigint {
  const value = typeof sats === 'bigint' ? sats : Number.isSafeInteger(sats) ? BigInt(sats) : -1n
  if (value < DUST_SATS) throw new Error(`sats must be a whole number of satoshis of at least ${DUST_SATS}, got ${String(sats)}`)
  return value
}

/**
 * Starts the local Bitcoin node (regtest, in this process) with the dev accounts funded.
 *
 * @example
 * const bitcoin = await startBitcoinNode()
 * await fetch(`${bitcoin.esploraUrl}/address/${devBitcoinAccount(0).payment.address}`) // chain_stats.funded_txo_sum: 1000000000
 * const txid = await bitcoin.fund('bcrt1q…', 50_000n) // confirmed within a second
 * await bitcoin.stop()
 */
export async function startBitcoinNode(options: BitcoinNodeOptions = {}) {
  const requested = options.port ?? 0
  if (!Number.isInteger(requested) || requested < 0 || requested > 65535) throw new Error(`port must be an integer from 0 to 65535, got ${requested}`)
  const extra = (options.fund ?? []).map(({ address, sats }) => {
    if (outputScript(address, REGTEST_ADDRESSES) === null) throw new Error(`fund: '${String(address).slice(0, 100)}' is not a regtest Bitcoin address`)
    return { address, sats: satsAmount(sats) }
  })
  const log = options.log
  const bcoin = loadBcoin()
  const node = new bcoin.FullNode({
    network: 'regtest',
    memory: true,
    workers: false,
    listen: false,
    selfish: true,
    httpHost: '127.0.0.1',
    httpPort: 0,
    // Dev only, on 127.0.0.1: its API needs no key.
    noAuth: true,
    indexTX: true,
    indexAddress: true,
    logLevel: 'none',
  })
  const rpcPort = new Promise<number>((resolve) => node.http.once('listening', (address) => resolve(address.port)))
  await node.open()
  let front: Awaited<ReturnType<typeof serveEsplora>> | null = null
  let stopped = false
  let mineTimer: NodeJS.Timeout | undefined
  /** Mining and funding go one at a time (funding picks coins a concurrent block would change). */
  let queue: Promise<unknown> = Promise.resolve()
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work)
    queue = run.catch(() => undefined)
    return run
  }
  try {
    const genesis = (await node.chain.getEntryByHeight(0))?.rhash() ?? ''
    if (`bip122:${genesis.slice(0, 32)}` !== REGTEST_CAIP2) throw new Error(`bcoin's regtest genesis ${genesis} is not ${REGTEST_CAIP2}`)

    const minerPub = pubECDSA(MINER_KEY)
    const miner = p2wpkh(minerPub, REGTEST_ADDRESSES)
    const minerNodeAddress = bcoin.Address.fromString(toNodeAddress(miner.address!), 'regtest')
    const reader = esploraReader(bcoin, node)

    const mineNow = (count: number) => node.rpc.mineBlocks(count, minerNodeAddress)

    /** Pays `outputs` from the miner's mature coins in one transaction, into the mempool; its txid. */
    async function pay(outputs: { address: string; sats: bigint }[]): Promise<string> {
      const tip = node.chain.height
      const spendable = (coin: BcoinCoin) => !coin.coinbase || (coin.height >= 0 && coin.height <= tip - COINBASE_MATURITY)
      const coins = (await node.getCoinsByAddress([minerNodeAddress])).filter(spendable).sort((a, b) => b.value - a.value)
      const total = outputs.reduce((sum, o) => sum + o.sats, 0n)
      const fee = (inputs: number) => BigInt((11 + 68 * inputs + 43 * (outputs.length + 1)) * FUNDING_FEE_RATE)
      const picked: BcoinCoin[] = []
      let sum = 0n
      for (const coin of coins) {
        if (sum >= total + fee(picked.length)) break
        picked.push(coin)
        sum += BigInt(coin.value)
      }
      if (sum < total + fee(picked.length)) throw new Error(`the node's miner holds too little to pay ${total} sats`)
      const tx = new Transaction()
      for (const coin of picked) tx.addInput({ txid: coin.txid(), index: coin.index, witnessUtxo: { script: miner.script, amount: BigInt(coin.value) } })
      for (const o of outputs) tx.addOutputAddress(o.address, o.sats, REGTEST_ADDRESSES)
      const change = sum - total - fee(picked.length)
      if (change >= DUST_SATS) tx.addOutputAddress(miner.address!, change, REGTEST_ADDRESSES)
      tx.sign(MINER_KEY)
      tx.finalize()
      return reader.broadcast(tx.hex)
    }

    const started = performance.now()
    await mineNow(BITCOIN_START_HEIGHT)
    const accounts = devBitcoinAddresses()
    await pay([
      ...accounts.flatMap((a) => [
        { address: a.payment, sats: DEV_BITCOIN_PAYMENT_SATS },
        { address: a.ordinals, sats: DEV_BITCOIN_ORDINALS_SATS },
      ]),
      ...extra,
    ])
    await mineNow(1)
    log?.(`bitcoin node: ${node.chain.height} blocks, ${accounts.length} dev accounts funded in ${Math.round(performance.now() - started)} ms`)

    // From now on, a transaction in the mempool is in a block within AUTO_MINE_DELAY_MS (and the time to mine it).
    const autoMine = () => {
      mineTimer = undefined
      if (stopped) return
      serial(async () => {
        if (!stopped && node.mempool.map.size > 0) await mineNow(1)
      })
        .catch((error: unknown) => log?.(`bitcoin node: mining failed: ${(error as Error)?.message ?? String(error)}`))
        .finally(() => {
          if (!stopped && node.mempool.map.size > 0) mineTimer ??= setTimeout(autoMine, AUTO_MINE_DELAY_MS)
        })
    }
    node.mempool.on('tx', () => {
      if (!stopped) mineTimer ??= setTimeout(autoMine, AUTO_MINE_DELAY_MS)
    })

    front = await serveEsplora(reader, requested, log)
    const esploraUrl = front.url
    const rpcUrl = `http://127.0.0.1:${await rpcPort}`
    const server = front.server
    let stopping: Promise<void> | undefined

    return {
      caipNetworkId: REGTEST_CAIP2,
      /** The Esplora-shaped API's base URL (no trailing slash). */
      esploraUrl,
      /** bcoin's HTTP API and JSON-RPC (`POST /`), without authentication. Its addresses are `rb1…`. */
      rpcUrl,
      /** The dev accounts' payment and ordinals addresses, funded at start. */
      accounts,
      /** Where block rewards and the funding transactions' change go. */
      minerAddress: miner.address!,
      /** Mines `count` blocks now; their hashes. */
      mine(count = 1): Promise<string[]> {
        if (!Number.isInteger(count) || count < 1 || count > 1000) return Promise.reject(new Error(`count must be an integer from 1 to 1000, got ${count}`))
        return serial(() => mineNow(count))
      },
      /** Sends `sats` to a regtest address from the miner; the txid (in a block within a second). */
      fund(address: string, sats: bigint | number): Promise<string> {
        if (outputScript(address, REGTEST_ADDRESSES) === null) return Promise.reject(new Error(`'${String(address).slice(0, 100)}' is not a regtest Bitcoin address`))
        let amount: bigint
        try {
          amount = satsAmount(sats)
        } catch (error) {
          return Promise.reject(error)
        }
        return serial(() => pay([{ address, sats: amount }]))
      },
      /** `/stack.json`'s `bitcoin`. */
      stackConfig: (): DevBitcoinStackConfig => ({ caipNetworkId: REGTEST_CAIP2, genesisHash: genesis, esploraUrl, accounts }),
      stop(): Promise<void> {
        stopping ??= (async () => {
          stopped = true
          clearTimeout(mineTimer)
          await new Promise<void>((resolve) => {
            server.close(() => resolve())
            server.closeAllConnections()
          })
          await queue
          await node.close()
        })()
        return stopping
      },
    }
  } catch (error) {
    stopped = true
    clearTimeout(mineTimer)
    front?.server.close()
    await node.close().catch(() => undefined)
    throw error
  }
}

export { toCoreAddress }
