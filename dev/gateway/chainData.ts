import {
  erc20Abi,
  formatUnits,
  getAddress,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem'
import type { TokenBalance, Transaction, Transfer } from '../../src/core/domain/entities'
import { chainClients } from './chainClients'
import { HttpError } from './validate'

/** A local EVM chain the gateway reads. */
export type GatewayChain = {
  chainId: number
  name: string
  rpcUrl: string
  nativeCurrency?: { name: string; symbol: string; decimals: number }
}

/** An ERC-20 token the gateway knows (balances, history transfers, prices). */
export type GatewayToken = { chainId: number; address: `0x${string}`; name: string; symbol: string; decimals: number }

/** An ERC-721 collection the gateway indexes; `spam` ones are flagged as such (`nft_info.flags.is_spam`). */
export type GatewayCollection = { chainId: number; address: `0x${string}`; name: string; symbol: string; spam: boolean }

/** An NFT an account holds (`GET /v1/account/{address}/nfts`). */
export type HeldNft = { chainId: string; contract: string; tokenId: string; name: string; collection: string; symbol: string; imageUrl: string; spam: boolean }

/** The address fungible-price requests use for a chain's native token. */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const APPROVE_SELECTOR = '0x095ea7b3'
const DEFAULT_NATIVE = { name: 'Ether', symbol: 'ETH', decimals: 18 }
/** How many blocks the indexer asks for at once (viem batches them into one HTTP request). */
const BLOCK_CHUNK = 50

type TokenMove = { token: GatewayToken; from: string; to: string; value: bigint }
type NftMove = { collection: GatewayCollection; from: string; to: string; tokenId: bigint }

/** What the indexer keeps of one mined transaction. Addresses are lowercase. */
type IndexedTx = {
  chainId: number
  blockNumber: number
  txIndex: number
  timestamp: number
  hash: Hex
  from: string
  to: string | null
  value: bigint
  nonce: number
  input: Hex
  failed: boolean
  moves: TokenMove[]
  nftMoves: NftMove[]
}

type ChainIndex = {
  /** Next block number to read. */
  next: number
  /** Hash of block `next - 1`: a different hash there means the chain was reset or reverted. */
  tipHash: Hex | null
  byAddress: Map<string, IndexedTx[]>
  /** Serialises syncs so concurrent requests never read the same blocks twice. */
  lock: Promise<unknown>
}

export type HistoryPage = { data: Transaction[]; next: string | null }

/**
 * Reads balances and transaction history from the local EVM nodes. History comes from an
 * index the gateway builds by reading every block (and the receipts of its transactions),
 * kept incrementally and rebuilt when the chain was reset or reverted. An unreachable node is
 * answered with `HttpError(502)`.
 *
 * @example
 * const data = createChainData({ chains, tokens, prices: () => ({ ETH: 3000 }) })
 * await data.balances('0xf39F…', null, 'http://127.0.0.1:8787')
 */
export function createChainData(options: {
  chains: readonly GatewayChain[]
  tokens: readonly GatewayToken[]
  /** ERC-721 collections whose transfers history lists and whose tokens `nfts` finds. */
  collections?: readonly GatewayCollection[]
  prices: () => Readonly<Record<string, number>>
  /** The chains' clients, when the gateway shares them (else made here). */
  clients?: Map<number, PublicClient>
}) {
  const collections = options.collections ?? []
  const clients = options.clients ?? chainClients(options.chains)
  const indexes = new Map<number, ChainIndex>()
  for (const chain of options.chains) indexes.set(chain.chainId, { next: 0, tipHash: null, byAddress: new Map(), lock: Promise.resolve() })

  const chainById = new Map(options.chains.map((c) => [c.chainId, c]))
  const tokensOf = (chainId: number) => options.tokens.filter((t) => t.chainId === chainId)
  const nativeOf = (chainId: number) => chainById.get(chainId)?.nativeCurrency ?? DEFAULT_NATIVE
  const priceOf = (symbol: string) => options.prices()[symbol] ?? 0

  async function onChain<T>(chainId: number, work: (client: PublicClient) => Promise<T>): Promise<T> {
    const chain = chainById.get(chainId)!
    try {
      return await work(clients.get(chainId)!)
    } catch (error) {
      if (error instanceof HttpError) throw error
      const reason = (error as { shortMessage?: string; message?: string }).shortMessage ?? String((error as Error).message ?? error)
      throw new HttpError(502, `The RPC node of eip155:${chainId} (${chain.rpcUrl}) failed: ${reason.split('\n')[0]}`)
    }
  }

  /** Chains to answer for: all, or the one a `chainId` filter names (none when it is not served). */
  function selectChains(chainIds: readonly number[] | null): GatewayChain[] {
    return chainIds === null ? [...options.chains] : options.chains.filter((c) => chainIds.includes(c.chainId))
  }

  async function balances(address: Address, chainIds: readonly number[] | null, baseUrl: string): Promise<TokenBalance[]> {
    const perChain = await Promise.all(
      selectChains(chainIds).map((chain) =>
        onChain(chain.chainId, async (client) => {
          const native = nativeOf(chain.chainId)
          const tokens = tokensOf(chain.chainId)
          const [nativeRaw, ...tokenRaw] = await Promise.all([
            client.getBalance({ address }),
            ...tokens.map((t) => client.readContract({ address: t.address, abi: erc20Abi, functionName: 'balanceOf', args: [address] })),
          ])
          const out: TokenBalance[] = [
            tokenBalance({ ...native, chainId: chain.chainId, raw: nativeRaw as bigint, baseUrl }),
          ]
          tokens.forEach((token, i) => {
            const raw = tokenRaw[i] as bigint
            // Why: like the hosted API, tokens the account does not hold are left out; the
            // native balance is always listed so an empty account still shows 0 ETH.
            if (raw > 0n) out.push(tokenBalance({ ...token, raw, baseUrl }))
          })
          return out
        }),
      ),
    )
    return perChain.flat()
  }

  function tokenBalance(t: {
    chainId: number
    name: string
    symbol: string
    decimals: number
    address?: string
    raw: bigint
    baseUrl: string
  }): TokenBalance {
    const numeric = formatUnits(t.raw, t.decimals)
    const price = priceOf(t.symbol)
    const balance: TokenBalance = {
      name: t.name,
      symbol: t.symbol,
      chainId: `eip155:${t.chainId}`,
      value: Number(numeric) * price,
      price,
      quantity: { decimals: String(t.decimals), numeric },
      iconUrl: tokenIconUrl(t.baseUrl, t.symbol),
    }
    if (t.address) balance.address = `eip155:${t.chainId}:${t.address}`
    return balance
  }

  /** Reads the blocks mined since the last sync into the index of `chainId`. */
  function sync(chainId: number): Promise<void> {
    const index = indexes.get(chainId)!
    const run = index.lock.then(() =>
      onChain(chainId, async (client) => {
        const latest = Number(await client.getBlockNumber({ cacheTime: 0 }))
        if (index.next > 0) {
          const tip = latest >= index.next - 1 ? await client.getBlock({ blockNumber: BigInt(index.next - 1) }) : null
          if (tip === null || tip.hash !== index.tipHash) {
            index.next = 0
            index.tipHash = null
            index.byAddress.clear()
          }
        }
        for (let from = index.next; from <= latest; from += BLOCK_CHUNK) {
          const to = Math.min(latest, from + BLOCK_CHUNK - 1)
          const numbers = Array.from({ length: to - from + 1 }, (_, i) => from + i)
          const blocks = await Promise.all(
            numbers.map((n) => client.getBlock({ blockNumber: BigInt(n), includeTransactions: true })),
          )
          const receipts = await Promise.all(
            blocks.flatMap((b) => b.transactions.map((tx) => client.getTransactionReceipt({ hash: tx.hash }))),
          )
          const receiptByHash = new Map(receipts.map((r) => [r.transactionHash, r]))
          for (const block of blocks) {
            for (const tx of block.transactions) {
              const receipt = receiptByHash.get(tx.hash)!
              const indexed: IndexedTx = {
                chainId,
                blockNumber: Number(block.number),
                txIndex: tx.transactionIndex ?? 0,
                timestamp: Number(block.timestamp),
                hash: tx.hash,
                from: tx.from.toLowerCase(),
                to: tx.to ? tx.to.toLowerCase() : null,
                value: tx.value,
                nonce: tx.nonce,
                input: tx.input,
                failed: receipt.status !== 'success',
                moves: tokenMoves(chainId, receipt.logs),
                nftMoves: receipt.status === 'success' ? nftMoves(chainId, receipt.logs) : [],
              }
              const parties = new Set([
                indexed.from,
                indexed.to,
                ...indexed.moves.flatMap((m) => [m.from, m.to]),
                ...indexed.nftMoves.flatMap((m) => [m.from, m.to]),
              ])
              for (const party of parties) {
                if (!party) continue
                let list = index.byAddress.get(party)
                if (!list) index.byAddress.set(party, (list = []))
                list.push(indexed)
              }
            }
          }
          index.next = to + 1
          index.tipHash = blocks[blocks.length - 1]!.hash
        }
      }),
    )
    // A failed sync must not poison the next one.
    index.lock = run.catch(() => undefined)
    return run
  }

  /** ERC-721 Transfer logs (four topics: the token id is indexed) of the known collections. */
  function nftMoves(chainId: number, logs: readonly { address: string; topics: readonly Hex[]; data: Hex }[]): NftMove[] {
    const moves: NftMove[] = []
    for (const log of logs) {
      if (log.topics[0] !== TRANSFER_TOPIC || log.topics.length !== 4) continue
      const collection = collections.find((c) => c.chainId === chainId && c.address.toLowerCase() === log.address.toLowerCase())
      if (!collection) continue
      moves.push({
        collection,
        from: `0x${log.topics[1]!.slice(26)}`.toLowerCase(),
        to: `0x${log.topics[2]!.slice(26)}`.toLowerCase(),
        tokenId: BigInt(log.topics[3]!),
      })
    }
    return moves
  }

  /**
   * The NFTs of the known collections `address` holds now, from the index (every transfer in
   * and out, in chain order), on the chains asked for.
   */
  async function nfts(address: Address, chainIds: readonly number[] | null, baseUrl: string): Promise<HeldNft[]> {
    const chains = selectChains(chainIds)
    await Promise.all(chains.map((c) => sync(c.chainId)))
    const who = address.toLowerCase()
    const held = new Map<string, NftMove & { chainId: number }>()
    for (const chain of chains) {
      const txs = [...(indexes.get(chain.chainId)!.byAddress.get(who) ?? [])].sort((a, b) => compareKeys(sortKey(a), sortKey(b)))
      for (const tx of txs) {
        for (const move of tx.nftMoves) {
          const key = `${chain.chainId}:${move.collection.address.toLowerCase()}:${move.tokenId}`
          if (move.to === who) held.set(key, { ...move, chainId: chain.chainId })
          else if (move.from === who) held.delete(key)
        }
      }
    }
    return [...held.values()].map((m) => ({
      chainId: `eip155:${m.chainId}`,
      contract: getAddress(m.collection.address),
      tokenId: m.tokenId.toString(),
      name: `${m.collection.name} #${m.tokenId}`,
      collection: m.collection.name,
      symbol: m.collection.symbol,
      imageUrl: nftImageUrl(baseUrl, m.collection.symbol, m.tokenId),
      spam: m.collection.spam,
    }))
  }

  function tokenMoves(chainId: number, logs: readonly { address: string; topics: readonly Hex[]; data: Hex }[]): TokenMove[] {
    const moves: TokenMove[] = []
    for (const log of logs) {
      // ERC-20 Transfer: three topics (ERC-721 has four) and the amount in data.
      if (log.topics[0] !== TRANSFER_TOPIC || log.topics.length !== 3) continue
      const token = options.tokens.find((t) => t.chainId === chainId && t.address.toLowerCase() === log.address.toLowerCase())
      if (!token) continue
      moves.push({
        token,
        from: `0x${log.topics[1]!.slice(26)}`.toLowerCase(),
        to: `0x${log.topics[2]!.slice(26)}`.toLowerCase(),
        value: BigInt(log.data),
      })
    }
    return moves
  }

  async function history(
    address: Address,
    query: { chainIds: readonly number[] | null; cursor: string | null; limit: number; baseUrl: string },
  ): Promise<HistoryPage> {
    // Checked before touching the chain, so a bad cursor is a 400 even when a node is down.
    const after = query.cursor === null ? null : parseCursor(query.cursor)
    const chains = selectChains(query.chainIds)
    await Promise.all(chains.map((c) => sync(c.chainId)))
    const who = address.toLowerCase()
    const all = chains.flatMap((c) => indexes.get(c.chainId)!.byAddress.get(who) ?? [])
    all.sort((a, b) => compareKeys(sortKey(b), sortKey(a)))
    const rest = after === null ? all : all.filter((tx) => compareKeys(sortKey(tx), after) < 0)
    const page = rest.slice(0, query.limit)
    const last = page[page.length - 1]
    return {
      data: page.map((tx) => toTransaction(tx, who, query.baseUrl)),
      next: rest.length > page.length && last ? sortKey(last).join('.') : null,
    }
  }

  function toTransaction(tx: IndexedTx, who: string, baseUrl: string): Transaction {
    const transfers: Transfer[] = []
    const direction = (from: string, to: string | null) => (from === who && to === who ? 'self' : from === who ? 'out' : 'in')
    const transfer = (asset: { name: string; symbol: string; decimals: number }, value: bigint, from: string, to: string | null): Transfer => {
      const numeric = formatUnits(value, asset.decimals)
      const price = priceOf(asset.symbol)
      return {
        direction: direction(from, to),
        quantity: { numeric },
        price,
        value: Number(numeric) * price,
        fungible_info: { name: asset.name, symbol: asset.symbol, icon: { url: tokenIconUrl(baseUrl, asset.symbol) } },
      }
    }
    if (tx.value > 0n && (tx.from === who || tx.to === who)) transfers.push(transfer(nativeOf(tx.chainId), tx.value, tx.from, tx.to))
    for (const move of tx.moves) {
      if (move.from === who || move.to === who) transfers.push(transfer(move.token, move.value, move.from, move.to))
    }
    for (const move of tx.nftMoves) {
      if (move.from !== who && move.to !== who) continue
      transfers.push({
        direction: direction(move.from, move.to),
        quantity: { numeric: '1' },
        nft_info: {
          name: `${move.collection.name} #${move.tokenId}`,
          content: { preview: { url: nftImageUrl(baseUrl, move.collection.symbol, move.tokenId) } },
          flags: { is_spam: move.collection.spam },
        },
      })
    }
    const directions = new Set(transfers.map((t) => t.direction))
    const operationType =
      tx.to === null
        ? 'deploy'
        : tx.input.startsWith(APPROVE_SELECTOR)
          ? 'approve'
          : directions.has('in') && directions.has('out')
            ? 'trade'
            : directions.has('out') || directions.has('self')
              ? 'send'
              : directions.has('in')
                ? 'receive'
                : 'execute'
    const metadata: Transaction['metadata'] = {
      operationType,
      hash: tx.hash,
      minedAt: new Date(tx.timestamp * 1000).toISOString(),
      sentFrom: getAddress(tx.from),
      status: tx.failed ? 'failed' : 'confirmed',
      nonce: tx.nonce,
      chain: `eip155:${tx.chainId}`,
    }
    if (tx.to !== null) metadata.sentTo = getAddress(tx.to)
    return { id: tx.hash, metadata, transfers }
  }

  return {
    balances,
    history,
    nfts,
    /** Price and metadata of a known token (CAIP-10 id; the native token uses `NATIVE_TOKEN_ADDRESS`). */
    fungible(caip10: string, baseUrl: string): { name: string; symbol: string; iconUrl: string; price: number } | null {
      const [namespace, reference, address] = caip10.split(':')
      const chainId = Number(reference)
      if (namespace !== 'eip155' || !chainById.has(chainId) || !address) return null
      const asset =
        address.toLowerCase() === NATIVE_TOKEN_ADDRESS
          ? nativeOf(chainId)
          : tokensOf(chainId).find((t) => t.address.toLowerCase() === address.toLowerCase())
      if (!asset) return null
      return { name: asset.name, symbol: asset.symbol, iconUrl: tokenIconUrl(baseUrl, asset.symbol), price: priceOf(asset.symbol) }
    },
  }
}

export type ChainData = ReturnType<typeof createChainData>

type SortKey = [timestamp: number, chainId: number, block: number, txIndex: number]

const sortKey = (tx: IndexedTx): SortKey => [tx.timestamp, tx.chainId, tx.blockNumber, tx.txIndex]

function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!
  return 0
}

/** History cursors are the sort key of the last item returned: `timestamp.chainId.block.index`. */
export const CURSOR_PATTERN = /^\d{1,15}\.\d{1,15}\.\d{1,15}\.\d{1,9}$/

function parseCursor(cursor: string): SortKey {
  if (!CURSOR_PATTERN.test(cursor)) throw new HttpError(400, `Invalid cursor '${cursor.slice(0, 80)}': pass the 'next' value of the previous page`)
  return cursor.split('.').map(Number) as SortKey
}

/** Where a token's icon is served: the directory's token image endpoint, keyed by symbol. */
/** An NFT's picture: the gateway's generated image for the collection's symbol and the token id. */
export function nftImageUrl(baseUrl: string, symbol: string, tokenId: bigint): string {
  return `${baseUrl}/public/getAssetImage/${encodeURIComponent(`${symbol}-${tokenId}`)}`
}

export function tokenIconUrl(baseUrl: string, symbol: string): string {
  return `${baseUrl}/public/getTokenImage/${encodeURIComponent(symbol)}`
}
