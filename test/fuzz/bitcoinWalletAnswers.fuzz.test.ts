// @vitest-environment happy-dom
// Fuzz: what a Bitcoin wallet answers, both ways (Wallet Standard feature results and
// btc_providers JSON-RPC envelopes), fed to the real Bitcoin adapter: connect, silent reconnect,
// BIP-322 signatures, signed PSBTs, account-change events. Nothing may crash or leak a raw error:
// a call either succeeds with checked data (a payment account first, hex public keys, base64) or
// fails with a Gangway error carrying the spec's message for the operation; events are typed or
// `ignored` with a reason.
import { base64, hex } from '@scure/base'
import { Address, OutScript, Transaction } from '@scure/btc-signer'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devBitcoinAccount, REGTEST_ADDRESSES } from '../../dev/bitcoin/devAccounts'
import { createBitcoinAdapter, type BitcoinAdapter } from '../../src/adapters/bitcoin/createBitcoinAdapter'
import { defineBitcoinNetwork, REGTEST_GENESIS } from '../../src/adapters/bitcoin/defineBitcoinNetwork'
import { GangwayError } from '../../src/core/errors/base'
import type { WalletProviderEvent } from '../../src/core/ports'
import { createFakeBitcoinWallet, fakeEsplora, type FakeBitcoinWallet } from '../unit/adapters/bitcoin/fakeBitcoinWallet'
import { fuzzParams } from './fuzzParams'

const regtest = defineBitcoinNetwork({ genesisHash: REGTEST_GENESIS, name: 'Regtest', rpcUrl: 'http://esplora.test', kind: 'regtest' })
const dev0 = devBitcoinAccount(0)
const STANDARD = 'Fuzz Standard BTC'
const PROVIDER = 'Fuzz Provider BTC'

let standard: FakeBitcoinWallet
let provider: FakeBitcoinWallet
let adapter: BitcoinAdapter

beforeAll(() => {
  standard = createFakeBitcoinWallet({ name: STANDARD }).register()
  provider = createFakeBitcoinWallet({ name: PROVIDER }).install(window)
  adapter = createBitcoinAdapter({ networks: [regtest], prefetch: false, discoveryTimeoutMs: 0, fetch: fakeEsplora().fetch, window })
})
afterAll(() => {
  standard.unregister()
  delete (window as unknown as Record<string, unknown>).btc_providers
})

/** An object whose every read throws, as a hostile or broken wallet may hand over. */
const hostile = () =>
  new Proxy({}, { get: () => { throw new Error('hostile getter') }, has: () => { throw new Error('hostile has') }, ownKeys: () => { throw new Error('hostile keys') } })

const hexString = (minLength: number, maxLength: number) => fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), minLength, maxLength })
const address = fc.oneof(fc.constantFrom(dev0.payment.address, dev0.ordinals.address, '', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'x'.repeat(200)), fc.string())
const publicKey = fc.oneof(fc.constant(dev0.payment.publicKey), fc.constant(hex.encode(dev0.payment.publicKey)), fc.uint8Array({ maxLength: 70 }), hexString(0, 140), fc.anything())
const standardAccount = fc.record({ address, publicKey, chains: fc.constant(['bitcoin:regtest']), features: fc.constant([]) }, { requiredKeys: [] })
const providerAddress = fc.record(
  { address, publicKey, purpose: fc.oneof(fc.constantFrom('payment', 'ordinals', 'stacks'), fc.anything()), addressType: fc.constantFrom('p2wpkh', 'p2tr'), derivationPath: fc.oneof(fc.constant("m/84'/1'/0'/0/0"), fc.string()) },
  { requiredKeys: [] },
)
const errorObject = fc.record({ code: fc.oneof(fc.constantFrom(4001, -32000, -32002, -32603, 4100), fc.integer()), message: fc.oneof(fc.constantFrom('User rejected the request.', 'boom'), fc.string()) }, { requiredKeys: [] })
/** Stands for a hostile object in generated values (fast-check cannot hold a Proxy that throws); made real when answered. */
const HOSTILE = Symbol('hostile')
const junk = fc.oneof(fc.anything(), fc.constant(undefined), fc.constant(null), fc.constant(HOSTILE))
/** A generated answer with its hostile stand-ins made real, at any depth. */
const real = (value: unknown): unknown => {
  if (value === HOSTILE) return hostile()
  if (Array.isArray(value)) return value.map(real)
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, real(v)]))
  return value
}
const envelope = <T>(result: fc.Arbitrary<T>) =>
  fc.oneof(
    fc.record({ jsonrpc: fc.constant('2.0'), id: fc.string(), result }),
    fc.record({ jsonrpc: fc.constant('2.0'), id: fc.string(), error: fc.oneof(errorObject, junk) }),
    junk,
  )

/** What a settled call may be: data, or a Gangway error with one of the operation's messages. */
async function settles<T>(call: () => Promise<T>, messages: string[]): Promise<{ ok: T } | { error: GangwayError }> {
  try {
    return { ok: await call() }
  } catch (error) {
    expect(error).toBeInstanceOf(GangwayError)
    expect(messages).toContain((error as GangwayError).shortMessage)
    return { error: error as GangwayError }
  }
}

const CONNECT_MESSAGES = ['Connection rejected', 'Failed to connect', 'The connector does not support any of the requested chains']

describe('Bitcoin wallet answers', () => {
  it('connect: any answer either gives a payment account first with hex keys, or a typed error with the spec’s message', async () => {
    const answer = fc.oneof(
      fc.tuple(fc.constant('standard' as const), fc.oneof(fc.record({ accounts: fc.array(standardAccount, { maxLength: 4 }) }), junk)),
      fc.tuple(fc.constant('provider' as const), envelope(fc.oneof(fc.record({ addresses: fc.array(providerAddress, { maxLength: 4 }) }), junk))),
      fc.tuple(fc.constant('throws' as const), fc.oneof(errorObject, junk)),
    )
    await fc.assert(
      fc.asyncProperty(answer, async ([way, value]) => {
        const fake = way === 'provider' ? provider : standard
        fake.answerNext('connect', way === 'throws' ? () => Promise.reject(real(value)) : () => real(value))
        const result = await settles(() => adapter.connect(way === 'provider' ? PROVIDER : STANDARD), CONNECT_MESSAGES)
        if ('ok' in result) {
          const [first, ...rest] = result.ok.accounts
          expect(first?.type).toBe('payment')
          expect(rest.every((a) => a.type === 'ordinal')).toBe(true)
          expect(rest.length).toBeLessThanOrEqual(1)
          for (const a of result.ok.accounts) expect(a.publicKey).toMatch(/^[0-9a-f]+$/)
          expect(adapter.isAddress(regtest, first!.address)).toBe(true)
        }
      }),
      fuzzParams('bitcoinWalletAnswers.connect', 150),
    )
  })

  it('silent reconnect through btc_providers: junk or a denial is null or a typed error, never a prompt', async () => {
    await fc.assert(
      fc.asyncProperty(envelope(fc.oneof(fc.record({ addresses: fc.array(providerAddress, { maxLength: 3 }) }), junk)), async (value) => {
        provider.answerNext('getAccount', () => real(value))
        const before = provider.calls.filter((c) => c.method === 'getAddresses').length
        const result = await settles(() => adapter.reconnect(PROVIDER), CONNECT_MESSAGES)
        if ('ok' in result && result.ok) expect(result.ok.accounts[0]?.type).toBe('payment')
        expect(provider.calls.filter((c) => c.method === 'getAddresses').length).toBe(before)
      }),
      fuzzParams('bitcoinWalletAnswers.reconnect', 100),
    )
  })

  it('signMessage and signPsbt: junk is the invalid-response error, a refusal WalletRejectedError; a signature is base64', async () => {
    await adapter.connect(STANDARD)
    await adapter.connect(PROVIDER)
    const tx = new Transaction()
    tx.addInput({ txid: '33'.repeat(32), index: 0, witnessUtxo: { script: OutScript.encode(Address(REGTEST_ADDRESSES).decode(dev0.payment.address)), amount: 10_000n } })
    tx.addOutputAddress(dev0.ordinals.address, 9_000n, REGTEST_ADDRESSES)
    const psbt = base64.encode(tx.toPSBT())
    const signedPsbt = fc.oneof(fc.constant(psbt), fc.base64String(), fc.string(), junk)
    const answerOf = fc.oneof(
      fc.record({ signature: fc.oneof(fc.base64String(), fc.string(), junk), psbt: signedPsbt, txid: fc.oneof(hexString(64, 64), junk) }, { requiredKeys: [] }),
      junk,
    )
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.boolean(), fc.boolean(), answerOf, async (viaProvider, psbtCall, throws, value) => {
        const fake = viaProvider ? provider : standard
        const id = viaProvider ? PROVIDER : STANDARD
        const method = psbtCall ? 'signPsbt' : 'signMessage'
        fake.answerNext(method, throws ? () => Promise.reject(real(value)) : viaProvider ? () => ({ jsonrpc: '2.0', id: '1', result: real(value) }) : () => real(value))
        const result = await settles(
          () =>
            psbtCall
              ? adapter.bitcoin.signPsbt(id, regtest, { psbt, inputsToSign: [{ address: dev0.payment.address, signingIndexes: [0] }] }).then((r) => r.psbt)
              : adapter.signMessage(id, { address: dev0.payment.address, message: 'fuzz' }),
          ['Error signing message', 'User rejected the request'],
        )
        if ('ok' in result) expect(base64.decode(result.ok).length).toBeGreaterThan(0)
      }),
      fuzzParams('bitcoinWalletAnswers.sign', 150),
    )
  })

  it('change events: junk accounts are ignored with a reason, good ones are typed with payment first', async () => {
    const seen: WalletProviderEvent[] = []
    await adapter.connect(STANDARD)
    const sub = adapter.events(STANDARD).subscribe((e) => seen.push(e))
    await new Promise((r) => setTimeout(r, 10))
    expect(standard.listening()).toBeGreaterThan(0)
    const emit = (properties: unknown) => standard.emitChange(properties)
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.record({ accounts: fc.oneof(fc.array(standardAccount, { maxLength: 3 }), junk) }), junk), async (properties) => {
        const before = seen.length
        expect(() => emit(real(properties))).not.toThrow()
        for (const e of seen.slice(before)) {
          expect(['accountsChanged', 'ignored', 'disconnect']).toContain(e.type)
          if (e.type === 'accountsChanged') expect(e.accounts[0]?.type).toBe('payment')
          if (e.type === 'ignored') expect(e.reason.length).toBeGreaterThan(0)
        }
      }),
      fuzzParams('bitcoinWalletAnswers.events', 100),
    )
    sub.unsubscribe()
  })
})
