import { decodeFunctionData, erc20Abi, getAddress, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { isUserRejection } from '../../../src/core/errors/isUserRejection'
import { InvalidInputError } from '../../../src/core/errors/base'
import { ConnectorNotFoundError, NetworkNotFoundError, NoActiveAddressError } from '../../../src/core/errors/connection'
import { ACCOUNT_A, ACCOUNT_A_CHECKSUMMED, ACCOUNT_B, setup, userRejected } from './support'

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

describe('modal.getWalletClient', () => {
  it('rejects with NoActiveAddressError while nothing is connected', async () => {
    const { modal } = await setup()
    const error = await modal.getWalletClient().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NoActiveAddressError)
    expect(error).toMatchObject({ kind: 'NO_ACTIVE_ADDRESS', shortMessage: 'No ActiveCaipAddress found' })
  })

  it('has the connected address as its account (checksummed) and the active network as its chain', async () => {
    const { modal, connect } = await setup()
    await connect('a', [ACCOUNT_A], 'eip155:2')
    const client = await modal.getWalletClient()
    expect(client.account).toMatchObject({ address: ACCOUNT_A_CHECKSUMMED, type: 'json-rpc' })
    expect(client.chain).toMatchObject({ id: 2, name: 'Two', nativeCurrency: { symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:2'] } } })
  })

  it("requests go to the active connector's own provider", async () => {
    const { modal, wallets, connect } = await setup()
    await connect('b', [ACCOUNT_B])
    const client = await modal.getWalletClient()
    expect(await client.getChainId()).toBe(1)
    expect(wallets.b.requests).toEqual([{ method: 'eth_chainId' }])
    expect(wallets.a.requests).toEqual([])
  })

  it('writeContract sends eth_sendTransaction from the account to the contract with the encoded call', async () => {
    const { modal, wallets, connect } = await setup()
    await connect('a')
    const client = await modal.getWalletClient()
    const hash = await client.writeContract({ address: TOKEN, abi: erc20Abi, functionName: 'transfer', args: [ACCOUNT_B, 12_500_000n] })
    expect(hash).toBe(`0x${'ab'.repeat(32)}`)
    const sent = wallets.a.requests.filter((r) => r.method === 'eth_sendTransaction')
    expect(sent).toHaveLength(1)
    const [tx] = sent[0]!.params as [{ from: string; to: string; data: Hex }]
    expect(getAddress(tx.from)).toBe(ACCOUNT_A_CHECKSUMMED)
    expect(getAddress(tx.to)).toBe(TOKEN)
    expect(decodeFunctionData({ abi: erc20Abi, data: tx.data })).toEqual({ functionName: 'transfer', args: [ACCOUNT_B, 12_500_000n] })
  })

  it("a transaction breaking the access-list rule is refused in viem's words before the wallet is asked; a junk hash fails the send", async () => {
    const { modal, wallets, connect } = await setup()
    await connect('a')
    const client = await modal.getWalletClient()
    const error = await client.sendTransaction({ to: TOKEN, accessList: [{ address: TOKEN, storageKeys: ['0x01'] }] }).catch((e: unknown) => e)
    // viem wraps what the transport threw; the rule's error is inside, with its code.
    expect((error as { walk(fn: (e: unknown) => boolean): unknown }).walk((e) => (e as { name?: string }).name === 'TransactionRuleError')).toMatchObject({
      shortMessage: 'Size for storage key "0x01" is invalid. Expected 32 bytes. Got 1 bytes.',
      code: -32602,
    })
    // Nor through wallet_sendTransaction, which viem tries when a wallet refuses the params.
    expect(wallets.a.requests.map((r) => r.method)).toEqual(['eth_chainId'])
    wallets.a.answer('eth_sendTransaction', 'sent!')
    const junk = await client.sendTransaction({ to: TOKEN, value: 1n }).catch((e: unknown) => e)
    expect((junk as { walk(fn: (e: unknown) => boolean): unknown }).walk((e) => (e as { name?: string }).name === 'WalletInvalidResponseError')).toMatchObject({ shortMessage: 'Something went wrong' })
  })

  it('a refusal in the wallet reaches the host as viem error that isUserRejection recognises; it is asked once (no retry)', async () => {
    const { modal, wallets, connect } = await setup()
    await connect('a')
    wallets.a.answer('eth_sendTransaction', () => userRejected())
    const client = await modal.getWalletClient()
    const error = await client.writeContract({ address: TOKEN, abi: erc20Abi, functionName: 'transfer', args: [ACCOUNT_B, 1n] }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).name).toBe('ContractFunctionExecutionError')
    expect(isUserRejection(error)).toBe(true)
    expect(wallets.a.requests.filter((r) => r.method === 'eth_sendTransaction')).toHaveLength(1)
  })

  it('follows the connection: a network switch gives the next client the new chain', async () => {
    const { modal, fake, connect } = await setup()
    await connect('a')
    expect((await modal.getWalletClient()).chain.id).toBe(1)
    const switching = modal.switchNetwork('eip155:2')
    fake.answer('switchNetwork', undefined)
    await switching
    expect((await modal.getWalletClient()).chain.id).toBe(2)
  })

  it('chainId picks another of the host networks; the wallet is not switched and viem refuses to send on the wrong chain', async () => {
    const { modal, wallets, connect } = await setup()
    await connect('a')
    const client = await modal.getWalletClient({ chainId: 2 })
    expect(client.chain.id).toBe(2)
    expect(wallets.a.requests.map((r) => r.method)).not.toContain('wallet_switchEthereumChain')
    const error = await client.writeContract({ address: TOKEN, abi: erc20Abi, functionName: 'transfer', args: [ACCOUNT_B, 1n] }).catch((e: unknown) => e)
    expect(String((error as Error).message)).toMatch(/current chain of the wallet \(id: 1\) does not match the target chain/)
    expect(wallets.a.requests.map((r) => r.method)).not.toContain('eth_sendTransaction')
  })

  it('a chain the host does not list is NetworkNotFoundError; malformed options are InvalidInputError', async () => {
    const { modal, connect } = await setup()
    await connect('a')
    await expect(modal.getWalletClient({ chainId: 77 })).rejects.toBeInstanceOf(NetworkNotFoundError)
    for (const bad of [{ chainId: 0 }, { chainId: 1.5 }, { chainId: '1' }, 'eip155:1', null, [1]]) {
      const error = await modal.getWalletClient(bad as never).catch((e: unknown) => e)
      expect(error, JSON.stringify(bad)).toBeInstanceOf(InvalidInputError)
      expect(error).toMatchObject({ shortMessage: 'Invalid getWalletClient arguments' })
    }
  })

  it('a connection on a network the host does not list is NetworkNotFoundError', async () => {
    const { modal, connect } = await setup()
    await connect('a', [ACCOUNT_A], 'eip155:77')
    const error = await modal.getWalletClient().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NetworkNotFoundError)
    expect(error).toMatchObject({ details: 'eip155:77' })
  })

  it('a connected wallet whose adapter hands out no provider is ConnectorNotFoundError', async () => {
    const { modal, connect } = await setup({ withGetProvider: false })
    await connect('a')
    const error = await modal.getWalletClient().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ConnectorNotFoundError)
    expect(error).toMatchObject({ details: 'a' })
  })
})
