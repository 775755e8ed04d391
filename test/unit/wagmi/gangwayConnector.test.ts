import { connect, disconnect, getAccount, getConnectorClient, reconnect, switchChain, writeContract } from '@wagmi/core'
import { encodeFunctionData, erc20Abi, SwitchChainError, UserRejectedRequestError } from 'viem'
import { describe, expect, it } from 'vitest'
import { isUserRejection } from '../../../src/core/errors/isUserRejection'
import { ModalClosedError } from '../../../src/core/errors/connection'
import { createMemoryKeyValue } from '../../../src/adapters/storage/memoryKeyValue'
import { settle } from '../../support/virtualTime'
import { ACCOUNT_A_CHECKSUMMED, ACCOUNT_B, setup, userRejected, wagmiConfig } from './support'

const eip155 = (modal: { getState(): { connection: { byNamespace: { eip155?: { status: string; connections: { caipNetworkId: string; accounts: { address: string }[] }[] } } } } }) =>
  modal.getState().connection.byNamespace.eip155

describe('gangwayConnector: connect', () => {
  it("wagmi's connect() opens the modal and resolves with the account once the visitor connects there", async () => {
    const { modal, config, connector, approveInModal } = await setup()
    expect(modal.getState().modal.open).toBe(false)
    const connecting = connect(config, { connector })
    await settle()
    expect(modal.getState().modal.open).toBe(true)
    expect(modal.getState().router.view).toBe('Connect')
    expect(getAccount(config).status).toBe('connecting')
    await approveInModal('a')
    await expect(connecting).resolves.toEqual({ accounts: [ACCOUNT_A_CHECKSUMMED], chainId: 1 })
    const account = getAccount(config)
    expect(account.status).toBe('connected')
    expect(account.address).toBe(ACCOUNT_A_CHECKSUMMED)
    expect(account.chainId).toBe(1)
    expect(account.connector?.id).toBe('gangway')
    expect(modal.getState().modal.open).toBe(false)
  })

  it('a wallet refusal in the modal does not end the connect: the visitor may pick another wallet', async () => {
    const { modal, config, connector, fake, approveInModal } = await setup()
    const connecting = connect(config, { connector })
    await settle()
    const first = modal.connect('a').catch((e: unknown) => e)
    fake.fail('connect', userRejected())
    expect(isUserRejection(await first)).toBe(true)
    await settle()
    expect(modal.getState().modal.open).toBe(true)
    expect(getAccount(config).status).toBe('connecting')
    await approveInModal('b', [ACCOUNT_B], 'eip155:2')
    await expect(connecting).resolves.toEqual({ accounts: [ACCOUNT_B], chainId: 2 })
    expect(getAccount(config).address).toBe(ACCOUNT_B)
  })

  it("closing the modal without connecting rejects with viem's UserRejectedRequestError (4001), its cause 'Modal closed'", async () => {
    const { modal, config, connector } = await setup()
    const connecting = connect(config, { connector }).catch((e: unknown) => e)
    await settle()
    modal.close()
    const error = await connecting
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect((error as UserRejectedRequestError).code).toBe(4001)
    expect((error as UserRejectedRequestError).cause).toBeInstanceOf(ModalClosedError)
    expect(((error as UserRejectedRequestError).cause as ModalClosedError).shortMessage).toBe('Modal closed')
    expect(isUserRejection(error)).toBe(true)
    expect(getAccount(config).status).toBe('disconnected')
  })

  it('closing the modal in the middle of a wallet prompt rejects too, and nothing is connected', async () => {
    const { modal, config, connector, fake } = await setup()
    const connecting = connect(config, { connector }).catch((e: unknown) => e)
    await settle()
    const attempt = modal.connect('a').catch((e: unknown) => e)
    await settle()
    expect(fake.hasPending('connect')).toBe(true)
    modal.close()
    expect(await connecting).toBeInstanceOf(UserRejectedRequestError)
    await attempt
    expect(getAccount(config).status).toBe('disconnected')
  })

  it('connect({ chainId }) connects, then switches the wallet through Gangway', async () => {
    const { modal, config, connector, fake, approveInModal } = await setup()
    const connecting = connect(config, { connector, chainId: 2 })
    await settle()
    await approveInModal('a', [ACCOUNT_A_CHECKSUMMED], 'eip155:1')
    expect(fake.calls().filter((c) => c.method === 'switchNetwork')).toEqual([{ method: 'switchNetwork', args: ['a', 'eip155:2'] }])
    fake.answer('switchNetwork', undefined)
    await expect(connecting).resolves.toEqual({ accounts: [ACCOUNT_A_CHECKSUMMED], chainId: 2 })
    expect(getAccount(config).chainId).toBe(2)
    expect(eip155(modal)?.connections[0]?.caipNetworkId).toBe('eip155:2')
  })

  it('when Gangway is connected already, connect() resolves at once without opening the modal', async () => {
    const { modal, connector, approveInModal } = await setup()
    await approveInModal('a')
    await expect(connector.connect()).resolves.toEqual({ accounts: [ACCOUNT_A_CHECKSUMMED], chainId: 1 })
    await expect(connector.connect({ withCapabilities: true })).resolves.toEqual({ accounts: [{ address: ACCOUNT_A_CHECKSUMMED, capabilities: {} }], chainId: 1 })
    expect(modal.getState().modal.open).toBe(false)
  })
})

describe('gangwayConnector: wagmi follows Gangway', () => {
  it('a connect made in the modal alone (its own button) connects wagmi', async () => {
    const { config, approveInModal } = await setup()
    expect(getAccount(config).status).toBe('disconnected')
    await approveInModal('a')
    expect(getAccount(config)).toMatchObject({ status: 'connected', address: ACCOUNT_A_CHECKSUMMED, chainId: 1 })
  })

  it('a disconnect in Gangway disconnects wagmi', async () => {
    const { modal, fake, config, connector, approveInModal } = await setup()
    const connecting = connect(config, { connector })
    await settle()
    await approveInModal('a')
    await connecting
    const done = modal.disconnect()
    fake.answer('disconnect', undefined)
    await done
    await settle()
    expect(getAccount(config).status).toBe('disconnected')
    expect(getAccount(config).address).toBeUndefined()
  })

  it('the wallet disconnecting on its side (a provider disconnect event) disconnects wagmi', async () => {
    const { fake, config, approveInModal } = await setup()
    await approveInModal('a')
    fake.emit('a', { type: 'disconnect', error: { name: 'WalletDisconnectedError', shortMessage: 'Disconnected', details: '' } })
    await settle()
    expect(getAccount(config).status).toBe('disconnected')
  })

  it('an account change in the wallet reaches wagmi', async () => {
    const { fake, config, approveInModal } = await setup()
    await approveInModal('a')
    fake.emit('a', { type: 'accountsChanged', accounts: [ACCOUNT_B] })
    await settle()
    expect(getAccount(config).address).toBe(ACCOUNT_B)
    expect(getAccount(config).status).toBe('connected')
    fake.emit('a', { type: 'accountsChanged', accounts: [] })
    await settle()
    expect(getAccount(config).status).toBe('disconnected')
  })

  it('a network switch in the modal, or in the wallet, reaches wagmi', async () => {
    const { modal, fake, config, approveInModal } = await setup()
    await approveInModal('a')
    const switching = modal.switchNetwork('eip155:2')
    await settle()
    fake.answer('switchNetwork', undefined)
    await switching
    await settle()
    expect(getAccount(config).chainId).toBe(2)
    fake.emit('a', { type: 'chainChanged', caipNetworkId: 'eip155:1' })
    await settle()
    expect(getAccount(config).chainId).toBe(1)
    expect(getAccount(config).address).toBe(ACCOUNT_A_CHECKSUMMED)
  })

  it('another wallet connected in the modal becomes wagmi’s account and chain', async () => {
    const { config, approveInModal } = await setup()
    await approveInModal('a')
    await approveInModal('b', [ACCOUNT_B], 'eip155:2')
    expect(getAccount(config)).toMatchObject({ status: 'connected', address: ACCOUNT_B, chainId: 2 })
  })
})

describe('gangwayConnector: Gangway follows wagmi', () => {
  it("wagmi's disconnect() disconnects Gangway", async () => {
    const { modal, fake, config, connector, approveInModal } = await setup()
    const connecting = connect(config, { connector })
    await settle()
    await approveInModal('a')
    await connecting
    const done = disconnect(config)
    await settle()
    expect(fake.calls().filter((c) => c.method === 'disconnect')).toEqual([{ method: 'disconnect', args: ['a'] }])
    fake.answer('disconnect', undefined)
    await done
    await settle()
    expect(eip155(modal)?.status).toBe('disconnected')
    expect(getAccount(config).status).toBe('disconnected')
    await expect(modal.getProvider()).resolves.toBeUndefined()
  })

  it("wagmi's disconnect() leaves nothing connected in Gangway, where it had two wallets", async () => {
    const { modal, fake, config, approveInModal } = await setup({ features: { multiWallet: true } })
    await approveInModal('a')
    await approveInModal('b', [ACCOUNT_B])
    expect(eip155(modal)?.connections).toHaveLength(2)
    const done = disconnect(config)
    await settle()
    fake.answer('disconnect', undefined)
    await settle()
    fake.answer('disconnect', undefined)
    await done
    await settle()
    expect(fake.calls().filter((c) => c.method === 'disconnect').map((c) => c.args[0])).toEqual(['b', 'a'])
    expect(eip155(modal)?.status).toBe('disconnected')
    expect(getAccount(config).status).toBe('disconnected')
  })

  it("a failed disconnect in the wallet: wagmi's disconnect() rejects and both stay connected", async () => {
    const { modal, fake, config, approveInModal } = await setup()
    await approveInModal('a')
    const done = disconnect(config).catch((e: unknown) => e)
    await settle()
    fake.fail('disconnect', new Error('wallet is busy'))
    expect(await done).toMatchObject({ shortMessage: 'Failed to disconnect' })
    expect(eip155(modal)?.status).toBe('connected')
    expect(getAccount(config).status).toBe('connected')
  })

  it("after wagmi's disconnect(), a new connect in the modal connects wagmi again", async () => {
    const { fake, config, approveInModal } = await setup()
    await approveInModal('a')
    const done = disconnect(config)
    await settle()
    fake.answer('disconnect', undefined)
    await done
    await approveInModal('b', [ACCOUNT_B])
    expect(getAccount(config)).toMatchObject({ status: 'connected', address: ACCOUNT_B })
  })

  it("wagmi's switchChain() switches Gangway's wallet (useSwitchChain's action)", async () => {
    const { modal, fake, config, approveInModal } = await setup()
    await approveInModal('a')
    const switching = switchChain(config, { chainId: 2 })
    await settle()
    expect(fake.calls().filter((c) => c.method === 'switchNetwork')).toEqual([{ method: 'switchNetwork', args: ['a', 'eip155:2'] }])
    fake.answer('switchNetwork', undefined)
    await expect(switching).resolves.toMatchObject({ id: 2, name: 'Two' })
    expect(getAccount(config).chainId).toBe(2)
    expect(eip155(modal)?.connections[0]?.caipNetworkId).toBe('eip155:2')
  })

  it("a switch refused in the wallet rejects with viem's UserRejectedRequestError; the chain stays", async () => {
    const { fake, config, approveInModal } = await setup()
    await approveInModal('a')
    const switching = switchChain(config, { chainId: 2 }).catch((e: unknown) => e)
    await settle()
    fake.fail('switchNetwork', userRejected())
    const error = await switching
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(isUserRejection(error)).toBe(true)
    expect(getAccount(config).chainId).toBe(1)
  })

  it("a chain wagmi does not know is wagmi's SwitchChainError, and the wallet is not asked", async () => {
    const { fake, connector, approveInModal } = await setup()
    await approveInModal('a')
    const error = await connector.switchChain!({ chainId: 5 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SwitchChainError)
    expect(fake.calls().some((c) => c.method === 'switchNetwork')).toBe(false)
  })
})

describe('gangwayConnector: provider, accounts, reconnect', () => {
  it("getProvider() is Gangway's provider of the connected wallet; accounts and chain read Gangway's state", async () => {
    const { connector, approveInModal } = await setup()
    await expect(connector.getProvider()).resolves.toBeUndefined()
    await expect(connector.getAccounts()).resolves.toEqual([])
    await expect(connector.isAuthorized()).resolves.toBe(false)
    await expect(connector.getChainId()).resolves.toBe(1)
    await approveInModal('b', [ACCOUNT_B], 'eip155:2')
    await expect(connector.getProvider()).resolves.toMatchObject({ name: 'b' })
    await expect(connector.getAccounts()).resolves.toEqual([ACCOUNT_B])
    await expect(connector.getChainId()).resolves.toBe(2)
    await expect(connector.isAuthorized()).resolves.toBe(true)
  })

  it("wagmi's writeContract (useWriteContract's action) sends through the connected wallet's provider", async () => {
    const { config, connector, wallets, approveInModal } = await setup()
    const connecting = connect(config, { connector })
    await settle()
    await approveInModal('a')
    await connecting
    const hash = await writeContract(config, { address: ACCOUNT_B, abi: erc20Abi, functionName: 'transfer', args: [ACCOUNT_B, 1_000_000n] })
    expect(hash).toBe(`0x${'ab'.repeat(32)}`)
    const sent = wallets.a.requests.find((r) => r.method === 'eth_sendTransaction')
    expect(sent?.params).toEqual([
      expect.objectContaining({
        from: ACCOUNT_A_CHECKSUMMED,
        to: ACCOUNT_B,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [ACCOUNT_B, 1_000_000n] }),
      }),
    ])
    expect(wallets.b.requests).toEqual([])
    const client = await getConnectorClient(config)
    expect(client.account.address).toBe(ACCOUNT_A_CHECKSUMMED)
    expect(client.chain.id).toBe(1)
  })

  it('a wagmi config made after Gangway connected is told of the connection', async () => {
    const { modal, approveInModal } = await setup()
    await approveInModal('a')
    const late = wagmiConfig(modal)
    await settle()
    expect(getAccount(late)).toMatchObject({ status: 'connected', address: ACCOUNT_A_CHECKSUMMED, chainId: 1 })
  })

  it("wagmi's reconnect waits for Gangway's reconnect on load and takes the connection it restores", async () => {
    const kv = createMemoryKeyValue()
    const first = await setup({}, kv)
    await first.approveInModal('a')
    first.modal.destroy()

    const second = await setup({}, kv)
    expect(second.fake.hasPending('reconnect')).toBe(true)
    let reconnected: unknown
    const reconnecting = reconnect(second.config).then((r) => (reconnected = r))
    await settle()
    // wagmi's reconnect is still waiting on Gangway's.
    expect(reconnected).toBeUndefined()
    second.fake.answer('reconnect', { accounts: [ACCOUNT_A_CHECKSUMMED], caipNetworkId: 'eip155:2' })
    await reconnecting
    expect(reconnected).toEqual([expect.objectContaining({ accounts: [ACCOUNT_A_CHECKSUMMED], chainId: 2 })])
    expect(getAccount(second.config)).toMatchObject({ status: 'connected', address: ACCOUNT_A_CHECKSUMMED, chainId: 2 })
  })

  it("wagmi's reconnect with nothing for Gangway to restore leaves wagmi disconnected", async () => {
    const { config } = await setup()
    await expect(reconnect(config)).resolves.toEqual([])
    expect(getAccount(config).status).toBe('disconnected')
  })
})
