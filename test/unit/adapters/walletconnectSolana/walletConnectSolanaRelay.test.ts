// WalletConnect's Solana namespace against the real thing, offline: the universal provider talks
// through the local relay to the dev wallet (WalletKit, its Solana key dev account #1), signatures
// are checked with @solana/kit, and transactions land on the local Solana validator (litesvm).
import { address, createSolanaRpc, getBase58Encoder, getPublicKeyFromAddress, getUtf8Encoder, verifySignature, type SignatureBytes } from '@solana/kit'
import { firstValueFrom, take, toArray } from 'rxjs'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startChains, type DevChains } from '../../../../dev/chain/startChains'
import { startRelay, type Relay } from '../../../../dev/relay/startRelay'
import { devSolanaAccountSigner } from '../../../../dev/solana/devAccounts'
import { startSolanaValidator } from '../../../../dev/solana/startSolanaValidator'
import { MemoryStorage } from '../../../../dev/wallet/memoryStorage'
import type { StackConfig } from '../../../../dev/wallet/stackConfig'
import { WalletController } from '../../../../dev/wallet/walletController'
import { defineEvmNetwork } from '../../../../src/adapters/evm/defineEvmNetwork'
import { createSolanaAdapter } from '../../../../src/adapters/solana/createSolanaAdapter'
import { solanaLocalnet } from '../../../../src/adapters/solana/defineSolanaNetwork'
import type { WalletConnectAdapter } from '../../../../src/adapters/walletconnect/createWalletConnectAdapter'
import type { Network } from '../../../../src/core/domain/entities'
import { until } from '../../../support/until'
import { connectThroughRelay, relayAdapter } from '../../../support/walletConnectRelay'

let relay: Relay
let chains: DevChains
let validator: Awaited<ReturnType<typeof startSolanaValidator>>
let config: StackConfig
let evmNetworks: Network[]
let solana: Network
let walletSolanaAddress: string
let n = 0
const cleanups: (() => Promise<unknown>)[] = []

beforeAll(async () => {
  ;[relay, chains, validator] = await Promise.all([startRelay(), startChains(), startSolanaValidator({ port: 0 })])
  config = {
    relayUrl: relay.url,
    projectId: 'gangway-test',
    chains: chains.chains,
    accounts: chains.accounts,
    solana: { caipNetworkId: validator.caipNetworkId, rpcUrl: validator.rpcUrl },
  }
  evmNetworks = chains.chains.map((c) => defineEvmNetwork({ id: c.chainId, name: c.name, rpcUrl: c.rpcUrl }))
  solana = solanaLocalnet(validator.rpcUrl, { caipNetworkId: validator.caipNetworkId })
  walletSolanaAddress = (await devSolanaAccountSigner(1)).address
}, 60_000)

afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((f) => f().catch(() => undefined)))
})

afterAll(async () => {
  await Promise.all([relay?.stop(), chains?.stop(), validator?.stop()])
}, 30_000)

async function makeWallet(options: { autoApprove?: boolean } = {}) {
  const wallet = await WalletController.create({
    config,
    storage: new MemoryStorage(),
    customStoragePrefix: `wc-solana-wallet-${++n}`,
    autoApprove: options.autoApprove ?? true,
  })
  cleanups.push(() => wallet.close())
  return wallet
}

function makeAdapter(networks: Network[] = [...evmNetworks, solana]) {
  const adapter = relayAdapter(relay.url, networks, `wc-solana-dapp-${++n}`, cleanups)
  // Its Solana side, on the Solana adapter that lends it kit (later solanaAdapter() calls return it).
  const solanaNetworks = networks.filter((x) => x.chainNamespace === 'solana')
  if (solanaNetworks.length > 0) adapter.solanaAdapter(createSolanaAdapter({ networks: solanaNetworks, receiptPollingMs: 50 }))
  return adapter
}

/** Connects `adapter` on its eip155 (or Solana) side, handing each pairing URI to `wallet`. */
function connect(adapter: WalletConnectAdapter, wallet: WalletController, namespace: 'eip155' | 'solana' = 'eip155') {
  return connectThroughRelay(adapter, wallet, namespace === 'eip155' ? adapter : adapter.solanaAdapter())
}

async function verifies(addr: string, signature: string, message: string): Promise<boolean> {
  const key = await getPublicKeyFromAddress(address(addr))
  return verifySignature(key, getBase58Encoder().encode(signature) as SignatureBytes, getUtf8Encoder().encode(message))
}

describe('WalletConnect with the solana namespace, through the local relay and validator', () => {
  it('one session grants eip155 and solana accounts; the Solana side signs (verified with kit) and its transfer lands', async () => {
    const wallet = await makeWallet()
    const adapter = makeAdapter()
    const evm = await connect(adapter, wallet)
    expect(evm.accounts).toEqual([{ address: chains.accounts[0]!.address, type: 'eoa' }])
    const side = adapter.solanaAdapter()
    expect(adapter.solanaAdapter()).toBe(side)
    // The Solana side reads the same session: no second pairing, no prompt.
    const session = await side.reconnect('walletConnect')
    expect(session).toEqual({ accounts: [{ address: walletSolanaAddress, type: 'eoa' }], caipNetworkId: validator.caipNetworkId })
    expect(wallet.state.sessions).toHaveLength(1)
    expect(wallet.state.sessions[0]!.accounts).toContain(`${validator.caipNetworkId}:${walletSolanaAddress}`)

    const message = 'Sign in to Gangway on Solana'
    const signature = await side.signMessage('walletConnect', { address: walletSolanaAddress, message })
    expect(await verifies(walletSolanaAddress, signature, message)).toBe(true)

    const receiver = validator.accounts[2]!.address
    const rpc = createSolanaRpc(validator.rpcUrl)
    const [before, senderBefore] = await Promise.all([rpc.getBalance(address(receiver)).send(), rpc.getBalance(address(walletSolanaAddress)).send()])
    const sent = await side.sendTransfer('walletConnect', solana, { from: walletSolanaAddress, receiver, amount: '250000000' })
    expect(await side.waitForReceipt(solana, sent)).toMatchObject({ status: 'success' })
    const [after, senderAfter] = await Promise.all([rpc.getBalance(address(receiver)).send(), rpc.getBalance(address(walletSolanaAddress)).send()])
    expect(after.value - before.value).toBe(250_000_000n)
    expect(senderAfter.value < senderBefore.value - 250_000_000n + 1n).toBe(true)
    expect(wallet.state.log.some((l) => l.kind === 'result' && l.text.startsWith('solana_signTransaction'))).toBe(true)
  })

  it('connecting on the Solana side pairs the same way and the eip155 side has the session too', async () => {
    const wallet = await makeWallet()
    const adapter = makeAdapter()
    const session = await connect(adapter, wallet, 'solana')
    expect(session).toEqual({ accounts: [{ address: walletSolanaAddress, type: 'eoa' }], caipNetworkId: validator.caipNetworkId })
    expect(await adapter.reconnect('walletConnect')).toMatchObject({ accounts: [{ address: chains.accounts[0]!.address, type: 'eoa' }] })
  })

  it('the wallet refusing a Solana signature is "Error signing message", a refused transaction sends nothing', async () => {
    const wallet = await makeWallet()
    const adapter = makeAdapter()
    await connect(adapter, wallet)
    wallet.setAutoApprove(false)
    const side = adapter.solanaAdapter()
    const signing = side.signMessage('walletConnect', { address: walletSolanaAddress, message: 'no' }).catch((e: { name: string; shortMessage: string }) => e)
    const request = await until(() => wallet.state.requests[0])
    expect(request.method).toBe('solana_signMessage')
    await wallet.rejectRequest(request.id)
    expect(await signing).toMatchObject({ name: 'WalletRejectedError', shortMessage: 'Error signing message' })

    const receiver = validator.accounts[2]!.address
    const rpc = createSolanaRpc(validator.rpcUrl)
    const before = await rpc.getBalance(address(receiver)).send()
    const sending = side.sendTransfer('walletConnect', solana, { from: walletSolanaAddress, receiver, amount: '1000' }).catch((e: { name: string }) => e)
    const tx = await until(() => wallet.state.requests[0])
    expect(tx.method).toBe('solana_signTransaction')
    await wallet.rejectRequest(tx.id)
    expect(await sending).toMatchObject({ name: 'WalletRejectedError' })
    expect((await rpc.getBalance(address(receiver)).send()).value).toBe(before.value)
  })

  it('ending the session from either side tells the other side it is disconnected', async () => {
    const wallet = await makeWallet()
    const adapter = makeAdapter()
    await connect(adapter, wallet)
    const side = adapter.solanaAdapter()
    const solanaEvents = firstValueFrom(side.events('walletConnect').pipe(take(1), toArray()))
    // Let the subscription reach the provider before the disconnect.
    await new Promise((r) => setTimeout(r, 20))
    await adapter.disconnect('walletConnect')
    expect((await solanaEvents)[0]).toMatchObject({ type: 'disconnect' })
    expect(await side.reconnect('walletConnect')).toBeNull()
    await until(() => wallet.state.sessions.length === 0)

    const wallet2 = await makeWallet()
    const adapter2 = makeAdapter()
    await connect(adapter2, wallet2)
    const evmEvents = firstValueFrom(adapter2.events('walletConnect').pipe(take(1), toArray()))
    await new Promise((r) => setTimeout(r, 20))
    await adapter2.solanaAdapter().disconnect('walletConnect')
    expect((await evmEvents)[0]).toMatchObject({ type: 'disconnect' })
    expect(await adapter2.reconnect('walletConnect')).toBeNull()
  })

  it('an app with EVM networks only proposes no solana namespace, and the wallet grants no Solana account', async () => {
    const wallet = await makeWallet()
    const adapter = makeAdapter(evmNetworks)
    await connect(adapter, wallet)
    expect(Object.keys(wallet.kit.getActiveSessions()).length).toBe(1)
    const session = Object.values(wallet.kit.getActiveSessions())[0]!
    expect(Object.keys(session.namespaces)).toEqual(['eip155'])
    expect(Object.keys(session.optionalNamespaces ?? {})).not.toContain('solana')
    expect(await adapter.solanaAdapter().reconnect('walletConnect')).toBeNull()
  })
})
