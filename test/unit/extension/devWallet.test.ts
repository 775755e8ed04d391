// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  createPublicClient,
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
import { startChains, type DevChain, type DevChains } from '../../../dev/chain/startChains'
import { type DevWalletProvider, type EIP6963ProviderInfo, type InstalledDevWallet } from '../../../dev/extension/devWallet'
import { installDevWallets } from '../../../dev/extension/installDevWallets'

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

function publicClient(chain: DevChain) {
  const viemChain = defineChain({
    id: chain.chainId,
    name: chain.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  })
  return createPublicClient({ chain: viemChain, transport: http(chain.rpcUrl) })
}

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
