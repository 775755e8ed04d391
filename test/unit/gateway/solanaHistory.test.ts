// The gateway's Solana history and NFTs read from what the validator answers, with a fake RPC:
// getTransaction replies (json) parsed into the history API's transactions (SOL and SPL in and
// out, the fee left out, symbols from the token list or the shortened mint, failed ones), token
// accounts read as NFTs (1 of a 0-decimal mint), and the merge of an owner's and its token
// accounts' signatures into pages with a cursor.
import { getBase58Decoder, type Address, type Signature } from '@solana/kit'
import { TOKEN_PROGRAM_ADDRESS as TOKEN } from '@solana-program/token'
import { describe, expect, it } from 'vitest'
import { createSolanaData, type SolanaDataRpc } from '../../../dev/gateway/solanaData'
import { shortMint, solanaNfts, solanaTransaction, type SolanaAssets, type SolanaTransactionJson } from '../../../dev/gateway/solanaHistory'
import { HttpError } from '../../../dev/gateway/validate'

const CAIP = 'solana:2EPTjCbpZFdiRDpjoRB4MxbTsVktZbGr'
const OWNER = '2yv38haB18xjvwGdkSdFML9sSqfKAycBysobHzZxirLg'
const OTHER = 'FdnHavjnCBuEZpJ9mcrakq9Whfwg5ptMPL6wu6ScYi9Y'
const GWAY = '9iwsPKzDCdR1zZzwxEgVJBeXKaqc5raN6UFCzoEiGBTL'
const UNKNOWN_MINT = 'Gat8CpPpJFL62PVoNr26fH9cu4coGK9sQmDqTwyMQ3JG'
const OWNER_ATA = '5nz8fbpG9n4eWUWmLLAqMaVqMd8dJ2yEP2qPRHbKoS4B'
const OTHER_ATA = 'FzUrXkT1bV66a4KDyspPRJkRRadC5fD46owdoewM3d9L'
const SYSTEM = '11111111111111111111111111111111'
const BASE = 'http://gw.test'
const SIG = (n: number) => getBase58Decoder().decode(new Uint8Array(64).fill(n)) as Signature

const assets: SolanaAssets = {
  caipNetworkId: CAIP,
  native: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  tokens: [{ mint: GWAY, symbol: 'GWAY', name: 'Gangway Test Token', decimals: 6 }],
  priceOf: (symbol) => ({ SOL: 150, GWAY: 0.5 })[symbol] ?? 0,
  baseUrl: BASE,
}

const tokenBalance = (accountIndex: number, mint: string, owner: string, amount: bigint, decimals = 6) => ({
  accountIndex,
  mint,
  owner,
  programId: TOKEN,
  uiTokenAmount: { amount: amount.toString(), decimals, uiAmount: null, uiAmountString: '' },
})

function reply(parts: { keys: string[]; pre: bigint[]; post: bigint[]; fee?: bigint; err?: unknown; preTokens?: unknown[]; postTokens?: unknown[]; signature?: string }): SolanaTransactionJson {
  return {
    slot: 7n,
    blockTime: 1_760_000_000n,
    transaction: { signatures: [parts.signature ?? SIG(1)], message: { accountKeys: parts.keys } },
    meta: {
      err: parts.err ?? null,
      fee: parts.fee ?? 5000n,
      preBalances: parts.pre,
      postBalances: parts.post,
      preTokenBalances: parts.preTokens ?? [],
      postTokenBalances: parts.postTokens ?? [],
      loadedAddresses: { writable: [], readonly: [] },
    },
  }
}

describe('solanaTransaction', () => {
  it('a SOL transfer out: the amount without the fee the sender paid, to the account that received it', () => {
    const tx = solanaTransaction(reply({ keys: [OWNER, OTHER, SYSTEM], pre: [10_000_000_000n, 0n, 1n], post: [9_499_995_000n, 500_000_000n, 1n] }), OWNER, assets)
    expect(tx).toEqual({
      id: SIG(1),
      metadata: { operationType: 'send', hash: SIG(1), minedAt: new Date(1_760_000_000_000).toISOString(), status: 'confirmed', chain: CAIP, sentFrom: OWNER, sentTo: OTHER },
      transfers: [
        { direction: 'out', quantity: { numeric: '0.5' }, price: 150, value: 75, fungible_info: { name: 'Solana', symbol: 'SOL', icon: { url: `${BASE}/public/getTokenImage/SOL` } } },
      ],
    })
  })

  it('the same transfer read by its receiver is a receive from the sender', () => {
    const tx = solanaTransaction(reply({ keys: [OWNER, OTHER, SYSTEM], pre: [10_000_000_000n, 0n, 1n], post: [9_499_995_000n, 500_000_000n, 1n] }), OTHER, assets)!
    expect(tx.metadata).toMatchObject({ operationType: 'receive', sentFrom: OWNER })
    expect(tx.metadata.sentTo).toBeUndefined()
    expect(tx.transfers).toMatchObject([{ direction: 'in', quantity: { numeric: '0.5' }, fungible_info: { symbol: 'SOL' } }])
  })

  it('an SPL transfer: the owner’s token accounts summed per mint, the symbol from the token list; the fee alone is no SOL transfer', () => {
    const tx = solanaTransaction(
      reply({
        keys: [OWNER, OWNER_ATA, OTHER_ATA, TOKEN],
        pre: [5_000_000n, 2_039_280n, 2_039_280n, 1n],
        post: [4_995_000n, 2_039_280n, 2_039_280n, 1n],
        preTokens: [tokenBalance(1, GWAY, OWNER, 10_000_000n), tokenBalance(2, GWAY, OTHER, 0n)],
        postTokens: [tokenBalance(1, GWAY, OWNER, 8_750_000n), tokenBalance(2, GWAY, OTHER, 1_250_000n)],
      }),
      OWNER,
      assets,
    )!
    expect(tx.metadata).toMatchObject({ operationType: 'send', sentTo: OTHER, status: 'confirmed' })
    expect(tx.transfers).toEqual([
      { direction: 'out', quantity: { numeric: '1.25' }, price: 0.5, value: 0.625, fungible_info: { name: 'Gangway Test Token', symbol: 'GWAY', icon: { url: `${BASE}/public/getTokenImage/GWAY` } } },
    ])
    // The receiver is not among the keys (only its token account is): still found through the token balances.
    const received = solanaTransaction(
      reply({
        keys: [OWNER, OWNER_ATA, OTHER_ATA, TOKEN],
        pre: [5_000_000n, 1n, 1n, 1n],
        post: [4_995_000n, 1n, 1n, 1n],
        preTokens: [tokenBalance(1, GWAY, OWNER, 10_000_000n), tokenBalance(2, GWAY, OTHER, 0n)],
        postTokens: [tokenBalance(1, GWAY, OWNER, 8_750_000n), tokenBalance(2, GWAY, OTHER, 1_250_000n)],
      }),
      OTHER,
      assets,
    )!
    expect(received.metadata).toMatchObject({ operationType: 'receive', sentFrom: OWNER })
    expect(received.transfers).toMatchObject([{ direction: 'in', quantity: { numeric: '1.25' }, fungible_info: { symbol: 'GWAY' } }])
  })

  it('a mint the gateway does not know is named by its shortened address, with its own decimals; SOL and a token both moving is a trade', () => {
    const tx = solanaTransaction(
      reply({
        keys: [OWNER, OWNER_ATA, OTHER],
        pre: [2_000_000_000n, 1n, 0n],
        post: [999_995_000n, 1n, 1_000_000_000n],
        preTokens: [],
        postTokens: [tokenBalance(1, UNKNOWN_MINT, OWNER, 42n, 0)],
      }),
      OWNER,
      assets,
    )!
    expect(shortMint(UNKNOWN_MINT)).toBe('Gat8…Q3JG')
    expect(tx.metadata.operationType).toBe('trade')
    expect(tx.transfers).toMatchObject([
      { direction: 'out', quantity: { numeric: '1' }, fungible_info: { symbol: 'SOL' } },
      { direction: 'in', quantity: { numeric: '42' }, price: 0, value: 0, fungible_info: { name: shortMint(UNKNOWN_MINT), symbol: shortMint(UNKNOWN_MINT) } },
    ])
  })

  it('a failed transaction is listed as failed, with no transfer for the fee it paid', () => {
    const tx = solanaTransaction(
      reply({ keys: [OWNER, OTHER, SYSTEM], pre: [1_000_000n, 0n, 1n], post: [995_000n, 0n, 1n], err: { InstructionError: [0, { Custom: 1 }] } }),
      OWNER,
      assets,
    )!
    expect(tx.metadata).toMatchObject({ status: 'failed', operationType: 'execute' })
    expect(tx.transfers).toEqual([])
  })

  it('reads amounts given as numbers or text too, and skips what does not read', () => {
    const tx = solanaTransaction(
      {
        blockTime: 1_760_000_000,
        transaction: { signatures: [SIG(2)], message: { accountKeys: [OTHER, OWNER] } },
        meta: { err: null, fee: 5000, preBalances: [10_000, 0], postBalances: ['5000', 'x'], preTokenBalances: [{ mint: 1 }], postTokenBalances: 'junk' },
      },
      OWNER,
      assets,
    )!
    expect(tx.transfers).toEqual([])
    expect(tx.id).toBe(SIG(2))
    expect(solanaTransaction(null, OWNER, assets)).toBeNull()
    expect(solanaTransaction({ transaction: { signatures: [SIG(3)] }, meta: null }, OWNER, assets)).toBeNull()
    expect(solanaTransaction({ meta: { err: null } }, OWNER, assets)).toBeNull()
  })
})

describe('solanaNfts', () => {
  const account = (mint: string, amount: string, decimals: number) => ({ pubkey: OWNER_ATA, account: { data: { parsed: { info: { mint, owner: OWNER, tokenAmount: { amount, decimals } } } } } })

  it('lists token accounts of 1 token of a 0-decimal mint, named from the token list or by the shortened mint', () => {
    const known = { ...assets, tokens: [...assets.tokens, { mint: UNKNOWN_MINT, symbol: 'PASS', name: 'Gangway Pass', decimals: 0 }] }
    const accounts = [account(GWAY, '1', 6), account(OTHER, '2', 0), account(UNKNOWN_MINT, '1', 0), account(SYSTEM, '0', 0), { account: { data: ['AAAA', 'base64'] } }, account(OWNER, '1', 0)]
    expect(solanaNfts(accounts, known)).toEqual([
      { chainId: CAIP, contract: UNKNOWN_MINT, tokenId: '1', name: 'Gangway Pass', collection: 'Gangway Pass', symbol: 'PASS', imageUrl: `${BASE}/public/getAssetImage/PASS-1`, spam: false },
      { chainId: CAIP, contract: OWNER, tokenId: '1', name: shortMint(OWNER), collection: shortMint(OWNER), symbol: shortMint(OWNER), imageUrl: `${BASE}/public/getAssetImage/${encodeURIComponent(`${shortMint(OWNER)}-1`)}`, spam: false },
    ])
    expect(solanaNfts([], assets)).toEqual([])
  })
})

/** A fake validator: signatures per address, getTransaction replies by signature. */
function fakeRpc(signatures: Record<string, [string, number][]>, replies: Record<string, SolanaTransactionJson>, tokenAccounts: string[] = []) {
  const calls: string[] = []
  const call = <T>(name: string, value: T) => {
    calls.push(name)
    return { send: async () => value }
  }
  const rpc: SolanaDataRpc = {
    getBalance: () => call('getBalance', { value: 0n }),
    getTokenAccountsByOwner: (_owner, filter) =>
      call('getTokenAccountsByOwner', { value: 'programId' in filter && filter.programId === TOKEN ? tokenAccounts.map((pubkey) => ({ pubkey, account: { data: {} } })) : [] }),
    getSignaturesForAddress: (address) => call(`getSignaturesForAddress ${address}`, (signatures[address] ?? []).map(([signature, slot]) => ({ signature, slot: BigInt(slot) }))),
    getTransaction: (signature) => call(`getTransaction ${signature}`, replies[signature] ?? null),
  }
  return { rpc, calls }
}

describe('createSolanaData history', () => {
  const solana = { rpcUrl: 'http://unused.test', caipNetworkId: CAIP, tokens: [...assets.tokens] }
  const transferReply = (signature: string) => reply({ signature, keys: [OWNER, OTHER, SYSTEM], pre: [10_000_000_000n, 0n, 1n], post: [9_000_000_000n - 5000n, 1_000_000_000n, 1n] })

  it('merges the owner’s and its token accounts’ signatures, newest first, once each, in pages with a cursor', async () => {
    const replies = Object.fromEntries([1, 2, 3, 4].map((n) => [SIG(n), transferReply(SIG(n))]))
    const { rpc, calls } = fakeRpc({ [OWNER]: [[SIG(4), 40], [SIG(2), 20], [SIG(1), 10]], [OWNER_ATA]: [[SIG(3), 30], [SIG(2), 20]] }, replies, [OWNER_ATA])
    const data = createSolanaData({ solana, prices: () => ({ SOL: 150 }), rpc })
    const first = await data.history(OWNER as Address, { cursor: null, limit: 3, baseUrl: BASE })
    expect(first.data.map((t) => t.id)).toEqual([SIG(4), SIG(3), SIG(2)])
    expect(first.next).toBe(SIG(2))
    expect(calls).toContain(`getSignaturesForAddress ${OWNER_ATA}`)
    const second = await data.history(OWNER as Address, { cursor: first.next, limit: 3, baseUrl: BASE })
    expect(second).toMatchObject({ data: [{ id: SIG(1), metadata: { chain: CAIP } }], next: null })
    // A signature that is not among them starts nowhere: an empty page.
    expect(await data.history(OWNER as Address, { cursor: SIG(9), limit: 3, baseUrl: BASE })).toEqual({ data: [], next: null })
    // Exactly a page: no next.
    expect((await data.history(OWNER as Address, { cursor: null, limit: 4, baseUrl: BASE })).next).toBeNull()
  })

  it('refuses a cursor that is not a signature before asking the validator, and turns a validator failure into a 502', async () => {
    const { rpc, calls } = fakeRpc({}, {})
    const data = createSolanaData({ solana, prices: () => ({}), rpc })
    await expect(data.history(OWNER as Address, { cursor: 'nope', limit: 5, baseUrl: BASE })).rejects.toMatchObject({ status: 400, message: "Invalid cursor 'nope': pass the 'next' value of the previous page" })
    expect(calls).toEqual([])
    const broken: SolanaDataRpc = { ...rpc, getSignaturesForAddress: () => ({ send: async () => Promise.reject(new Error('connect ECONNREFUSED')) }) }
    const failing = createSolanaData({ solana, prices: () => ({}), rpc: broken })
    const error = await failing.history(OWNER as Address, { cursor: null, limit: 5, baseUrl: BASE }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    expect(error).toMatchObject({ status: 502, message: `The Solana validator of ${CAIP} (http://unused.test) failed: connect ECONNREFUSED` })
  })
})
