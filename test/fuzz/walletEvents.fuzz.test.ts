// Fuzz: what a wallet sends (EIP-1193 events, EIP-6963 announcements) fed to the real EVM
// adapter, alone and inside a real modal. Nothing may throw back into the wallet or the page,
// the state never holds a NaN chain or a non-address account, junk shows up in the log as
// connection/walletEventIgnored, and the modal still opens and closes.
import fc from 'fast-check'
import { getAddress, isAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { createEvmAdapter } from '../../src/adapters/evm/createEvmAdapter'
import { defineEvmNetwork } from '../../src/adapters/evm/defineEvmNetwork'
import { MAX_ANNOUNCED_WALLETS } from '../../src/adapters/evm/discoverInjectedWallets'
import type { WalletProviderEvent } from '../../src/core/ports'
import { createTestModal } from '../support/testModal'
import { settle } from '../support/virtualTime'
import { announceWallet, createFakeEip1193, FAKE_RDNS } from '../unit/evm/fakeEip1193'
import { fuzzParams } from './fuzzParams'

const NETWORKS = [defineEvmNetwork({ id: 1, name: 'Ethereum', rpcUrl: 'http://127.0.0.1:9' }), defineEvmNetwork({ id: 10, name: 'Optimism', rpcUrl: 'http://127.0.0.1:9' })]
const CAIP_EIP155 = /^eip155:[1-9][0-9]*$/

/** A page of our own per run: an EventTarget is all the adapter's discovery needs. */
const page = () => new EventTarget() as unknown as Window

// Payloads known to be valid, and known to be junk, by construction.
const validChainId = fc.oneof(
  fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }).map((n) => `0x${n.toString(16)}`),
  fc.integer({ min: 1, max: 1_000_000 }),
)
const junkChainId = fc.oneof(
  fc.constantFrom('0xzz', '0x', '0x0', '0x00', '', '1.5', '-1', 'eip155:1', '0x20000000000000', 'NaN', ' 0x1'),
  fc.constantFrom(0, -1, Number.NaN, 1.5, Infinity, -Infinity, Number.MAX_SAFE_INTEGER + 1),
  fc.constantFrom(null, undefined, true, {}, [], [1]),
  fc.string().filter((s) => !/^(0x[0-9a-fA-F]+|[0-9]+)$/.test(s) || Number(s) === 0),
  fc.integer({ max: 0 }),
)
const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => `0x${Buffer.from(b).toString('hex')}`)
const validAccounts = fc.array(address, { minLength: 1, maxLength: 3 })
const junkAccount = fc.oneof(
  fc.constantFrom('0xnot-an-address', '0x', '', '0x70997970c51812DC3A010C7d01b50e0d17dc79C8', `0x${'g'.repeat(40)}`),
  fc.string().filter((s) => !isAddress(s)),
  fc.constantFrom(null, 1, {}, []),
)
const junkAccounts = fc.oneof(
  address, // a string, not an array
  fc.tuple(validAccounts, junkAccount).map(([ok, bad]) => [...ok, bad]),
  fc.constantFrom(null, undefined, 0, {}, 'accounts'),
)

type Fed = { event: 'chainChanged' | 'accountsChanged' | 'connect'; payload: unknown; junk: boolean }
const fed: fc.Arbitrary<Fed> = fc.oneof(
  validChainId.map((payload) => ({ event: 'chainChanged' as const, payload, junk: false })),
  junkChainId.map((payload) => ({ event: 'chainChanged' as const, payload, junk: true })),
  validAccounts.map((payload) => ({ event: 'accountsChanged' as const, payload, junk: false })),
  junkAccounts.map((payload) => ({ event: 'accountsChanged' as const, payload, junk: true })),
  validChainId.map((chainId) => ({ event: 'connect' as const, payload: { chainId }, junk: false })),
  junkChainId.map((chainId) => ({ event: 'connect' as const, payload: { chainId }, junk: true })),
)

function expectValidEvent(e: WalletProviderEvent): void {
  switch (e.type) {
    case 'chainChanged':
      expect(e.caipNetworkId).toMatch(CAIP_EIP155)
      expect(Number.isSafeInteger(Number(e.caipNetworkId.slice(7)))).toBe(true)
      break
    case 'accountsChanged':
      // Checksummed (an address whose checksum has no capital letter is all lowercase, and valid).
      for (const a of e.accounts) expect(isAddress(a.address, { strict: true }) && a.address === getAddress(a.address)).toBe(true)
      break
    case 'ignored':
      expect(typeof e.event === 'string' && typeof e.reason === 'string' && e.reason.length > 0 && e.reason.length < 200).toBe(true)
      break
    case 'disconnect':
      break
  }
}

describe('wallet events (fuzz)', () => {
  it('the adapter turns any event payload into a valid event or an ignored one, and never throws into the wallet', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fed, { minLength: 1, maxLength: 12 }), async (events) => {
        const win = page()
        const wallet = createFakeEip1193()
        const stop = announceWallet(win, wallet.provider)
        const adapter = createEvmAdapter({ window: win, prefetch: false, discoveryTimeoutMs: 2_000 })
        await adapter.connect(FAKE_RDNS)
        const seen: WalletProviderEvent[] = []
        const sub = adapter.events(FAKE_RDNS).subscribe((e) => seen.push(e))
        for (const e of events) expect(() => wallet.emit(e.event, e.payload)).not.toThrow()
        sub.unsubscribe()
        stop()
        for (const e of seen) expectValidEvent(e)
        expect(seen.filter((e) => e.type === 'ignored')).toHaveLength(events.filter((e) => e.junk).length)
        // Valid connect events say nothing; every other valid payload is one event.
        expect(seen.filter((e) => e.type !== 'ignored')).toHaveLength(events.filter((e) => !e.junk && e.event !== 'connect').length)
        expect(wallet.listenerCount('chainChanged')).toBe(0)
      }),
      fuzzParams('walletEvents/adapter', 150),
    )
  })

  it('through a modal: state stays valid, junk is logged as connection/walletEventIgnored, the modal opens and closes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fed, { minLength: 1, maxLength: 8 }), fc.option(junkChainId, { nil: undefined }), async (events, badChain) => {
        const win = page()
        const wallet = createFakeEip1193(badChain === undefined ? {} : { eth_chainId: badChain })
        const stop = announceWallet(win, wallet.provider)
        const adapter = createEvmAdapter({ window: win, prefetch: false, discoveryTimeoutMs: 2_000 })
        const { modal } = await createTestModal({ adapters: [adapter], networks: NETWORKS })
        const log: { type: string; payload?: unknown }[] = []
        const sub = modal.event$.subscribe((e) => log.push(e))
        try {
          const outcome = await modal.connect(FAKE_RDNS).then(
            () => 'connected',
            (error: { shortMessage?: string }) => error.shortMessage,
          )
          if (badChain !== undefined) {
            // A connect whose eth_chainId is junk fails with the spec's text and changes nothing.
            expect(outcome).toBe('Failed to connect')
            expect(modal.getState().connection.byNamespace.eip155?.connections ?? []).toEqual([])
          } else {
            expect(outcome).toBe('connected')
            await settle(2)
            for (const e of events) expect(() => wallet.emit(e.event, e.payload)).not.toThrow()
            await settle(2)
            expect(log.filter((e) => e.type === 'connection/walletEventIgnored')).toHaveLength(events.filter((e) => e.junk).length)
          }
          const s = modal.getState()
          // (Error details may quote the junk; the state's chains and accounts may not hold it.)
          expect(JSON.stringify([s.connection, s.network])).not.toMatch(/NaN|eip155:0\b|eip155:-/)
          for (const c of s.connection.byNamespace.eip155?.connections ?? []) {
            expect(c.accounts.length).toBeGreaterThan(0)
            for (const a of c.accounts) expect(isAddress(a.address)).toBe(true)
            if (c.caipNetworkId !== undefined) expect(c.caipNetworkId).toMatch(CAIP_EIP155)
          }
          modal.close()
          await settle(1)
          expect(modal.getState().modal.open).toBe(false)
          modal.open()
          await settle(1)
          expect(modal.getState().modal.open).toBe(true)
          modal.close()
          await settle(1)
          expect(modal.getState().modal.open).toBe(false)
        } finally {
          sub.unsubscribe()
          stop()
          modal.destroy()
        }
      }),
      fuzzParams('walletEvents/modal', 30),
    )
  })

  const validInfo = fc.record({
    uuid: fc.uuid(),
    name: fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim() !== ''),
    icon: fc.constantFrom('data:image/svg+xml,<svg/>', 'https://wallet.example/icon.png'),
    rdns: fc.array(fc.stringMatching(/^[a-z0-9]{1,8}$/), { minLength: 2, maxLength: 3 }).map((parts) => parts.join('.')),
  })
  const junkDetail = fc.oneof(
    fc.constantFrom(null, undefined, 0, 'detail', [], {}),
    fc.record({ info: fc.anything(), provider: fc.anything() }),
    fc.record({ info: validInfo, provider: fc.constantFrom(null, {}, { request: 'no' }, 1) }),
    fc.record({
      info: fc.record({ uuid: fc.anything(), name: fc.anything(), icon: fc.anything(), rdns: fc.oneof(fc.string(), fc.anything()) }),
      provider: fc.constant({ request: async () => null }),
    }),
  )

  it('announcements: junk never throws, connectors stay valid and capped, valid wallets are listed, the modal still opens', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(validInfo.map((info) => ({ valid: true as const, info })), junkDetail.map((detail) => ({ valid: false as const, detail }))), { maxLength: 30 }), async (announcements) => {
        const win = page()
        const adapter = createEvmAdapter({ window: win, prefetch: false })
        const { modal } = await createTestModal({ adapters: [adapter], networks: NETWORKS })
        try {
          const provider = { request: async () => null, on() {}, removeListener() {} }
          for (const a of announcements) {
            const detail = a.valid ? { info: a.info, provider } : a.detail
            expect(() => win.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))).not.toThrow()
          }
          await new Promise((r) => setTimeout(r, 0))
          await settle(2)
          const connectors = modal.getState().wallets.connectors.filter((c) => c.type === 'ANNOUNCED')
          expect(connectors.length).toBeLessThanOrEqual(MAX_ANNOUNCED_WALLETS)
          for (const c of connectors) {
            expect(c.id).toMatch(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$/)
            expect(c.name.length).toBeGreaterThan(0)
            expect(c.name.length).toBeLessThanOrEqual(100)
            if (c.imageUrl !== undefined) expect(c.imageUrl.startsWith('data:image/') || c.imageUrl.startsWith('https://')).toBe(true)
          }
          const validIds = new Set(announcements.flatMap((a) => (a.valid ? [a.info.rdns] : [])))
          for (const id of validIds) expect(connectors.some((c) => c.id === id)).toBe(true)
          modal.open()
          await settle(1)
          expect(modal.getState().modal.open).toBe(true)
          modal.close()
        } finally {
          modal.destroy()
        }
      }),
      fuzzParams('walletEvents/announcements', 60),
    )
  })
})
