import type { Page } from 'playwright-core'
import { createPublicClient, http, parseEther, type Address, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import type { Modal } from '../../src/createModal'
import { dialog, newPage } from './support/browser'
import { browserPerFile, currentView, eip155Connection, inModal, modalState } from './support/demo'
import { demoUrl, e2eStack } from './support/stack'

// Reloading the demo in the middle of flows (a connect waiting on the wallet's prompt, a send
// waiting on the wallet or on its receipt, a WalletConnect pairing, a burst of storage writes)
// must leave IndexedDB with complete records only, nothing half-done in the state, and a modal
// that starts, opens, closes and runs the same flow again.

const MAIN = 'dev.gangway.wallet'
const SECOND = 'dev.gangway.second'
/** What the durable store of src/adapters/storage/idbStorage.ts lives in. */
const IDB_DATABASE = 'gangway'
const IDB_STORE = 'keyval'
const PREFIX = 'gangway:'

const shared = browserPerFile()
const contexts = shared.contexts

type DevWalletHandle = { approveNext(): boolean; rejectNext(): boolean; pending(): string[] }
type PageWindow = Window & { gangway: Modal; __gangwayDevWallets: Record<string, DevWalletHandle> }
type Durable = {
  preferences?: { themeMode?: string }
  siwx?: unknown
  wallets?: { recent: { id: string; name: string; namespace: string }[]; connected: Record<string, string[]> }
  network?: { lastUsed: string }
}
type StoredEvent = { seq: number; at: number; type: string }
/** The stored record as the page writes it: the events as one JSON string. */
type StoredRecord = { version: number; committedState: Record<string, unknown>; presentState: Record<string, unknown>; lastSeq: number; events: string; skipped: number[] }
/** A stored record with its events parsed. */
type StoredLog = Omit<StoredRecord, 'events'> & { events: StoredEvent[] }

const state = modalState
const eip155 = eip155Connection
const eip155Status = (page: Page) => eip155(page).then((ns) => ns?.status ?? 'disconnected')
const pendingPrompts = (page: Page, rdns = MAIN) =>
  page.evaluate((r) => (window as unknown as PageWindow).__gangwayDevWallets[r]!.pending(), rdns)
const theme = (page: Page) => page.locator('gangway-modal .gw-root').getAttribute('data-theme')
const stack = () => e2eStack().config
const chainClient = () => createPublicClient({ transport: http(stack().chains[0]!.rpcUrl) })

/**
 * Every key and value of Gangway's IndexedDB store, read the way idb-keyval stores them. The
 * page's tab keeps its log under its own key (`eventLog.<tab id>`), listed in `eventLog.tabs`:
 * both are checked here and the log is returned under `gangway:eventLog`.
 */
const readStore = async (page: Page): Promise<Record<string, unknown>> => {
  const stored = await readRawStore(page)
  const tab = await page.evaluate(() => sessionStorage.getItem('gangway:tab'))
  expect(tab).toMatch(/^[\w-]{8,64}$/)
  const own = `${PREFIX}eventLog.${tab}`
  const { [own]: log, [`${PREFIX}eventLog.tabs`]: tabs, ...rest } = stored
  if (log === undefined) return rest
  expect(Object.keys(tabs as object)).toContain(tab)
  expect(Object.keys(rest).filter((k) => k.startsWith(`${PREFIX}eventLog`))).toEqual([])
  return { ...rest, [`${PREFIX}eventLog`]: log }
}
const readRawStore = (page: Page) =>
  page.evaluate(
    ([database, storeName]) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const req = indexedDB.open(database as string)
        req.onerror = () => reject(req.error)
        req.onsuccess = () => {
          const db = req.result
          if (!db.objectStoreNames.contains(storeName as string)) {
            db.close()
            resolve({})
            return
          }
          const store = db.transaction(storeName as string).objectStore(storeName as string)
          const keys = store.getAllKeys()
          const values = store.getAll()
          values.onsuccess = () => {
            const out: Record<string, unknown> = {}
            ;(keys.result as IDBValidKey[]).forEach((k, i) => {
              out[String(k)] = values.result[i]
            })
            db.close()
            resolve(out)
          }
          values.onerror = () => reject(values.error)
        }
      }),
    [IDB_DATABASE, IDB_STORE],
  )
const storedDurable = (page: Page) => readStore(page).then((s) => s[`${PREFIX}durable`] as Durable | undefined)
const storedLog = (page: Page) =>
  readStore(page).then((s) => {
    const record = s[`${PREFIX}eventLog`] as StoredRecord | undefined
    return record && ({ ...record, events: JSON.parse(record.events) as StoredEvent[] } satisfies StoredLog)
  })

/** The type names of this page load's events (from its session/started on). */
const sessionEvents = (page: Page) =>
  page.evaluate(() => {
    const types = (window as unknown as PageWindow).gangway.timeTravel.log.events.map((e) => e.type)
    return types.slice(types.lastIndexOf('session/started'))
  })

/**
 * This page load's storage failures, as `operation: error name (details)`: a read that gave up
 * on a loaded machine then names itself (StorageTimeoutError) instead of showing as its effects.
 */
const storageFailures = (page: Page) =>
  page.evaluate(() => {
    const events = (window as unknown as PageWindow).gangway.timeTravel.log.events
    const from = events.map((e) => e.type).lastIndexOf('session/started')
    return events
      .slice(from)
      .filter((e) => e.type === 'storage/failed')
      .map((e) => {
        const { operation, error } = e.payload as { operation: string; error: { name: string; details?: string } }
        return `${operation}: ${error.name} (${error.details ?? ''})`
      })
  })

/**
 * Asserts that what is in the store is whole: only `gangway:` keys, the schema version, a
 * durable record with all its fields, a log snapshot that has its envelope and replayable
 * events, and no log set aside as unreadable.
 */
function expectCompleteStore(stored: Record<string, unknown>, options: { durable: boolean } = { durable: true }): { durable: Durable; log: StoredLog } {
  const keys = Object.keys(stored).sort()
  for (const key of keys) expect(key.startsWith(PREFIX), `key ${key}`).toBe(true)
  // The durable record is written on the first change of what it holds, not before.
  const expected = [...(options.durable ? [`${PREFIX}durable`] : []), `${PREFIX}eventLog`, `${PREFIX}schema`]
  expect(keys).toEqual(expected)
  expect(stored[`${PREFIX}schema`]).toBe(1)
  if (!options.durable) return { durable: {}, log: expectCompleteLog(stored[`${PREFIX}eventLog`]) }

  const durable = stored[`${PREFIX}durable`] as Durable
  // The network last in use joins once there is one (a connect, a switch).
  expect(Object.keys(durable).sort()).toEqual([...(durable.network ? ['network'] : []), 'preferences', 'siwx', 'wallets'])
  if (durable.network) expect(stack().chains.map((c) => `eip155:${c.chainId}`)).toContain(durable.network.lastUsed)
  expect(durable.preferences).toBeTypeOf('object')
  if (durable.preferences!.themeMode !== undefined) expect(['light', 'dark']).toContain(durable.preferences!.themeMode)
  expect(durable.siwx).toMatchObject({ sessions: expect.any(Object) })
  expect(Array.isArray(durable.wallets!.recent)).toBe(true)
  for (const r of durable.wallets!.recent) expect(r).toMatchObject({ id: expect.any(String), name: expect.any(String), namespace: expect.any(String) })
  expect(durable.wallets!.connected).toBeTypeOf('object')
  for (const ids of Object.values(durable.wallets!.connected)) {
    expect(Array.isArray(ids)).toBe(true)
    for (const id of ids) expect(id).toBeTypeOf('string')
  }
  return { durable, log: expectCompleteLog(stored[`${PREFIX}eventLog`]) }
}

function expectCompleteLog(value: unknown): StoredLog {
  const record = value as StoredRecord
  expect(record.version).toBe(2)
  for (const state of [record.committedState, record.presentState]) {
    expect(state).toBeTypeOf('object')
    for (const slice of ['modal', 'router', 'preferences', 'wallets', 'connection', 'account']) expect(state, slice).toHaveProperty(slice)
  }
  expect(record.events).toBeTypeOf('string')
  const log: StoredLog = { ...record, events: JSON.parse(record.events) as StoredEvent[] }
  expect(Array.isArray(log.skipped)).toBe(true)
  expect(log.events.length).toBeGreaterThan(0)
  let last = 0
  for (const e of log.events) {
    expect(e.type).toMatch(/^[a-zA-Z]+\/[a-zA-Z]+$/)
    expect(Number.isFinite(e.at)).toBe(true)
    expect(e.seq).toBeGreaterThan(last)
    last = e.seq
  }
  expect(log.lastSeq).toBe(last)
  return log
}

/**
 * The demo in a fresh context, without its devtools panel, allowing its stored reads 30 s: these
 * tests check what a reload restores, and in a full test run a page's first IndexedDB read passed
 * the default 3 s (the session then starts from memory, as readTimeout.test.ts checks).
 */
async function demo(query = '') {
  const { context, page, errors } = await newPage(shared.browser)
  contexts.push(context)
  await page.goto(demoUrl(`${query}${query ? '&' : '?'}storageTimeout=30000`))
  await page.getByTestId('open-modal').waitFor()
  return { context, page, errors }
}

/** Reloads the page now, whatever is in flight, and waits for the demo to be back. */
/** Waits until the reloaded page's modal is ready and the page before's history has joined its log. */
async function restored(page: Page): Promise<void> {
  await page.getByTestId('open-modal').waitFor()
  await page.evaluate(() => {
    const modal = (window as unknown as PageWindow).gangway
    return modal.ready.then(() => modal.timeTravel.whenRestored())
  })
}

async function reload(page: Page): Promise<void> {
  await page.reload()
  await restored(page)
}

/**
 * Runs `trigger` in the page and reloads from inside it, in the same task (`delayMs` null) or
 * after `delayMs`: nothing the trigger started gets a chance to finish unless it is that fast.
 */
async function reloadRightAfter(page: Page, trigger: string, delayMs: number | null): Promise<void> {
  const loaded = page.waitForEvent('load')
  await page
    .evaluate(
      ([source, delay]) => {
        ;(0, eval)(source as string)((window as unknown as PageWindow).gangway)
        if (delay === null) location.reload()
        else setTimeout(() => location.reload(), delay as number)
      },
      [trigger, delayMs] as const,
    )
    .catch(() => undefined) // the page may already be going away
  await loaded
  await restored(page)
}

/** `ready` resolves (within 10 s), the modal opens on `view`, and Escape closes it. */
async function expectUsable(page: Page, view: string): Promise<void> {
  const ready = await page.evaluate(() =>
    Promise.race([
      (window as unknown as PageWindow).gangway.ready.then(() => 'ready'),
      new Promise((resolve) => setTimeout(() => resolve('timed out'), 10_000)),
    ]),
  )
  expect(ready).toBe('ready')
  await page.getByTestId('open-modal').click()
  await expect.poll(() => currentView(page)).toBe(view)
  await page.keyboard.press('Escape')
  await expect.poll(() => dialog(page).count()).toBe(0)
  expect(await state(page, (s) => s.modal.open)).toBe(false)
}

/** Opens the modal, picks a dev wallet and waits for its approval prompt. */
async function startConnect(page: Page, rdns: string): Promise<void> {
  await page.getByTestId('open-modal').click()
  await expect.poll(() => currentView(page)).toBe('Connect')
  await inModal(page, `wallet-${rdns}`).click()
  await expect.poll(() => currentView(page)).toBe('ConnectingExternal')
  await expect.poll(() => page.getByTestId('devwallet-method').textContent()).toBe('eth_requestAccounts')
  expect(await pendingPrompts(page, rdns)).toEqual(['eth_requestAccounts'])
}

async function connect(page: Page, rdns: string): Promise<Address> {
  await startConnect(page, rdns)
  await page.getByTestId('devwallet-approve').click()
  await expect.poll(() => eip155Status(page)).toBe('connected')
  await expect.poll(() => dialog(page).count()).toBe(0)
  return (await eip155(page))!.connections[0]!.accounts[0]!.address as Address
}

/** Waits until the stored log holds every event of the page so far (the batched write is done). */
async function logWritten(page: Page): Promise<number[]> {
  await expect
    .poll(async () => {
      const last = await page.evaluate(() => (window as unknown as PageWindow).gangway.timeTravel.log.lastSeq)
      const stored = await storedLog(page)
      return stored?.events.at(-1)?.seq === last
    })
    .toBe(true)
  return (await storedLog(page))!.events.map((e) => e.seq)
}

/** Starts a send without waiting for it (the page may reload under it). */
const requestSend = (page: Page, amount: string, receiver: Address) =>
  page.evaluate(
    ([a, to]) => {
      void (window as unknown as PageWindow).gangway
        .send({ token: { symbol: 'ETH', decimals: 18 }, amount: a as string, receiver: to as string })
        .catch(() => undefined)
    },
    [amount, receiver],
  )

const send = (page: Page, amount: string, receiver: Address) =>
  page.evaluate(
    ([a, to]) =>
      (window as unknown as PageWindow).gangway.send({ token: { symbol: 'ETH', decimals: 18 }, amount: a as string, receiver: to as string }),
    [amount, receiver],
  )

describe('reloading the page in the middle of a flow', () => {
  it('during a connect: Connect again (not connecting), nothing connected, recent wallets and theme kept; connecting again works', async () => {
    const { page, errors } = await demo()
    // What a previous visit stored: a recent wallet (connected, then disconnected) and the dark theme.
    await connect(page, SECOND)
    await page.evaluate(() => (window as unknown as PageWindow).gangway.disconnect())
    await expect.poll(() => eip155Status(page)).toBe('disconnected')
    await page.getByTestId('toggle-theme').click()
    expect(await theme(page)).toBe('dark')
    await expect
      .poll(() => storedDurable(page))
      .toMatchObject({ preferences: { themeMode: 'dark' }, wallets: { recent: [{ id: SECOND, namespace: 'eip155' }], connected: { eip155: [] } } })
    const before = (await storedDurable(page))!
    await logWritten(page)

    // The main wallet's prompt is open when the page goes away.
    await startConnect(page, MAIN)
    expect(await eip155Status(page)).toBe('connecting')
    await reload(page)

    await expectUsable(page, 'Connect')
    expect(await eip155Status(page)).toBe('disconnected')
    expect(await state(page, (s) => s.wallets.attempt)).toBeNull()
    expect(await state(page, (s) => s.wallets.memory.connected.eip155 ?? [])).toEqual([])
    expect(await pendingPrompts(page)).toEqual([])
    expect(await state(page, (s) => s.preferences.themeMode)).toBe('dark')
    expect(await theme(page)).toBe('dark')
    expect(await state(page, (s) => s.wallets.memory.recent.map((r) => r.id))).toEqual([SECOND])
    const stored = expectCompleteStore(await readStore(page))
    expect(stored.durable.preferences).toEqual(before.preferences)
    expect(stored.durable.wallets).toEqual(before.wallets)
    // The log of the page that went away replayed; this session started clean and read storage without complaint.
    expect(await sessionEvents(page)).toContain('storage/hydrated')
    expect(await sessionEvents(page)).not.toContain('storage/failed')

    // The Connect view: the recent wallet is badged, nothing is waiting on a wallet.
    await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Connect')
    expect(await inModal(page, `wallet-${SECOND}`).textContent()).toContain('Recent')
    expect(await inModal(page, 'view-connecting-external').count()).toBe(0)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog(page).count()).toBe(0)

    // Connecting again works, and the recent list grows by it.
    const address = await connect(page, MAIN)
    expect(address).toBe(stack().accounts[0]!.address)
    await expect
      .poll(() => storedDurable(page))
      .toMatchObject({ preferences: { themeMode: 'dark' }, wallets: { recent: [{ id: MAIN }, { id: SECOND }], connected: { eip155: [MAIN] } } })
    expect(errors).toEqual([])
  })

  it('during a send (wallet prompt open, then transaction pending): reconnects silently, nothing half-sent, a new send lands', async () => {
    const { page, errors } = await demo()
    const from = await connect(page, MAIN)
    await expect.poll(() => storedDurable(page)).toMatchObject({ wallets: { connected: { eip155: [MAIN] } } })
    const receiver = stack().accounts[4]!.address
    const node = chainClient()
    const start = await node.getBalance({ address: receiver })

    // 1. The wallet's prompt for the transaction is open when the page goes away.
    await requestSend(page, '0.013', receiver)
    await expect.poll(() => page.getByTestId('devwallet-method').textContent()).toBe('eth_sendTransaction')
    expect(await state(page, (s) => s.account.send.status)).toBe('sending')
    await reload(page)

    await expect.poll(() => eip155Status(page), { timeout: 30_000 }).toBe('connected')
    expect((await eip155(page))!.connections[0]).toMatchObject({ connectorId: MAIN, accounts: [{ address: from }] })
    expect(await pendingPrompts(page)).toEqual([]) // silent: no prompt
    expect(await state(page, (s) => s.account.send.status)).toBe('idle')
    expect(await node.getBalance({ address: receiver })).toBe(start)
    let stored = expectCompleteStore(await readStore(page))
    expect(stored.durable.wallets!.connected.eip155).toEqual([MAIN])
    expect(JSON.stringify(stored.durable)).not.toContain('0.013') // the send form is not durable
    await expectUsable(page, 'Account')

    const first = send(page, '0.01', receiver)
    await expect.poll(() => page.getByTestId('devwallet-method').textContent()).toBe('eth_sendTransaction')
    await page.getByTestId('devwallet-approve').click()
    const { hash: firstHash } = await first
    expect((await node.getTransactionReceipt({ hash: firstHash as Hex })).status).toBe('success')
    expect(await node.getBalance({ address: receiver })).toBe(start + parseEther('0.01'))

    // 2. The wallet sent it; the page goes away while the modal waits for the receipt.
    await page.evaluate(() => {
      const modal = (window as unknown as PageWindow).gangway
      modal.subscribe(() => {
        const s = modal.getState().account.send
        if (s.status === 'pending' && s.hash) {
          sessionStorage.setItem('reload-test:hash', s.hash)
          location.reload()
        }
      })
    })
    const loaded = page.waitForEvent('load')
    await requestSend(page, '0.02', receiver)
    await expect.poll(() => pendingPrompts(page)).toEqual(['eth_sendTransaction'])
    await page.getByTestId('devwallet-approve').click()
    await loaded
    await page.getByTestId('open-modal').waitFor()
    const pendingHash = (await page.evaluate(() => sessionStorage.getItem('reload-test:hash'))) as Hex | null
    expect(pendingHash).toMatch(/^0x[0-9a-f]{64}$/)

    await expect.poll(() => eip155Status(page), { timeout: 30_000 }).toBe('connected')
    expect(await pendingPrompts(page)).toEqual([])
    expect(await state(page, (s) => s.account.send.status)).toBe('idle')
    expect((await node.waitForTransactionReceipt({ hash: pendingHash! })).status).toBe('success')
    expect(await node.getBalance({ address: receiver })).toBe(start + parseEther('0.03'))
    stored = expectCompleteStore(await readStore(page))
    expect(stored.durable.wallets!.connected.eip155).toEqual([MAIN])
    await expectUsable(page, 'Account')

    // A new send after both reloads goes through.
    const third = send(page, '0.004', receiver)
    await expect.poll(() => page.getByTestId('devwallet-method').textContent()).toBe('eth_sendTransaction')
    await page.getByTestId('devwallet-approve').click()
    const { hash } = await third
    expect(hash).not.toBe(pendingHash)
    expect((await node.getTransactionReceipt({ hash: hash as Hex })).status).toBe('success')
    expect(await node.getBalance({ address: receiver })).toBe(start + parseEther('0.034'))
    expect(await state(page, (s) => s.account.send.status)).toBe('confirmed')
    expect(errors).toEqual([])
  })

  it('during a WalletConnect pairing: a new pairing URI after the reload, and the wallet pairs with it', async () => {
    const { page } = await demo()
    const { context: walletContext, page: wallet } = await newPage(shared.browser, { viewport: { width: 900, height: 900 } })
    contexts.push(walletContext)
    await wallet.goto(e2eStack().urls.wallet)
    await wallet.locator('[data-testid="wallet-status"][data-status="ready"]').waitFor({ timeout: 40_000 })

    const showQr = async (): Promise<string> => {
      await page.getByTestId('open-modal').click()
      await expect.poll(() => currentView(page)).toBe('Connect')
      await inModal(page, 'wallet-walletConnect').click()
      await expect.poll(() => currentView(page)).toBe('ConnectingWalletConnect')
      await inModal(page, 'wc-qr').waitFor({ timeout: 30_000 })
      const uri = await state(page, (s) => s.walletConnect.pairing?.uri ?? null)
      expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
      return uri!
    }

    const old = await showQr()
    await reload(page)

    await expectUsable(page, 'Connect')
    expect(await eip155Status(page)).toBe('disconnected')
    expect(await state(page, (s) => s.walletConnect.pairing)).toBeNull()
    expect(await state(page, (s) => s.wallets.attempt)).toBeNull()
    // Nothing durable changed in this context (no theme, no connection yet): no durable record.
    expectCompleteStore(await readStore(page), { durable: false })

    const uri = await showQr()
    expect(uri).not.toBe(old)
    await wallet.getByTestId('uri-input').fill(uri)
    await wallet.getByTestId('pair-button').click()
    await wallet.getByTestId('proposal').waitFor({ timeout: 30_000 })
    await wallet.getByTestId('proposal-approve').click()
    await expect.poll(() => eip155Status(page), { timeout: 30_000 }).toBe('connected')
    expect((await eip155(page))!.connections[0]).toMatchObject({ connectorId: 'walletConnect', accounts: [{ address: stack().accounts[0]!.address }] })
    await expect.poll(() => storedDurable(page)).toMatchObject({ wallets: { connected: { eip155: ['walletConnect'] } } })
    await expectUsable(page, 'Account')
  }, 240_000)

  it('during storage writes: every stored record is whole, the modal starts, and what was stored before is kept', async () => {
    const { page, errors } = await demo()
    // Stored before: a recent wallet and the dark theme, and the log with them.
    await connect(page, SECOND)
    await page.evaluate(() => (window as unknown as PageWindow).gangway.disconnect())
    await expect.poll(() => eip155Status(page)).toBe('disconnected')
    await page.getByTestId('toggle-theme').click()
    await expect.poll(() => storedDurable(page)).toMatchObject({ preferences: { themeMode: 'dark' }, wallets: { recent: [{ id: SECOND }] } })
    let keptSeqs = await logWritten(page)

    // Theme changes, opening, navigating and closing, then a reload sooner than the log's batched write.
    const burst = `(modal) => {
      modal.setThemeMode('light'); modal.open(); modal.setThemeMode('dark'); modal.push('Networks');
      modal.setThemeMode('light'); modal.back(); modal.close(); modal.setThemeMode('dark')
    }`
    const landed: string[] = []
    for (const delay of [null, 0, 30, 120, 250, 290, 450]) {
      await reloadRightAfter(page, burst, delay)
      const stored = expectCompleteStore(await readStore(page))
      // The page read the store in time (a read that gave up starts the session from memory).
      expect(await storageFailures(page)).toEqual([])
      await expectUsable(page, 'Connect')
      // The theme is one of the burst's whole writes and the state agrees with the store.
      expect(stored.durable.preferences!.themeMode).toBe(await state(page, (s) => s.preferences.themeMode))
      expect(await theme(page)).toBe(stored.durable.preferences!.themeMode)
      // Nothing of before is lost: the recent wallet, and every event the log held.
      expect(stored.durable.wallets!.recent.map((r) => r.id)).toEqual([SECOND])
      expect(await state(page, (s) => s.wallets.memory.recent.map((r) => r.id))).toEqual([SECOND])
      const seqs = await page.evaluate(() => (window as unknown as PageWindow).gangway.timeTravel.log.events.map((e) => e.seq))
      expect(seqs.slice(0, keptSeqs.length), `after a reload ${delay === null ? 'in the same task' : `${delay} ms`} after the writes`).toEqual(keptSeqs)
      const types = await page.evaluate(() => (window as unknown as PageWindow).gangway.timeTravel.log.events.map((e) => e.type))
      const burstKept = types.slice(keptSeqs.length, types.lastIndexOf('session/started')).length
      landed.push(`${delay ?? 'same task'}: theme ${stored.durable.preferences!.themeMode}, ${burstKept} burst events in the log`)
      expect(await storageFailures(page)).toEqual([])
      keptSeqs = await logWritten(page)
    }

    // A theme change, then a connect that succeeds at once (the wallet is armed to approve), and
    // a reload as soon as the modal sees the connection.
    await page.evaluate(() => (window as unknown as PageWindow).gangway.setThemeMode('dark'))
    await expect.poll(() => storedDurable(page).then((d) => d?.preferences?.themeMode)).toBe('dark')
    await logWritten(page)
    const approved = await page.evaluate((r) => (window as unknown as PageWindow).__gangwayDevWallets[r]!.approveNext(), MAIN)
    expect(approved).toBe(false) // armed for the next prompt
    await reloadRightAfter(
      page,
      `(modal) => {
        modal.subscribe(() => {
          if (modal.getState().connection.byNamespace.eip155?.status !== 'connected') return
          sessionStorage.setItem('reload-test:connected', 'yes')
          location.reload()
        })
        modal.setThemeMode('light')
        modal.connect('${MAIN}').catch(() => undefined)
      }`,
      5_000, // a fallback only: the subscription reloads as soon as the wallet is connected
    )
    expect(await page.evaluate(() => sessionStorage.getItem('reload-test:connected'))).toBe('yes')
    const stored = expectCompleteStore(await readStore(page))
    const remembered = stored.durable.wallets!.connected.eip155 ?? []
    expect([[], [MAIN]]).toContainEqual(remembered)
    if (remembered.length > 0) {
      // One whole state, never a mix: the connection came after the theme change, in the same record as its recent entry.
      expect(stored.durable.preferences!.themeMode).toBe('light')
      expect(stored.durable.wallets!.recent.map((r) => r.id)).toEqual([MAIN, SECOND])
    }
    // The state agrees with the store: a remembered connection reconnects, a forgotten one does not.
    await expect.poll(() => eip155Status(page), { timeout: 30_000 }).toBe(remembered.length > 0 ? 'connected' : 'disconnected')
    landed.push(`connect: ${remembered.length > 0 ? 'remembered' : 'not remembered'}, theme ${stored.durable.preferences!.themeMode}`)
    console.info(`reload after a burst of writes (delay: what was stored) — ${landed.join('; ')}`)
    expect(stored.durable.wallets!.recent.map((r) => r.id)).toContain(SECOND)
    expect(await state(page, (s) => s.preferences.themeMode)).toBe(stored.durable.preferences!.themeMode)
    await expectUsable(page, remembered.length > 0 ? 'Account' : 'Connect')
    expect(errors).toEqual([])
    // Seven reloads, each waited out: beside the unit suite on a loaded 2-core machine it passed 240 s.
  }, 420_000)
})

describe('two open tabs of the demo', () => {
  it('a connect, a network switch and a disconnect in one tab show in the other at once, without a reload', async () => {
    const { context, page: a, errors } = await demo()
    // The second tab: the same browser context (origin, IndexedDB, the wallet's authorisations).
    const b = await context.newPage()
    b.on('pageerror', (e) => errors.push(e.message))
    await b.goto(demoUrl('?storageTimeout=30000'))
    await b.getByTestId('open-modal').waitFor()
    await b.evaluate(() => (window as unknown as PageWindow).gangway.ready)

    const address = await connect(a, MAIN)
    // B's own provider reconnected silently: the same account, nothing asked of the visitor.
    await expect.poll(() => eip155Status(b)).toBe('connected')
    expect((await eip155(b))!.connections.map((c) => [c.connectorId, c.accounts[0]!.address])).toEqual([[MAIN, address]])
    expect(await pendingPrompts(b)).toEqual([])

    const second = `eip155:${stack().chains[1]!.chainId}`
    // The wallet knows only the first chain: A's visitor approves adding the second; B asks nothing.
    const switched = a.evaluate((id) => (window as unknown as PageWindow).gangway.switchNetwork(id), second)
    await expect.poll(() => a.getByTestId('devwallet-method').textContent()).toBe('wallet_addEthereumChain')
    await a.getByTestId('devwallet-approve').click()
    await switched
    await expect.poll(() => eip155(b).then((ns) => ns?.connections[0]?.caipNetworkId)).toBe(second)

    await a.evaluate(() => (window as unknown as PageWindow).gangway.disconnect())
    await expect.poll(() => eip155Status(b)).toBe('disconnected')
    expect((await eip155(b))?.connections ?? []).toEqual([])
    // Each tab took the other's changes in as events of its own log; none came back to A.
    const received = (page: Page) => page.evaluate(() => (window as unknown as PageWindow).gangway.timeTravel.log.events.filter((e) => e.type === 'tabs/changed').length)
    expect(await received(b)).toBe(3)
    expect(await received(a)).toBe(0)
    expect(errors).toEqual([])
  }, 90_000)
})
