// @vitest-environment happy-dom
import { firstValueFrom, toArray, take } from 'rxjs'
import { createPublicClient, erc20Abi, http, verifyMessage, verifyTypedData, type Address, type Hex } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startChains, type DevChains } from '../../../../dev/chain/startChains'
import type { InstalledDevWallet } from '../../../../dev/extension/devWallet'
import { installDevWallets } from '../../../../dev/extension/installDevWallets'
import { createEvmAdapter } from '../../../../src/adapters/evm/createEvmAdapter'
import { defineEvmNetwork } from '../../../../src/adapters/evm/defineEvmNetwork'
import { WalletRejectedError, WalletUnrecognizedChainError } from '../../../../src/core/errors/wallet'
import type { Network } from '../../../../src/core/domain/entities'
import type { ChainAdapter, WalletProviderEvent } from '../../../../src/core/ports'

const MAIN = 'dev.gangway.wallet'
let dev: DevChains
let wallets: InstalledDevWallet[] = []
let networks: Network[]
let adapter: ChainAdapter

beforeAll(async () => {
  // happy-dom's CORS check rejects hardhat's preflight that Chromium accepts (see devWallet.test.ts).
  ;(window as unknown as { happyDOM: { settings: { fetch: { disableSameOriginPolicy: boolean } } } }).happyDOM.settings.fetch.disableSameOriginPolicy = true
  dev = await startChains()
  networks = dev.chains.map((c) => defineEvmNetwork({ id: c.chainId, name: c.name, rpcUrl: c.rpcUrl }))
}, 60_000)
afterAll(async () => {
  await dev?.stop()
})
beforeEach(() => {
  window.localStorage.clear()
  wallets = installDevWallets({ chains: dev.chains, accounts: dev.accounts })
  adapter = createEvmAdapter({ discoveryTimeoutMs: 100, receiptPollingMs: 20 })
})
afterEach(() => {
  for (const w of wallets) w.uninstall()
})

const handle = (rdns = MAIN) => wallets.find((w) => w.info.rdns === rdns)!.handle
const node = (i = 0) => createPublicClient({ transport: http(dev.chains[i]!.rpcUrl) })
async function connected(): Promise<Address> {
  handle().approveNext()
  const session = await adapter.connect(MAIN)
  return session.accounts[0]!.address as Address
}

describe('createEvmAdapter', () => {
  it('reports the announced dev wallets as connectors', async () => {
    const list = await firstValueFrom(adapter.connectors())
    expect(list.map((c) => [c.id, c.name, c.type, c.chain])).toEqual([
      [MAIN, 'Gangway Dev Wallet', 'ANNOUNCED', 'eip155'],
      ['dev.gangway.second', 'Second Dev Wallet', 'ANNOUNCED', 'eip155'],
    ])
    expect(list[0]?.imageUrl).toBe(wallets[0]!.info.icon)
    expect(list[0]?.info?.rdns).toBe(MAIN)
  })

  it('connect returns checksummed accounts and the chain as CAIP-2; a rejection is "Connection rejected"', async () => {
    handle().rejectNext()
    const error = await adapter.connect(MAIN).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WalletRejectedError)
    expect(error).toMatchObject({ shortMessage: 'Connection rejected', code: 4001 })
    handle().approveNext()
    expect(await adapter.connect(MAIN)).toEqual({ accounts: [{ address: dev.accounts[0]!.address, type: 'eoa' }], caipNetworkId: 'eip155:31337' })
  })

  it('an unknown connector fails with the spec message after waiting for it', async () => {
    await expect(adapter.connect('io.nowhere')).rejects.toMatchObject({ shortMessage: 'No connector found for connection: io.nowhere' })
  })

  it('reconnect is silent: accounts when authorised, null when not (or the wallet is gone)', async () => {
    expect(await adapter.reconnect(MAIN)).toBeNull()
    await connected()
    expect(handle().pending()).toEqual([])
    const fresh = createEvmAdapter({ discoveryTimeoutMs: 50 })
    expect(await fresh.reconnect(MAIN)).toEqual({ accounts: [{ address: dev.accounts[0]!.address, type: 'eoa' }], caipNetworkId: 'eip155:31337' })
    expect(await fresh.reconnect('io.nowhere')).toBeNull()
  })

  it('disconnect revokes the site permission, so nothing reconnects', async () => {
    await connected()
    await adapter.disconnect(MAIN)
    expect(await adapter.reconnect(MAIN)).toBeNull()
  })

  it('switching to a chain the wallet does not know adds it (hex id, RPC, currency) and switches; events follow', async () => {
    await connected()
    const seen: WalletProviderEvent[] = []
    const sub = adapter.events(MAIN).subscribe((e) => seen.push(e))
    const switching = adapter.switchNetwork(MAIN, networks[1]!)
    await waitFor(() => handle().pending().length > 0)
    expect(handle().pending()).toEqual(['wallet_addEthereumChain'])
    handle().approveNext()
    await switching
    expect(seen).toEqual([{ type: 'chainChanged', caipNetworkId: 'eip155:31338' }])
    // Known now: a switch back needs no prompt.
    await adapter.switchNetwork(MAIN, networks[0]!)
    expect(seen.at(-1)).toEqual({ type: 'chainChanged', caipNetworkId: 'eip155:31337' })
    sub.unsubscribe()
  })

  it('a rejected add-chain fails the switch with the code (4001) and the chain is unchanged', async () => {
    await connected()
    const switching = adapter.switchNetwork(MAIN, networks[1]!)
    await waitFor(() => handle().pending().length > 0)
    handle().rejectNext()
    await expect(switching).rejects.toMatchObject({ name: 'WalletRejectedError', shortMessage: 'User rejected the request', code: 4001 })
    expect(await wallets[0]!.provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
  })

  it('a network whose RPC is not that chain cannot be added (the wallet checks it)', async () => {
    await connected()
    const wrong = defineEvmNetwork({ id: 31339, name: 'Wrong', rpcUrl: dev.chains[1]!.rpcUrl })
    const error = await adapter.switchNetwork(MAIN, wrong).catch((e: unknown) => e)
    expect(error).not.toBeInstanceOf(WalletUnrecognizedChainError)
    expect(error).toMatchObject({ code: -32602, shortMessage: 'Invalid params' })
  })

  it('signs messages and typed data that viem verifies; a rejection is "Error signing message"', async () => {
    const address = await connected()
    handle().approveNext()
    const signature = (await adapter.signMessage(MAIN, { address, message: 'hello gangway' })) as Hex
    expect(await verifyMessage({ address, message: 'hello gangway', signature })).toBe(true)
    const typedData = {
      domain: { name: 'Gangway', version: '1', chainId: 31337 },
      types: { Mail: [{ name: 'contents', type: 'string' }, { name: 'amount', type: 'uint256' }] },
      primaryType: 'Mail',
      message: { contents: 'hi', amount: '12345678901234567890' },
    } as const
    handle().approveNext()
    const typed = (await adapter.evm!.signTypedData(MAIN, { address, typedData })) as Hex
    expect(await verifyTypedData({ address, ...typedData, message: { contents: 'hi', amount: 12345678901234567890n }, signature: typed })).toBe(true)
    handle().rejectNext()
    await expect(adapter.signMessage(MAIN, { address, message: 'no' })).rejects.toMatchObject({ shortMessage: 'Error signing message', code: 4001 })
  })

  it('sends native and ERC-20 transfers, waits for receipts and reads balances over the RPC', async () => {
    const from = await connected()
    const to = dev.accounts[4]!.address
    const token = dev.tokens.find((t) => t.chainId === 31337)!
    const network = networks[0]!
    const before = BigInt(await adapter.getBalance(network, to))
    expect(before).toBe(await node().getBalance({ address: to }))

    handle().approveNext()
    const hash = await adapter.sendTransfer(MAIN, network, { from, receiver: to, amount: '10000000000000000' })
    expect(await adapter.waitForReceipt(network, hash)).toMatchObject({ status: 'success' })
    expect(BigInt(await adapter.getBalance(network, to))).toBe(before + 10_000_000_000_000_000n)

    const tokenBefore = await node().readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [to] })
    handle().approveNext()
    const tokenHash = await adapter.sendTransfer(MAIN, network, { from, receiver: to, amount: '2500000', token: token.address })
    expect((await adapter.waitForReceipt(network, tokenHash)).status).toBe('success')
    expect(await node().readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [to] })).toBe(tokenBefore + 2_500_000n)

    handle().rejectNext()
    await expect(adapter.sendTransfer(MAIN, network, { from, receiver: to, amount: '1' })).rejects.toMatchObject({ code: 4001, shortMessage: 'User rejected the request' })
  })

  it('a send for another chain than the wallet\'s is refused before the wallet is asked', async () => {
    const from = await connected()
    await expect(adapter.sendTransfer(MAIN, networks[1]!, { from, receiver: dev.accounts[4]!.address, amount: '1' })).rejects.toBeInstanceOf(Error)
    expect(handle().pending()).toEqual([])
  })

  it('the wallet\'s accountsChanged ([] on revoke) and disconnect become data events', async () => {
    await connected()
    const events = firstValueFrom(adapter.events(MAIN).pipe(take(2), toArray()))
    await wallets[0]!.provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    handle().disconnect()
    expect(await events).toEqual([
      { type: 'accountsChanged', accounts: [] },
      { type: 'disconnect', error: { name: 'WalletDisconnectedError', shortMessage: 'Provider disconnected', kind: 'WALLET_DISCONNECTED', code: 4900, details: 'The provider is disconnected from all chains.' } },
    ])
    handle().reconnect()
  })
})

async function waitFor(check: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 5))
  }
}
