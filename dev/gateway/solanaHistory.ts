// Solana transactions and token accounts read into the data API's shapes: a transaction of the
// history API (spec §3: SOL and SPL transfers in and out of one owner, with amounts, symbols and
// status) from what getTransaction answers in `json`, and the NFTs an owner holds (SPL token
// accounts of amount 1 and 0 decimals) from jsonParsed token accounts. Pure: no RPC here.
import { formatUnits } from 'viem'
import type { Transaction, Transfer } from '../../src/core/domain/entities'
import type { HeldNft } from './chainData'
import { nftImageUrl, tokenIconUrl } from './chainData'
import type { GatewaySolanaToken } from './solanaData'

/** A token balance of a transaction's meta (pre or post), as far as read here. */
type MetaTokenBalance = { accountIndex?: unknown; mint?: unknown; owner?: unknown; uiTokenAmount?: { amount?: unknown; decimals?: unknown } }

/** What getTransaction (`encoding: 'json'`) answers, as far as read here; anything may be missing. */
export type SolanaTransactionJson = {
  slot?: unknown
  blockTime?: unknown
  transaction?: { signatures?: unknown; message?: { accountKeys?: unknown } }
  meta?: {
    err?: unknown
    fee?: unknown
    preBalances?: unknown
    postBalances?: unknown
    preTokenBalances?: unknown
    postTokenBalances?: unknown
    loadedAddresses?: { writable?: unknown; readonly?: unknown }
  } | null
}

export type SolanaAssets = {
  caipNetworkId: string
  native: { name: string; symbol: string; decimals: number }
  tokens: readonly GatewaySolanaToken[]
  priceOf: (symbol: string) => number
  baseUrl: string
}

/**
 * A mint the gateway has no metadata for, named by its shortened address ('9iws…GBTL'). Not the
 * modal's truncateAddress: the gateway's code is also compiled for dev/testing's declarations,
 * whose ES2022 library lacks what the modal's formatter uses.
 */
export function shortMint(mint: string): string {
  return mint.length <= 9 ? mint : `${mint.slice(0, 4)}…${mint.slice(-4)}`
}

const toBigInt = (value: unknown): bigint | null => {
  if (typeof value === 'bigint') return value
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value)
  if (typeof value === 'string' && /^\d{1,30}$/.test(value)) return BigInt(value)
  return null
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [])

/** Sum of `owner`'s token balances per mint (with the mint's decimals), and every other owner's, from a meta list. */
function tokenTotals(list: unknown): Map<string, { decimals: number; byOwner: Map<string, bigint> }> {
  const totals = new Map<string, { decimals: number; byOwner: Map<string, bigint> }>()
  for (const entry of Array.isArray(list) ? (list as MetaTokenBalance[]) : []) {
    const amount = toBigInt(entry?.uiTokenAmount?.amount)
    const decimals = entry?.uiTokenAmount?.decimals
    if (typeof entry?.mint !== 'string' || typeof entry.owner !== 'string' || amount === null || typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > 255) continue
    const mint = totals.get(entry.mint) ?? { decimals, byOwner: new Map<string, bigint>() }
    mint.byOwner.set(entry.owner, (mint.byOwner.get(entry.owner) ?? 0n) + amount)
    totals.set(entry.mint, mint)
  }
  return totals
}

/**
 * One Solana transaction as the history API's `Transaction` for `owner`: a SOL transfer when
 * the owner's lamports moved (the fee it paid as fee payer left out, so a plain transfer shows
 * its amount), one SPL transfer per mint whose total in the owner's token accounts moved, in
 * (`in`) or out (`out`). The counterparty is the account that moved the other way; status is
 * `failed` when the meta has an error. A reply without a meta, keys or signature is null.
 *
 * @example
 * solanaTransaction(await rpc.getTransaction(sig, { encoding: 'json', maxSupportedTransactionVersion: 0 }).send(), owner, assets)
 * // { id: sig, metadata: { operationType: 'send', status: 'confirmed', chain: 'solana:…', … }, transfers: [{ direction: 'out', quantity: { numeric: '0.5' }, fungible_info: { symbol: 'SOL', … } }] }
 */
export function solanaTransaction(reply: SolanaTransactionJson | null | undefined, owner: string, assets: SolanaAssets): Transaction | null {
  const meta = reply?.meta
  const signature = strings(reply?.transaction?.signatures)[0]
  if (!reply || !meta || !signature) return null
  const keys = [...strings(reply.transaction?.message?.accountKeys), ...strings(meta.loadedAddresses?.writable), ...strings(meta.loadedAddresses?.readonly)]
  const pre = Array.isArray(meta.preBalances) ? meta.preBalances.map(toBigInt) : []
  const post = Array.isArray(meta.postBalances) ? meta.postBalances.map(toBigInt) : []
  const fee = toBigInt(meta.fee) ?? 0n
  const transfers: Transfer[] = []
  const counterparties: (string | undefined)[] = []

  const transfer = (asset: { name: string; symbol: string; decimals: number }, delta: bigint): Transfer => {
    const numeric = formatUnits(delta < 0n ? -delta : delta, asset.decimals)
    const price = assets.priceOf(asset.symbol)
    return {
      direction: delta > 0n ? 'in' : 'out',
      quantity: { numeric },
      price,
      value: Number(numeric) * price,
      fungible_info: { name: asset.name, symbol: asset.symbol, icon: { url: tokenIconUrl(assets.baseUrl, asset.symbol) } },
    }
  }

  // SOL: every index of the owner (a key is listed once, but read defensively).
  const deltaAt = (i: number): bigint | null => {
    const before = pre[i]
    const after = post[i]
    if (before === null || before === undefined || after === null || after === undefined) return null
    return after - before + (i === 0 ? fee : 0n)
  }
  const ownerIndex = keys.indexOf(owner)
  const solDelta = ownerIndex < 0 ? null : deltaAt(ownerIndex)
  if (solDelta !== null && solDelta !== 0n) {
    transfers.push(transfer(assets.native, solDelta))
    const other = keys.findIndex((key, i) => i !== ownerIndex && (deltaAt(i) ?? 0n) * solDelta < 0n)
    counterparties.push(other < 0 ? undefined : keys[other])
  }

  // SPL: per mint, the owner's total after against before.
  const before = tokenTotals(meta.preTokenBalances)
  const after = tokenTotals(meta.postTokenBalances)
  for (const mint of new Set([...before.keys(), ...after.keys()])) {
    const decimals = after.get(mint)?.decimals ?? before.get(mint)!.decimals
    const owners = new Set([...(before.get(mint)?.byOwner.keys() ?? []), ...(after.get(mint)?.byOwner.keys() ?? [])])
    const deltaOf = (who: string) => (after.get(mint)?.byOwner.get(who) ?? 0n) - (before.get(mint)?.byOwner.get(who) ?? 0n)
    const delta = deltaOf(owner)
    if (delta === 0n) continue
    const known = assets.tokens.find((t) => t.mint === mint)
    const asset = known ?? { name: shortMint(mint), symbol: shortMint(mint), decimals }
    transfers.push(transfer({ ...asset, decimals }, delta))
    counterparties.push([...owners].find((who) => who !== owner && deltaOf(who) * delta < 0n))
  }

  const directions = new Set(transfers.map((t) => t.direction))
  const operationType = directions.has('in') && directions.has('out') ? 'trade' : directions.has('out') ? 'send' : directions.has('in') ? 'receive' : 'execute'
  const blockTime = toBigInt(reply.blockTime)
  const metadata: Transaction['metadata'] = {
    operationType,
    hash: signature,
    minedAt: new Date(Number(blockTime ?? 0n) * 1000).toISOString(),
    status: meta.err === null || meta.err === undefined ? 'confirmed' : 'failed',
    chain: assets.caipNetworkId,
  }
  if (keys[0]) metadata.sentFrom = keys[0]
  const first = transfers[0]
  const counterparty = counterparties[0]
  if (first && counterparty) {
    if (first.direction === 'out') metadata.sentTo = counterparty
    else metadata.sentFrom = counterparty
  }
  return { id: signature, metadata, transfers }
}

/** A jsonParsed token account (getTokenAccountsByOwner), as far as read here. */
export type ParsedTokenAccountJson = { pubkey?: unknown; account?: { data?: unknown } }

/**
 * The NFTs among an owner's token accounts: SPL token accounts holding exactly 1 of a mint with
 * 0 decimals, named from the gateway's token list where it has the mint, else by the shortened
 * mint. Accounts that do not read as jsonParsed SPL token accounts are skipped.
 *
 * @example
 * solanaNfts((await rpc.getTokenAccountsByOwner(owner, { programId }, { encoding: 'jsonParsed' }).send()).value, assets)
 * // [{ chainId: 'solana:…', contract: '<mint>', tokenId: '1', name: 'Gangway Pass', symbol: 'GPASS', … }]
 */
export function solanaNfts(accounts: readonly ParsedTokenAccountJson[], assets: SolanaAssets): HeldNft[] {
  const out: HeldNft[] = []
  const seen = new Set<string>()
  for (const account of accounts) {
    const info = (account?.account?.data as { parsed?: { info?: { mint?: unknown; tokenAmount?: { amount?: unknown; decimals?: unknown } } } } | undefined)?.parsed?.info
    const mint = info?.mint
    if (typeof mint !== 'string' || info?.tokenAmount?.amount !== '1' || info.tokenAmount.decimals !== 0 || seen.has(mint)) continue
    seen.add(mint)
    const known = assets.tokens.find((t) => t.mint === mint)
    const symbol = known?.symbol ?? shortMint(mint)
    const name = known?.name ?? shortMint(mint)
    out.push({ chainId: assets.caipNetworkId, contract: mint, tokenId: '1', name, collection: name, symbol, imageUrl: nftImageUrl(assets.baseUrl, symbol, 1n), spam: false })
  }
  return out
}
