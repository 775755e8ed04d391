// @vitest-environment happy-dom
// The Solana adapter against Wallet Standard wallets registered through the real
// @wallet-standard/app registry: discovery (before and after the adapter starts, by the registry
// and by the window events extensions use), connect, rejection, silent reconnect, change events,
// signing verified with kit, and junk answers that must fail clearly and change nothing.
import { address, getBase58Encoder, getPublicKeyFromAddress, getUtf8Encoder, verifySignature, type SignatureBytes } from '@solana/kit'
import { firstValueFrom, filter } from 'rxjs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { registerWithUnregister } from '../../../../dev/solana/installDevSolanaWallet'
import { createSolanaAdapter, type SolanaAdapter } from '../../../../src/adapters/solana/createSolanaAdapter'
import { SOLANA_DEVNET_ID, SOLANA_MAINNET_ID, solanaDevnet, solanaMainnet, solanaTestnet } from '../../../../src/adapters/solana/defineSolanaNetwork'
import type { Connector } from '../../../../src/core/domain/entities'
import { isUserRejection } from '../../../../src/core/errors/isUserRejection'
import { ConnectorNotFoundError } from '../../../../src/core/errors/connection'
import { WalletInvalidResponseError, WalletRejectedError, WalletUnrecognizedChainError } from '../../../../src/core/errors/wallet'
import type { WalletProviderEvent } from '../../../../src/core/ports'
import { createFakeStandardWallet, FAKE_ICON, FAKE_NAME, rejection, type FakeWallet } from '../../solana/fakeStandardWallet'

let fakes: FakeWallet[] = []
let adapter: SolanaAdapter

async function fake(options: Parameters<typeof createFakeStandardWallet>[0] = {}): Promise<FakeWallet> {
  const f = await createFakeStandardWallet(options)
  fakes.push(f)
  return f
}

/** The connector list once it satisfies `ok`. */
const listWhere = (ok: (list: Connector[]) => boolean) =>
  firstValueFrom(adapter.connectors().pipe(filter(ok)), { defaultValue: null })

const names = (list: Connector[] | null) => (list ?? []).map((c) => c.name)

beforeEach(() => {
  adapter = createSolanaAdapter({ discoveryTimeoutMs: 100, prefetch: false })
})
afterEach(() => {
  for (const f of fakes) f.unregister()
  fakes = []
})

describe('discovery', () => {
  it('reports a wallet registered before the adapter started, with its icon, as an installed connector of the solana namespace', async () => {
    const wallet = (await fake()).register()
    const list = await listWhere((l) => l.length > 0)
    expect(list).toEqual([
      {
        id: FAKE_NAME,
        name: FAKE_NAME,
        chain: 'solana',
        type: 'ANNOUNCED',
        installed: true,
        info: { name: FAKE_NAME },
        imageUrl: FAKE_ICON,
        chains: [SOLANA_MAINNET_ID, SOLANA_DEVNET_ID, solanaTestnet.caipNetworkId],
      },
    ])
    wallet.unregister()
    expect(names(await listWhere((l) => l.length === 0))).toEqual([])
  })

  it('adds wallets registering later, by the registry or by the window events extensions use; one per name', async () => {
    const seen: string[][] = []
    const sub = adapter.connectors().subscribe((l) => seen.push(names(l)))
    await new Promise((r) => setTimeout(r, 10))
    expect(seen.at(-1)).toEqual([])
    ;(await fake()).register()
    const second = await fake({ name: 'Window Wallet' })
    const unregister = registerWithUnregister(second.wallet as never)
    // Same name as the first: the first registered stays the one.
    ;(await fake({ icon: 'data:image/png;base64,AAAA' })).register()
    await new Promise((r) => setTimeout(r, 10))
    expect(seen.at(-1)).toEqual([FAKE_NAME, 'Window Wallet'])
    unregister()
    await new Promise((r) => setTimeout(r, 10))
    expect(seen.at(-1)).toEqual([FAKE_NAME])
    sub.unsubscribe()
  })

  it('leaves out wallets without a Solana chain or without standard:connect, and unsafe icons', async () => {
    ;(await fake({ name: 'Sui Only', chains: ['sui:mainnet'] })).register()
    const noConnect = await fake({ name: 'No Connect' })
    delete (noConnect.wallet.features as Record<string, unknown>)['standard:connect']
    noConnect.register()
    ;(await fake({ name: 'Bad Icon', icon: 'javascript:alert(1)' })).register()
    const list = await listWhere((l) => l.length > 0)
    expect(names(list)).toEqual(['Bad Icon'])
    expect(list![0]!.imageUrl).toBeUndefined()
  })
})

describe('connect', () => {
  it('answers the accounts as { address, type: eoa } and the first of its networks the wallet lists', async () => {
    const wallet = (await fake()).register()
    const session = await adapter.connect(FAKE_NAME)
    expect(session).toEqual({ accounts: [{ address: wallet.addresses[0], type: 'eoa' }], caipNetworkId: SOLANA_MAINNET_ID })
    expect(wallet.calls.map((c) => c.feature)).toEqual(['standard:connect'])
    // The caller's network wins when the wallet lists it.
    expect((await adapter.connect(FAKE_NAME, { network: solanaDevnet })).caipNetworkId).toBe(SOLANA_DEVNET_ID)
  })

  it('a wallet listing none of the networks fails with the spec message', async () => {
    ;(await fake({ chains: ['solana:devnet'] })).register()
    const only = createSolanaAdapter({ networks: [solanaMainnet], prefetch: false })
    const error = await only.connect(FAKE_NAME).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WalletUnrecognizedChainError)
    expect((error as Error & { shortMessage: string }).shortMessage).toBe('The connector does not support any of the requested chains')
  })

  it('a refusal is "Connection rejected" that isUserRejection recognises, with or without a code', async () => {
    const wallet = (await fake()).register()
    wallet.answerNext('connect', () => {
      throw rejection()
    })
    const coded = await adapter.connect(FAKE_NAME).catch((e: unknown) => e)
    expect(coded).toBeInstanceOf(WalletRejectedError)
    expect((coded as WalletRejectedError).shortMessage).toBe('Connection rejected')
    expect(isUserRejection(coded)).toBe(true)
    wallet.answerNext('connect', () => {
      throw new Error('WalletConnectionError: User rejected the request')
    })
    const worded = await adapter.connect(FAKE_NAME).catch((e: unknown) => e)
    expect(worded).toBeInstanceOf(WalletRejectedError)
    expect(isUserRejection(worded)).toBe(true)
    // Any other failure is not a refusal.
    wallet.answerNext('connect', () => {
      throw new Error('extension crashed')
    })
    const other = await adapter.connect(FAKE_NAME).catch((e: unknown) => e)
    expect((other as WalletRejectedError).shortMessage).toBe('Failed to connect')
    expect(isUserRejection(other)).toBe(false)
  })

  it('an unknown connector is "No connector found for connection: …" once the wait is over', async () => {
    const error = await adapter.connect('Nobody').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ConnectorNotFoundError)
    expect((error as Error & { shortMessage: string }).shortMessage).toBe('No connector found for connection: Nobody')
  })

  it('junk from standard:connect fails with a clear reason', async () => {
    const wallet = (await fake()).register()
    const junk: unknown[] = [
      null,
      'accounts',
      { accounts: 'x' },
      { accounts: [{ address: 'not-base58-0OIl', chains: ['solana:mainnet'] }] },
      { accounts: [{ address: wallet.addresses[0], publicKey: new Uint8Array(32), chains: ['solana:mainnet'] }] },
      { accounts: [] },
    ]
    for (const answer of junk) {
      wallet.answerNext('connect', () => answer)
      const error = await adapter.connect(FAKE_NAME).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(WalletInvalidResponseError)
      expect((error as WalletInvalidResponseError).shortMessage).toBe('Failed to connect')
      expect((error as WalletInvalidResponseError).details).toMatch(/^the wallet answered with junk: /)
    }
  })
})

describe('silent reconnect', () => {
  it('asks standard:connect with silent: true; an authorised site gets its account without a prompt, others null', async () => {
    const wallet = (await fake()).register()
    expect(await adapter.reconnect(FAKE_NAME)).toBeNull()
    expect(wallet.calls.at(-1)).toEqual({ feature: 'standard:connect', input: { silent: true } })
    wallet.authorize()
    expect(await adapter.reconnect(FAKE_NAME)).toEqual({ accounts: [{ address: wallet.addresses[0], type: 'eoa' }], caipNetworkId: SOLANA_MAINNET_ID })
  })

  it('waits for a wallet that registers late, and answers null for one that never does', async () => {
    const wallet = await fake()
    wallet.authorize()
    const pending = adapter.reconnect(FAKE_NAME)
    setTimeout(() => wallet.register(), 20)
    expect((await pending)?.accounts[0]?.address).toBe(wallet.addresses[0])
    expect(await adapter.reconnect('Never Registered')).toBeNull()
  })
})

describe('events', () => {
  it('maps change events: other accounts, no account (a disconnect), junk ignored; stops listening on unsubscribe', async () => {
    const wallet = (await fake()).register()
    await adapter.connect(FAKE_NAME)
    // Discovery listens too (for chain changes): count the events' own listener as the difference.
    const before = wallet.listenerCount()
    const received: WalletProviderEvent[] = []
    const sub = adapter.events(FAKE_NAME).subscribe((e) => received.push(e))
    for (let i = 0; i < 50 && wallet.listenerCount() === before; i++) await new Promise((r) => setTimeout(r, 5))
    expect(wallet.listenerCount()).toBe(before + 1)
    wallet.select(1)
    wallet.emit({ accounts: [{ address: 'junk', chains: ['solana:mainnet'] }] })
    wallet.emit(42)
    wallet.emit({ chains: ['solana:devnet'] })
    wallet.revoke()
    expect(received.map((e) => e.type)).toEqual(['accountsChanged', 'ignored', 'ignored', 'disconnect'])
    expect(received[0]).toEqual({ type: 'accountsChanged', accounts: [{ address: wallet.addresses[1], type: 'eoa' }] })
    expect(received[1]).toMatchObject({ event: 'change', reason: 'account "junk" is not a Solana address' })
    expect(received[3]).toMatchObject({ error: { name: 'WalletDisconnectedError', shortMessage: 'Provider disconnected' } })
    sub.unsubscribe()
    await new Promise((r) => setTimeout(r, 5))
    expect(wallet.listenerCount()).toBe(before)
  })
})

describe('disconnect and switch', () => {
  it('disconnect asks standard:disconnect; a refusal there is "Failed to disconnect"', async () => {
    const wallet = (await fake()).register()
    await adapter.connect(FAKE_NAME)
    await adapter.disconnect(FAKE_NAME)
    expect(wallet.calls.at(-1)?.feature).toBe('standard:disconnect')
    expect(await adapter.reconnect(FAKE_NAME)).toBeNull()
    wallet.answerNext('disconnect', () => {
      throw new Error('boom')
    })
    await expect(adapter.disconnect(FAKE_NAME)).rejects.toMatchObject({ shortMessage: 'Failed to disconnect' })
  })

  it('switching to a network the wallet does not list is "Chain is not supported"', async () => {
    ;(await fake({ chains: ['solana:mainnet'] })).register()
    await adapter.connect(FAKE_NAME)
    await expect(adapter.switchNetwork(FAKE_NAME, solanaMainnet)).resolves.toBeUndefined()
    await expect(adapter.switchNetwork(FAKE_NAME, solanaDevnet)).rejects.toMatchObject({ name: 'WalletUnrecognizedChainError', shortMessage: 'Chain is not supported' })
  })
})

describe('signMessage', () => {
  it('answers a base58 signature that kit verifies against the account', async () => {
    const wallet = (await fake()).register()
    const { accounts } = await adapter.connect(FAKE_NAME)
    const signer = accounts[0]!.address
    const signature = await adapter.signMessage(FAKE_NAME, { address: signer, message: 'Hello, Solana ✓' })
    const bytes = getBase58Encoder().encode(signature) as SignatureBytes
    expect(bytes).toHaveLength(64)
    const key = await getPublicKeyFromAddress(address(signer))
    expect(await verifySignature(key, bytes, getUtf8Encoder().encode('Hello, Solana ✓'))).toBe(true)
    expect(await verifySignature(key, bytes, getUtf8Encoder().encode('Hello, Solana'))).toBe(false)
    expect(wallet.calls.at(-1)?.feature).toBe('solana:signMessage')
  })

  it('a refusal is a rejection with "Error signing message"; junk or another key\'s signature is refused clearly', async () => {
    const wallet = (await fake()).register()
    const signer = (await adapter.connect(FAKE_NAME)).accounts[0]!.address
    wallet.answerNext('signMessage', () => {
      throw rejection()
    })
    const refused = await adapter.signMessage(FAKE_NAME, { address: signer, message: 'x' }).catch((e: unknown) => e)
    expect(isUserRejection(refused)).toBe(true)
    expect((refused as WalletRejectedError).shortMessage).toBe('Error signing message')

    const other = wallet.signers[1]!
    const { signBytes } = await import('@solana/kit')
    const junk: [unknown, RegExp][] = [
      [[], /not a list of outputs/],
      [[{ signature: new Uint8Array(63), signedMessage: new Uint8Array([120]) }], /of 63 bytes is not a 64-byte signature/],
      [[{ signature: 'base58?', signedMessage: new Uint8Array([120]) }], /is not a 64-byte signature/],
      [[{ signature: new Uint8Array(await signBytes(other.keyPair.privateKey, new Uint8Array([120]))), signedMessage: new Uint8Array([120]) }], /the signature is not/],
    ]
    for (const [answer, reason] of junk) {
      wallet.answerNext('signMessage', () => answer)
      const error = await adapter.signMessage(FAKE_NAME, { address: signer, message: 'x' }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(WalletInvalidResponseError)
      expect((error as WalletInvalidResponseError).shortMessage).toBe('Error signing message')
      expect((error as WalletInvalidResponseError).details).toMatch(reason)
    }
  })

  it('an address the wallet has not authorised is refused before the wallet is asked', async () => {
    const wallet = (await fake()).register()
    await adapter.connect(FAKE_NAME)
    const before = wallet.calls.length
    await expect(adapter.signMessage(FAKE_NAME, { address: wallet.addresses[1]!, message: 'x' })).rejects.toMatchObject({
      name: 'WalletUnauthorizedError',
      shortMessage: 'Error signing message',
    })
    expect(wallet.calls.length).toBe(before)
  })
})

describe('idle prefetch', () => {
  /** A page still loading: its `load` event is the test's to fire. */
  function loadingPage() {
    const document = { readyState: 'loading' }
    const page = Object.assign(new EventTarget(), { document, setTimeout: globalThis.setTimeout.bind(globalThis) })
    return Object.assign(page, {
      finishLoading() {
        document.readyState = 'complete'
        page.dispatchEvent(new Event('load'))
      },
    }) as unknown as Window & { finishLoading(): void }
  }
  /** Whether both lazy parts are loaded: then listening to a wallet attaches its listener at once. */
  function listensAtOnce(a: SolanaAdapter, wallet: FakeWallet): boolean {
    const before = wallet.listenerCount()
    const sub = a.events(FAKE_NAME).subscribe()
    const now = wallet.listenerCount() > before
    sub.unsubscribe()
    return now
  }

  it('loads the registry and kit once the page is idle, not before; prefetch: false waits for first use', async () => {
    const wallet = (await fake()).register()
    const page = loadingPage()
    const eager = createSolanaAdapter({ window: page })
    const lazy = createSolanaAdapter({ window: page, prefetch: false })
    await new Promise((r) => setTimeout(r, 100))
    expect(listensAtOnce(eager, wallet)).toBe(false)
    page.finishLoading()
    const deadline = Date.now() + 5_000
    while (!listensAtOnce(eager, wallet) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
    expect(listensAtOnce(eager, wallet)).toBe(true)
    expect(listensAtOnce(lazy, wallet)).toBe(false)
    await lazy.connect(FAKE_NAME)
    expect(listensAtOnce(lazy, wallet)).toBe(true)
  })
})
