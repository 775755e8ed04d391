import {
  BlockNotFoundError,
  erc20Abi,
  formatUnits,
  getAddress,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem'
import type { TokenBalance, Transaction, Transfer } from '../../src/core/domain/entities'
import { chainClients } from './chainClients'
import { memoryStorage, type GatewayStorage, type IndexedTxRow, type IndexKey } from './storage'
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
/** How many blocks the indexer asks for at once (viem batches them into one HTTP request), and saves together. */
const BLOCK_CHUNK = 50
/**
 * How many times one sync may find its chain changed under it (its index stale, or new blocks not
 * following the index's last). More means the chain keeps changing, or another gateway sharing
 * the database keeps dropping the index too: one serving another chain with the same id.
 */
const MAX_RESTARTS_PER_SYNC = 5

type TokenMove = { token: GatewayToken; from: string; to: string; value: bigint }
type NftMove = { collection: GatewayCollection; from: string; to: string; tokenId: bigint }

/**
 * A Transfer log, whatever contract emitted it: ERC-20 (three topics, the amount in data) or
 * ERC-721 (four, the token id indexed). Only those of the known tokens and collections are shown;
 * the index keeps them all, so what it holds does not depend on the gateway's lists.
 */
type LoggedTransfer = { standard: 'erc20' | 'erc721'; contract: string; from: string; to: string; amount: bigint }

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
  /** The input's first four bytes (approvals are told by them), not the whole input: a deployment's is its bytecode. */
  selector: Hex
  failed: boolean
  transfers: LoggedTransfer[]
}

/** The JSON the storage keeps of an `IndexedTx` (what its columns do not hold), bigints as decimal strings. */
type StoredTx = {
  from: string
  to: string | null
  value: string
  nonce: number
  selector: Hex
  failed: boolean
  transfers: { standard: 'erc20' | 'erc721'; contract: string; from: string; to: string; amount: string }[]
}

/** An indexed transaction with the transfers of the known tokens and collections. */
type ResolvedTx = IndexedTx & { moves: TokenMove[]; nftMoves: NftMove[] }

function toRow(tx: IndexedTx): IndexedTxRow {
  const stored: StoredTx = {
    from: tx.from,
    to: tx.to,
    value: tx.value.toString(),
    nonce: tx.nonce,
    selector: tx.selector,
    failed: tx.failed,
    transfers: tx.transfers.map((t) => ({ ...t, amount: t.amount.toString() })),
  }
  const parties = new Set([tx.from, ...(tx.to ? [tx.to] : []), ...tx.transfers.flatMap((t) => [t.from, t.to])])
  return { chainId: tx.chainId, blockNumber: tx.blockNumber, txIndex: tx.txIndex, hash: tx.hash, timestamp: tx.timestamp, addresses: [...parties], tx: stored }
}

function fromRow(row: IndexedTxRow): IndexedTx {
  const stored = row.tx as StoredTx
  return {
    chainId: row.chainId,
    blockNumber: row.blockNumber,
    txIndex: row.txIndex,
    timestamp: row.timestamp,
    hash: row.hash,
    from: stored.from,
    to: stored.to,
    value: BigInt(stored.value),
    nonce: stored.nonce,
    selector: stored.selector,
    failed: stored.failed,
    transfers: stored.transfers.map((t) => ({ ...t, amount: BigInt(t.amount) })),
  }
}

export type HistoryPage = { data: Transaction[]; next: string | null }

/**
 * Reads balances and transaction history from the local EVM nodes. History comes from an
 * index the gateway builds by reading every block (and the receipts of its transactions),
 * kept incrementally in its storage (so it outlives a restart and is shared by the gateways
 * of one database) and rebuilt when the chain was reset or reverted. An unreachable node is
 * answered with `HttpError(502)`.
 *
 * @example
 * const data = createChainData({ chains, tokens, prices: () => ({ ETH: 3000 }), storage })
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
  /** Where the transaction index is kept (the gateway's storage); this process's memory without one. */
  storage?: Pick<GatewayStorage, 'index'>
}) {
  const collections = options.collections ?? []
  const clients = options.clients ?? chainClients(options.chains)
  const index = (options.storage ?? memoryStorage()).index
  /** Per chain, the last sync: the next waits for it, so this process never reads the same blocks twice at once. */
  const locks = new Map<number, Promise<unknown>>()
  /** The known tokens and collections by `chainId:address` (lower-case); the first listed wins, as `find` did. */
  const tokenAt = new Map<string, GatewayToken>()
  for (const t of options.tokens) if (!tokenAt.has(`${t.chainId}:${t.address.toLowerCase()}`)) tokenAt.set(`${t.chainId}:${t.address.toLowerCase()}`, t)
  const collectionAt = new Map<string, GatewayCollection>()
  for (const c of collections) if (!collectionAt.has(`${c.chainId}:${c.address.toLowerCase()}`)) collectionAt.set(`${c.chainId}:${c.address.toLowerCase()}`, c)

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

  /**
   * Reads the blocks mined since the index's cursor into the index of `chainId`, a chunk at a
   * time, each saved with the cursor after it. An index whose last block is no longer the chain's
   * (the node was restarted or the chain reverted) is dropped and rebuilt from block 0. Another
   * gateway over the same database may be indexing the chain too: when it saved first, this one
   * goes on from where that one got to.
   */
  function sync(chainId: number): Promise<void> {
    const run = (locks.get(chainId) ?? Promise.resolve()).then(() =>
      onChain(chainId, async (client) => {
        let latest = Number(await client.getBlockNumber({ cacheTime: 0 }))
        let cursor = await index.cursor(chainId)
        /** Whether the cursor's block is known to be the chain's (this sync read it), so it needs no check. */
        let checked = cursor.next === 0
        let restarts = 0
        const restart = () => {
          if (++restarts > MAX_RESTARTS_PER_SYNC) {
            throw new HttpError(503, `The history index of eip155:${chainId} keeps going stale: does another gateway of this database serve another chain with this id?`, { 'retry-after': '1' })
          }
        }
        for (;;) {
          if (!checked) {
            // Another gateway may have indexed past the height this sync started at.
            if (cursor.next - 1 > latest) latest = Number(await client.getBlockNumber({ cacheTime: 0 }))
            const tip = cursor.next - 1 <= latest ? await hashOf(client, cursor.next - 1) : null
            if (tip !== cursor.tipHash) {
              restart()
              await index.drop(chainId, cursor)
              cursor = await index.cursor(chainId)
              checked = cursor.next === 0
              continue
            }
            checked = true
          }
          if (cursor.next > latest) return
          const from = cursor.next
          const to = Math.min(latest, from + BLOCK_CHUNK - 1)
          const blocks = await Promise.all(
            Array.from({ length: to - from + 1 }, (_, i) => client.getBlock({ blockNumber: BigInt(from + i), includeTransactions: true })),
          )
          // The chain changed since its tip was checked: check it again.
          if (from > 0 && blocks[0]!.parentHash !== cursor.tipHash) {
            restart()
            checked = false
            continue
          }
          const receipts = await Promise.all(
            blocks.flatMap((b) => b.transactions.map((tx) => client.getTransactionReceipt({ hash: tx.hash }))),
          )
          const receiptByHash = new Map(receipts.map((r) => [r.transactionHash, r]))
          const rows: IndexedTxRow[] = []
          for (const block of blocks) {
            for (const tx of block.transactions) {
              const receipt = receiptByHash.get(tx.hash)!
              rows.push(
                toRow({
                  chainId,
                  blockNumber: Number(block.number),
                  txIndex: tx.transactionIndex ?? 0,
                  timestamp: Number(block.timestamp),
                  hash: tx.hash,
                  from: tx.from.toLowerCase(),
                  to: tx.to ? tx.to.toLowerCase() : null,
                  value: tx.value,
                  nonce: tx.nonce,
                  selector: tx.input.slice(0, 10) as Hex,
                  failed: receipt.status !== 'success',
                  transfers: loggedTransfers(receipt.logs, receipt.status === 'success'),
                }),
              )
            }
          }
          const end = { next: to + 1, tipHash: blocks[blocks.length - 1]!.hash }
          if ((await index.save(chainId, cursor, end, rows)) === 'ok') {
            cursor = { ...cursor, ...end }
          } else {
            // Another gateway saved (or dropped) first: go on from where it left the index.
            cursor = await index.cursor(chainId)
            checked = cursor.next === 0
          }
        }
      }),
    )
    // A failed sync must not poison the next one.
    locks.set(chainId, run.catch(() => undefined))
    return run
  }

  /** The hash of block `number`, or null when the chain has no such block (any more). */
  async function hashOf(client: PublicClient, number: number): Promise<Hex | null> {
    try {
      return (await client.getBlock({ blockNumber: BigInt(number) })).hash
    } catch (error) {
      if (error instanceof BlockNotFoundError) return null
      throw error
    }
  }

  /**
   * The Transfer logs of a receipt: ERC-20 (three topics, a 32-byte amount) and, when the
   * transaction succeeded, ERC-721 (four topics: the token id is indexed).
   */
  function loggedTransfers(logs: readonly { address: string; topics: readonly Hex[]; data: Hex }[], succeeded: boolean): LoggedTransfer[] {
    const transfers: LoggedTransfer[] = []
    for (const log of logs) {
      if (log.topics[0] !== TRANSFER_TOPIC || (log.topics.length !== 3 && log.topics.length !== 4)) continue
      const contract = log.address.toLowerCase()
      const from = `0x${log.topics[1]!.slice(26)}`.toLowerCase()
      const to = `0x${log.topics[2]!.slice(26)}`.toLowerCase()
      // Why the data check: a contract that is no token may log the same topic with other data.
      if (log.topics.length === 3 && /^0x[0-9a-fA-F]{64}$/.test(log.data)) transfers.push({ standard: 'erc20', contract, from, to, amount: BigInt(log.data) })
      else if (log.topics.length === 4 && succeeded) transfers.push({ standard: 'erc721', contract, from, to, amount: BigInt(log.topics[3]!) })
    }
    return transfers
  }

  /** The index's transaction with the transfers of the known tokens and collections. */
  function resolve(row: IndexedTxRow): ResolvedTx {
    const tx = fromRow(row)
    const moves: TokenMove[] = []
    const nftMoves: NftMove[] = []
    for (const t of tx.transfers) {
      const key = `${tx.chainId}:${t.contract}`
      if (t.standard === 'erc20') {
        const token = tokenAt.get(key)
        if (token) moves.push({ token, from: t.from, to: t.to, value: t.amount })
      } else {
        const collection = collectionAt.get(key)
        if (collection) nftMoves.push({ collection, from: t.from, to: t.to, tokenId: t.amount })
      }
    }
    return { ...tx, moves, nftMoves }
  }

  /** Whether history lists `tx` for `who`: sent or received by it, or moving a known token or NFT of it. */
  const concerns = (tx: ResolvedTx, who: string) =>
    tx.from === who || tx.to === who || tx.moves.some((m) => m.from === who || m.to === who) || tx.nftMoves.some((m) => m.from === who || m.to === who)

  /**
   * The NFTs of the known collections `address` holds now, from the index (every transfer in
   * and out, in chain order), on the chains asked for.
   */
  async function nfts(address: Address, chainIds: readonly number[] | null, baseUrl: string): Promise<HeldNft[]> {
    const chains = selectChains(chainIds)
    await Promise.all(chains.map((c) => sync(c.chainId)))
    const who = address.toLowerCase()
    const held = new Map<string, NftMove & { chainId: number }>()
    const rows = chains.length > 0 ? await index.transactions(who, chains.map((c) => c.chainId)) : []
    for (const chain of chains) {
      // Newest first from the storage: reversed, each chain's in chain order.
      const txs = rows.filter((r) => r.chainId === chain.chainId).reverse().map(resolve)
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

  async function history(
    address: Address,
    query: {
      chainIds: readonly number[] | null
      cursor: string | null
      limit: number
      baseUrl: string
      /** On-ramp activity: only the transactions moving a known token from this address (the on-ramp's treasury) to `address`. */
      deliveredBy?: string
    },
  ): Promise<HistoryPage> {
    // Checked before touching the chain, so a bad cursor is a 400 even when a node is down.
    const after = query.cursor === null ? null : parseCursor(query.cursor)
    const chains = selectChains(query.chainIds)
    await Promise.all(chains.map((c) => sync(c.chainId)))
    const who = address.toLowerCase()
    const chainIds = chains.map((c) => c.chainId)
    const page: ResolvedTx[] = []
    let more = false
    let before: IndexKey | null = after
    // A page and one more at a time (which tells whether there is a next page), until enough of
    // them concern `who`: the index also lists it for transfers of tokens the gateway does not know.
    while (chainIds.length > 0 && !more) {
      const rows = await index.transactions(who, chainIds, { before, limit: query.limit + 1 })
      for (const row of rows) {
        const tx = resolve(row)
        if (!concerns(tx, who)) continue
        if (query.deliveredBy !== undefined && !tx.moves.some((m) => m.from === query.deliveredBy!.toLowerCase() && m.to === who)) continue
        if (page.length === query.limit) {
          more = true
          break
        }
        page.push(tx)
      }
      const last = rows[rows.length - 1]
      if (rows.length < query.limit + 1 || !last) break
      before = [last.timestamp, last.chainId, last.blockNumber, last.txIndex]
    }
    const last = page[page.length - 1]
    return {
      data: page.map((tx) => toTransaction(tx, who, query.baseUrl)),
      next: more && last ? sortKey(last).join('.') : null,
    }
  }

  function toTransaction(tx: ResolvedTx, who: string, baseUrl: string): Transaction {
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
        : tx.selector.startsWith(APPROVE_SELECTOR)
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
