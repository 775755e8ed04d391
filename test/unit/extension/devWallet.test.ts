// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  concat,
  createTestClient,
  createWalletClient,
  custom,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  http,
  parseEther,
  toHex,
  verifyMessage,
  verifyTypedData,
  type Address,
  type Hex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { SMART_ACCOUNT_CONTRACTS } from '../../../dev/chain/smartAccountContracts'
import { startChains, type DevChain, type DevChains } from '../../../dev/chain/startChains'
import { installDevWallet, type DevWalletProvider, type EIP6963ProviderInfo, type InstalledDevWallet } from '../../../dev/extension/devWallet'
import { installDevWallets } from '../../../dev/extension/installDevWallets'
import { FALLBACK_BATCH_GAS } from '../../../dev/wallet/batchedCalls'
import { BLOCK_HASH, BUNDLE_TX, BUNDLER_URL, delegatedAccount as delegatedDevAccount, expectSponsoredOperation, fakeServices as fakeSponsoredServices, PAYMASTER_URL, publicClient, USER_OP_HASH } from '../../support/sponsoredServices'

type RpcError = { code: number; message: string }

let dev: DevChains
let wallets: InstalledDevWallet[] = []

beforeAll(async () => {
  // Why: happy-dom's CORS check is stricter than the Fetch standard. It rejects the POST unless the
  // preflight lists POST in Access-Control-Allow-Methods, but POST is a CORS-safelisted method and
  // hardhat's "OPTIONS, GET" with Allow-Origin * is enough for Chromium (checked in startChains.test.ts).
  ;(window as unknown as { happyDOM: { settings: { fetch: { disableSameOriginPolicy: boolean } } } }).happyDOM.settings.fetch.disableSameOriginPolicy = true
  dev = await startChains()
}, 60_000)

afterAll(async () => {
  await dev?.stop()
})

beforeEach(() => {
  window.localStorage.clear()
  wallets = installDevWallets({ chains: dev.chains, accounts: dev.accounts })
})

afterEach(() => {
  for (const wallet of wallets) wallet.uninstall()
})

const main = () => wallets[0]!
const provider = (): DevWalletProvider => main().provider

function promptButton(rdns: string, which: 'approve' | 'reject'): HTMLElement | null {
  const host = document.querySelector(`[data-devwallet="${rdns}"]`)
  return (host?.shadowRoot?.querySelector(`[data-testid="devwallet-${which}"]`) as HTMLElement | null) ?? null
}

async function click(which: 'approve' | 'reject', rdns = 'dev.gangway.wallet'): Promise<void> {
  const deadline = Date.now() + 5_000
  for (;;) {
    const button = promptButton(rdns, which)
    if (button !== null) return button.click()
    if (Date.now() > deadline) throw new Error(`no ${which} button for ${rdns}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

async function rejection(promise: Promise<unknown>): Promise<RpcError> {
  try {
    await promise
  } catch (error) {
    return error as RpcError
  }
  throw new Error('expected the request to fail')
}

async function connect(): Promise<Address> {
  main().handle.approveNext()
  const [account] = (await provider().request({ method: 'eth_requestAccounts' })) as Address[]
  return account!
}

const ADD_31338 = () => ({
  chainId: toHex(31338),
  chainName: 'Gangway Local 2',
  rpcUrls: [dev.chains[1]!.rpcUrl],
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  blockExplorerUrls: null,
})

describe('EIP-6963 discovery', () => {
  it('announces both wallets again on eip6963:requestProvider', () => {
    const announced: { info: EIP6963ProviderInfo; provider: unknown }[] = []
    const listener = (event: Event) => announced.push((event as CustomEvent).detail)
    window.addEventListener('eip6963:announceProvider', listener)
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    window.removeEventListener('eip6963:announceProvider', listener)

    expect(announced.map((d) => [d.info.name, d.info.rdns])).toEqual([
      ['Gangway Dev Wallet', 'dev.gangway.wallet'],
      ['Second Dev Wallet', 'dev.gangway.second'],
    ])
    for (const detail of announced) {
      expect(detail.info.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
      expect(detail.info.icon).toMatch(/^data:image\/svg\+xml;base64,/)
      expect(Object.isFrozen(detail.info)).toBe(true)
      expect(typeof (detail.provider as DevWalletProvider).request).toBe('function')
    }
    expect(announced[0]!.provider).toBe(wallets[0]!.provider)
    expect(announced[0]!.info.uuid).not.toBe(announced[1]!.info.uuid)
  })

  it('leaves window.ethereum alone unless asked, and sets it for the legacy injected path', () => {
    expect(window.ethereum).toBeUndefined()
    for (const wallet of wallets) wallet.uninstall()
    wallets = installDevWallets({ chains: dev.chains, accounts: dev.accounts, legacyInjected: true })
    expect(window.ethereum).toBe(wallets[0]!.provider)
    wallets[0]!.uninstall()
    expect(window.ethereum).toBeUndefined()
  })

  it('emits connect with the chain id after install', async () => {
    for (const wallet of wallets) wallet.uninstall()
    wallets = installDevWallets({ chains: dev.chains, accounts: dev.accounts })
    const connected = new Promise((resolve) => provider().on('connect', resolve))
    expect(await connected).toEqual({ chainId: '0x7a69' })
    expect(provider().isConnected()).toBe(true)
  })
})

describe('eth_requestAccounts and its prompt', () => {
  it('shows the wallet name and method in its own shadow-rooted prompt; Reject gives 4001', async () => {
    expect(await provider().request({ method: 'eth_accounts' })).toEqual([])
    const request = provider().request({ method: 'eth_requestAccounts' })
    expect(main().handle.pending()).toEqual(['eth_requestAccounts'])
    const host = document.querySelector('[data-devwallet="dev.gangway.wallet"]')!
    expect(host.shadowRoot!.textContent).toContain('Gangway Dev Wallet')
    expect(host.shadowRoot!.textContent).toContain('eth_requestAccounts')
    expect((host as HTMLElement).style.position).toBe('fixed')
    await click('reject')
    const error = await rejection(request)
    expect({ code: error.code, message: error.message }).toMatchInlineSnapshot(`
      {
        "code": 4001,
        "message": "User rejected the request.",
      }
    `)
    expect(main().handle.pending()).toEqual([])
    expect(document.querySelector('[data-devwallet="dev.gangway.wallet"]')).toBeNull()
    expect(await provider().request({ method: 'eth_accounts' })).toEqual([])
  })

  it('clicking Approve resolves with the account and emits accountsChanged', async () => {
    const changes: unknown[] = []
    provider().on('accountsChanged', (accounts) => changes.push(accounts))
    const request = provider().request({ method: 'eth_requestAccounts' })
    await click('approve')
    const expected = main().handle.address.toLowerCase()
    expect(await request).toEqual([expected])
    expect(changes).toEqual([[expected]])
    expect(main().handle.address).toBe(dev.accounts[0]!.address)
    // Already authorised: no second prompt.
    expect(await provider().request({ method: 'eth_requestAccounts' })).toEqual([expected])
    expect(main().handle.pending()).toEqual([])
  })

  it('refuses a second connection request while one is pending (-32002)', async () => {
    const first = provider().request({ method: 'eth_requestAccounts' })
    const error = await rejection(provider().request({ method: 'eth_requestAccounts' }))
    expect(error.code).toBe(-32002)
    main().handle.rejectNext()
    expect((await rejection(first)).code).toBe(4001)
  })

  it('is driven by the test handle: armed decisions, pending(), setAutoApprove', async () => {
    expect(main().handle.rejectNext()).toBe(false) // armed for the next prompt
    expect((await rejection(provider().request({ method: 'eth_requestAccounts' }))).code).toBe(4001)
    expect(window.__gangwayDevWallets?.['dev.gangway.wallet']).toBe(main().handle)
    expect(window.__gangwayDevWallets?.['dev.gangway.second']).toBe(wallets[1]!.handle)

    const request = provider().request({ method: 'eth_requestAccounts' })
    expect(main().handle.pending()).toEqual(['eth_requestAccounts'])
    main().handle.setAutoApprove(true) // also approves what is waiting
    expect(await request).toHaveLength(1)
    const signature = await provider().request({ method: 'personal_sign', params: [toHex('auto'), main().handle.address] })
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
  })

  it('the second wallet is independent, with its own account and prompt', async () => {
    const second = wallets[1]!
    const request = second.provider.request({ method: 'eth_requestAccounts' })
    await click('approve', 'dev.gangway.second')
    expect(await request).toEqual([dev.accounts[1]!.address.toLowerCase()])
    expect(await provider().request({ method: 'eth_accounts' })).toEqual([])
  })
})

describe('permissions persist per origin', () => {
  it('eth_accounts survives a reload through localStorage and is empty after wallet_revokePermissions', async () => {
    const account = await connect()
    // "Reload": a fresh wallet instance over the same localStorage.
    for (const wallet of wallets) wallet.uninstall()
    wallets = installDevWallets({ chains: dev.chains, accounts: dev.accounts })
    expect(await provider().request({ method: 'eth_accounts' })).toEqual([account])
    const permissions = (await provider().request({ method: 'wallet_getPermissions' })) as { parentCapability: string }[]
    expect(permissions.map((p) => p.parentCapability)).toEqual(['eth_accounts'])

    const changes: unknown[] = []
    provider().on('accountsChanged', (accounts) => changes.push(accounts))
    expect(await provider().request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })).toBeNull()
    expect(changes).toEqual([[]])
    expect(await provider().request({ method: 'eth_accounts' })).toEqual([])
    expect(await provider().request({ method: 'wallet_getPermissions' })).toEqual([])

    for (const wallet of wallets) wallet.uninstall()
    wallets = installDevWallets({ chains: dev.chains, accounts: dev.accounts })
    expect(await provider().request({ method: 'eth_accounts' })).toEqual([])
  })
})

describe('signing', () => {
  it('refuses to sign before eth_requestAccounts (4100)', async () => {
    const error = await rejection(provider().request({ method: 'personal_sign', params: [toHex('hi'), main().handle.address] }))
    expect({ code: error.code, message: error.message }).toMatchInlineSnapshot(`
      {
        "code": 4100,
        "message": "The requested account and/or method has not been authorized by the user.",
      }
    `)
  })

  it('personal_sign verifies with viem verifyMessage; rejection gives 4001', async () => {
    const account = await connect()
    const message = 'Sign in to Gangway\nNonce: 42'
    const request = provider().request({ method: 'personal_sign', params: [toHex(message), account] })
    expect(main().handle.pending()).toEqual(['personal_sign'])
    expect(document.querySelector('[data-devwallet="dev.gangway.wallet"]')!.shadowRoot!.textContent).toContain('Nonce: 42')
    await click('approve')
    const signature = (await request) as Hex
    expect(await verifyMessage({ address: main().handle.address, message, signature })).toBe(true)

    const refused = provider().request({ method: 'personal_sign', params: [toHex(message), account] })
    await click('reject')
    expect((await rejection(refused)).code).toBe(4001)
  })

  it('eth_signTypedData_v4 verifies with viem verifyTypedData', async () => {
    const account = await connect()
    const typedData = {
      domain: { name: 'Gangway', version: '1', chainId: 31337, verifyingContract: dev.tokens[0]!.address },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Person: [
          { name: 'name', type: 'string' },
          { name: 'wallet', type: 'address' },
        ],
        Mail: [
          { name: 'from', type: 'Person' },
          { name: 'to', type: 'Person' },
          { name: 'contents', type: 'string' },
          { name: 'amount', type: 'uint256' },
        ],
      },
      primaryType: 'Mail',
      message: {
        from: { name: 'Cow', wallet: account },
        to: { name: 'Bob', wallet: dev.accounts[1]!.address },
        contents: 'Hello, Bob!',
        amount: 10n ** 20n,
      },
    } as const
    main().handle.approveNext()
    const signature = (await provider().request({
      method: 'eth_signTypedData_v4',
      // What viem's walletClient sends: JSON with bigints as decimal strings.
      params: [account, JSON.stringify(typedData, (_, v) => (typeof v === 'bigint' ? v.toString() : v))],
    })) as Hex
    const { EIP712Domain: _, ...types } = typedData.types
    expect(
      await verifyTypedData({ address: main().handle.address, domain: typedData.domain, types, primaryType: 'Mail', message: typedData.message, signature }),
    ).toBe(true)

    const wrongChain = { ...typedData, domain: { ...typedData.domain, chainId: 1 } }
    const error = await rejection(
      provider().request({
        method: 'eth_signTypedData_v4',
        params: [account, JSON.stringify(wrongChain, (_, v) => (typeof v === 'bigint' ? v.toString() : v))],
      }),
    )
    expect(error.code).toBe(-32602)
  })
})

describe('chains', () => {
  it('answers eth_chainId / net_version for the default chain and forwards reads to its node', async () => {
    expect(await provider().request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await provider().request({ method: 'net_version' })).toBe('31337')
    const block = (await provider().request({ method: 'eth_blockNumber' })) as Hex
    expect(BigInt(block)).toBe(await publicClient(dev.chains[0]!).getBlockNumber())
    const balance = (await provider().request({ method: 'eth_getBalance', params: [dev.accounts[0]!.address, 'latest'] })) as Hex
    expect(BigInt(balance)).toBeGreaterThan(0n)
  })

  it('switching to an unknown chain gives 4902; adding it switches and emits chainChanged', async () => {
    const changes: unknown[] = []
    provider().on('chainChanged', (chainId) => changes.push(chainId))
    const error = await rejection(provider().request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] }))
    expect({ code: error.code, message: error.message }).toMatchInlineSnapshot(`
      {
        "code": 4902,
        "message": "Unrecognized chain ID "0x7a6a". Try adding the chain using wallet_addEthereumChain first.",
      }
    `)

    const add = provider().request({ method: 'wallet_addEthereumChain', params: [ADD_31338()] })
    await click('approve')
    expect(await add).toBeNull()
    expect(changes).toEqual(['0x7a6a'])
    expect(await provider().request({ method: 'eth_chainId' })).toBe('0x7a6a')
    const block = (await provider().request({ method: 'eth_blockNumber' })) as Hex
    expect(BigInt(block)).toBe(await publicClient(dev.chains[1]!).getBlockNumber())

    // Known now: a plain switch, back and forth, no prompt.
    expect(await provider().request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] })).toBeNull()
    expect(await provider().request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })).toBeNull()
    expect(changes).toEqual(['0x7a6a', '0x7a69', '0x7a6a'])

    // The added chain and the selection survive a reload.
    for (const wallet of wallets) wallet.uninstall()
    wallets = installDevWallets({ chains: dev.chains, accounts: dev.accounts })
    expect(await provider().request({ method: 'eth_chainId' })).toBe('0x7a6a')
  })

  it('rejecting the add-chain prompt gives 4001 and stays on the chain', async () => {
    const add = provider().request({ method: 'wallet_addEthereumChain', params: [ADD_31338()] })
    await click('reject')
    expect((await rejection(add)).code).toBe(4001)
    expect(await provider().request({ method: 'eth_chainId' })).toBe('0x7a69')
  })

  it('validates wallet_addEthereumChain like a real wallet (-32602)', async () => {
    const bad = [
      { ...ADD_31338(), chainId: 31338 },
      { ...ADD_31338(), chainId: '0x007a6a' },
      { ...ADD_31338(), rpcUrls: [] },
      { ...ADD_31338(), rpcUrls: ['not a url'] },
      { ...ADD_31338(), chainName: '' },
      { ...ADD_31338(), nativeCurrency: undefined },
      { ...ADD_31338(), nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 6 } },
      { ...ADD_31338(), blockExplorerUrls: ['ftp://x'] },
      { ...ADD_31338(), chainId: '0x1' }, // the RPC answers another chain id
    ]
    for (const params of bad) {
      const error = await rejection(provider().request({ method: 'wallet_addEthereumChain', params: [params] }))
      expect(error.code, JSON.stringify(params)).toBe(-32602)
    }
    expect(main().handle.pending()).toEqual([])
    const badSwitch = await rejection(provider().request({ method: 'wallet_switchEthereumChain', params: [{ chainId: 31338 }] }))
    expect(badSwitch.code).toBe(-32602)
  })

  it('unknown methods give 4200', async () => {
    for (const method of ['eth_sign', 'eth_signTransaction', 'hardhat_setBalance', 'foo_bar']) {
      const error = await rejection(provider().request({ method }))
      expect({ code: error.code, message: error.message }).toEqual({
        code: 4200,
        message: 'The requested method is not supported by this Ethereum provider.',
      })
    }
  })

  it('a simulated disconnection emits disconnect (4900) and connect again', async () => {
    const events: unknown[] = []
    provider().on('disconnect', (error) => events.push(['disconnect', (error as RpcError).code]))
    provider().on('connect', (info) => events.push(['connect', info]))
    main().handle.disconnect()
    expect(provider().isConnected()).toBe(false)
    expect((await rejection(provider().request({ method: 'eth_chainId' }))).code).toBe(4900)
    main().handle.reconnect()
    expect(await provider().request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(events).toEqual([
      ['disconnect', 4900],
      ['connect', { chainId: '0x7a69' }],
    ])
  })
})

describe('eth_sendTransaction', () => {
  it('refuses before authorisation (4100) and for another from address', async () => {
    const tx = { from: dev.accounts[0]!.address, to: dev.accounts[1]!.address, value: toHex(1n) }
    expect((await rejection(provider().request({ method: 'eth_sendTransaction', params: [tx] }))).code).toBe(4100)
    await connect()
    const other = { ...tx, from: dev.accounts[2]!.address }
    expect((await rejection(provider().request({ method: 'eth_sendTransaction', params: [other] }))).code).toBe(4100)
  })

  it('sends 0.01 ETH after the prompt; the balances change on the node', async () => {
    const account = await connect()
    const chain = dev.chains[0]!
    const client = publicClient(chain)
    const to = dev.accounts[4]!.address
    const [fromBefore, toBefore] = await Promise.all([client.getBalance({ address: account }), client.getBalance({ address: to })])

    const request = provider().request({
      method: 'eth_sendTransaction',
      params: [{ from: account, to, value: toHex(parseEther('0.01')) }],
    })
    expect(main().handle.pending()).toEqual(['eth_sendTransaction'])
    expect(document.querySelector('[data-devwallet="dev.gangway.wallet"]')!.shadowRoot!.textContent).toContain('0.01 ETH')
    await click('approve')
    const hash = (await request) as Hex
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)

    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    expect(receipt.status).toBe('success')
    expect(receipt.from).toBe(account)
    const fee = receipt.gasUsed * receipt.effectiveGasPrice
    expect(await client.getBalance({ address: to })).toBe(toBefore + parseEther('0.01'))
    expect(await client.getBalance({ address: account })).toBe(fromBefore - parseEther('0.01') - fee)
    // The provider forwards the receipt too.
    const forwarded = (await provider().request({ method: 'eth_getTransactionReceipt', params: [hash] })) as { status: Hex }
    expect(forwarded.status).toBe('0x1')
  })

  it('a rejected send gives 4001 and sends nothing', async () => {
    const account = await connect()
    const client = publicClient(dev.chains[0]!)
    const nonce = await client.getTransactionCount({ address: account })
    const request = provider().request({
      method: 'eth_sendTransaction',
      params: [{ from: account, to: dev.accounts[4]!.address, value: toHex(parseEther('0.01')) }],
    })
    await click('reject')
    expect((await rejection(request)).code).toBe(4001)
    expect(await client.getTransactionCount({ address: account })).toBe(nonce)
  })

  it('transfers GUSD with encoded ERC-20 data; the token balances change', async () => {
    const account = await connect()
    const token = dev.tokens[0]!
    const client = publicClient(dev.chains[0]!)
    const to = dev.accounts[3]!.address
    const balanceOf = (address: Address) =>
      client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
    const [fromBefore, toBefore] = await Promise.all([balanceOf(account), balanceOf(to)])
    const amount = 12_340_000n // 12.34 GUSD

    main().handle.approveNext()
    const hash = (await provider().request({
      method: 'eth_sendTransaction',
      params: [{ from: account, to: token.address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }) }],
    })) as Hex
    expect((await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe('success')
    expect(await balanceOf(to)).toBe(toBefore + amount)
    expect(await balanceOf(account)).toBe(fromBefore - amount)
  })

  it('sends on the chain the wallet is switched to, and two approved sends get distinct nonces', async () => {
    const account = await connect()
    main().handle.approveNext()
    await provider().request({ method: 'wallet_addEthereumChain', params: [ADD_31338()] })
    const client = publicClient(dev.chains[1]!)
    const to = dev.accounts[2]!.address
    const before = await client.getBalance({ address: to })
    main().handle.setAutoApprove(true)
    const send = () =>
      provider().request({ method: 'eth_sendTransaction', params: [{ from: account, to, value: toHex(parseEther('0.001')) }] }) as Promise<Hex>
    const hashes = await Promise.all([send(), send()])
    for (const hash of hashes) expect((await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe('success')
    expect(await client.getBalance({ address: to })).toBe(before + parseEther('0.002'))
  })

  it('forwards node errors with their code (insufficient funds)', async () => {
    const account = await connect()
    main().handle.setAutoApprove(true)
    const error = await rejection(
      provider().request({
        method: 'eth_sendTransaction',
        params: [{ from: account, to: dev.accounts[1]!.address, value: toHex(parseEther('1000000')) }],
      }),
    )
    expect(typeof error.code).toBe('number')
    expect(error.message).toMatch(/insufficient funds|doesn't have enough funds/i)
  })
})

describe('EIP-5792 batched calls (atomic through EIP-7702)', () => {
  const RDNS = 'dev.gangway.batches'
  let batchKey: Hex
  let batcher: InstalledDevWallet | undefined

  /** A wallet over a fresh key no other test uses, funded with ETH on both chains and 100 GUSD on the first. */
  async function freshBatchWallet(): Promise<{ wallet: InstalledDevWallet; account: Address }> {
    batchKey = generatePrivateKey()
    const account = privateKeyToAccount(batchKey).address
    for (const chain of dev.chains) {
      await createTestClient({ mode: 'hardhat', transport: http(chain.rpcUrl) }).setBalance({ address: account, value: parseEther('10') })
    }
    const chain = dev.chains[0]!
    const treasury = createWalletClient({ account: privateKeyToAccount(dev.treasury.privateKey), transport: http(chain.rpcUrl) })
    const funding = await treasury.writeContract({
      chain: null,
      address: dev.tokens[0]!.address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [account, 100_000_000n],
    })
    await publicClient(chain).waitForTransactionReceipt({ hash: funding, pollingInterval: 50 })
    return { wallet: installBatchWallet(), account }
  }

  function installBatchWallet(): InstalledDevWallet {
    batcher?.uninstall()
    batcher = installDevWallet({
      name: 'Batch Dev Wallet',
      rdns: RDNS,
      privateKey: batchKey,
      chains: dev.chains.map(({ chainId, rpcUrl, name }) => ({ chainId, rpcUrl, name })),
      defaultChainId: 31337,
    })
    return batcher
  }

  afterEach(() => {
    batcher?.uninstall()
    batcher = undefined
  })

  async function connectBatcher(wallet: InstalledDevWallet): Promise<Address> {
    wallet.handle.approveNext()
    const [account] = (await wallet.provider.request({ method: 'eth_requestAccounts' })) as Address[]
    return account!
  }

  const promptText = () => document.querySelector(`[data-devwallet="${RDNS}"]`)?.shadowRoot?.textContent ?? ''
  const fresh = () => privateKeyToAccount(generatePrivateKey()).address
  const gusd = () => dev.tokens[0]!.address
  const balanceOf = (owner: Address) => publicClient(dev.chains[0]!).readContract({ address: gusd(), abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
  const sendCalls = (wallet: InstalledDevWallet, request: Record<string, unknown>) =>
    wallet.provider.request({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: true, ...request }] }) as Promise<{ id: string }>
  const status = (wallet: InstalledDevWallet, id: string) =>
    wallet.provider.request({ method: 'wallet_getCallsStatus', params: [id] }) as Promise<{
      version: string
      id: string
      chainId: Hex
      atomic: boolean
      status: number
      receipts?: { logs: { address: Address; topics: Hex[]; data: Hex }[]; status: Hex; blockHash: Hex; blockNumber: Hex; gasUsed: Hex; transactionHash: Hex }[]
    }>

  /** Temporarily a chain without Simple7702Account (as on a network that lacks it). */
  async function withoutSimple7702<T>(chain: DevChain, run: () => Promise<T>): Promise<T> {
    const test = createTestClient({ mode: 'hardhat', transport: http(chain.rpcUrl) })
    const code = (await publicClient(chain).getCode({ address: SMART_ACCOUNT_CONTRACTS.simple7702Account }))!
    await test.setCode({ address: SMART_ACCOUNT_CONTRACTS.simple7702Account, bytecode: '0x' })
    try {
      return await run()
    } finally {
      await test.setCode({ address: SMART_ACCOUNT_CONTRACTS.simple7702Account, bytecode: code })
    }
  }

  it('wallet_getCapabilities: atomic "ready" on every known chain until the first batch, then "supported" there; 4100 for others', async () => {
    const { wallet, account } = await freshBatchWallet()
    const capabilities = () => wallet.provider.request({ method: 'wallet_getCapabilities', params: [account] })
    expect((await rejection(capabilities())).code).toBe(4100)
    await connectBatcher(wallet)
    expect(await capabilities()).toEqual({ '0x7a69': { atomic: { status: 'ready' } }, '0x7a6a': { atomic: { status: 'ready' } } })
    expect(await wallet.provider.request({ method: 'wallet_getCapabilities', params: [account, ['0x7a6a', '0x1']] })).toEqual({
      '0x7a6a': { atomic: { status: 'ready' } },
    })
    const other = await rejection(wallet.provider.request({ method: 'wallet_getCapabilities', params: [dev.accounts[0]!.address] }))
    expect({ code: other.code, message: other.message }).toEqual({
      code: 4100,
      message: 'The requested account and/or method has not been authorized by the user.',
    })

    wallet.handle.approveNext()
    const { id } = await sendCalls(wallet, { calls: [{ to: fresh(), value: toHex(1n) }] })
    expect((await status(wallet, id)).status).toBe(200)
    expect(await capabilities()).toEqual({ '0x7a69': { atomic: { status: 'supported' } }, '0x7a6a': { atomic: { status: 'ready' } } })
    expect(await publicClient(dev.chains[0]!).getCode({ address: account })).toBe(
      concat(['0xef0100', SMART_ACCOUNT_CONTRACTS.simple7702Account.toLowerCase() as Hex]),
    )
    await withoutSimple7702(dev.chains[1]!, async () => {
      expect(await capabilities()).toEqual({ '0x7a69': { atomic: { status: 'supported' } }, '0x7a6a': { atomic: { status: 'unsupported' } } })
    })
  })

  it('wallet_sendCalls: three calls (ETH, GUSD transfer, GUSD approve) in ONE transaction after one prompt, all effects on chain', async () => {
    const { wallet, account } = await freshBatchWallet()
    await connectBatcher(wallet)
    const client = publicClient(dev.chains[0]!)
    const [payee, tokenPayee, spender] = [fresh(), fresh(), fresh()]
    const request = sendCalls(wallet, {
      from: account,
      calls: [
        { to: payee, value: toHex(parseEther('0.01')) },
        { to: gusd(), data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [tokenPayee, 12_340_000n] }) },
        { to: gusd(), data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, 5_000_000n] }), value: '0x0' },
      ],
    })
    await vi.waitFor(() => expect(wallet.handle.pending()).toEqual(['wallet_sendCalls']))
    const text = promptText()
    expect(text).toContain('wallet_sendCalls')
    expect(text).toContain(`Call 1: to ${payee} · 0.01 ETH`)
    expect(text).toContain(`Call 2: to ${gusd()} · 0 ETH · ERC-20 transfer(${tokenPayee}, 12340000) · 68 bytes of data`)
    expect(text).toContain(`Call 3: to ${gusd()} · 0 ETH · ERC-20 approve(${spender}, 5000000) · 68 bytes of data`)
    expect(text).toContain('This account will be upgraded to a smart account')
    expect(text).toContain('Keep regular account')
    await click('approve', RDNS)
    const { id } = await request
    expect(id).toMatch(/^0x[0-9a-f]{64}$/)

    const answer = await status(wallet, id)
    expect(answer).toMatchObject({ version: '2.0.0', id, chainId: '0x7a69', atomic: true, status: 200 })
    expect(answer.receipts).toHaveLength(1)
    const receipt = answer.receipts![0]!
    expect(receipt).toMatchObject({ status: '0x1', blockHash: expect.stringMatching(/^0x[0-9a-f]{64}$/), blockNumber: expect.stringMatching(/^0x/), gasUsed: expect.stringMatching(/^0x/) })
    // Transfer and Approval, emitted by GUSD.
    expect(receipt.logs.map((log) => log.address.toLowerCase())).toEqual([gusd().toLowerCase(), gusd().toLowerCase()])
    const tx = await client.getTransaction({ hash: receipt.transactionHash })
    expect(tx.type).toBe('eip7702')
    expect(tx.to).toBe(account.toLowerCase())
    expect(tx.authorizationList?.map((a) => a.address.toLowerCase())).toEqual([SMART_ACCOUNT_CONTRACTS.simple7702Account.toLowerCase()])
    expect(await client.getBalance({ address: payee })).toBe(parseEther('0.01'))
    expect(await balanceOf(tokenPayee)).toBe(12_340_000n)
    expect(await client.readContract({ address: gusd(), abi: erc20Abi, functionName: 'allowance', args: [account, spender] })).toBe(5_000_000n)

    // Delegated now: the next batch carries no authorization (a plain EIP-1559 transaction) and the prompt no upgrade.
    const next = sendCalls(wallet, { calls: [{ to: payee, value: toHex(1n) }, { to: tokenPayee, value: toHex(2n) }] })
    await vi.waitFor(() => expect(wallet.handle.pending()).toEqual(['wallet_sendCalls']))
    expect(promptText()).not.toContain('upgraded')
    wallet.handle.approveNext()
    const second = await status(wallet, (await next).id)
    expect(second.status).toBe(200)
    const secondTx = await client.getTransaction({ hash: second.receipts![0]!.transactionHash })
    expect(secondTx.type).toBe('eip1559')
    expect(await client.getBalance({ address: payee })).toBe(parseEther('0.01') + 1n)
  })

  it('a batch with a reverting call is mined reverted: status 500 and none of its effects', async () => {
    const { wallet, account } = await freshBatchWallet()
    await connectBatcher(wallet)
    const client = publicClient(dev.chains[0]!)
    const [payee, tokenPayee] = [fresh(), fresh()]
    const gusdBefore = await balanceOf(account)
    wallet.handle.approveNext()
    const { id } = await sendCalls(wallet, {
      calls: [
        { to: payee, value: toHex(parseEther('0.5')) },
        { to: gusd(), data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [tokenPayee, 1_000n] }) },
        // More GUSD than the account holds: this call reverts, so the batch does.
        { to: gusd(), data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [tokenPayee, gusdBefore + 1n] }) },
      ],
    })
    const answer = await status(wallet, id)
    expect(answer).toMatchObject({ atomic: true, status: 500 })
    expect(answer.receipts?.map((r) => [r.status, r.logs.length])).toEqual([['0x0', 0]])
    // Estimation refused the batch; the wallet sent it all the same, with its fixed gas limit.
    expect((await client.getTransaction({ hash: answer.receipts![0]!.transactionHash })).gas).toBe(FALLBACK_BATCH_GAS)
    expect(await client.getBalance({ address: payee })).toBe(0n)
    expect(await balanceOf(tokenPayee)).toBe(0n)
    expect(await balanceOf(account)).toBe(gusdBefore)
  })

  it('answers EIP-5792 errors with their codes and short messages; a rejected prompt gives 4001 and sends nothing', async () => {
    const { wallet, account } = await freshBatchWallet()
    const one = [{ to: fresh(), value: toHex(1n) }]
    const error = async (request: Promise<unknown>) => {
      const e = await rejection(request)
      return { code: e.code, message: e.message }
    }
    expect(await error(sendCalls(wallet, { calls: one }))).toMatchObject({ code: 4100 })
    await connectBatcher(wallet)
    const nonce = await publicClient(dev.chains[0]!).getTransactionCount({ address: account })

    expect(await error(sendCalls(wallet, { calls: one, from: dev.accounts[0]!.address }))).toMatchObject({ code: 4100 })
    expect(await error(sendCalls(wallet, { calls: one, version: '1.0' }))).toMatchObject({ code: -32602 })
    expect(await error(sendCalls(wallet, { calls: [{ data: '0x00' }] }))).toMatchObject({ code: -32602 })
    expect(await error(sendCalls(wallet, { calls: one, chainId: '0x7a6a' }))).toMatchInlineSnapshot(`
      {
        "code": 5710,
        "message": "Unsupported chain id",
      }
    `)
    expect(await error(sendCalls(wallet, { calls: one, capabilities: { paymasterService: { url: 'http://127.0.0.1:9/pm' } } }))).toMatchInlineSnapshot(`
      {
        "code": 5700,
        "message": "Unsupported non-optional capability",
      }
    `)
    expect(await error(sendCalls(wallet, { calls: [{ ...one[0], capabilities: { auxiliaryFunds: { supported: true } } }] }))).toMatchObject({ code: 5700 })
    expect(await error(sendCalls(wallet, { calls: Array.from({ length: 11 }, () => one[0]) }))).toMatchInlineSnapshot(`
      {
        "code": 5740,
        "message": "Bundle too large",
      }
    `)
    expect(await error(wallet.provider.request({ method: 'wallet_getCallsStatus', params: [`0x${'ab'.repeat(32)}`] }))).toMatchInlineSnapshot(`
      {
        "code": 5730,
        "message": "Unknown bundle id",
      }
    `)
    expect(await error(wallet.provider.request({ method: 'wallet_showCallsStatus', params: ['nope'] }))).toMatchObject({ code: 5730 })

    // An optional capability the wallet lacks is ignored: the request reaches the prompt. Rejected: 4001.
    const optional = sendCalls(wallet, { calls: one, capabilities: { paymasterService: { url: 'http://127.0.0.1:9/pm', optional: true } } })
    await vi.waitFor(() => expect(wallet.handle.pending()).toEqual(['wallet_sendCalls']))
    await click('reject', RDNS)
    expect(await error(optional)).toMatchInlineSnapshot(`
      {
        "code": 4001,
        "message": "User rejected the request.",
      }
    `)

    // Declining the upgrade when the dApp requires atomicity.
    expect(wallet.handle.declineUpgradeNext()).toBe(false)
    expect(await error(sendCalls(wallet, { calls: one }))).toMatchInlineSnapshot(`
      {
        "code": 5750,
        "message": "Atomic-ready wallet rejected upgrade",
      }
    `)
    expect(await publicClient(dev.chains[0]!).getTransactionCount({ address: account })).toBe(nonce)

    // A dApp id is used once.
    wallet.handle.approveNext()
    expect(await sendCalls(wallet, { calls: one, id: 'order-42' })).toEqual({ id: 'order-42' })
    expect(await error(sendCalls(wallet, { calls: one, id: 'order-42' }))).toMatchInlineSnapshot(`
      {
        "code": 5720,
        "message": "Duplicate ID",
      }
    `)

    // A chain without Simple7702Account cannot batch atomically.
    wallet.handle.approveNext()
    await wallet.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    await withoutSimple7702(dev.chains[1]!, async () => {
      expect(await error(sendCalls(wallet, { calls: one, chainId: '0x7a6a' }))).toMatchInlineSnapshot(`
        {
          "code": 5760,
          "message": "Atomicity not supported",
        }
      `)
    })
    expect(wallet.handle.pending()).toEqual([])
  })

  it('without atomicity (upgrade declined, or a chain that cannot batch) the calls go one by one: atomic false, one receipt each', async () => {
    const { wallet, account } = await freshBatchWallet()
    await connectBatcher(wallet)
    const [a, b] = [fresh(), fresh()]
    const calls = [
      { to: a, value: toHex(1_000n) },
      { to: b, value: toHex(2_000n) },
    ]
    expect(wallet.handle.declineUpgradeNext()).toBe(false)
    const { id } = await sendCalls(wallet, { calls, atomicRequired: false })
    const answer = await status(wallet, id)
    expect(answer).toMatchObject({ atomic: false, status: 200 })
    expect(answer.receipts?.map((r) => r.status)).toEqual(['0x1', '0x1'])
    expect(new Set(answer.receipts?.map((r) => r.transactionHash)).size).toBe(2)
    // Not upgraded.
    expect(await publicClient(dev.chains[0]!).getCode({ address: account })).toBeUndefined()

    await wallet.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    await withoutSimple7702(dev.chains[1]!, async () => {
      const request = sendCalls(wallet, { calls, chainId: '0x7a6a', atomicRequired: false })
      await vi.waitFor(() => expect(wallet.handle.pending()).toEqual(['wallet_sendCalls']))
      expect(promptText()).toContain('2 separate transactions')
      expect(promptText()).not.toContain('Keep regular account')
      wallet.handle.approveNext()
      const other = await status(wallet, (await request).id)
      expect(other).toMatchObject({ chainId: '0x7a6a', atomic: false, status: 200 })
      expect(other.receipts).toHaveLength(2)
    })
    expect(await publicClient(dev.chains[1]!).getBalance({ address: b })).toBe(2_000n)
  })

  it('batches and eth_sendTransaction approved together get distinct nonces', async () => {
    const { wallet, account } = await freshBatchWallet()
    await connectBatcher(wallet)
    wallet.handle.setAutoApprove(true)
    const payee = fresh()
    const [first, second, hash] = await Promise.all([
      sendCalls(wallet, { calls: [{ to: payee, value: toHex(1n) }] }),
      sendCalls(wallet, { calls: [{ to: payee, value: toHex(2n) }] }),
      wallet.provider.request({ method: 'eth_sendTransaction', params: [{ from: account, to: payee, value: toHex(4n) }] }) as Promise<Hex>,
    ])
    expect((await status(wallet, first.id)).status).toBe(200)
    expect((await status(wallet, second.id)).status).toBe(200)
    expect((await publicClient(dev.chains[0]!).waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe('success')
    expect(await publicClient(dev.chains[0]!).getBalance({ address: payee })).toBe(7n)
  })

  it("viem's EIP-5792 actions work against it: getCapabilities, sendCalls (forceAtomic), waitForCallsStatus", async () => {
    const { wallet, account } = await freshBatchWallet()
    await connectBatcher(wallet)
    wallet.handle.setAutoApprove(true)
    const client = createWalletClient({ account, chain: defineChain({ id: 31337, name: 'Gangway Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [dev.chains[0]!.rpcUrl] } } }), transport: custom(wallet.provider) })
    expect(await client.getCapabilities({ chainId: 31337 })).toEqual({ atomic: { status: 'ready' } })
    const payee = fresh()
    const { id } = await client.sendCalls({
      forceAtomic: true,
      calls: [
        { to: payee, value: 5n },
        { to: gusd(), abi: erc20Abi, functionName: 'transfer', args: [payee, 3n] },
      ],
    })
    const result = await client.waitForCallsStatus({ id, pollingInterval: 50 })
    expect(result).toMatchObject({ status: 'success', statusCode: 200, atomic: true })
    expect(result.receipts).toHaveLength(1)
    expect(await balanceOf(payee)).toBe(3n)
    expect(await client.getCapabilities({ chainId: 31337 })).toEqual({ atomic: { status: 'supported' } })
  })

  it('a batch status survives a reload; wallet_showCallsStatus opens the wallet panel, closed by the user', async () => {
    const { wallet } = await freshBatchWallet()
    await connectBatcher(wallet)
    wallet.handle.approveNext()
    const { id } = await sendCalls(wallet, { calls: [{ to: fresh(), value: toHex(parseEther('0.02')) }] })
    const before = await status(wallet, id)
    expect(before.status).toBe(200)

    // "Reload": a fresh wallet instance over the same localStorage.
    const reloaded = installBatchWallet()
    expect(await status(reloaded, id)).toEqual(before)
    expect(reloaded.handle.batches()).toEqual([
      { id, chainId: 31337, atomic: true, hashes: [before.receipts![0]!.transactionHash], calls: [expect.stringContaining('0.02 ETH')], upgraded: true },
    ])

    expect(await reloaded.provider.request({ method: 'wallet_showCallsStatus', params: [id] })).toBeNull()
    const host = document.querySelector(`[data-devwallet="${RDNS}"]`)!
    const panel = host.shadowRoot!.querySelector('[data-testid="devwallet-status"]')!
    expect(panel.textContent).toContain(`Batch: ${id}`)
    expect(panel.textContent).toContain('Status: Confirmed')
    expect(panel.textContent).toContain(`Transaction: ${before.receipts![0]!.transactionHash}`)
    expect(reloaded.handle.pending()).toEqual([])
    ;(host.shadowRoot!.querySelector('[data-testid="devwallet-close"]') as HTMLElement).click()
    expect(document.querySelector(`[data-devwallet="${RDNS}"]`)).toBeNull()
  })
})

describe('sponsored batches (ERC-7677 paymasterService) of an account delegated to Simple7702Account', () => {
  // The chain is real (hardhat: EntryPoint 0.8, Simple7702Account, GUSD); the bundler and the
  // paymaster are fakes answering the wallet's JSON-RPC the way alto and an ERC-7677 service do,
  // so the user operation the wallet builds and signs is checked as it is sent.
  const RDNS = 'dev.gangway.sponsored'
  let sponsored: InstalledDevWallet | undefined
  const fakeServices = (options: { success?: boolean; refuse?: { code: number; message: string } } = {}) => fakeSponsoredServices({ token: gusd(), ...options })

  afterEach(() => {
    vi.unstubAllGlobals()
    sponsored?.uninstall()
    sponsored = undefined
  })

  /** A fresh key delegated to Simple7702Account by a relayer's EIP-7702 transaction, holding 0 ETH and 100 GUSD. */
  async function delegatedAccount(): Promise<{ key: Hex; account: Address }> {
    const delegated = await delegatedDevAccount(dev)
    expect(await publicClient(dev.chains[0]!).getBalance({ address: delegated.account })).toBe(0n)
    return delegated
  }

  async function install(key: Hex, options: { bundler: boolean }): Promise<InstalledDevWallet> {
    sponsored?.uninstall()
    sponsored = installDevWallet({
      name: 'Sponsored Dev Wallet',
      rdns: RDNS,
      privateKey: key,
      chains: dev.chains.map(({ chainId, rpcUrl, name }) => ({ chainId, rpcUrl, name, ...(options.bundler && chainId === 31337 ? { bundlerUrl: BUNDLER_URL } : {}) })),
      defaultChainId: 31337,
    })
    sponsored.handle.approveNext()
    await sponsored.provider.request({ method: 'eth_requestAccounts' })
    return sponsored
  }

  const gusd = () => dev.tokens[0]!.address
  const fresh = () => privateKeyToAccount(generatePrivateKey()).address
  const transfer = (to: Address, amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })
  const promptText = () => document.querySelector(`[data-devwallet="${RDNS}"]`)?.shadowRoot?.textContent ?? ''
  const sendCalls = (wallet: InstalledDevWallet, request: Record<string, unknown>) =>
    wallet.provider.request({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: true, ...request }] }) as Promise<{ id: string }>
  const withPaymaster = { paymasterService: { url: PAYMASTER_URL } }
  const error = async (request: Promise<unknown>) => {
    const e = await rejection(request)
    return { code: e.code, message: e.message }
  }

  it('sends the batch as one user operation of the account, signed by its key, with the paymaster’s data; the status is the user operation’s receipt', async () => {
    const { key, account } = await delegatedAccount()
    const fake = fakeServices()
    const wallet = await install(key, { bundler: true })
    expect(await wallet.provider.request({ method: 'wallet_getCapabilities', params: [account] })).toEqual({
      '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
      // No bundler known there: no paymaster either (and not delegated there).
      '0x7a6a': { atomic: { status: 'ready' } },
    })
    const nonce = await publicClient(dev.chains[0]!).getTransactionCount({ address: account })
    const [a, b] = [fresh(), fresh()]
    const calls = [
      { to: gusd(), data: transfer(a, 1_000n) },
      { to: gusd(), data: transfer(b, 2_000n) },
    ]
    const request = sendCalls(wallet, { calls, capabilities: withPaymaster })
    await vi.waitFor(() => expect(wallet.handle.pending()).toEqual(['wallet_sendCalls']))
    expect(promptText()).toContain("Network fee: Paid by the app's paymaster (paymaster.invalid)")
    expect(promptText()).not.toContain('Keep regular account')
    wallet.handle.approveNext()
    const { id } = await request

    // One user operation from the account itself: executeBatch of the calls, the paymaster's final data, the owner's signature.
    expect(fake.sent).toHaveLength(1)
    const op = await expectSponsoredOperation(fake.sent[0]!, account, calls)
    expect(op.factory).toBeUndefined()
    expect(fake.requests.find((r) => r.method === 'eth_sendUserOperation')?.params[1]).toBe(SMART_ACCOUNT_CONTRACTS.entryPoint08)
    // ERC-7677: the stub for estimation, then the final data, both for this chain and EntryPoint.
    const paymasterCalls = fake.requests.filter((r) => r.service === 'paymaster')
    expect(paymasterCalls.map((r) => [r.method, r.params[1], r.params[2]])).toEqual([
      ['pm_getPaymasterStubData', SMART_ACCOUNT_CONTRACTS.entryPoint08, '0x7a69'],
      ['pm_getPaymasterData', SMART_ACCOUNT_CONTRACTS.entryPoint08, '0x7a69'],
    ])
    // The wallet sent no transaction of its own.
    expect(await publicClient(dev.chains[0]!).getTransactionCount({ address: account })).toBe(nonce)

    const answer = await wallet.provider.request({ method: 'wallet_getCallsStatus', params: [id] })
    expect(answer).toEqual({
      version: '2.0.0',
      id,
      chainId: '0x7a69',
      atomic: true,
      status: 200,
      // The user operation's own logs and gas, not the whole bundle transaction's.
      receipts: [{ logs: [{ address: gusd(), topics: [`0x${'44'.repeat(32)}`], data: '0x01' }], status: '0x1', blockHash: BLOCK_HASH, blockNumber: '0x10', gasUsed: '0x5208', transactionHash: BUNDLE_TX }],
    })
    expect(wallet.handle.batches()).toEqual([
      { id, chainId: 31337, atomic: true, hashes: [BUNDLE_TX], calls: [expect.stringContaining('ERC-20 transfer'), expect.stringContaining('ERC-20 transfer')], upgraded: false, userOperation: { hash: USER_OP_HASH, success: true } },
    ])
    expect(await wallet.provider.request({ method: 'wallet_showCallsStatus', params: [id] })).toBeNull()
    expect(document.querySelector(`[data-devwallet="${RDNS}"]`)?.shadowRoot?.textContent).toContain(`User operation: ${USER_OP_HASH}`)
  })

  it('a user operation whose calls reverted is status 500 with a failed receipt; a bundler’s refusal is answered with its code and message', async () => {
    const { key, account } = await delegatedAccount()
    fakeServices({ success: false })
    const wallet = await install(key, { bundler: true })
    wallet.handle.setAutoApprove(true)
    const { id } = await sendCalls(wallet, { calls: [{ to: gusd(), data: transfer(fresh(), 1n) }], capabilities: withPaymaster })
    const answer = (await wallet.provider.request({ method: 'wallet_getCallsStatus', params: [id] })) as { status: number; receipts: { status: Hex; logs: unknown[] }[] }
    expect({ status: answer.status, receipts: answer.receipts.map((r) => [r.status, r.logs.length]) }).toEqual({ status: 500, receipts: [['0x0', 0]] })

    vi.unstubAllGlobals()
    fakeServices({ refuse: { code: -32500, message: 'UserOperation reverted during simulation with reason: AA33 reverted' } })
    expect(await error(sendCalls(wallet, { calls: [{ to: gusd(), data: transfer(fresh(), 1n) }], capabilities: withPaymaster }))).toEqual({
      code: -32500,
      message: 'UserOperation reverted during simulation with reason: AA33 reverted',
    })
    expect(wallet.handle.batches()).toHaveLength(1)
    expect(await balanceOfGusd(account)).toBe(100_000_000n)
  })

  it('without a bundler, or before the account is delegated, the paymaster is an unsupported capability (5700) and the capabilities do not offer it', async () => {
    const { key, account } = await delegatedAccount()
    const fake = fakeServices()
    const calls = [{ to: gusd(), data: transfer(fresh(), 1n) }]
    const withoutBundler = await install(key, { bundler: false })
    expect(await withoutBundler.provider.request({ method: 'wallet_getCapabilities', params: [account, ['0x7a69']] })).toEqual({ '0x7a69': { atomic: { status: 'supported' } } })
    expect(await error(sendCalls(withoutBundler, { calls, capabilities: withPaymaster }))).toEqual({ code: 5700, message: 'Unsupported non-optional capability' })

    const undelegatedKey = generatePrivateKey()
    const undelegated = await install(undelegatedKey, { bundler: true })
    const address = privateKeyToAccount(undelegatedKey).address
    expect(await undelegated.provider.request({ method: 'wallet_getCapabilities', params: [address, ['0x7a69']] })).toEqual({ '0x7a69': { atomic: { status: 'ready' } } })
    expect(await error(sendCalls(undelegated, { calls, capabilities: withPaymaster }))).toEqual({ code: 5700, message: 'Unsupported non-optional capability' })
    expect(fake.requests).toEqual([])
  })

  const balanceOfGusd = (owner: Address) => publicClient(dev.chains[0]!).readContract({ address: gusd(), abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
})

describe('EIP-7811 asset discovery', () => {
  const reinstall = (assetDiscovery: boolean) => {
    for (const wallet of wallets) wallet.uninstall()
    wallets = installDevWallets({ chains: dev.chains, accounts: dev.accounts, ...(assetDiscovery ? { assetDiscovery: { tokens: dev.tokens } } : {}) })
  }
  const connectMain = async () => {
    main().handle.approveNext()
    await provider().request({ method: 'eth_requestAccounts' })
  }

  it("says assetDiscovery in wallet_getCapabilities and lists the account's native balance and held tokens, read from the node", async () => {
    reinstall(true)
    const account = dev.accounts[0]!.address
    const getAssets = (params: unknown) => provider().request({ method: 'wallet_getAssets', params: params as unknown[] })
    expect((await rejection(getAssets([{ account }]))).code).toBe(4100)
    await connectMain()
    expect(await provider().request({ method: 'wallet_getCapabilities', params: [account] })).toEqual({ '0x7a69': { atomic: { status: expect.any(String) }, assetDiscovery: { supported: true } } })
    const reader = publicClient(dev.chains[0]!)
    const held = await Promise.all(
      dev.tokens.filter((t) => t.chainId === 31337).map(async (t) => ({ token: t, balance: await reader.readContract({ address: t.address, abi: erc20Abi, functionName: 'balanceOf', args: [account] }) })),
    )
    const answer = (await getAssets([{ account, chainFilter: ['0x7a69'] }])) as Record<string, { address: string; balance: Hex; type: string; metadata: { symbol: string; decimals: number } }[]>
    expect(Object.keys(answer)).toEqual(['0x7a69'])
    const [native, ...tokens] = answer['0x7a69']!
    expect(native).toEqual({ address: 'native', balance: toHex(await reader.getBalance({ address: account })), type: 'NATIVE', metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 } })
    const expected = held.filter((h) => h.balance > 0n)
    expect(expected.length).toBeGreaterThan(0)
    expect(tokens).toEqual(expected.map((h) => ({ address: h.token.address, balance: toHex(h.balance), type: 'ERC20', metadata: { name: h.token.name, symbol: h.token.symbol, decimals: h.token.decimals } })))
    // A chain it does not know: nothing; no filter: every chain it knows.
    expect(await getAssets([{ account, chainFilter: ['0x1'] }])).toEqual({})
    expect(Object.keys((await getAssets({ account })) as object)).toEqual(['0x7a69'])
    // Another account, malformed params.
    expect((await rejection(getAssets([{ account: dev.accounts[1]!.address }]))).code).toBe(4100)
    expect((await rejection(getAssets([{ account, chainFilter: '0x7a69' }]))).code).toBe(-32602)
    expect((await rejection(getAssets(['nope']))).code).toBe(-32602)
  })

  it('without it, wallet_getAssets is unsupported (4200) and the capabilities say nothing of assets', async () => {
    reinstall(false)
    await connectMain()
    expect((await rejection(provider().request({ method: 'wallet_getAssets', params: [{ account: dev.accounts[0]!.address }] }))).code).toBe(4200)
    expect(await provider().request({ method: 'wallet_getCapabilities', params: [dev.accounts[0]!.address] })).toEqual({ '0x7a69': { atomic: { status: expect.any(String) } } })
  })
})
