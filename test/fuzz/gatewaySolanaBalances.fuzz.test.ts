// Fuzz: the gateway's balance route for Solana accounts, against a real local validator on port 0.
// Arbitrary account segments (well-formed addresses from random 32 bytes, near-misses of base58,
// EVM addresses, junk) with arbitrary chainId / currency queries: every answer is a 200 with
// balances in the spec's shape (SOL first, its quantity the validator's lamports at 9 decimals)
// or a 400 `{ error }`, never a 5xx, and the gateway keeps serving. The history and NFT routes
// take the same accounts with arbitrary chainId, cursor, limit and onramp queries: a page of
// spec-shaped transactions of the served cluster, an NFT list, or a 400 `{ error }`.

import { address, createSolanaRpc, getAddressDecoder, getBase58Decoder, isAddress } from '@solana/kit'
import fc from 'fast-check'
import { formatUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startGateway, type Gateway } from '../../dev/gateway/startGateway'
import { startSolanaValidator, type SolanaValidator } from '../../dev/solana/startSolanaValidator'
import type { Transaction } from '../../src/core/domain/entities'
import { fuzzParams } from './fuzzParams'

let validator: SolanaValidator
let gateway: Gateway

beforeAll(async () => {
  validator = await startSolanaValidator({ port: 0 })
  const { mint } = validator
  gateway = await startGateway({
    port: 0,
    chains: [],
    tokens: [],
    solana: {
      rpcUrl: validator.rpcUrl,
      caipNetworkId: validator.caipNetworkId,
      tokens: [{ mint: mint.address, symbol: mint.symbol, name: mint.name, decimals: mint.decimals }],
    },
  })
}, 30_000)

afterAll(async () => {
  await gateway?.stop()
  await validator?.stop()
})

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const decoder = getAddressDecoder()
const randomAddress = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => decoder.decode(bytes) as string)
const devAddress = fc.integer({ min: 0, max: 2 }).map((i) => validator.accounts[i]!.address as string)
const base58ish = fc.string({ unit: fc.constantFrom(...BASE58, '0', 'O', 'I', 'l', '+', '/'), minLength: 0, maxLength: 50 })
const segmentArb = fc.oneof(
  { weight: 3, arbitrary: randomAddress },
  { weight: 2, arbitrary: devAddress },
  { weight: 2, arbitrary: base58ish },
  { weight: 1, arbitrary: randomAddress.map((a) => a.slice(0, -1)) },
  { weight: 1, arbitrary: randomAddress.map((a) => `${a}1`) },
  { weight: 1, arbitrary: fc.constantFrom('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '0x1', '', '%00', '..', '__proto__') },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
)
const chainIdArb = fc.oneof(
  fc.constant(undefined),
  fc.constant(() => validator.caipNetworkId),
  fc.constantFrom('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'solana:localnet', 'eip155:1', 'solana:', 'solana', 'bip122:000000000019d6689c085ae165831e93', ''),
  fc.string({ maxLength: 40 }),
)
const currencyArb = fc.option(fc.constantFrom('usd', 'eur', '', 'USD'), { nil: undefined })

describe('fuzz: Solana balances through the gateway', () => {
  it('answers any account and query with spec-shaped balances or a 400, and keeps serving', async () => {
    const caip = validator.caipNetworkId
    await fc.assert(
      fc.asyncProperty(segmentArb, chainIdArb, currencyArb, async (segment, chainId, currency) => {
        const network = typeof chainId === 'function' ? chainId() : chainId
        const query = new URLSearchParams({ projectId: 'fuzz' })
        if (network !== undefined) query.set('chainId', network)
        if (currency !== undefined) query.set('currency', currency)
        const response = await fetch(`${gateway.url}/v1/account/${encodeURIComponent(segment)}/balance?${query}`)
        const body = (await response.json()) as { balances?: unknown[]; error?: string }
        if (response.status !== 200) {
          expect([400, 404], `${response.status} ${JSON.stringify(body)}`).toContain(response.status)
          expect(typeof body.error).toBe('string')
          return
        }
        const balances = body.balances as { symbol: string; chainId: string; quantity: { decimals: string; numeric: string }; price: number; value: number }[]
        expect(Array.isArray(balances)).toBe(true)
        const servedHere = balances.length > 0
        // An empty chainId is no chainId.
        const everyNetwork = network === undefined || network === ''
        const shouldServe = isAddress(segment) && (everyNetwork || network === caip)
        expect(servedHere, `${segment} on ${network}`).toBe(shouldServe)
        // Balances come only for the served cluster, and only for a Solana address.
        if (servedHere) {
          const [sol, ...tokens] = balances
          expect(sol).toMatchObject({ symbol: 'SOL', chainId: caip, quantity: { decimals: '9' } })
          const { value: lamports } = await createSolanaRpc(validator.rpcUrl).getBalance(address(segment)).send()
          expect(sol!.quantity.numeric).toBe(formatUnits(lamports, 9))
          for (const token of tokens) {
            expect(token).toMatchObject({ symbol: 'GWAY', chainId: caip, quantity: { decimals: '6' } })
            expect(Number(token.quantity.numeric)).toBeGreaterThan(0)
          }
          for (const b of balances) expect(Number.isFinite(b.value) && Number.isFinite(b.price)).toBe(true)
        }
      }),
      fuzzParams('gatewaySolanaBalances', 300),
    )
    expect((await fetch(`${gateway.url}/health`)).status).toBe(200)
  }, 60_000)

  it('answers any account, cursor, limit and onramp on the history and NFT routes with a page, a list or a 400', async () => {
    const caip = validator.caipNetworkId
    // The dev accounts' set-up transactions give them a history, and a real cursor.
    const [someSignature] = await createSolanaRpc(validator.rpcUrl).getSignaturesForAddress(address(validator.accounts[1]!.address), { limit: 1 }).send()
    const signatureArb = fc.uint8Array({ minLength: 64, maxLength: 64 }).map((bytes) => getBase58Decoder().decode(bytes))
    const cursorArb = fc.option(
      fc.oneof(signatureArb, fc.constant(someSignature?.signature ?? ''), base58ish, fc.string({ maxLength: 120 }), signatureArb.map((s) => s.slice(1))),
      { nil: undefined },
    )
    const limitArb = fc.option(fc.oneof(fc.integer({ min: -5, max: 120 }).map(String), fc.constantFrom('', '1.5', 'x', '1e2', '0x10')), { nil: undefined })
    const onrampArb = fc.option(fc.constantFrom('coinbase', 'other', ''), { nil: undefined })
    await fc.assert(
      fc.asyncProperty(segmentArb, chainIdArb, cursorArb, limitArb, onrampArb, fc.boolean(), async (segment, chainId, cursor, limit, onramp, nfts) => {
        const network = typeof chainId === 'function' ? chainId() : chainId
        const query = new URLSearchParams({ projectId: 'fuzz' })
        if (network !== undefined) query.set('chainId', network)
        if (cursor !== undefined) query.set('cursor', cursor)
        if (limit !== undefined) query.set('limit', limit)
        if (onramp !== undefined) query.set('onramp', onramp)
        const route = nfts ? 'nfts' : 'history'
        const response = await fetch(`${gateway.url}/v1/account/${encodeURIComponent(segment)}/${route}?${query}`)
        const body = (await response.json()) as { data?: unknown[]; next?: unknown; nfts?: unknown[]; error?: string }
        const context = `${route} ${segment} ${query} → ${response.status} ${JSON.stringify(body).slice(0, 300)}`
        if (response.status !== 200) {
          expect([400, 404], context).toContain(response.status)
          expect(typeof body.error, context).toBe('string')
          return
        }
        const solanaHere = isAddress(segment) && (network === undefined || network === '' || network === caip)
        if (nfts) {
          expect(Array.isArray(body.nfts), context).toBe(true)
          for (const nft of body.nfts as { chainId: string; tokenId: string }[]) expect(nft, context).toMatchObject({ chainId: caip, tokenId: '1' })
          if (body.nfts!.length > 0) expect(solanaHere, context).toBe(true)
          return
        }
        expect(Array.isArray(body.data), context).toBe(true)
        expect(body.next === null || typeof body.next === 'string', context).toBe(true)
        const pageSize = limit === undefined || limit === '' ? 20 : Number(limit)
        expect(body.data!.length, context).toBeLessThanOrEqual(pageSize)
        if (body.data!.length > 0) expect(solanaHere && (onramp === undefined || onramp === ''), context).toBe(true)
        for (const tx of body.data as Transaction[]) {
          expect(tx.metadata.chain, context).toBe(caip)
          expect(['confirmed', 'failed'], context).toContain(tx.metadata.status)
          expect(tx.id, context).toBe(tx.metadata.hash)
          for (const t of tx.transfers) {
            expect(['in', 'out'], context).toContain(t.direction)
            expect(t.quantity!.numeric, context).toMatch(/^\d+(\.\d+)?$/)
            expect(typeof t.fungible_info?.symbol, context).toBe('string')
          }
        }
      }),
      fuzzParams('gatewaySolanaHistory', 150),
    )
    expect((await fetch(`${gateway.url}/health`)).status).toBe(200)
  }, 60_000)
})
