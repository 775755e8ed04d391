// Fuzz: what a Solana wallet sends (Wallet Standard registrations, `standard:connect` and
// `solana:signMessage` answers, `change` events) fed to the real Solana adapter. Nothing may throw
// back into the wallet; a connect or a signature either succeeds with checked data (kit-valid
// addresses, a signature kit verifies) or fails with a Gangway error carrying the spec's message;
// events are valid or `ignored` with a short reason; the connector list holds only sane wallets.
import { address, getAddressDecoder, getBase58Encoder, getPublicKeyFromAddress, getUtf8Encoder, isAddress, signBytes, verifySignature, type SignatureBytes } from '@solana/kit'
import { getWallets } from '@wallet-standard/app'
import fc from 'fast-check'
import { firstValueFrom } from 'rxjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSolanaAdapter, type SolanaAdapter } from '../../src/adapters/solana/createSolanaAdapter'
import { MAX_SOLANA_WALLETS } from '../../src/adapters/solana/discoverSolanaWallets'
import { SOLANA_MAINNET_ID } from '../../src/adapters/solana/defineSolanaNetwork'
import { GangwayError } from '../../src/core/errors/base'
import type { WalletProviderEvent } from '../../src/core/ports'
import { createFakeStandardWallet, FAKE_NAME, type FakeWallet } from '../unit/solana/fakeStandardWallet'
import { fuzzParams } from './fuzzParams'

let wallet: FakeWallet
let adapter: SolanaAdapter
let signer: string

beforeAll(async () => {
  wallet = (await createFakeStandardWallet()).register()
  adapter = createSolanaAdapter({ prefetch: false, discoveryTimeoutMs: 0 })
  signer = (await adapter.connect(FAKE_NAME)).accounts[0]!.address
})
afterAll(() => wallet.unregister())

/** An object whose every read throws, as a hostile or broken wallet may hand over. */
const hostile = () =>
  new Proxy(
    {},
    {
      get() {
        throw new Error('hostile getter')
      },
      has() {
        throw new Error('hostile has')
      },
      ownKeys() {
        throw new Error('hostile keys')
      },
    },
  )

const validAddress = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => getAddressDecoder().decode(b) as string)
const junkAddress = fc.oneof(
  fc.constantFrom('', '0', '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', 'O'.repeat(44), '1'.repeat(45), 'So1111111111111111111111111111111111111111l'),
  fc.string(),
  fc.constantFrom(null, 1, {}, [], undefined),
)
// Mostly well-formed, with one field wrong at a time: junk that only a real check catches.
const chains = fc.oneof(
  { weight: 6, arbitrary: fc.constant(['solana:mainnet'] as unknown) },
  { weight: 1, arbitrary: fc.constant(['sui:mainnet']) },
  { weight: 1, arbitrary: fc.constant([]) },
  { weight: 1, arbitrary: fc.anything() },
)
const account = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record(
      { address: fc.oneof(validAddress, junkAddress), chains, publicKey: fc.oneof(fc.constant(undefined), fc.uint8Array({ maxLength: 40 })), features: fc.anything() },
      { requiredKeys: ['address', 'chains'] },
    ) as fc.Arbitrary<unknown>,
  },
  { weight: 1, arbitrary: fc.anything() },
)
const accounts = fc.oneof(
  { weight: 8, arbitrary: fc.array(account, { minLength: 1, maxLength: 3 }) as fc.Arbitrary<unknown> },
  { weight: 1, arbitrary: fc.anything() },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 101 }, () => ({ address: '11111111111111111111111111111111', chains: ['solana:mainnet'] }))) },
)
const junkValue = fc.oneof(fc.anything(), fc.constant(null), fc.constant(undefined))
// fast-check inspects the values it generates, so a hostile object is made only when fed to the wallet.
const HOSTILE = Symbol('hostile')
const withHostile = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 9, arbitrary: arb as fc.Arbitrary<unknown> }, { weight: 1, arbitrary: fc.constant(HOSTILE) })
const materialize = (value: unknown): unknown => (value === HOSTILE ? hostile() : value)

function expectGangwayFailure(error: unknown, messages: string[]): void {
  expect(error).toBeInstanceOf(GangwayError)
  expect(messages).toContain((error as GangwayError).shortMessage)
}

describe('Solana adapter (fuzz)', () => {
  it('any standard:connect answer gives checked accounts or a clear failure', async () => {
    await fc.assert(
      fc.asyncProperty(withHostile(fc.oneof({ weight: 8, arbitrary: fc.record({ accounts }) as fc.Arbitrary<unknown> }, { weight: 2, arbitrary: junkValue })), fc.boolean(), async (answer, throws) => {
        wallet.answerNext('connect', () => {
          if (throws) throw materialize(answer)
          return materialize(answer)
        })
        const outcome = await adapter.connect(FAKE_NAME).then(
          (session) => ({ session }),
          (error: unknown) => ({ error }),
        )
        if ('error' in outcome) return expectGangwayFailure(outcome.error, ['Failed to connect', 'Connection rejected'])
        expect(outcome.session.caipNetworkId).toBe(SOLANA_MAINNET_ID)
        expect(outcome.session.accounts.length).toBeGreaterThan(0)
        for (const a of outcome.session.accounts) expect(isAddress(a.address) && a.type === 'eoa').toBe(true)
      }),
      fuzzParams('solanaAdapter.connect', 300),
    )
  })

  it('any solana:signMessage answer gives a signature kit verifies, or "Error signing message"', async () => {
    const key = await getPublicKeyFromAddress(address(signer))
    const message = getUtf8Encoder().encode('fuzz')
    const real = new Uint8Array(await signBytes(wallet.signers[0]!.keyPair.privateKey, message))
    const output = fc.record(
      {
        signature: fc.oneof(
          { weight: 3, arbitrary: fc.constant(real) as fc.Arbitrary<unknown> },
          // 64 bytes, but not this message's signature by this key: only verifying catches it.
          { weight: 3, arbitrary: fc.uint8Array({ minLength: 64, maxLength: 64 }) },
          { weight: 1, arbitrary: fc.uint8Array({ maxLength: 70 }) },
          { weight: 1, arbitrary: fc.anything() },
        ),
        signedMessage: fc.oneof(
          { weight: 3, arbitrary: fc.constant(message) as fc.Arbitrary<unknown> },
          { weight: 1, arbitrary: fc.uint8Array({ maxLength: 8 }) },
          { weight: 1, arbitrary: fc.anything() },
        ),
      },
      { requiredKeys: ['signature'] },
    )
    await fc.assert(
      fc.asyncProperty(withHostile(fc.oneof({ weight: 8, arbitrary: fc.array(output, { maxLength: 2 }) as fc.Arbitrary<unknown> }, { weight: 2, arbitrary: junkValue })), async (answer) => {
        wallet.answerNext('signMessage', () => materialize(answer))
        const outcome = await adapter.signMessage(FAKE_NAME, { address: signer, message: 'fuzz' }).then(
          (signature) => ({ signature }),
          (error: unknown) => ({ error }),
        )
        if ('error' in outcome) return expectGangwayFailure(outcome.error, ['Error signing message'])
        const bytes = getBase58Encoder().encode(outcome.signature) as SignatureBytes
        expect(await verifySignature(key, bytes, message)).toBe(true)
      }),
      fuzzParams('solanaAdapter.signMessage', 300),
    )
  })

  it('any change event becomes a valid event or an ignored one, and never throws into the wallet', async () => {
    const before = wallet.listenerCount()
    const received: WalletProviderEvent[] = []
    const sub = adapter.events(FAKE_NAME).subscribe((e) => received.push(e))
    for (let i = 0; i < 100 && wallet.listenerCount() === before; i++) await new Promise((r) => setTimeout(r, 5))
    expect(wallet.listenerCount()).toBe(before + 1)
    await fc.assert(
      fc.asyncProperty(withHostile(fc.oneof({ weight: 8, arbitrary: fc.record({ accounts, chains, features: fc.anything() }, { requiredKeys: ['accounts'] }) as fc.Arbitrary<unknown> }, { weight: 2, arbitrary: junkValue })), async (properties) => {
        received.length = 0
        expect(() => wallet.emit(materialize(properties))).not.toThrow()
        for (const e of received) {
          if (e.type === 'accountsChanged') {
            expect(e.accounts.length).toBeGreaterThan(0)
            for (const a of e.accounts) expect(isAddress(a.address) && a.type === 'eoa').toBe(true)
          } else if (e.type === 'ignored') {
            expect(e.event).toBe('change')
            expect(e.reason.length > 0 && e.reason.length < 200).toBe(true)
          } else {
            expect(e).toMatchObject({ type: 'disconnect', error: { name: 'WalletDisconnectedError' } })
          }
        }
        expect(received.length).toBeLessThanOrEqual(1)
      }),
      fuzzParams('solanaAdapter.events', 400),
    )
    sub.unsubscribe()
  })

  it('wallets registering with any fields leave only sane connectors, at most 100', async () => {
    const field = <T>(arb: fc.Arbitrary<T>) => fc.oneof(arb as fc.Arbitrary<unknown>, fc.anything())
    const registration = fc.record(
      {
        name: field(fc.string({ maxLength: 120 })),
        icon: field(fc.constantFrom('data:image/png;base64,AA', 'https://x.example/i.png', 'http://x.example/i.png', 'javascript:alert(1)')),
        chains: field(fc.constantFrom(['solana:mainnet'], ['solana:devnet', 'sui:mainnet'], ['sui:mainnet'])),
        features: field(fc.constant({ 'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [] }) } })),
      },
      { requiredKeys: [] },
    )
    await fc.assert(
      fc.asyncProperty(fc.array(withHostile(registration), { maxLength: 6 }), async (registrations) => {
        const unregister = getWallets().register(...(registrations.map(materialize) as never[]))
        try {
          const list = await firstValueFrom(adapter.connectors())
          expect(list.length).toBeLessThanOrEqual(MAX_SOLANA_WALLETS)
          expect(new Set(list.map((c) => c.id)).size).toBe(list.length)
          for (const c of list) {
            expect(typeof c.name === 'string' && c.name.trim() === c.name && c.name.length > 0 && c.name.length <= 100).toBe(true)
            expect(c.chain).toBe('solana')
            if (c.imageUrl !== undefined) expect(c.imageUrl).toMatch(/^(data:image\/|https:\/\/)/)
          }
          // The wallet registered first keeps its place and its name.
          expect(list[0]?.id).toBe(FAKE_NAME)
        } finally {
          unregister()
        }
      }),
      fuzzParams('solanaAdapter.registrations', 200),
    )
    const flood = Array.from({ length: MAX_SOLANA_WALLETS + 20 }, (_, i) => ({ ...wallet.wallet, name: `Flood ${i}`, accounts: [] }))
    const unregister = getWallets().register(...(flood as never[]))
    try {
      expect((await firstValueFrom(adapter.connectors())).length).toBe(MAX_SOLANA_WALLETS)
    } finally {
      unregister()
    }
  })
})
