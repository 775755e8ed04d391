// The WalletConnect adapter against the real thing, offline: the universal provider talks through
// the local relay to the dev wallet (WalletKit) and transactions land on the local chain.
import { createPublicClient, http, parseEther, verifyMessage, type Hex } from 'viem'
import { firstValueFrom, take, takeWhile, toArray } from 'rxjs'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startChains, type DevChains } from '../../../dev/chain/startChains'
import { startRelay, type Relay } from '../../../dev/relay/startRelay'
import { MemoryStorage } from '../../../dev/wallet/memoryStorage'
import type { StackConfig } from '../../../dev/wallet/stackConfig'
import { WalletController } from '../../../dev/wallet/walletController'
import { defineEvmNetwork } from '../../../src/adapters/evm/defineEvmNetwork'
import { createWalletConnectAdapter, type WalletConnectAdapter } from '../../../src/adapters/walletconnect/createWalletConnectAdapter'
import { loadUniversalProvider, type WalletConnectProvider } from '../../../src/adapters/walletconnect/walletConnectProvider'
import type { Network } from '../../../src/core/domain/entities'
import type { WalletConnectActivity } from '../../../src/core/ports'
import { until } from '../../support/until'

let relay: Relay
let chains: DevChains
let config: StackConfig
let networks: Network[]
let n = 0
const cleanups: (() => Promise<unknown>)[] = []

beforeAll(async () => {
  ;[relay, chains] = await Promise.all([startRelay(), startChains()])
  config = { relayUrl: relay.url, projectId: 'gangway-test', chains: chains.chains, accounts: chains.accounts }
  networks = chains.chains.map((c) => defineEvmNetwork({ id: c.chainId, name: c.name, rpcUrl: c.rpcUrl }))
}, 60_000)

afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((f) => f().catch(() => undefined)))
})

afterAll(async () => {
  await Promise.all([relay?.stop(), chains?.stop()])
}, 30_000)

async function makeWallet(options: { autoApprove?: boolean; chains?: number[] } = {}) {
  const wallet = await WalletController.create({
    config: options.chains ? { ...config, chains: config.chains.filter((c) => options.chains!.includes(c.chainId)) } : config,
    storage: new MemoryStorage(),
    customStoragePrefix: `wc-adapter-wallet-${++n}`,
    autoApprove: options.autoApprove ?? true,
  })
  cleanups.push(() => wallet.close())
  return wallet
}

/** An adapter whose provider keeps its session in `storage`; `providers` collects what it loaded. */
function makeAdapter(storage = new MemoryStorage(), prefix = `wc-adapter-dapp-${++n}`, extra: { signIn?: { statement?: string } } = {}) {
  const providers: WalletConnectProvider[] = []
  const adapter = createWalletConnectAdapter({
    projectId: 'gangway-test',
    relayUrl: relay.url,
    metadata: { name: 'Gangway Test', description: 'adapter test', url: 'http://127.0.0.1', icons: [] },
    networks,
    storage,
    storagePrefix: prefix,
    origin: { domain: '127.0.0.1:5173', uri: 'http://127.0.0.1:5173/' },
    ...extra,
    loadProvider: async (init) => {
      const p = await loadUniversalProvider(init)
      providers.push(p)
      cleanups.push(async () => (p as unknown as { client: { core: { relayer: { transportClose(): Promise<void> } } } }).client.core.relayer.transportClose())
      return p
    },
  })
  return { adapter, providers, storage, prefix }
}

/** Connects `adapter`, handing each pairing URI to `wallet`. */
async function connect(adapter: WalletConnectAdapter, wallet: WalletController) {
  const sub = adapter.walletConnect.activity().subscribe((a) => {
    if (a.type === 'pairingUri') void wallet.pair(a.uri)
  })
  try {
    return await adapter.connect('walletConnect')
  } finally {
    sub.unsubscribe()
  }
}

describe('the WalletConnect adapter through the local relay', () => {
  it('connects, signs with personal_sign (verified by viem) and sends on the local chain', async () => {
    const wallet = await makeWallet()
    const { adapter } = makeAdapter()
    const address = chains.accounts[0]!.address
    const session = await connect(adapter, wallet)
    const ids = networks.map((x) => x.caipNetworkId)
    // The dev wallet approves every network asked for, and cannot add a chain (no wallet_addEthereumChain).
    expect(session).toEqual({ accounts: [{ address, type: 'eoa' }], caipNetworkId: ids[0], networks: { requested: ids, approved: ids, supportsAllNetworks: false } })

    const signature = await adapter.signMessage('walletConnect', { address, message: 'Sign in to Gangway' })
    expect(await verifyMessage({ address, message: 'Sign in to Gangway', signature: signature as Hex })).toBe(true)

    const to = chains.accounts[2]!.address
    const network = networks[1]!
    const client = createPublicClient({ transport: http(network.rpcUrls.default.http[0]) })
    const before = await client.getBalance({ address: to })
    const hash = await adapter.sendTransfer('walletConnect', network, { from: address, receiver: to, amount: parseEther('0.25').toString() })
    expect(await adapter.waitForReceipt(network, hash)).toMatchObject({ status: 'success' })
    expect(await client.getBalance({ address: to })).toBe(before + parseEther('0.25'))
  })

  it('a wallet rejection is "Connection rejected"', async () => {
    const wallet = await makeWallet({ autoApprove: false })
    const { adapter } = makeAdapter()
    const result = connect(adapter, wallet).catch((e: { shortMessage: string }) => e.shortMessage)
    const proposal = await until(() => wallet.state.proposals[0])
    await wallet.rejectProposal(proposal.id)
    expect(await result).toBe('Connection rejected')
  })

  it('switches between the session chains; a chain outside it is "Chain is not supported"', async () => {
    const wallet = await makeWallet()
    const { adapter } = makeAdapter()
    await connect(adapter, wallet)
    const events = firstValueFrom(adapter.events('walletConnect').pipe(take(1)))
    await adapter.switchNetwork('walletConnect', networks[1]!)
    expect(await events).toEqual({ type: 'chainChanged', caipNetworkId: networks[1]!.caipNetworkId })
    const mainnet = defineEvmNetwork({ id: 1, name: 'Ethereum', rpcUrl: 'http://127.0.0.1:1' })
    await expect(adapter.switchNetwork('walletConnect', mainnet)).rejects.toMatchObject({ shortMessage: 'Chain is not supported', code: 4902 })
  })

  it('the wallet switching chain and deleting the session arrive as wallet events', async () => {
    const wallet = await makeWallet()
    const { adapter } = makeAdapter()
    await connect(adapter, wallet)
    const seen = firstValueFrom(adapter.events('walletConnect').pipe(takeWhile((e) => e.type !== 'disconnect', true), toArray()))
    const topic = wallet.state.sessions[0]!.topic
    await wallet.switchChain(topic, networks[1]!.caipNetworkId)
    await until(() => wallet.state.sessions[0]?.currentChain === networks[1]!.caipNetworkId)
    await wallet.disconnect(topic)
    const events = await seen
    const address = chains.accounts[0]!.address
    expect(events.map((e) => e.type)).toEqual(['chainChanged', 'accountsChanged', 'disconnect'])
    expect(events.slice(0, 2)).toEqual([
      { type: 'chainChanged', caipNetworkId: networks[1]!.caipNetworkId },
      { type: 'accountsChanged', accounts: [{ address, type: 'eoa' }] },
    ])
  })

  it('a wallet that approves only some of the networks asked for says which (spec §3 approved network ids)', async () => {
    const only = chains.chains[1]!.chainId
    const wallet = await makeWallet({ chains: [only] })
    const { adapter } = makeAdapter()
    const session = await connect(adapter, wallet)
    expect(session.caipNetworkId).toBe(`eip155:${only}`)
    expect(session.networks).toEqual({ requested: networks.map((x) => x.caipNetworkId), approved: [`eip155:${only}`], supportsAllNetworks: false })
  })

  it('a reload restores the live session from storage; after a disconnect there is none', async () => {
    const wallet = await makeWallet()
    const first = makeAdapter()
    const connected = await connect(first.adapter, wallet)
    await first.adapter.switchNetwork('walletConnect', networks[1]!)
    // The page goes away: its relay connection closes.
    await (first.providers[0] as unknown as { client: { core: { relayer: { transportClose(): Promise<void> } } } }).client.core.relayer.transportClose()

    const second = makeAdapter(first.storage, first.prefix)
    const restored = await second.adapter.reconnect('walletConnect')
    expect(restored).toEqual({ accounts: connected.accounts, caipNetworkId: networks[1]!.caipNetworkId, networks: connected.networks })
    const address = connected.accounts[0]!.address as Hex
    const signature = await second.adapter.signMessage('walletConnect', { address, message: 'still here' })
    expect(await verifyMessage({ address, message: 'still here', signature: signature as Hex })).toBe(true)

    await second.adapter.disconnect('walletConnect')
    await until(() => wallet.state.sessions.length === 0)
    const third = makeAdapter(first.storage, first.prefix)
    expect(await third.adapter.reconnect('walletConnect')).toBeNull()
  })

  it('signs in while connecting when sign-in is on and every chain is eip155', async () => {
    const wallet = await makeWallet()
    const { adapter } = makeAdapter(undefined, undefined, { signIn: { statement: 'Sign in to Gangway' } })
    const activity: WalletConnectActivity[] = []
    const sub = adapter.walletConnect.activity().subscribe((a) => activity.push(a))
    cleanups.push(async () => sub.unsubscribe())
    await connect(adapter, wallet)
    const signedIn = await until(() => activity.find((a) => a.type === 'signedIn'))
    const address = chains.accounts[0]!.address
    expect(signedIn.type === 'signedIn' && signedIn.sessions.map((s) => s.caipAddress)).toEqual(networks.map((nw) => `${nw.caipNetworkId}:${address}`))
    const first = signedIn.type === 'signedIn' ? signedIn.sessions[0]! : null
    expect(first?.session.data).toMatchObject({ domain: '127.0.0.1:5173', accountAddress: address, chainId: networks[0]!.caipNetworkId })
    expect(await verifyMessage({ address, message: first!.session.message, signature: first!.session.signature as Hex })).toBe(true)
  })
})
