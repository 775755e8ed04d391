// WalletConnect end to end in one Node process, offline: a dApp UniversalProvider and the dev
// wallet (WalletKit, dev/wallet/walletController.ts) talk through the local relay (dev/relay);
// transactions land on the local hardhat chain (dev/chain).

import { UniversalProvider } from '@walletconnect/universal-provider'
import { formatMessage } from '@walletconnect/utils'
import { createPublicClient, createTestClient, encodeFunctionData, erc20Abi, http, parseEther, recoverTypedDataAddress, toHex, verifyMessage, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startChains, type DevChains } from '../../../dev/chain/startChains'
import { startRelay, type Relay } from '../../../dev/relay/startRelay'
import { MemoryStorage } from '../../../dev/wallet/memoryStorage'
import type { StackConfig } from '../../../dev/wallet/stackConfig'
import { WalletController } from '../../../dev/wallet/walletController'
import { until } from '../../support/until'

type Provider = InstanceType<typeof UniversalProvider>

const METHODS = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain']
const EVENTS = ['accountsChanged', 'chainChanged']

let relay: Relay
let chains: DevChains
let config: StackConfig
let n = 0
const cleanups: (() => Promise<void>)[] = []
const timings: number[] = []

beforeAll(async () => {
  ;[relay, chains] = await Promise.all([startRelay(), startChains()])
  config = {
    relayUrl: relay.url,
    projectId: 'gangway-test',
    chains: chains.chains,
    accounts: chains.accounts,
  }
}, 60_000)

afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((f) => f().catch(() => {})))
})

afterAll(async () => {
  if (timings.length > 0) {
    const sorted = [...timings].sort((a, b) => a - b)
    console.info(
      `[walletconnect] connect → approved: ${sorted.map((t) => t.toFixed(0)).join(', ')} ms (median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms)`,
    )
  }
  await Promise.all([relay?.stop(), chains?.stop()])
}, 30_000)

async function makeWallet(autoApprove: boolean, oneClickAuth = true): Promise<WalletController> {
  const wallet = await WalletController.create({
    config,
    storage: new MemoryStorage(),
    customStoragePrefix: `test-wallet-${++n}`,
    autoApprove,
    oneClickAuth,
  })
  cleanups.push(() => wallet.close())
  return wallet
}

async function makeDapp(): Promise<Provider> {
  const provider = await UniversalProvider.init({
    projectId: 'gangway-test',
    relayUrl: relay.url,
    metadata: { name: 'Gangway Test dApp', description: 'test', url: 'http://127.0.0.1', icons: [] },
    storage: new MemoryStorage(),
    customStoragePrefix: `test-dapp-${++n}`,
    logger: 'error',
  })
  cleanups.push(() => provider.client.core.relayer.transportClose())
  return provider
}

function connectParams(required?: string[], methods: string[] = METHODS) {
  const rpcMap = Object.fromEntries(chains.chains.map((c) => [c.chainId, c.rpcUrl]))
  const base = { methods, events: EVENTS, rpcMap }
  return {
    ...(required ? { namespaces: { eip155: { ...base, chains: required } } } : {}),
    optionalNamespaces: { eip155: { ...base, chains: chains.chains.map((c) => `eip155:${c.chainId}`) } },
  }
}

/** Connects a fresh dApp to `wallet` (pairing on display_uri); returns the provider and the time taken. */
async function connect(wallet: WalletController, methods: string[] = METHODS): Promise<{ provider: Provider; ms: number }> {
  const provider = await makeDapp()
  provider.on('display_uri', (uri: string) => void wallet.pair(uri))
  const started = performance.now()
  await provider.connect(connectParams(undefined, methods))
  const ms = performance.now() - started
  return { provider, ms }
}

describe('WalletConnect through the local relay', () => {
  it('connects: the wallet approves and the dApp gets the account on both local chains', async () => {
    const wallet = await makeWallet(true)
    const { provider, ms } = await connect(wallet)
    timings.push(ms)

    const address = chains.accounts[0]!.address
    const ns = provider.session!.namespaces.eip155!
    expect(ns.chains).toEqual(['eip155:31337', 'eip155:31338'])
    expect(ns.accounts).toEqual([`eip155:31337:${address}`, `eip155:31338:${address}`])
    expect(ns.methods).toEqual(expect.arrayContaining(METHODS))
    expect(ns.events).toEqual(expect.arrayContaining(EVENTS))
    const accounts = (await provider.request({ method: 'eth_accounts' }, 'eip155:31337')) as string[]
    expect(accounts.map((a) => a.toLowerCase())).toEqual([address.toLowerCase()])

    expect(wallet.state.status).toBe('connected')
    expect(wallet.state.sessions).toHaveLength(1)
    expect(wallet.state.sessions[0]).toMatchObject({ dappName: 'Gangway Test dApp', topic: provider.session!.topic })
    // Nothing but the relay was needed: no pending messages left behind undelivered.
    expect(relay.stats().methods).toMatchObject({ wc_proposeSession: 1, wc_approveSession: 1 })
    expect(ms).toBeLessThan(5_000)
  })

  it('personal_sign and eth_signTypedData_v4 signatures verify with viem', async () => {
    const wallet = await makeWallet(true)
    const { provider } = await connect(wallet)
    const address = chains.accounts[0]!.address

    const message = 'Sign in to Gangway'
    const signature = (await provider.request(
      { method: 'personal_sign', params: [toHex(message), address] },
      'eip155:31337',
    )) as Hex
    expect(await verifyMessage({ address, message, signature })).toBe(true)

    const typedData = {
      domain: { name: 'Gangway', version: '1', chainId: 31337, verifyingContract: '0x0000000000000000000000000000000000000001' },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Mail: [
          { name: 'to', type: 'address' },
          { name: 'contents', type: 'string' },
          { name: 'amount', type: 'uint256' },
        ],
      },
      primaryType: 'Mail',
      message: { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', contents: 'hello', amount: '1000000000000000000000' },
    } as const
    const typedSig = (await provider.request(
      { method: 'eth_signTypedData_v4', params: [address, JSON.stringify(typedData)] },
      'eip155:31337',
    )) as Hex
    const { EIP712Domain: _, ...types } = typedData.types
    const recovered = await recoverTypedDataAddress({
      domain: typedData.domain,
      types,
      primaryType: 'Mail',
      message: { ...typedData.message, amount: BigInt(typedData.message.amount) },
      signature: typedSig,
    })
    expect(recovered).toBe(address)
  })

  it('eth_sendTransaction: the wallet signs locally and the transaction lands on the local chain', async () => {
    const wallet = await makeWallet(true)
    const { provider } = await connect(wallet)
    const from = chains.accounts[0]!.address
    const to = chains.accounts[3]!.address
    const chain = chains.chains[1]! // the second chain, to check the request's chain is used
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const before = await client.getBalance({ address: to })

    const hash = (await provider.request(
      { method: 'eth_sendTransaction', params: [{ from, to, value: toHex(parseEther('1.5')) }] },
      `eip155:${chain.chainId}`,
    )) as Hex
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(from.toLowerCase())
    expect(await client.getBalance({ address: to })).toBe(before + parseEther('1.5'))
    expect(wallet.state.lastResult).toBe(hash)
  })

  it('EIP-5792: capabilities and status answered at once; wallet_sendCalls approved on the card lands as ONE transaction', async () => {
    // A fresh account no other test uses: the batch delegates it to Simple7702Account.
    const privateKey = generatePrivateKey()
    const account = { address: privateKeyToAccount(privateKey).address, privateKey }
    const chain = chains.chains[0]!
    await createTestClient({ mode: 'hardhat', transport: http(chain.rpcUrl) }).setBalance({ address: account.address, value: parseEther('5') })
    const wallet = await WalletController.create({
      config: { ...config, accounts: [account] },
      storage: new MemoryStorage(),
      customStoragePrefix: `test-wallet-${++n}`,
      autoApprove: true,
    })
    cleanups.push(() => wallet.close())
    const { provider } = await connect(wallet, [...METHODS, 'wallet_getCapabilities', 'wallet_sendCalls', 'wallet_getCallsStatus', 'wallet_showCallsStatus'])
    wallet.setAutoApprove(false)
    // Straight to the wallet (the provider answers some EIP-5792 methods from the session by itself).
    // Each request after the first takes ~1 s through the relay stack, so this test asks few.
    const ask = (method: string, params: unknown[]) =>
      provider.client.request({ topic: provider.session!.topic, chainId: 'eip155:31337', request: { method, params } })

    expect(await ask('wallet_getCapabilities', [account.address])).toEqual({
      '0x7a69': { atomic: { status: 'ready' } },
      '0x7a6a': { atomic: { status: 'ready' } },
    })
    const payee = privateKeyToAccount(generatePrivateKey()).address
    const sending = ask('wallet_sendCalls', [
      {
        version: '2.0.0',
        chainId: '0x7a69',
        atomicRequired: true,
        calls: [
          { to: payee, value: toHex(parseEther('0.3')) },
          { to: chains.tokens[0]!.address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [payee, 9n] }) },
        ],
      },
    ]) as Promise<{ id: string }>
    const req = await until(() => wallet.state.requests[0], 5_000, 'the batch in the wallet')
    expect(req.summary).toBe(
      `Send 2 calls as one transaction on chain 31337: 1. to ${payee} · 0.3 ETH; 2. to ${chains.tokens[0]!.address} · 0 ETH · ERC-20 approve(${payee}, 9) · 68 bytes of data`,
    )
    await wallet.approveRequest(req.id)
    const { id } = await sending
    const status = (await ask('wallet_getCallsStatus', [id])) as { status: number; atomic: boolean; receipts: { transactionHash: Hex }[] }
    expect(status).toMatchObject({ version: '2.0.0', id, chainId: '0x7a69', atomic: true, status: 200 })
    expect(status.receipts).toHaveLength(1)
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    expect((await client.getTransaction({ hash: status.receipts[0]!.transactionHash })).type).toBe('eip7702')
    expect(await client.getBalance({ address: payee })).toBe(parseEther('0.3'))
    expect(await client.readContract({ address: chains.tokens[0]!.address, abi: erc20Abi, functionName: 'allowance', args: [account.address, payee] })).toBe(9n)

    expect(await ask('wallet_showCallsStatus', [id])).toBeNull()
    expect(wallet.state.log.some((entry) => entry.text.startsWith('Batch status:') && entry.text.includes('Status: Confirmed'))).toBe(true)
    expect(wallet.state.requests).toEqual([])
  })

  it('a request the wallet rejects fails with 4001 in the dApp', async () => {
    const wallet = await makeWallet(true)
    const { provider } = await connect(wallet)
    wallet.setAutoApprove(false)
    const address = chains.accounts[0]!.address
    const pending = provider.request({ method: 'personal_sign', params: [toHex('no'), address] }, 'eip155:31337')
    const req = await until(() => wallet.state.requests[0], 5_000, 'the request in the wallet')
    expect(req).toMatchObject({ method: 'personal_sign', chainId: 'eip155:31337', summary: 'Sign message: no' })
    await wallet.rejectRequest(req.id)
    await expect(pending).rejects.toMatchObject({ code: 4001 })
  })

  it('wallet_switchEthereumChain within the session emits chainChanged; outside it fails with 4902', async () => {
    const wallet = await makeWallet(true)
    const { provider } = await connect(wallet)
    const topic = provider.session!.topic
    const changed: unknown[] = []
    provider.on('chainChanged', (c: unknown) => changed.push(c))

    // The provider switches between approved chains by itself; ask the wallet directly.
    await provider.client.request({
      topic,
      chainId: 'eip155:31337',
      request: { method: 'wallet_switchEthereumChain', params: [{ chainId: toHex(31338) }] },
    })
    await until(() => changed.length > 0, 5_000, 'chainChanged')
    expect(Number(changed[0])).toBe(31338)
    expect(wallet.state.sessions[0]!.currentChain).toBe('eip155:31338')

    await expect(
      provider.client.request({
        topic,
        chainId: 'eip155:31337',
        request: { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] },
      }),
    ).rejects.toMatchObject({ code: 4902 })
  })

  it('the wallet rejects the proposal → the dApp connect() rejects', async () => {
    const wallet = await makeWallet(false)
    const provider = await makeDapp()
    provider.on('display_uri', (uri: string) => void wallet.pair(uri))
    const connecting = provider.connect(connectParams())
    connecting.catch(() => {}) // asserted below
    const proposal = await until(() => wallet.state.proposals[0], 5_000, 'the proposal in the wallet')
    expect(proposal).toMatchObject({
      dappName: 'Gangway Test dApp',
      chains: ['eip155:31337', 'eip155:31338'],
      methods: expect.arrayContaining(METHODS),
    })
    await wallet.rejectProposal(proposal.id)
    await expect(connecting).rejects.toMatchObject({ code: 5000, message: 'User rejected.' })
    expect(wallet.state.status).toBe('rejected')
    expect(provider.session).toBeUndefined()
  })

  it('a proposal for chains the wallet lacks is rejected with 5100 (unsupported chains)', async () => {
    const wallet = await makeWallet(true)
    const provider = await makeDapp()
    provider.on('display_uri', (uri: string) => void wallet.pair(uri))
    const connecting = provider.connect({
      optionalNamespaces: {
        eip155: { chains: ['eip155:1'], methods: METHODS, events: EVENTS, rpcMap: { 1: chains.chains[0]!.rpcUrl } },
      },
    })
    await expect(connecting).rejects.toMatchObject({ code: 5100 })
    expect(wallet.state.status).toBe('error')
  })

  it('approves only the requested chains that the wallet has', async () => {
    const wallet = await makeWallet(true)
    const provider = await makeDapp()
    provider.on('display_uri', (uri: string) => void wallet.pair(uri))
    const rpcMap = { 1: chains.chains[0]!.rpcUrl, 31338: chains.chains[1]!.rpcUrl }
    await provider.connect({
      optionalNamespaces: { eip155: { chains: ['eip155:1', 'eip155:31338'], methods: [...METHODS, 'eth_foo'], events: EVENTS, rpcMap } },
    })
    const ns = provider.session!.namespaces.eip155!
    expect(ns.chains).toEqual(['eip155:31338'])
    expect(ns.methods).not.toContain('eth_foo')
  })

  it('the wallet deletes the session → the dApp sees session_delete', async () => {
    const wallet = await makeWallet(true)
    const { provider } = await connect(wallet)
    const topic = provider.session!.topic
    const deleted: { topic: string }[] = []
    let disconnected = false
    provider.on('session_delete', (e: { topic: string }) => deleted.push(e))
    provider.on('disconnect', () => (disconnected = true))
    await wallet.disconnect(topic)
    await until(() => deleted.length > 0, 5_000, 'session_delete')
    expect(deleted[0]!.topic).toBe(topic)
    await until(() => disconnected, 5_000, 'disconnect')
    expect(provider.session).toBeUndefined()
    expect(wallet.state.sessions).toEqual([])
  })

  it('the dApp disconnects → the wallet drops the session', async () => {
    const wallet = await makeWallet(true)
    const { provider } = await connect(wallet)
    await provider.disconnect()
    await until(() => wallet.state.sessions.length === 0, 5_000, 'the wallet to drop the session')
    expect(wallet.state.status).toBe('disconnected')
  })

  it('connects three times in a row, each time with a new session the wallet then drops (the times are printed, not checked)', async () => {
    const wallet = await makeWallet(true)
    const topics = new Set<string>()
    for (let i = 0; i < 3; i++) {
      const { provider, ms } = await connect(wallet)
      timings.push(ms)
      expect(provider.session?.namespaces.eip155?.accounts.length).toBeGreaterThan(0)
      topics.add(provider.session!.topic)
      await provider.disconnect()
    }
    expect(topics.size).toBe(3)
    await until(() => wallet.state.sessions.length === 0, 5_000, 'the wallet to drop the sessions')
  })
})

describe('Sign-in (CAIP-122 / SIWE) through WalletConnect', () => {
  const address = () => chains.accounts[0]!.address
  const authParams = {
    domain: '127.0.0.1:5173',
    uri: 'http://127.0.0.1:5173/',
    nonce: 'gangway1234',
    statement: 'Sign in to Gangway',
    chains: ['eip155:31337', 'eip155:31338'],
  }

  /** A CACAO's signature over its reconstructed CAIP-122 message, checked with viem. */
  async function cacaoVerifies(cacao: { p: { iss: string }; s: { t: string; s: string } }): Promise<boolean> {
    const message = formatMessage(cacao.p as never, cacao.p.iss)
    return verifyMessage({ address: address(), message, signature: cacao.s.s as Hex })
  }

  it('authenticate() (one-click auth): the wallet signs one CACAO per chain and a session follows', async () => {
    const wallet = await makeWallet(false)
    const provider = await makeDapp()
    provider.on('display_uri', (uri: string) => void wallet.pair(uri))
    const result = provider.authenticate({ ...authParams, methods: ['personal_sign', 'eth_sendTransaction'] })
    const auth = await until(() => wallet.state.auths[0], 5_000, 'the sign-in request in the wallet')
    expect(auth).toMatchObject({ dappName: 'Gangway Test dApp', domain: '127.0.0.1:5173', chains: authParams.chains })
    expect(auth.message).toContain('127.0.0.1:5173 wants you to sign in with your Ethereum account:')
    expect(auth.message).toContain(address())
    await wallet.approveAuth(auth.id)
    const { auths, session } = await result
    expect(auths).toHaveLength(2)
    expect(auths!.map((a) => a.p.iss)).toEqual([`did:pkh:eip155:31337:${address()}`, `did:pkh:eip155:31338:${address()}`])
    for (const cacao of auths!) expect(await cacaoVerifies(cacao)).toBe(true)
    expect(session.namespaces.eip155!.accounts).toEqual(expect.arrayContaining([`eip155:31337:${address()}`]))
    expect(wallet.state.sessions).toHaveLength(1)
  })

  it('authenticate() rejected in the wallet rejects in the dApp', async () => {
    const wallet = await makeWallet(false)
    const provider = await makeDapp()
    provider.on('display_uri', (uri: string) => void wallet.pair(uri))
    const result = provider.authenticate(authParams).then(() => undefined, (e: unknown) => e)
    const auth = await until(() => wallet.state.auths[0], 5_000, 'the sign-in request in the wallet')
    await wallet.rejectAuth(auth.id)
    // sign-client 2.25 rejects authenticate() with the bare message string, not an error object.
    expect(await result).toBe('User rejected.')
  })

  it('a wallet without one-click auth gets an ordinary proposal for authenticate()', async () => {
    const wallet = await makeWallet(true, false)
    const provider = await makeDapp()
    provider.on('display_uri', (uri: string) => void wallet.pair(uri))
    const { session, auths } = await provider.authenticate(authParams)
    expect(auths).toBeUndefined()
    expect(session.namespaces.eip155!.accounts).toContain(`eip155:31337:${address()}`)
  })

  it('connect({ authentication }): the CACAOs come back with the session', async () => {
    const wallet = await makeWallet(false)
    const provider = await makeDapp()
    provider.on('display_uri', (uri: string) => void wallet.pair(uri))
    const connecting = provider.connect({ ...connectParams(), authentication: [{ ...authParams, ttl: 300 }] })
    const proposal = await until(() => wallet.state.proposals[0], 5_000, 'the proposal in the wallet')
    expect(proposal.authentication).toEqual([{ domain: authParams.domain, statement: authParams.statement, chains: authParams.chains }])
    await wallet.approveProposal(proposal.id)
    const session = await connecting
    const cacaos = session!.authentication!
    expect(cacaos).toHaveLength(2)
    for (const cacao of cacaos) expect(await cacaoVerifies(cacao)).toBe(true)
  })
})
