import { beforeEach, describe, expect, it } from 'vitest'
import { parseEther } from 'viem'
import { startGateway } from '../../../../dev/gateway/startGateway'
import { createBlockchainApiClient } from '../../../../src/adapters/api/createBlockchainApiClient'
import type { ApiClientOptions } from '../../../../src/adapters/api/apiUrl'
import type { TokenBalance } from '../../../../src/core/domain/entities'
import { DEFAULT_PAYMENT_CURRENCIES, DEFAULT_PURCHASE_CURRENCY } from '../../../../src/core/domain/onramp'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage, generateSiweNonce } from 'viem/siwe'
import { revokeSessionMessage } from '../../../../src/core/domain/siwxSessions'
import { deadUrl, stackPerFile, walletOn } from '../../gateway/harness'

// The blockchain data API client against the gateway over two real local chains. Time is
// virtual: `now` is a variable the tests move, `sleep` records backoff without waiting.
const stack = stackPerFile()
beforeEach(() => stack.gateway.control.reset())

const LOCAL = 'eip155:31337'
const MAINNET = 'eip155:1'

function api(overrides: Partial<ApiClientOptions> = {}) {
  let time = 1_000_000
  const paths: string[] = []
  const sleeps: number[] = []
  const client = createBlockchainApiClient({
    baseUrl: stack.gateway.url,
    projectId: 'test-project',
    sdkType: 'gangway',
    sdkVersion: '0.1.0',
    now: () => time,
    sleep: async (ms) => {
      sleeps.push(ms)
    },
    fetch: (input, init) => {
      paths.push(new URL(String(input)).pathname)
      return fetch(input, init)
    },
    ...overrides,
  })
  return {
    client,
    sleeps,
    /** Request paths since the last call, supported-chains lookups left out. */
    requests: () => paths.splice(0).filter((p) => p !== '/v1/supported-chains'),
    allRequests: () => paths.splice(0),
    advance: (ms: number) => (time += ms),
  }
}

const eth = (balances: TokenBalance[] | null) => Number(balances?.find((b) => b.symbol === 'ETH')?.quantity.numeric)

async function sendEth(fromIndex: number, toIndex: number, amount: string) {
  const { wallet, reader } = walletOn(stack.dev.chains[0]!, stack.dev.accounts[fromIndex]!.privateKey)
  const hash = await wallet.sendTransaction({ to: stack.dev.accounts[toIndex]!.address, value: parseEther(amount) })
  await reader.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  return hash
}

describe('supported networks', () => {
  it('fetches the supported chains once and answers per network', async () => {
    const { client, allRequests } = api()
    expect(await client.getSupportedChains()).toEqual({ http: ['eip155:31337', 'eip155:31338'], ws: [] })
    expect(await client.isNetworkSupported(LOCAL)).toBe(true)
    expect(await client.isNetworkSupported(MAINNET)).toBe(false)
    expect(allRequests()).toEqual(['/v1/supported-chains'])
  })

  it('skips calls on an unsupported network with empty results and no request', async () => {
    const { client, requests } = api()
    const address = stack.dev.accounts[0]!.address
    expect(await client.getBalance({ address, chainId: MAINNET })).toEqual([])
    expect(await client.getHistory({ address, chainId: MAINNET })).toEqual({ data: [], next: null })
    expect(await client.getIdentity({ address, chainId: MAINNET })).toEqual({ name: null, avatar: null })
    expect(await client.getSwapTokens({ chainId: MAINNET })).toEqual([])
    expect(await client.getSwapQuotes({ amount: '1', userAddress: `${MAINNET}:${address}`, from: `${MAINNET}:0xa`, to: `${MAINNET}:0xb`, gasPrice: '1' })).toEqual([])
    expect(await client.getSwapAllowance({ tokenAddress: `${MAINNET}:0xa`, userAddress: address })).toBe('0')
    expect(await client.getFungiblePrices({ addresses: [`${MAINNET}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`] })).toEqual([])
    await expect(client.getGasPrice({ chainId: MAINNET })).rejects.toMatchObject({ shortMessage: 'Network not supported for Gas Price' })
    await expect(
      client.buildSwapTransaction({ amount: '1', userAddress: address, from: `${MAINNET}:0xa`, to: `${MAINNET}:0xb` }),
    ).rejects.toMatchObject({ shortMessage: 'Network not supported for Swaps' })
    await expect(client.buildApproveTransaction({ userAddress: address, from: `${MAINNET}:0xa`, to: `${MAINNET}:0xb` })).rejects.toMatchObject({
      shortMessage: 'Network not supported for Swaps',
    })
    expect(requests()).toEqual([])
  })
})

describe('balances', () => {
  it('reads balances from the gateway and keeps them 30 s', async () => {
    const { client, requests, advance } = api()
    const address = stack.dev.accounts[1]!.address
    const first = await client.getBalance({ address, chainId: LOCAL })
    expect(first?.map((b) => b.symbol)).toEqual(['ETH', 'GUSD'])
    expect(requests()).toEqual([`/v1/account/${address}/balance`])

    await sendEth(2, 1, '2')
    advance(29_999)
    expect(await client.getBalance({ address, chainId: LOCAL })).toBe(first)
    expect(requests()).toEqual([])
    advance(1)
    const fresh = await client.getBalance({ address, chainId: LOCAL })
    expect(eth(fresh) - eth(first)).toBeCloseTo(2, 9)
    expect(requests()).toHaveLength(1)
  })

  it('bypasses the cache on forceUpdate and shares one request between concurrent callers', async () => {
    const { client, requests } = api()
    const address = stack.dev.accounts[1]!.address
    const [a, b] = await Promise.all([client.getBalance({ address, chainId: LOCAL }), client.getBalance({ address, chainId: LOCAL })])
    expect(a).toBe(b)
    expect(requests()).toHaveLength(1)
    await client.getBalance({ address, chainId: LOCAL, forceUpdate: true })
    expect(requests()).toHaveLength(1)
  })

  it('resolves null on failure and blocks retries for 30 s', async () => {
    const { client, requests, advance, sleeps } = api()
    const address = stack.dev.accounts[0]!.address
    stack.gateway.control.setFault({ status: 500, pathPrefix: '/v1/account' })
    expect(await client.getBalance({ address, chainId: LOCAL })).toBeNull()
    expect(sleeps).toEqual([1000, 2000, 4000])
    expect(requests()).toHaveLength(4)
    stack.gateway.control.setFault(null)
    advance(29_999)
    expect(await client.getBalance({ address, chainId: LOCAL, forceUpdate: true })).toBeNull()
    expect(requests()).toEqual([])
    advance(1)
    expect(eth(await client.getBalance({ address, chainId: LOCAL }))).toBeGreaterThan(0)
  })

  it('resolves null when the chain node is down (gateway 502)', async () => {
    const down = await startGateway({ chains: [{ chainId: 31337, name: 'Down', rpcUrl: await deadUrl() }], tokens: [] })
    try {
      const { client } = api({ baseUrl: down.url })
      expect(await client.getBalance({ address: stack.dev.accounts[0]!.address, chainId: LOCAL })).toBeNull()
      await expect(client.getHistory({ address: stack.dev.accounts[0]!.address })).rejects.toMatchObject({ shortMessage: 'Server Error', code: 502 })
    } finally {
      await down.stop()
    }
  })
})

describe('identity and history', () => {
  it('keeps an identity 5 minutes', async () => {
    const { client, requests, advance } = api()
    const address = stack.dev.accounts[3]!.address
    stack.gateway.control.setIdentity(address, { name: 'carol.gangway', avatar: null })
    expect(await client.getIdentity({ address })).toEqual({ name: 'carol.gangway', avatar: null })
    stack.gateway.control.setIdentity(address, { name: 'carol2.gangway', avatar: 'http://127.0.0.1/a.png' })
    advance(5 * 60_000 - 1)
    expect((await client.getIdentity({ address: address.toLowerCase() })).name).toBe('carol.gangway')
    advance(1)
    expect(await client.getIdentity({ address })).toEqual({ name: 'carol2.gangway', avatar: 'http://127.0.0.1/a.png' })
    expect(requests()).toHaveLength(2)
  })

  it('pages history with the cursor', async () => {
    const hash = await sendEth(4, 3, '0.25')
    const { client } = api()
    const address = stack.dev.accounts[4]!.address
    const first = await client.getHistory({ address, chainId: LOCAL })
    expect(first.data[0]).toMatchObject({ id: hash, metadata: { chain: LOCAL, operationType: 'send' } })
    const all = await client.getHistory({ address })
    let cursor: string | null = null
    const paged: string[] = []
    do {
      const response = await fetch(
        `${stack.gateway.url}/v1/account/${address}/history?projectId=p&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      )
      const page = (await response.json()) as { data: { id: string }[]; next: string | null }
      const viaClient = await client.getHistory({ address, cursor })
      expect(viaClient.data[0]?.id).toBe(page.data[0]?.id)
      paged.push(...page.data.map((t) => t.id))
      cursor = page.next
    } while (cursor)
    expect(paged).toEqual(all.data.map((t) => t.id))
  })

  it("asks on-ramp activity with onramp=coinbase, past the browser's cache; other history as before", async () => {
    const seen: { url: string; cache: RequestCache | undefined }[] = []
    const { client } = api({ fetch: (input, init) => (seen.push({ url: String(input), cache: init?.cache }), fetch(input, init)) })
    const address = stack.dev.accounts[4]!.address
    expect(await client.getHistory({ address, chainId: LOCAL, onramp: 'coinbase' })).toEqual({ data: [], next: null })
    await client.getHistory({ address, chainId: LOCAL })
    const history = seen.filter((r) => r.url.includes('/history'))
    expect(history.map((r) => [new URL(r.url).searchParams.get('onramp'), r.cache])).toEqual([['coinbase', 'no-store'], [null, undefined]])
  })

  it('prices tokens on supported networks only', async () => {
    const { client } = api()
    const token = stack.dev.tokens[0]!
    const prices = await client.getFungiblePrices({
      addresses: [`eip155:${token.chainId}:${token.address}`, `${MAINNET}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`],
    })
    expect(prices).toEqual([{ name: 'Gangway USD', symbol: 'GUSD', iconUrl: `${stack.gateway.url}/public/getTokenImage/GUSD`, price: 1, address: `eip155:${token.chainId}:${token.address}` }])
  })
})

describe('hosted sign-in sessions', () => {
  it('hands a signed message to the store, lists it, and revokes it with a signed revocation', async () => {
    const { client } = api()
    const signer = privateKeyToAccount(stack.dev.accounts[0]!.privateKey)
    const address = signer.address
    const message = createSiweMessage({
      address,
      chainId: 31337,
      domain: 'app.example',
      uri: 'https://app.example',
      nonce: generateSiweNonce(),
      version: '1',
      issuedAt: new Date(),
    })
    const created = await client.createSession({ address, message, signature: await signer.signMessage({ message }) })
    expect(created).toMatchObject({ chainId: LOCAL, domain: 'app.example', expirationTime: null })
    expect(await client.getSessions({ address })).toEqual([created])
    // The same message again (a retry) answers with the session it made.
    expect(await client.createSession({ address, message, signature: await signer.signMessage({ message }) })).toEqual(created)
    await expect(client.revokeSession({ address, pci: created.id, signature: await signer.signMessage({ message: 'other' }) })).rejects.toMatchObject({
      shortMessage: 'Something went wrong',
      details: 'Invalid signature',
    })
    await client.revokeSession({ address, pci: created.id, signature: await signer.signMessage({ message: revokeSessionMessage(address, created.id) }) })
    expect(await client.getSessions({ address })).toEqual([])
    // Revoked, its message is refused: the spec's message, the store's reason in the details.
    await expect(client.createSession({ address, message, signature: await signer.signMessage({ message }) })).rejects.toMatchObject({
      shortMessage: 'Error signing message',
      details: 'This sign-in message was already used',
      status: 409,
    })
  })

  it('leaves out malformed listed sessions', async () => {
    const body = { sessions: [{ id: 'a', chainId: LOCAL, domain: 'd', uri: 'u', issuedAt: 't', expirationTime: null }, { id: 1 }, null, { id: 'b' }] }
    const { client } = api({ fetch: async () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }) })
    expect(await client.getSessions({ address: stack.dev.accounts[0]!.address })).toEqual([body.sessions[0]])
  })
})

describe('names', () => {
  it("resolves a name the gateway knows, in reverse too; an unknown one rejects with the server's reason", async () => {
    const { client } = api()
    const address = stack.dev.accounts[1]!.address
    await stack.gateway.control.reset()
    await fetch(`${stack.gateway.url}/_control/names/bobby.gangway`, { method: 'PUT', body: JSON.stringify({ address }), headers: { 'content-type': 'application/json' } })
    expect(await client.lookupName({ name: 'bobby.gangway' })).toMatchObject({ name: 'bobby.gangway', addresses: { '60': { address } } })
    expect((await client.reverseLookupNames({ address })).map((n) => n.name)).toEqual(['bobby.gangway'])
    await expect(client.lookupName({ name: 'nobody.gangway' })).rejects.toMatchObject({ shortMessage: 'Name not found', code: 404 })
  })

  it('registers a name by a signed message: suggestions say what is free, a taken name or a bad signature is refused with the server\'s reason', async () => {
    const { client } = api()
    await stack.gateway.control.reset()
    const signer = privateKeyToAccount(stack.dev.accounts[2]!.privateKey)
    const other = privateKeyToAccount(stack.dev.accounts[3]!.privateKey)
    expect(await client.getNameSuggestions({ name: 'carla', zone: 'gangway' })).toContainEqual({ name: 'carla.gangway', registered: false })
    const message = JSON.stringify({ name: 'carla.gangway', attributes: {}, timestamp: Math.floor(Date.now() / 1000) })
    await expect(
      client.registerName({ name: 'carla', coinType: 60, address: signer.address, message, signature: await other.signMessage({ message }) }),
    ).rejects.toMatchObject({ shortMessage: 'Invalid signature', code: 401 })
    expect(await client.registerName({ name: 'carla', coinType: 60, address: signer.address, message, signature: await signer.signMessage({ message }) })).toBe(true)
    expect((await client.lookupName({ name: 'carla.gangway' })).addresses['60']?.address).toBe(signer.address)
    expect(await client.getNameSuggestions({ name: 'carla', zone: 'gangway' })).toContainEqual({ name: 'carla.gangway', registered: true })
    const again = JSON.stringify({ name: 'carla.gangway', attributes: {}, timestamp: Math.floor(Date.now() / 1000) })
    await expect(
      client.registerName({ name: 'carla', coinType: 60, address: other.address, message: again, signature: await other.signMessage({ message: again }) }),
    ).rejects.toMatchObject({ shortMessage: 'Name is already taken', code: 409 })
    await expect(client.getNameSuggestions({ name: 'ab' })).rejects.toMatchObject({ code: 400 })
  })
})

describe('a gateway without swaps or on-ramp (501)', () => {
  const notBuilt = { fetch: async () => new Response(JSON.stringify({ error: 'Not implemented' }), { status: 501 }) }

  it('maps swaps to Server Error without retrying', async () => {
    const { client, sleeps } = api(notBuilt)
    await expect(client.getSwapTokens({ chainId: LOCAL })).rejects.toMatchObject({ shortMessage: 'Server Error', code: 501 })
    await expect(client.getGasPrice({ chainId: LOCAL })).rejects.toMatchObject({ shortMessage: 'Server Error' })
    expect(sleeps).toEqual([])
  })

  it("shows a name server's first reason when it gives one", async () => {
    const { client } = api({
      fetch: async () => new Response(JSON.stringify({ reasons: [{ description: 'Name is already taken' }, { description: 'x' }] }), { status: 400 }),
    })
    await expect(client.getNameSuggestions({ name: 'alice' })).rejects.toMatchObject({ shortMessage: 'Name is already taken', code: 400 })
  })

  it('falls back to the built-in on-ramp options', async () => {
    const { client } = api(notBuilt)
    const options = await client.getOnrampOptions()
    expect(options).toEqual({ paymentCurrencies: DEFAULT_PAYMENT_CURRENCIES, purchaseCurrencies: [DEFAULT_PURCHASE_CURRENCY], providers: [] })
    expect(options.paymentCurrencies.map((c) => c.id)).toEqual(['USD', 'EUR'])
    expect(options.paymentCurrencies[0]!.payment_method_limits).toEqual([
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
    ])
  })
})
