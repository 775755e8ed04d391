// WalletConnect's bip122 namespace against the real thing, offline: the universal provider talks
// through the local relay to the dev wallet (WalletKit, its Bitcoin keys dev account #0 of the
// regtest node), BIP-322 signatures are checked with bip322-js, and a send (a PSBT the wallet signs
// over WalletConnect, finalized and broadcast by the Bitcoin adapter) lands on the local node.
import { Verifier } from 'bip322-js'
import { firstValueFrom, take, toArray } from 'rxjs'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { devBitcoinAccount, DEV_BITCOIN_PAYMENT_SATS, REGTEST_CAIP2 } from '../../../../dev/bitcoin/devAccounts'
import { startBitcoinNode, type BitcoinNode } from '../../../../dev/bitcoin/startBitcoinNode'
import { startRelay, type Relay } from '../../../../dev/relay/startRelay'
import { MemoryStorage } from '../../../../dev/wallet/memoryStorage'
import { HARDHAT_ACCOUNT_0, type StackConfig } from '../../../../dev/wallet/stackConfig'
import { bitcoinWalletKeys, executeBitcoinRequest } from '../../../../dev/wallet/walletBitcoin'
import { WalletController } from '../../../../dev/wallet/walletController'
import { createBitcoinAdapter } from '../../../../src/adapters/bitcoin/createBitcoinAdapter'
import { defineBitcoinNetwork } from '../../../../src/adapters/bitcoin/defineBitcoinNetwork'
import { defineEvmNetwork } from '../../../../src/adapters/evm/defineEvmNetwork'
import type { WalletConnectAdapter } from '../../../../src/adapters/walletconnect/createWalletConnectAdapter'
import type { Network } from '../../../../src/core/domain/entities'
import { until } from '../../../support/until'
import { connectThroughRelay, relayAdapter } from '../../../support/walletConnectRelay'

let relay: Relay
let node: BitcoinNode
let config: StackConfig
let regtest: Network
// The wallet's eip155 side is never reached over RPC here: a chain id is all the session needs.
const evm = defineEvmNetwork({ id: 31337, name: 'Local', rpcUrl: 'http://127.0.0.1:9' })
const dev0 = devBitcoinAccount(0)
let n = 0
const cleanups: (() => Promise<unknown>)[] = []

beforeAll(async () => {
  ;[relay, node] = await Promise.all([startRelay(), startBitcoinNode()])
  const stack = node.stackConfig()
  config = {
    relayUrl: relay.url,
    projectId: 'gangway-test',
    chains: [{ chainId: 31337, name: 'Local', rpcUrl: 'http://127.0.0.1:9' }],
    accounts: [HARDHAT_ACCOUNT_0],
    bitcoin: { caipNetworkId: stack.caipNetworkId, esploraUrl: stack.esploraUrl },
  }
  regtest = defineBitcoinNetwork({ genesisHash: stack.genesisHash, name: 'Regtest', rpcUrl: stack.esploraUrl, kind: 'regtest' })
}, 60_000)

afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((f) => f().catch(() => undefined)))
})

afterAll(async () => {
  await Promise.all([relay?.stop(), node?.stop()])
}, 30_000)

async function makeWallet(options: { autoApprove?: boolean } = {}) {
  const wallet = await WalletController.create({ config, storage: new MemoryStorage(), customStoragePrefix: `wc-btc-wallet-${++n}`, autoApprove: options.autoApprove ?? true })
  cleanups.push(() => wallet.close())
  return wallet
}

function makeAdapter(networks: Network[] = [evm, regtest]) {
  const adapter = relayAdapter(relay.url, networks, `wc-btc-dapp-${++n}`, cleanups)
  // Its Bitcoin side, on the Bitcoin adapter that lends it its runtime (later bitcoinAdapter() calls return it).
  adapter.bitcoinAdapter(createBitcoinAdapter({ networks: [regtest], receiptPollingMs: 50, prefetch: false }))
  return adapter
}

/** Connects `adapter` on its eip155 (or Bitcoin) side, handing each pairing URI to `wallet`. */
function connect(adapter: WalletConnectAdapter, wallet: WalletController, side: 'eip155' | 'bip122' = 'eip155') {
  return connectThroughRelay(adapter, wallet, side === 'eip155' ? adapter : adapter.bitcoinAdapter())
}

const balance = async (address: string) => {
  const s = (await (await fetch(`${node.esploraUrl}/address/${address}`)).json()) as { chain_stats: Record<string, number>; mempool_stats: Record<string, number> }
  return s.chain_stats.funded_txo_sum! - s.chain_stats.spent_txo_sum! + s.mempool_stats.funded_txo_sum! - s.mempool_stats.spent_txo_sum!
}

const accounts = () => [
  { address: dev0.payment.address, type: 'payment', publicKey: Buffer.from(dev0.payment.publicKey).toString('hex'), path: dev0.payment.path },
  { address: dev0.ordinals.address, type: 'ordinal', publicKey: Buffer.from(dev0.ordinals.publicKey).toString('hex'), path: dev0.ordinals.path },
]

describe('WalletConnect with the bip122 namespace, through the local relay and regtest node', () => {
  it('one session grants eip155 and bip122; the Bitcoin side reads the balance, signs BIP-322 (bip322-js verifies) and its send lands', async () => {
    const wallet = await makeWallet()
    const adapter = makeAdapter()
    await connect(adapter, wallet)
    const side = adapter.bitcoinAdapter()
    expect(adapter.bitcoinAdapter()).toBe(side)
    // The Bitcoin side reads the same session (no second pairing): payment first, keys from the session's properties.
    expect(await side.reconnect('walletConnect')).toEqual({ accounts: accounts(), caipNetworkId: REGTEST_CAIP2 })
    expect(wallet.state.sessions[0]!.accounts).toEqual(expect.arrayContaining([`${REGTEST_CAIP2}:${dev0.payment.address}`, `${REGTEST_CAIP2}:${dev0.ordinals.address}`]))
    expect(await side.getBalance(regtest, dev0.payment.address)).toBe(String(DEV_BITCOIN_PAYMENT_SATS))

    const message = 'Sign in to Gangway on Bitcoin'
    const signature = await side.signMessage('walletConnect', { address: dev0.payment.address, message })
    expect(Verifier.verifySignature(dev0.payment.address, message, signature)).toBe(true)
    expect(Verifier.verifySignature(dev0.payment.address, `${message}!`, signature)).toBe(false)

    const receiver = devBitcoinAccount(2).payment.address
    const before = await balance(receiver)
    const txid = await side.sendTransfer('walletConnect', regtest, { from: dev0.payment.address, receiver, amount: '25000000' })
    expect(await side.waitForReceipt(regtest, txid)).toMatchObject({ status: 'success' })
    expect((await balance(receiver)) - before).toBe(25_000_000)
    expect(await balance(dev0.payment.address)).toBeLessThan(Number(DEV_BITCOIN_PAYMENT_SATS) - 25_000_000)
    expect(wallet.state.log.some((l) => l.kind === 'result' && l.text.startsWith('signPsbt'))).toBe(true)
  })

  it('connecting on the Bitcoin side pairs the same way; a refused signature is "Error signing message" and a refused send moves nothing', async () => {
    const wallet = await makeWallet()
    const adapter = makeAdapter()
    expect(await connect(adapter, wallet, 'bip122')).toEqual({ accounts: accounts(), caipNetworkId: REGTEST_CAIP2 })
    wallet.setAutoApprove(false)
    const side = adapter.bitcoinAdapter()
    const signing = side.signMessage('walletConnect', { address: dev0.payment.address, message: 'no' }).catch((e: { name: string; shortMessage: string }) => e)
    const request = await until(() => wallet.state.requests[0])
    expect(request.method).toBe('signMessage')
    await wallet.rejectRequest(request.id)
    expect(await signing).toMatchObject({ name: 'WalletRejectedError', shortMessage: 'Error signing message' })

    const receiver = devBitcoinAccount(1).payment.address
    const before = await balance(receiver)
    const sending = side.sendTransfer('walletConnect', regtest, { from: dev0.payment.address, receiver, amount: '1000' }).catch((e: { name: string }) => e)
    const tx = await until(() => wallet.state.requests[0])
    expect(tx.method).toBe('signPsbt')
    await wallet.rejectRequest(tx.id)
    expect(await sending).toMatchObject({ name: 'WalletRejectedError' })
    expect(await balance(receiver)).toBe(before)
  })

  it('ending the session on the eip155 side disconnects the Bitcoin side', async () => {
    const wallet = await makeWallet()
    const adapter = makeAdapter()
    await connect(adapter, wallet)
    const side = adapter.bitcoinAdapter()
    const events = firstValueFrom(side.events('walletConnect').pipe(take(1), toArray()))
    await new Promise((r) => setTimeout(r, 50))
    await adapter.disconnect('walletConnect')
    expect((await events)[0]).toMatchObject({ type: 'disconnect' })
    expect(await side.reconnect('walletConnect')).toBeNull()
    await until(() => wallet.state.sessions.length === 0)
  })

  it('an app without Bitcoin networks proposes no bip122 namespace, and the wallet grants no Bitcoin address', async () => {
    const wallet = await makeWallet()
    const adapter = makeAdapter([evm])
    await connect(adapter, wallet)
    const session = Object.values(wallet.kit.getActiveSessions())[0]!
    expect(Object.keys(session.namespaces)).toEqual(['eip155'])
    expect(session.sessionProperties?.bip122_getAccountAddresses).toBeUndefined()
    expect(await adapter.bitcoinAdapter().reconnect('walletConnect')).toBeNull()
  })

  it("the wallet's own methods: getAccountAddresses by intention, sendTransfer lands, another account is refused", async () => {
    const keys = bitcoinWalletKeys()
    const context = { keys, esploraUrl: node.esploraUrl }
    const account = dev0.payment.address
    expect(await executeBitcoinRequest({ method: 'getAccountAddresses', params: { account, intentions: ['ordinal'] } }, context)).toEqual([
      { address: dev0.ordinals.address, publicKey: accounts()[1]!.publicKey, path: dev0.ordinals.path, intention: 'ordinal' },
    ])
    const receiver = devBitcoinAccount(1).ordinals.address
    const before = await balance(receiver)
    const { txid } = (await executeBitcoinRequest({ method: 'sendTransfer', params: { account, recipientAddress: receiver, amount: '70000' } }, context)) as { txid: string }
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    await expect.poll(() => balance(receiver), { timeout: 10_000 }).toBe(before + 70_000)
    // signMessage's default protocol is legacy ECDSA (BIP-137), answered in hex; bip322-js verifies it.
    const legacy = (await executeBitcoinRequest({ method: 'signMessage', params: { account, message: 'legacy' } }, context)) as { signature: string; address: string }
    expect(legacy.address).toBe(account)
    expect(Verifier.verifySignature(account, 'legacy', Buffer.from(legacy.signature, 'hex').toString('base64'), true)).toBe(true)
    await expect(executeBitcoinRequest({ method: 'signMessage', params: { account: devBitcoinAccount(1).payment.address, message: 'x', protocol: 'bip322' } }, context)).rejects.toMatchObject({ code: 4100 })
    await expect(executeBitcoinRequest({ method: 'sendTransfer', params: { account, recipientAddress: receiver, amount: '-5' } }, context)).rejects.toMatchObject({ code: -32602 })
  })
})
