import { address as toAddress, createSolanaRpc, isAddress, isSignature, type Address, type Signature } from '@solana/kit'
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { formatUnits } from 'viem'
import type { TokenBalance } from '../../src/core/domain/entities'
import { tokenIconUrl, type HeldNft, type HistoryPage } from './chainData'
import { solanaNfts, solanaTransaction, type ParsedTokenAccountJson, type SolanaAssets, type SolanaTransactionJson } from './solanaHistory'
import { HttpError } from './validate'

/** The SPL Token program, whose accounts of an owner history and NFTs read (the local validator's mints are all its). */
const TOKEN_PROGRAMS = [TOKEN_PROGRAM_ADDRESS] as const
/** Signatures read per address for history (getSignaturesForAddress's most in one call). */
const SIGNATURES_PER_ADDRESS = 1000

/** An SPL token the gateway reports for Solana accounts (the mint has no symbol on chain). */
export type GatewaySolanaToken = { mint: string; symbol: string; name: string; decimals: number }

/** A Solana validator the gateway reads balances from (e.g. the local one of dev/solana). */
export type GatewaySolana = {
  rpcUrl: string
  /** CAIP-2 id of the cluster, `solana:<first 32 characters of the genesis hash>`. */
  caipNetworkId: string
  /** The mints whose token accounts are listed; other mints are not reported. */
  tokens: GatewaySolanaToken[]
  /** Defaults to SOL with 9 decimals. */
  nativeCurrency?: { name: string; symbol: string; decimals: number }
}

/** Start-up prices of the Solana assets, merged into the price table when a validator is served. */
export const SOLANA_DEFAULT_PRICES: Readonly<Record<string, number>> = { SOL: 150, GWAY: 0.5 }

const DEFAULT_SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 }
/** Why a timeout: a validator that hangs must become a 502, not a request that never ends. */
const RPC_TIMEOUT_MS = 10_000

/** What getTokenAccountsByOwner(…, { encoding: 'jsonParsed' }) says of one token account, as far as read here. */
type ParsedTokenAccount = { account: { data: unknown } }

/**
 * Reads a Solana account's balances from a validator's JSON-RPC: SOL (getBalance) and the
 * configured SPL tokens (jsonParsed getTokenAccountsByOwner per mint, summed over the owner's
 * token accounts of that mint), shaped as the spec's token balances. A validator that fails is
 * answered with `HttpError(502)`.
 *
 * @example
 * const data = createSolanaData({ solana, prices: () => ({ SOL: 150 }) })
 * await data.balances('2yv38haB18xjvwGdkSdFML9sSqfKAycBysobHzZxirLg', 'http://127.0.0.1:8787')
 */
export function createSolanaData(options: {
  solana: GatewaySolana
  prices: () => Readonly<Record<string, number>>
  /** The RPC to read through (tests pass a fake); defaults to kit's `createSolanaRpc(solana.rpcUrl)`. */
  rpc?: SolanaDataRpc
}) {
  const { solana } = options
  if (!/^solana:[1-9A-HJ-NP-Za-km-z]{1,32}$/.test(solana.caipNetworkId)) {
    throw new Error(`solana.caipNetworkId must be a CAIP-2 id like solana:<genesis hash prefix>, got '${solana.caipNetworkId}'`)
  }
  for (const t of solana.tokens) {
    if (!isAddress(t.mint)) throw new Error(`solana.tokens: '${t.mint}' is not a Solana address`)
    if (!Number.isInteger(t.decimals) || t.decimals < 0 || t.decimals > 255) throw new Error(`solana.tokens: decimals of ${t.symbol} must be an integer from 0 to 255`)
  }
  const rpc: SolanaDataRpc = options.rpc ?? (createSolanaRpc(solana.rpcUrl) as unknown as SolanaDataRpc)
  const native = solana.nativeCurrency ?? DEFAULT_SOL
  const priceOf = (symbol: string) => options.prices()[symbol] ?? 0

  async function onValidator<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    try {
      return await work(AbortSignal.timeout(RPC_TIMEOUT_MS))
    } catch (error) {
      if (error instanceof HttpError) throw error
      const reason = String((error as Error)?.message ?? error).split('\n')[0]
      throw new HttpError(502, `The Solana validator of ${solana.caipNetworkId} (${solana.rpcUrl}) failed: ${reason}`)
    }
  }

  function balance(asset: { name: string; symbol: string; decimals: number; mint?: string }, raw: bigint, baseUrl: string): TokenBalance {
    const numeric = formatUnits(raw, asset.decimals)
    const price = priceOf(asset.symbol)
    const out: TokenBalance = {
      name: asset.name,
      symbol: asset.symbol,
      chainId: solana.caipNetworkId,
      value: Number(numeric) * price,
      price,
      quantity: { decimals: String(asset.decimals), numeric },
      iconUrl: tokenIconUrl(baseUrl, asset.symbol),
    }
    if (asset.mint) out.address = `${solana.caipNetworkId}:${asset.mint}`
    return out
  }

  async function balances(owner: Address, baseUrl: string): Promise<TokenBalance[]> {
    return onValidator(async (abortSignal) => {
      const [lamports, ...perMint] = await Promise.all([
        rpc.getBalance(owner, { commitment: 'confirmed' }).send({ abortSignal }),
        ...solana.tokens.map((t) =>
          rpc
            .getTokenAccountsByOwner(owner, { mint: toAddress(t.mint) }, { encoding: 'jsonParsed', commitment: 'confirmed' })
            .send({ abortSignal }),
        ),
      ])
      const out = [balance(native, BigInt((lamports as { value: bigint | number }).value), baseUrl)]
      solana.tokens.forEach((token, i) => {
        const accounts = (perMint[i] as { value: readonly ParsedTokenAccount[] }).value
        const raw = accounts.reduce((sum, a) => sum + tokenAmount(a, token), 0n)
        // As on EVM: tokens the account does not hold are left out; SOL is always listed.
        if (raw > 0n) out.push(balance(token, raw, baseUrl))
      })
      return out
    })
  }

  const assetsFor = (baseUrl: string): SolanaAssets => ({ caipNetworkId: solana.caipNetworkId, native, tokens: solana.tokens, priceOf, baseUrl })

  /** The owner's SPL token accounts, jsonParsed. */
  async function tokenAccounts(owner: Address, abortSignal: AbortSignal): Promise<(ParsedTokenAccountJson & { pubkey: Address })[]> {
    const lists = await Promise.all(
      TOKEN_PROGRAMS.map((programId) =>
        rpc.getTokenAccountsByOwner(owner, { programId }, { encoding: 'jsonParsed', commitment: 'confirmed' }).send({ abortSignal }),
      ),
    )
    return lists.flatMap((list) => list.value as (ParsedTokenAccountJson & { pubkey: Address })[])
  }

  /**
   * The owner's transactions, newest first: the signatures of the owner and of each token account
   * it holds now (a cluster indexes an SPL transfer under the token accounts it moved, not their
   * owners), merged, then a page of them read with getTransaction. `cursor` is the signature of
   * the last transaction of the previous page (its `next`); one not among them gives an empty page.
   */
  async function history(owner: Address, query: { cursor: string | null; limit: number; baseUrl: string }): Promise<HistoryPage> {
    // Checked before touching the validator, so a bad cursor is a 400 even when it is down.
    if (query.cursor !== null && !isSignature(query.cursor)) {
      throw new HttpError(400, `Invalid cursor '${query.cursor.slice(0, 80)}': pass the 'next' value of the previous page`)
    }
    return onValidator(async (abortSignal) => {
      const accounts = await tokenAccounts(owner, abortSignal)
      const addresses = [owner, ...accounts.map((a) => a.pubkey).filter((a) => typeof a === 'string' && isAddress(a))]
      const lists = await Promise.all(
        addresses.map((address) => rpc.getSignaturesForAddress(address, { limit: SIGNATURES_PER_ADDRESS, commitment: 'confirmed' }).send({ abortSignal })),
      )
      const bySignature = new Map<string, bigint>()
      for (const list of lists) for (const entry of list) bySignature.set(entry.signature, BigInt(entry.slot))
      const ordered = [...bySignature].sort(([a, slotA], [b, slotB]) => (slotA === slotB ? (a < b ? 1 : a > b ? -1 : 0) : slotA < slotB ? 1 : -1)).map(([signature]) => signature)
      const start = query.cursor === null ? 0 : ordered.indexOf(query.cursor) + 1
      const page = start === 0 && query.cursor !== null ? [] : ordered.slice(start, start + query.limit)
      const replies = await Promise.all(
        page.map((signature) =>
          rpc.getTransaction(signature as Signature, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' }).send({ abortSignal }),
        ),
      )
      const assets = assetsFor(query.baseUrl)
      const data = replies.flatMap((reply) => solanaTransaction(reply as SolanaTransactionJson | null, owner, assets) ?? [])
      const more = start + query.limit < ordered.length && page.length === query.limit
      return { data, next: more ? page[page.length - 1]! : null }
    })
  }

  /** The NFTs the owner holds: token accounts of 1 token of a 0-decimal mint. */
  async function nfts(owner: Address, baseUrl: string): Promise<HeldNft[]> {
    return onValidator(async (abortSignal) => solanaNfts(await tokenAccounts(owner, abortSignal), assetsFor(baseUrl)))
  }

  return {
    caipNetworkId: solana.caipNetworkId,
    balances,
    history,
    nfts,
    /** Price and metadata of a configured mint by CAIP-10 id (`solana:<ref>:<mint>`), else null. */
    fungible(caip10: string, baseUrl: string): { name: string; symbol: string; iconUrl: string; price: number } | null {
      const at = caip10.lastIndexOf(':')
      if (caip10.slice(0, at) !== solana.caipNetworkId) return null
      const token = solana.tokens.find((t) => t.mint === caip10.slice(at + 1))
      return token ? { name: token.name, symbol: token.symbol, iconUrl: tokenIconUrl(baseUrl, token.symbol), price: priceOf(token.symbol) } : null
    },
  }
}

export type SolanaData = ReturnType<typeof createSolanaData>

type Call<T> = { send(options?: { abortSignal?: AbortSignal }): Promise<T> }

/** The part of kit's Solana RPC the gateway calls (so a test can stand in for the validator). */
export type SolanaDataRpc = {
  getBalance(address: Address, config?: object): Call<{ value: bigint | number }>
  getTokenAccountsByOwner(owner: Address, filter: { mint: Address } | { programId: Address }, config?: object): Call<{ value: readonly unknown[] }>
  getSignaturesForAddress(address: Address, config?: object): Call<readonly { signature: string; slot: bigint | number }[]>
  getTransaction(signature: Signature, config?: object): Call<unknown>
}

/** The raw amount of one jsonParsed token account; a reply that does not read as one is a 502. */
function tokenAmount(account: ParsedTokenAccount, token: GatewaySolanaToken): bigint {
  const info = (account.account.data as { parsed?: { info?: { mint?: unknown; tokenAmount?: { amount?: unknown; decimals?: unknown } } } })?.parsed?.info
  const amount = info?.tokenAmount?.amount
  if (info?.mint !== token.mint || typeof amount !== 'string' || !/^\d{1,20}$/.test(amount) || info.tokenAmount?.decimals !== token.decimals) {
    throw new HttpError(502, `The Solana validator answered a token account of ${token.symbol} that is not a jsonParsed SPL token account`)
  }
  return BigInt(amount)
}

/** Whether `value` is a base58 Solana address (32 bytes), checked by @solana/kit. */
export function isSolanaAddress(value: string): value is Address {
  return isAddress(value)
}
