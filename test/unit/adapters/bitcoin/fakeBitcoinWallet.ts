// A Bitcoin wallet for tests over the dev accounts' keys, served both ways wallets offer
// themselves: a Wallet Standard wallet (`bitcoin:connect`, `bitcoin:signMessage`,
// `bitcoin:signPsbt`, `standard:disconnect`, `standard:events`) and a `btc_providers` provider
// (`request(method, params)` answering JSON-RPC envelopes, `addListener('accountChange')`).
// It signs for real (PSBT inputs with @scure/btc-signer, BIP-322 with bip322-js); each method's
// answer can be replaced once (a refusal, junk) and every call is recorded.
import { base64, hex } from '@scure/base'
import { Transaction, WIF } from '@scure/btc-signer'
import { getWallets } from '@wallet-standard/app'
import { Signer } from 'bip322-js'
import { devBitcoinAccount, REGTEST_ADDRESSES } from '../../../../dev/bitcoin/devAccounts'

export const FAKE_BTC_NAME = 'Fake Bitcoin'
export const FAKE_BTC_ICON = 'data:image/svg+xml;base64,PHN2Zy8+'
export const PROVIDER_ID = 'FakeBitcoinProviders.BitcoinProvider'

type Method = 'connect' | 'signMessage' | 'signPsbt' | 'disconnect' | 'getAccount'

/** A refusal as Wallet Standard wallets throw it, and as a btc_providers envelope carries it. */
export const standardRejection = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })
export const providerRejection = { code: -32000, message: 'User rejected the request.' }

export type FakeBitcoinWallet = ReturnType<typeof createFakeBitcoinWallet>

export function createFakeBitcoinWallet(options: { name?: string; chains?: string[] } = {}) {
  const name = options.name ?? FAKE_BTC_NAME
  const chains = options.chains ?? ['bitcoin:regtest']
  let index = 0
  let authorised = false
  const calls: { method: string; input: unknown }[] = []
  const next = new Map<Method, (() => unknown)[]>()
  const standardListeners = new Set<(p: unknown) => void>()
  const providerListeners = new Set<(p: unknown) => void>()
  const account = () => devBitcoinAccount(index)
  const standardAccounts = () => {
    const a = account()
    return [
      { address: a.payment.address, publicKey: a.payment.publicKey, chains, features: ['bitcoin:signPsbt', 'bitcoin:signMessage'] },
      { address: a.ordinals.address, publicKey: a.ordinals.publicKey, chains, features: ['bitcoin:signPsbt', 'bitcoin:signMessage'] },
    ]
  }
  const providerAddresses = () => {
    const a = account()
    return [
      { address: a.payment.address, publicKey: hex.encode(a.payment.publicKey), purpose: 'payment', addressType: 'p2wpkh', derivationPath: a.payment.path },
      { address: a.ordinals.address, publicKey: hex.encode(a.ordinals.publicKey), purpose: 'ordinals', addressType: 'p2tr', derivationPath: a.ordinals.path },
    ]
  }
  /** The queued answer of `method` if any (a function: its value is the answer, what it throws is thrown). */
  const queued = (method: Method) => next.get(method)?.shift()

  function signMessage(address: string, message: string): string {
    const a = account()
    const key = address === a.payment.address ? a.payment.privateKey : a.ordinals.privateKey
    return Signer.sign(WIF(REGTEST_ADDRESSES).encode(key), address, message) as string
  }

  function signPsbt(psbt: string, byAddress: Record<string, number[]>): string {
    const a = account()
    const tx = Transaction.fromPSBT(base64.decode(psbt), { allowUnknownOutputs: true })
    for (const [address, indexes] of Object.entries(byAddress)) {
      const key = address === a.payment.address ? a.payment.privateKey : address === a.ordinals.address ? a.ordinals.privateKey : null
      if (!key) throw Object.assign(new Error(`not my address: ${address}`), { code: -32602 })
      for (const i of indexes) tx.signIdx(key, i)
    }
    return base64.encode(tx.toPSBT())
  }

  const wallet = {
    version: '1.0.0' as const,
    name,
    icon: FAKE_BTC_ICON as `data:image/svg+xml;base64,${string}`,
    chains,
    get accounts() {
      return authorised ? standardAccounts() : []
    },
    features: {
      'bitcoin:connect': {
        version: '1.0.0',
        connect: async (input: { purposes: string[] }) => {
          calls.push({ method: 'bitcoin:connect', input })
          const q = queued('connect')
          if (q) return q()
          authorised = true
          const accounts = standardAccounts()
          return { accounts: input.purposes.map((p) => (p === 'payment' ? accounts[0] : accounts[1])) }
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        disconnect: async () => {
          calls.push({ method: 'standard:disconnect', input: undefined })
          authorised = false
        },
      },
      'standard:events': {
        version: '1.0.0',
        on: (event: string, listener: (p: unknown) => void) => {
          if (event !== 'change') return () => undefined
          standardListeners.add(listener)
          return () => standardListeners.delete(listener)
        },
      },
      'bitcoin:signMessage': {
        version: '1.0.0',
        signMessage: async (input: { address: string; message: string; protocol: string }) => {
          calls.push({ method: 'bitcoin:signMessage', input })
          const q = queued('signMessage')
          if (q) return q()
          return { signature: signMessage(input.address, input.message), address: input.address }
        },
      },
      'bitcoin:signPsbt': {
        version: '1.0.0',
        signPsbt: async (input: { psbt: string; inputsToSign: { address: string; signingIndexes: number[] }[]; broadcast?: boolean }) => {
          calls.push({ method: 'bitcoin:signPsbt', input })
          const q = queued('signPsbt')
          if (q) return q()
          return { psbt: signPsbt(input.psbt, Object.fromEntries(input.inputsToSign.map((i) => [i.address, i.signingIndexes]))) }
        },
      },
    },
  }

  let id = 0
  const envelope = async (run: () => unknown) => {
    const reqId = String(++id)
    try {
      return { jsonrpc: '2.0', id: reqId, result: await run() }
    } catch (error) {
      const e = error as { code?: number; message?: string }
      return { jsonrpc: '2.0', id: reqId, error: { code: e.code ?? -32603, message: e.message ?? 'failed' } }
    }
  }
  /** A queued provider answer is the whole envelope (or what the request resolves with). */
  const provider = {
    request: async (method: string, params?: unknown) => {
      calls.push({ method, input: params })
      const kind: Method | undefined =
        method === 'getAddresses' ? 'connect' : method === 'signMessage' ? 'signMessage' : method === 'signPsbt' ? 'signPsbt' : method === 'wallet_getAccount' ? 'getAccount' : method === 'wallet_renouncePermissions' ? 'disconnect' : undefined
      const q = kind ? queued(kind) : undefined
      if (q) return q()
      return envelope(() => {
        switch (method) {
          case 'getInfo':
            return { version: '1.0.0', methods: ['getAddresses', 'signMessage', 'signPsbt'], supports: [] }
          case 'getAddresses':
            authorised = true
            return { addresses: providerAddresses() }
          case 'wallet_getAccount':
            if (!authorised) throw Object.assign(new Error('Access denied'), { code: -32002 })
            return { addresses: providerAddresses() }
          case 'wallet_renouncePermissions':
            authorised = false
            return null
          case 'signMessage': {
            const p = params as { address: string; message: string }
            return { signature: signMessage(p.address, p.message), address: p.address, protocol: 'BIP322' }
          }
          case 'signPsbt': {
            const p = params as { psbt: string; signInputs: Record<string, number[]> }
            return { psbt: signPsbt(p.psbt, p.signInputs) }
          }
          default:
            throw Object.assign(new Error('Method not found'), { code: -32601 })
        }
      })
    },
    addListener: (event: string, listener: (p: unknown) => void) => {
      if (event !== 'accountChange') return () => undefined
      providerListeners.add(listener)
      return () => providerListeners.delete(listener)
    },
  }

  let unregister: (() => void) | null = null
  return {
    wallet,
    provider,
    calls,
    /** The dev account the wallet is on now. */
    account,
    /** Replaces the next answer of `method` (both ways: a provider's replaced answer is its whole envelope). */
    answerNext(method: Method, answer: () => unknown) {
      next.set(method, [...(next.get(method) ?? []), answer])
    },
    /** Registers the Wallet Standard side. */
    register() {
      unregister = getWallets().register(wallet as never)
      return this
    },
    /** Lists the provider in `win.btc_providers` (the sats-connect convention). */
    install(win: Window, entryName = name) {
      const w = win as unknown as Record<string, unknown>
      w.FakeBitcoinProviders = { BitcoinProvider: provider }
      w.btc_providers = [...((w.btc_providers as unknown[]) ?? []), { id: PROVIDER_ID, name: entryName, icon: FAKE_BTC_ICON, webUrl: 'https://example.com' }]
      return this
    },
    /** Switches to dev account `i`, telling both sides' listeners. */
    setAccount(i: number) {
      index = i
      for (const l of [...standardListeners]) l({ accounts: authorised ? standardAccounts() : [] })
      for (const l of [...providerListeners]) l({ type: 'accountChange' })
    },
    listening: () => standardListeners.size + providerListeners.size,
    /** Sends the Wallet Standard `change` listeners these properties, as a wallet (or a broken one) might. */
    emitChange(properties: unknown) {
      for (const l of [...standardListeners]) l(properties)
    },
    unregister() {
      unregister?.()
      unregister = null
    },
  }
}

/**
 * A fake Esplora server as a fetch function: address summaries and UTXOs from `utxos`, fee
 * estimates, transaction statuses, and a broadcast that records the raw transaction and answers
 * its id (or a rejection). Every request is recorded with its URL, method and body.
 */
export function fakeEsplora(options: { utxos?: Record<string, { txid: string; vout: number; value: number; confirmed?: boolean }[]>; fees?: Record<string, number>; down?: string[]; rejectBroadcast?: string } = {}) {
  const requests: { url: string; method: string; body?: string }[] = []
  const broadcasts: string[] = []
  const confirmed = new Map<string, number>()
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input)
    const method = init?.method ?? 'GET'
    requests.push({ url, method, ...(typeof init?.body === 'string' ? { body: init.body } : {}) })
    if (options.down?.some((base) => url.startsWith(base))) return new Response('down', { status: 503 })
    const path = new URL(url).pathname.replace(/^.*?(\/(?:address|tx|fee-estimates|blocks)(?:\/|$))/, '$1')
    const utxos = options.utxos ?? {}
    let m: RegExpMatchArray | null
    if ((m = path.match(/^\/address\/([^/]+)\/utxo$/))) {
      return Response.json((utxos[m[1]!] ?? []).map((u) => ({ txid: u.txid, vout: u.vout, value: u.value, status: { confirmed: u.confirmed ?? true } })))
    }
    if ((m = path.match(/^\/address\/([^/]+)$/))) {
      const list = utxos[m[1]!] ?? []
      const sum = (confirmedOnes: boolean) => list.filter((u) => (u.confirmed ?? true) === confirmedOnes).reduce((s, u) => s + u.value, 0)
      const stats = (funded: number) => ({ funded_txo_count: 1, funded_txo_sum: funded + 1000, spent_txo_count: 1, spent_txo_sum: 1000, tx_count: 2 })
      return Response.json({ address: m[1], chain_stats: stats(sum(true)), mempool_stats: stats(sum(false)) })
    }
    if (path === '/fee-estimates') return Response.json(options.fees ?? { '1': 20.5, '3': 10.2, '6': 5, '144': 1 })
    if ((m = path.match(/^\/tx\/([0-9a-f]{64})\/status$/))) {
      const height = confirmed.get(m[1]!)
      if (height === undefined) return new Response('Transaction not found', { status: 404 })
      return Response.json({ confirmed: true, block_height: height, block_hash: '00'.repeat(32), block_time: 1 })
    }
    if (path === '/tx' && method === 'POST') {
      if (options.rejectBroadcast) return new Response(options.rejectBroadcast, { status: 400 })
      const raw = String(init?.body)
      broadcasts.push(raw)
      return new Response(Transaction.fromRaw(hex.decode(raw), { allowUnknownOutputs: true }).id, { status: 200 })
    }
    return new Response('not found', { status: 404 })
  }
  return { fetch: fetch as typeof globalThis.fetch, requests, broadcasts, confirm: (txid: string, height: number) => void confirmed.set(txid, height) }
}
