import { createPrivateKey, createPublicKey, randomBytes } from 'node:crypto'
import { base58 } from '@scure/base'
import {
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase58Decoder,
  getBase64Decoder,
  getBase64Encoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  verifySignature,
  type Address,
  type Blockhash,
  type SignatureBytes,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  http,
  keccak256,
  parseEther,
  parseTransaction,
  recoverTransactionAddress,
  toHex,
  verifyMessage,
  verifyTypedData,
  type Hex,
  type TransactionSerialized,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { SMART_ACCOUNT_CONTRACTS } from '../../../dev/chain/smartAccountContracts'
import { startChains, type DevChain, type DevChains } from '../../../dev/chain/startChains'
import {
  BATCHES_KEY,
  createFrameWallet,
  DEVICE_KEY,
  promptColours,
  resolveParentOrigin,
  TOKEN_KEY,
  type FramePrompt,
  type FrameStorage,
} from '../../../dev/frame/frameWallet'
import { FRAME_PROTOCOL_VERSION, frameTheme, type FrameMessage, type FrameRequestName } from '../../../src/core/domain/frameProtocol'
import { appData, parentRequests } from '../../support/frameHarness'

const PARENT = 'http://127.0.0.1:5173'
const RPC_URL = 'http://127.0.0.1:8545/'
const RPC_URL_2 = 'http://127.0.0.1:8546/'
const DEAD_NODE_ORIGIN = 'http://127.0.0.1:9'
const EMAIL = 'ada@example.com'
const OTP = '123456'
const NETWORKS = [
  { caipNetworkId: 'eip155:31337', name: 'Local', rpcUrl: RPC_URL },
  { caipNetworkId: 'eip155:31338', name: 'Local 2', rpcUrl: RPC_URL_2 },
]

type Call = { method: string; path: string; body: Record<string, unknown> | undefined; auth: string | null }

/** The Solana address of a 32-byte Ed25519 seed, worked out with Node's own crypto (not kit). */
function ed25519Address(seed: Hex): string {
  const pkcs8 = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.from(seed.slice(2), 'hex')])
  const spki = createPublicKey(createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' })).export({ format: 'der', type: 'spki' })
  return base58.encode(new Uint8Array(spki.subarray(-32)))
}

type ServiceOptions = {
  approveAfter?: number
  sendError?: { code: number; message: string }
  /** false: the service gives the user no Solana key; a string: the address it names instead of the key's. */
  solana?: false | string
  /** RPC URLs of real nodes (the local chains) the fake fetch passes requests to. */
  realNodes?: string[]
}

/** The auth service and the networks' JSON-RPC nodes, in memory. */
function fakeServices(options: ServiceOptions = {}) {
  const privateKey = generatePrivateKey()
  const account = privateKeyToAccount(privateKey)
  const solanaSeed = toHex(randomBytes(32))
  const solanaAddress = ed25519Address(solanaSeed) as Address
  const calls: Call[] = []
  const rpcCalls: { url: string; method: string; params: unknown[] }[] = []
  const rawTransactions: Hex[] = []
  const sessions = new Set<string>()
  let statusChecks = 0
  let issued = 0
  const user = {
    id: 'u1',
    email: EMAIL,
    username: null,
    auth: 'email',
    address: account.address,
    privateKey,
    ...(options.solana === false ? {} : { solanaSeed, solanaAddress: options.solana ?? solanaAddress }),
  }

  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

  const rpc = (id: unknown, method: string, params: unknown[]): unknown => {
    switch (method) {
      case 'eth_chainId':
        return toHex(31337)
      case 'eth_blockNumber':
        return '0x2a'
      case 'eth_getTransactionCount':
        return '0x7'
      case 'eth_estimateGas':
        return toHex(21_000)
      case 'eth_gasPrice':
        return toHex(2_000_000_000)
      case 'eth_maxPriorityFeePerGas':
        return toHex(1_000_000_000)
      case 'eth_getBlockByNumber':
        return {
          number: '0x2a',
          hash: `0x${'11'.repeat(32)}`,
          parentHash: `0x${'22'.repeat(32)}`,
          timestamp: '0x1',
          baseFeePerGas: toHex(1_000_000_000),
          gasLimit: toHex(30_000_000),
          gasUsed: '0x0',
          transactions: [],
        }
      case 'eth_sendRawTransaction': {
        if (options.sendError) throw Object.assign(new Error(options.sendError.message), { code: options.sendError.code })
        const raw = params[0] as Hex
        rawTransactions.push(raw)
        return keccak256(raw)
      }
      default:
        throw Object.assign(new Error(`method ${method} not served`), { id })
    }
  }

  const fetch = async (input: string, init?: RequestInit): Promise<Response> => {
    const url = new URL(input, 'http://auth.test')
    // A node that is down: nothing listens there.
    if (url.origin === DEAD_NODE_ORIGIN) throw new TypeError('fetch failed')
    if (options.realNodes?.some((node) => new URL(node).origin === url.origin)) return globalThis.fetch(input, init)
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined
    if (url.origin === 'http://127.0.0.1:8545' || url.origin === 'http://127.0.0.1:8546') {
      // A node answers one request or a batch of them (the modal's transport batches).
      const answer = (req: { id: unknown; method: string; params?: unknown[] }) => {
        rpcCalls.push({ url: url.href, method: req.method, params: req.params ?? [] })
        if (req.method === 'eth_call') return { jsonrpc: '2.0', id: req.id, error: { code: 3, message: 'execution reverted: nope' } }
        try {
          return { jsonrpc: '2.0', id: req.id, result: rpc(req.id, req.method, req.params ?? []) }
        } catch (e) {
          const code = (e as { code?: number }).code ?? -32601
          return { jsonrpc: '2.0', id: req.id, error: { code, message: (e as Error).message } }
        }
      }
      const requests = body as unknown
      return json(200, Array.isArray(requests) ? requests.map(answer) : answer(requests as { id: unknown; method: string }))
    }
    const headers = new Headers(init?.headers)
    const auth = headers.get('authorization')
    const method = init?.method ?? 'GET'
    calls.push({ method, path: url.pathname + url.search, body, auth })
    const bearer = auth?.startsWith('Bearer ') ? auth.slice(7) : null
    const authed = () => bearer !== null && sessions.has(bearer)
    const newSession = () => {
      const token = `tok-${++issued}`
      sessions.add(token)
      return json(200, { token })
    }
    switch (`${method} ${url.pathname}`) {
      case 'POST /v1/email/connect':
        if (typeof body?.email !== 'string' || !body.email.includes('@')) return json(400, { error: 'Invalid email' })
        if (typeof body.deviceId !== 'string') return json(400, { error: 'Missing device' })
        return json(200, { action: 'VERIFY_DEVICE' })
      case 'POST /v1/device/status':
        statusChecks++
        return json(200, { approved: statusChecks >= (options.approveAfter ?? 3) })
      case 'POST /v1/otp/verify':
        if (body?.otp !== OTP) return json(400, { error: 'Invalid code' })
        return newSession()
      case 'GET /v1/me':
        if (!authed()) return json(401, { error: 'Session Expired' })
        return json(200, { user })
      case 'GET /v1/social/uri':
        return json(200, { uri: `http://auth.test/social/${url.searchParams.get('provider')}?origin=${url.searchParams.get('origin')}` })
      case 'POST /v1/social/connect':
        return newSession()
      case 'POST /v1/farcaster/channel':
        return json(200, { channelToken: 'chan-1', url: 'https://farcaster.test/~/siwf?channelToken=chan-1', clientUrl: 'http://127.0.0.1:9/relay' })
      case 'POST /v1/farcaster/connect':
        return body?.channelToken === 'chan-1' ? newSession() : json(400, { error: 'Unknown channel' })
      case 'POST /v1/email/update':
        if (!authed()) return json(401, { error: 'Session Expired' })
        return json(200, { action: 'VERIFY_PRIMARY_OTP' })
      case 'POST /v1/email/update/primary':
        if (!authed()) return json(401, { error: 'Session Expired' })
        return json(200, { action: 'VERIFY_SECONDARY_OTP' })
      case 'POST /v1/email/update/secondary':
        if (!authed()) return json(401, { error: 'Session Expired' })
        return json(200, { email: 'new@example.com' })
      case 'POST /v1/signout':
        if (bearer) sessions.delete(bearer)
        return json(200, {})
      default:
        return json(404, { error: `No route ${method} ${url.pathname}` })
    }
  }

  return {
    fetch,
    account,
    solanaAddress,
    calls,
    rpcCalls,
    rawTransactions,
    sessions,
    get statusChecks() {
      return statusChecks
    },
    expireAll: () => sessions.clear(),
  }
}

function memoryStorage(): FrameStorage & { map: Map<string, string> } {
  const map = new Map<string, string>()
  return { map, get: (k) => map.get(k) ?? null, set: (k, v) => void map.set(k, v), del: (k) => void map.delete(k) }
}

type ConfirmMode = 'approve' | 'reject' | 'hold' | 'alternative'

function setup(options: ServiceOptions & { confirm?: ConfirmMode; reuse?: { services: ReturnType<typeof fakeServices>; storage: ReturnType<typeof memoryStorage> } } = {}) {
  const services = options.reuse?.services ?? fakeServices(options)
  const storage = options.reuse?.storage ?? memoryStorage()
  const posts: FrameMessage[] = []
  const waiters: (() => void)[] = []
  const prompts: FramePrompt[] = []
  let confirmMode: ConfirmMode = options.confirm ?? 'approve'
  const themes: { mode: string; variables: Record<string, string> }[] = []
  const wallet = createFrameWallet({
    fetch: services.fetch,
    storage,
    post: (m) => {
      posts.push(structuredClone(m))
      for (const w of waiters.splice(0)) w()
    },
    confirm: (prompt) => {
      prompts.push(prompt)
      if (confirmMode === 'hold') return new Promise<boolean>(() => undefined)
      if (confirmMode === 'alternative') return Promise.resolve('alternative' as const)
      return Promise.resolve(confirmMode === 'approve')
    },
    createDeviceId: () => 'device-1',
    parentOrigin: PARENT,
    setTheme: (theme) => themes.push(theme),
    devicePollMs: 5,
  })
  const { send, ok, fail, repliesTo } = parentRequests(wallet, posts, waiters)
  async function signIn(networks: { caipNetworkId: string; name: string; rpcUrl: string; rpcUrls?: string[] }[] = NETWORKS) {
    await ok('SyncDappData', appData(networks, 'Test App'))
    expect(await ok('ConnectEmail', { email: EMAIL })).toEqual({ action: 'VERIFY_DEVICE' })
    await ok('ConnectDevice')
    return ok('ConnectOtp', { otp: OTP })
  }
  const sessionPosts = () => posts.filter((m) => m.type === '@gangway/frame/session')
  const promptPosts = () => posts.filter((m) => m.type === '@gangway/frame/prompt')
  return {
    wallet,
    services,
    storage,
    posts,
    prompts,
    themes,
    send,
    ok,
    fail,
    signIn,
    sessionPosts,
    promptPosts,
    repliesTo,
    setConfirm: (m: ConfirmMode) => (confirmMode = m),
  }
}

const flush = () => new Promise((ok) => setTimeout(ok, 20))

describe('frame wallet: sign-in', () => {
  it('announces itself ready with the protocol version', () => {
    const t = setup()
    t.wallet.start()
    expect(t.posts).toEqual([{ type: '@gangway/frame/ready', version: FRAME_PROTOCOL_VERSION }])
  })

  it('connects by e-mail: device approval polling, one-time code, user with the key address and a session post', async () => {
    const t = setup({ approveAfter: 3 })
    const user = await t.signIn()
    expect(t.services.statusChecks).toBe(3)
    expect(user).toEqual({
      email: EMAIL,
      username: null,
      address: t.services.account.address,
      solanaAddress: t.services.solanaAddress,
      caipNetworkId: 'eip155:31337',
      auth: 'email',
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
      // The wallet service runs no smart accounts here: the EOA is the only account.
      accounts: [{ address: t.services.account.address, type: 'eoa' }],
    })
    const token = t.storage.get(TOKEN_KEY)
    expect(token).toMatch(/^tok-/)
    expect(t.sessionPosts()).toEqual([{ type: '@gangway/frame/session', token }])
    expect(t.storage.get(DEVICE_KEY)).toBe('device-1')
    const connect = t.services.calls.find((c) => c.path === '/v1/email/connect')
    expect(connect?.body).toEqual({ email: EMAIL, deviceId: 'device-1' })
    const verify = t.services.calls.find((c) => c.path === '/v1/otp/verify')
    expect(verify?.body).toEqual({ email: EMAIL, deviceId: 'device-1', otp: OTP })
    expect(t.services.calls.find((c) => c.path === '/v1/me')?.auth).toBe(`Bearer ${token}`)
    expect(await t.ok('GetUser')).toEqual(user)
  })

  it('rejects a wrong code with the service message', async () => {
    const t = setup({ approveAfter: 1 })
    await t.ok('SyncDappData', appData(NETWORKS))
    await t.ok('ConnectEmail', { email: EMAIL })
    expect(await t.fail('ConnectOtp', { otp: '000000' })).toEqual({ message: 'Invalid code', code: 400 })
    expect(t.sessionPosts()).toEqual([])
    expect(await t.fail('ConnectEmail', { email: 'nope' })).toMatchObject({ message: 'Invalid email' })
  })

  it('stops waiting for the device approval when a new ConnectEmail comes', async () => {
    const t = setup({ approveAfter: 1_000_000 })
    await t.ok('ConnectEmail', { email: EMAIL })
    const waiting = t.send('ConnectDevice')
    await flush()
    await t.ok('ConnectEmail', { email: 'other@example.com' })
    const reply = await waiting
    expect(reply.type).toBe('@gangway/frame/error')
    expect(reply.payload).toMatchObject({ message: 'Device approval was cancelled' })
  })

  it('gives up on the device approval after the timeout', async () => {
    const services = fakeServices({ approveAfter: 1_000_000 })
    const posts: FrameMessage[] = []
    const wallet = createFrameWallet({
      fetch: services.fetch,
      storage: memoryStorage(),
      post: (m) => posts.push(m),
      confirm: async () => true,
      createDeviceId: () => 'd',
      parentOrigin: PARENT,
      devicePollMs: 5,
      deviceTimeoutMs: 30,
    })
    await wallet.answer('a', 'ConnectEmail', { email: EMAIL })
    await wallet.answer('b', 'ConnectDevice', {})
    expect(posts.at(-1)).toEqual({ type: '@gangway/frame/error', id: 'b', name: 'ConnectDevice', payload: { message: 'Device approval timed out' } })
    expect(services.statusChecks).toBeGreaterThan(1)
  })

  it('signs in with a social result and with Farcaster', async () => {
    const t = setup()
    await t.ok('SyncDappData', appData(NETWORKS))
    expect(await t.ok('GetSocialRedirectUri', { provider: 'google', origin: PARENT })).toEqual({
      uri: `http://auth.test/social/google?origin=${PARENT}`,
    })
    const social = await t.ok('ConnectSocial', { uri: 'http://auth.test/result?code=1' })
    expect(social.address).toBe(t.services.account.address)
    expect(t.services.calls.find((c) => c.path === '/v1/social/connect')?.body).toEqual({ resultUri: 'http://auth.test/result?code=1' })
    expect(await t.ok('GetFarcasterUri')).toEqual({ url: 'https://farcaster.test/~/siwf?channelToken=chan-1', clientUrl: 'http://127.0.0.1:9/relay' })
    const fc = await t.ok('ConnectFarcaster')
    expect(fc.address).toBe(t.services.account.address)
    expect(t.services.calls.find((c) => c.path === '/v1/farcaster/connect')?.body).toEqual({ channelToken: 'chan-1' })
    expect(t.sessionPosts().map((m) => (m as { token: string }).token)).toEqual(['tok-1', 'tok-2'])
  })
})

describe('frame wallet: messages', () => {
  it('ignores messages from another origin, another window or of the wrong shape', async () => {
    const t = setup()
    const request = { type: '@gangway/frame/request', id: 'x1', name: 'GetChainId', payload: {} }
    expect(t.wallet.receive({ data: request, origin: 'http://127.0.0.1:9999', fromParent: true })).toBe(false)
    expect(t.wallet.receive({ data: request, origin: PARENT, fromParent: false })).toBe(false)
    expect(t.wallet.receive({ data: { ...request, name: 'Nope' }, origin: PARENT, fromParent: true })).toBe(false)
    expect(t.wallet.receive({ data: { ...request, id: '' }, origin: PARENT, fromParent: true })).toBe(false)
    expect(t.wallet.receive({ data: { ...request, type: '@gangway/frame/success' }, origin: PARENT, fromParent: true })).toBe(false)
    expect(t.wallet.receive({ data: 'GetChainId', origin: PARENT, fromParent: true })).toBe(false)
    await flush()
    expect(t.posts).toEqual([])
    // The same request from the parent is answered.
    expect(t.wallet.receive({ data: request, origin: PARENT, fromParent: true })).toBe(true)
    await flush()
    expect(t.repliesTo('x1')).toHaveLength(1)
  })

  it('answers every request exactly once, with a specific error message on failure', async () => {
    const t = setup({ approveAfter: 1, confirm: 'reject' })
    await t.signIn()
    const requests: [FrameRequestName, unknown][] = [
      ['ConnectEmail', { email: 'x' }],
      ['ConnectDevice', {}],
      ['ConnectOtp', { otp: 'bad' }],
      ['GetSocialRedirectUri', { provider: 'github', origin: PARENT }],
      ['ConnectSocial', {}],
      ['GetFarcasterUri', {}],
      ['ConnectFarcaster', {}],
      ['GetUser', {}],
      ['IsConnected', {}],
      ['GetChainId', {}],
      ['SwitchNetwork', { caipNetworkId: 'eip155:31338' }],
      ['Rpc', { method: 'eth_chainId' }],
      ['Rpc', { method: 'personal_sign', params: ['0x68690a', t.services.account.address] }],
      ['Rpc', { method: 'eth_sign', params: [] }],
      ['RpcAbort', {}],
      ['UpdateEmail', { email: 'new@example.com' }],
      ['UpdateEmailPrimaryOtp', { otp: '1' }],
      ['UpdateEmailSecondaryOtp', { otp: '2' }],
      ['SyncTheme', frameTheme('dark', {})],
      ['SetPreferredAccount', { type: 'smartAccount' }],
      ['Reload', {}],
      ['SignOut', {}],
    ]
    const before = t.posts.length
    const ids = requests.map(([name, payload], i) => {
      const id = `batch-${i}`
      t.wallet.receive({ data: { type: '@gangway/frame/request', id, name, payload }, origin: PARENT, fromParent: true })
      return id
    })
    for (let i = 0; i < 50 && ids.some((id) => t.repliesTo(id).length === 0); i++) await flush()
    for (const id of ids) expect(t.repliesTo(id), id).toHaveLength(1)
    const errors = t.posts.slice(before).filter((m) => m.type === '@gangway/frame/error') as Extract<FrameMessage, { type: '@gangway/frame/error' }>[]
    expect(errors.length).toBeGreaterThan(3)
    for (const e of errors) {
      expect(e.payload.message).not.toBe('Internal error')
      expect(e.payload.message.length).toBeGreaterThan(3)
    }
    expect(t.themes.map((theme) => theme.mode)).toEqual(['dark'])
  })

  it('ignores a sync, abort or reload request that is not the protocol\'s: no answer, nothing applied', async () => {
    const t = setup()
    const bad: [FrameRequestName, unknown][] = [
      ['SyncTheme', { themeMode: 'purple', themeVariables: {}, w3mThemeVariables: {} }],
      ['SyncTheme', { themeMode: 'dark' }],
      ['SyncTheme', { ...frameTheme('dark', {}), w3mThemeVariables: { '--gw-bg': 'red; background: url(x)' } }],
      ['SyncTheme', { ...frameTheme('dark', {}), themeVariables: { '--frame-bg': '#000' } }],
      ['SyncDappData', null],
      ['SyncDappData', { networks: NETWORKS, appName: 'Old shape' }],
      ['SyncDappData', { ...appData(NETWORKS), metadata: { name: 'x', description: '', url: 'javascript:alert(1)', icons: [] } }],
      ['SyncDappData', { ...appData(NETWORKS), networks: [{ caipNetworkId: 'eip155:1', name: 'x', rpcUrl: 'ftp://node' }] }],
      ['SyncDappData', { ...appData(NETWORKS), networks: [{ caipNetworkId: 'eip155:1', name: 'x', rpcUrl: RPC_URL, rpcUrls: [RPC_URL, 'ftp://node'] }] }],
      ['SyncDappData', { ...appData(NETWORKS), networks: [{ caipNetworkId: 'eip155:1', name: 'x', rpcUrl: RPC_URL, rpcUrls: [] }] }],
      ['RpcAbort', { id: 42 }],
      ['RpcAbort', []],
      ['Reload', null],
    ]
    for (const [name, payload] of bad) {
      expect(t.wallet.receive({ data: { type: '@gangway/frame/request', id: `bad-${name}`, name, payload }, origin: PARENT, fromParent: true }), name).toBe(false)
    }
    await flush()
    expect(t.posts).toEqual([])
    expect(t.themes).toEqual([])
  })

  it("SyncTheme: the mode, and the modal's colours as the frame's own variables when they keep the prompt readable", async () => {
    const t = setup()
    await t.ok('SyncTheme', frameTheme('dark', { '--gw-accent': '#0a7d4f', '--gw-accent-text': '#ffffff' }))
    expect(t.themes.at(-1)).toEqual({
      mode: 'dark',
      variables: {
        '--frame-accent': '#0a7d4f',
        '--frame-accent-fg': '#ffffff',
        '--frame-bg': '#18191b',
        '--frame-detail-bg': '#242629',
        '--frame-fg': '#f2f3f5',
        '--frame-muted': '#a2a8b1',
        '--frame-border': '#32353a',
        '--frame-backdrop': 'rgba(0, 0, 0, 0.6)',
        '--frame-focus': '#8ea8ff',
      },
    })
    // Text the visitor could not read (or colours the frame cannot check): the mode, with the frame's own colours.
    await t.ok('SyncTheme', frameTheme('light', { '--gw-fg': '#fefefe' }))
    expect(t.themes.at(-1)).toEqual({ mode: 'light', variables: {} })
    await t.ok('SyncTheme', frameTheme('light', { '--gw-bg': 'white' }))
    expect(t.themes.at(-1)).toEqual({ mode: 'light', variables: {} })
    expect(promptColours(frameTheme('light', {}).w3mThemeVariables)).toMatchObject({ '--frame-bg': '#ffffff', '--frame-fg': '#141414' })
  })

  it('refuses a smart account on a network without one, and answers no session as not connected', async () => {
    const t = setup()
    await t.ok('SyncDappData', appData(NETWORKS))
    expect(await t.fail('SetPreferredAccount', { type: 'eoa' })).toMatchObject({ message: 'Not connected', code: 4100 })
    expect(await t.fail('GetUser')).toMatchObject({ message: 'Not connected' })
    await t.signIn()
    expect(await t.ok('SetPreferredAccount', { type: 'eoa' })).toMatchObject({ preferredAccountType: 'eoa', accounts: [{ type: 'eoa' }] })
    expect(await t.fail('SetPreferredAccount', { type: 'smartAccount' })).toMatchObject({ message: 'Smart accounts are not enabled on Local', code: 4100 })
    expect(await t.fail('SetPreferredAccount', { type: 'contract' })).toMatchObject({ message: 'Missing or invalid "type"' })
    expect(await t.ok('GetSmartAccountEnabledNetworks')).toEqual({ smartAccountEnabledNetworks: [] })
    expect(await t.fail('InitSmartAccount')).toMatchObject({ message: 'Smart accounts are not enabled on Local' })
  })
})

describe('frame wallet: networks and session', () => {
  it('switches only to synced networks; GetChainId follows', async () => {
    const t = setup()
    await t.ok('SyncDappData', appData(NETWORKS, 'Test App'))
    expect(await t.ok('GetChainId')).toEqual({ caipNetworkId: 'eip155:31337' })
    expect(await t.fail('SwitchNetwork', { caipNetworkId: 'eip155:1' })).toMatchObject({ message: 'Network Not Found' })
    expect(await t.ok('GetChainId')).toEqual({ caipNetworkId: 'eip155:31337' })
    expect(await t.ok('SwitchNetwork', { caipNetworkId: 'eip155:31338' })).toEqual({ caipNetworkId: 'eip155:31338' })
    expect(await t.ok('GetChainId')).toEqual({ caipNetworkId: 'eip155:31338' })
    expect(await t.ok('Rpc', { method: 'eth_chainId' })).toEqual({ result: '0x7a6a' })
  })

  it('IsConnected with an expired session answers false, forgets the token and posts a null session', async () => {
    const t = setup({ approveAfter: 1 })
    await t.signIn()
    expect(await t.ok('IsConnected')).toEqual({ isConnected: true })
    t.services.expireAll()
    expect(await t.ok('IsConnected')).toEqual({ isConnected: false })
    expect(t.storage.get(TOKEN_KEY)).toBeNull()
    expect(t.sessionPosts().at(-1)).toEqual({ type: '@gangway/frame/session', token: null })
    expect(await t.fail('GetUser')).toMatchObject({ message: 'Not connected' })
  })

  it('IsConnected takes the parent token when its own storage is empty', async () => {
    const t = setup()
    t.services.sessions.add('kept-by-modal')
    expect(await t.ok('IsConnected')).toEqual({ isConnected: false })
    expect(await t.ok('IsConnected', { token: 'kept-by-modal' })).toEqual({ isConnected: true })
    expect(t.storage.get(TOKEN_KEY)).toBe('kept-by-modal')
    expect(t.services.calls.at(-1)?.auth).toBe('Bearer kept-by-modal')
  })

  it('a Session Expired answer on any authorised call ends the session', async () => {
    const t = setup({ approveAfter: 1 })
    await t.signIn()
    t.services.expireAll()
    expect(await t.fail('UpdateEmail', { email: 'new@example.com' })).toMatchObject({ message: 'Session Expired' })
    expect(t.storage.get(TOKEN_KEY)).toBeNull()
    expect(t.sessionPosts().at(-1)).toEqual({ type: '@gangway/frame/session', token: null })
  })

  it('updates the e-mail in three steps', async () => {
    const t = setup({ approveAfter: 1 })
    await t.signIn()
    expect(await t.ok('UpdateEmail', { email: 'new@example.com' })).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    expect(await t.ok('UpdateEmailPrimaryOtp', { otp: '1' })).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    expect(await t.ok('UpdateEmailSecondaryOtp', { otp: '2' })).toEqual({ newEmail: 'new@example.com' })
    expect((await t.ok('GetUser')).email).toBe('new@example.com')
  })

  it('signs out: tells the service, forgets the token, posts a null session', async () => {
    const t = setup({ approveAfter: 1 })
    await t.signIn()
    const token = t.storage.get(TOKEN_KEY)!
    await t.ok('SignOut')
    expect(t.services.sessions.has(token)).toBe(false)
    expect(t.storage.get(TOKEN_KEY)).toBeNull()
    expect(t.sessionPosts().at(-1)).toEqual({ type: '@gangway/frame/session', token: null })
    expect(await t.ok('Rpc', { method: 'eth_accounts' })).toEqual({ result: [] })
  })
})

describe('frame wallet: RPC', () => {
  it('personal_sign approved: a prompt with the message text, then a signature that verifies', async () => {
    const t = setup({ approveAfter: 1 })
    await t.signIn()
    const address = t.services.account.address
    const message = toHex('hello gangway')
    const { result } = await t.ok('Rpc', { method: 'personal_sign', params: [message, address] })
    expect(await verifyMessage({ address, message: 'hello gangway', signature: result as Hex })).toBe(true)
    expect(t.prompts).toHaveLength(1)
    expect(t.prompts[0]).toMatchObject({ method: 'personal_sign', requestedBy: 'Test App', details: [{ label: 'Message', value: 'hello gangway' }] })
    expect(t.promptPosts()).toEqual([
      { type: '@gangway/frame/prompt', open: true },
      { type: '@gangway/frame/prompt', open: false },
    ])
  })

  it('personal_sign rejected: 4001', async () => {
    const t = setup({ approveAfter: 1, confirm: 'reject' })
    await t.signIn()
    const payload = await t.fail('Rpc', { method: 'personal_sign', params: [toHex('hi'), t.services.account.address] })
    expect(payload).toEqual({ message: 'User rejected the request.', code: 4001 })
    expect(t.promptPosts().at(-1)).toEqual({ type: '@gangway/frame/prompt', open: false })
  })

  it("RpcAbort without an id withdraws every prompt, shown or queued: 'Request was aborted'", async () => {
    const t = setup({ approveAfter: 1, confirm: 'hold' })
    await t.signIn()
    const sign = (text: string) => t.send('Rpc', { method: 'personal_sign', params: [toHex(text), t.services.account.address] })
    const [first, second] = [sign('one'), sign('two')]
    await flush()
    expect(t.prompts).toHaveLength(1)
    expect(await t.ok('RpcAbort')).toEqual({})
    expect(await first).toMatchObject({ type: '@gangway/frame/error', payload: { message: 'Request was aborted' } })
    expect(await second).toMatchObject({ type: '@gangway/frame/error', payload: { message: 'Request was aborted' } })
    // The queued one never showed.
    expect(t.prompts).toHaveLength(1)
    expect(t.prompts[0]!.signal.aborted).toBe(true)
    expect(t.promptPosts().at(-1)).toEqual({ type: '@gangway/frame/prompt', open: false })
  })

  it('RpcAbort with an id withdraws that request alone: its prompt goes, the next one shows', async () => {
    const t = setup({ approveAfter: 1, confirm: 'hold' })
    await t.signIn()
    const params = (text: string) => ({ method: 'personal_sign', params: [toHex(text), t.services.account.address] })
    t.wallet.receive({ data: { type: '@gangway/frame/request', id: 'sign-1', name: 'Rpc', payload: params('one') }, origin: PARENT, fromParent: true })
    const second = t.send('Rpc', params('two'))
    await flush()
    expect(t.prompts.map((p) => p.details[0]!.value)).toEqual(['one'])
    await t.ok('RpcAbort', { id: 'sign-1' })
    await flush()
    expect(t.repliesTo('sign-1')).toEqual([{ type: '@gangway/frame/error', id: 'sign-1', name: 'Rpc', payload: { message: 'Request was aborted' } }])
    expect(t.prompts.map((p) => p.details[0]!.value)).toEqual(['one', 'two'])
    expect(t.prompts[1]!.signal.aborted).toBe(false)
    t.setConfirm('approve')
    await t.ok('RpcAbort', { id: 'no-such-request' })
    expect(t.prompts[1]!.signal.aborted).toBe(false)
    await t.ok('RpcAbort')
    expect(await second).toMatchObject({ type: '@gangway/frame/error', payload: { message: 'Request was aborted' } })
  })

  it('a request withdrawn before its prompt was ready never shows one', async () => {
    const t = setup({ approveAfter: 1, confirm: 'hold' })
    await t.signIn()
    // The typed data is checked first, then the prompt: the abort comes in between.
    t.wallet.receive({ data: { type: '@gangway/frame/request', id: 'early', name: 'Rpc', payload: { method: 'personal_sign', params: [toHex('hi'), t.services.account.address] } }, origin: PARENT, fromParent: true })
    t.wallet.receive({ data: { type: '@gangway/frame/request', id: 'abort', name: 'RpcAbort', payload: { id: 'early' } }, origin: PARENT, fromParent: true })
    await flush()
    expect(t.repliesTo('early')).toMatchObject([{ type: '@gangway/frame/error', payload: { message: 'Request was aborted' } }])
    expect(t.prompts).toEqual([])
    expect(t.promptPosts()).toEqual([])
  })

  it('RpcAbort with the id of a device-approval wait stops it', async () => {
    const t = setup({ approveAfter: 1_000 })
    await t.ok('SyncDappData', appData(NETWORKS))
    await t.ok('ConnectEmail', { email: EMAIL })
    t.wallet.receive({ data: { type: '@gangway/frame/request', id: 'device', name: 'ConnectDevice', payload: {} }, origin: PARENT, fromParent: true })
    await flush()
    const checks = t.services.statusChecks
    expect(checks).toBeGreaterThan(0)
    await t.ok('RpcAbort', { id: 'device' })
    await flush()
    expect(t.repliesTo('device')).toMatchObject([{ type: '@gangway/frame/error', payload: { message: 'Device approval was cancelled' } }])
    const stopped = t.services.statusChecks
    await flush()
    expect(t.services.statusChecks).toBe(stopped)
  })

  it('Reload is answered after every prompt under way was withdrawn', async () => {
    const t = setup({ approveAfter: 1, confirm: 'hold' })
    await t.signIn()
    const pending = t.send('Rpc', { method: 'personal_sign', params: [toHex('hi'), t.services.account.address] })
    await flush()
    expect(await t.ok('Reload')).toEqual({})
    expect(await pending).toMatchObject({ type: '@gangway/frame/error', payload: { message: 'Request was aborted' } })
    expect(t.promptPosts().at(-1)).toEqual({ type: '@gangway/frame/prompt', open: false })
  })

  it('eth_signTypedData_v4: a signature over the typed data', async () => {
    const t = setup({ approveAfter: 1 })
    await t.signIn()
    const address = t.services.account.address
    const typed = {
      domain: { name: 'Mail', version: '1', chainId: 31337, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Mail: [
          { name: 'from', type: 'string' },
          { name: 'contents', type: 'string' },
        ],
      },
      primaryType: 'Mail',
      message: { from: 'ada', contents: 'hello' },
    } as const
    const { result } = await t.ok('Rpc', { method: 'eth_signTypedData_v4', params: [address, JSON.stringify(typed)] })
    const { EIP712Domain: _, ...types } = typed.types
    expect(await verifyTypedData({ address, domain: typed.domain, types, primaryType: 'Mail', message: typed.message, signature: result as Hex })).toBe(true)
    expect(t.prompts[0]?.details).toContainEqual({ label: 'Type', value: 'Mail' })
  })

  it('rejects a method the policy does not allow, without a prompt or a node call', async () => {
    const t = setup({ approveAfter: 1 })
    await t.signIn()
    const payload = await t.fail('Rpc', { method: 'eth_sign', params: [t.services.account.address, '0x00'] })
    expect(payload.message).toBe('Requested RPC call is not allowed')
    expect(payload.code).toBe(4200)
    // EIP-2255's revocation is the modal's business (it signs out); only ERC-7715's, with a permission context, is the wallet's.
    expect(await t.fail('Rpc', { method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })).toEqual({ message: 'Method not supported by the embedded wallet', code: 4200 })
    expect(t.prompts).toHaveLength(0)
    expect(t.services.rpcCalls).toHaveLength(0)
  })

  it('forwards safe methods to the current network and passes the node error on', async () => {
    const t = setup({ approveAfter: 1 })
    await t.signIn()
    expect(await t.ok('Rpc', { method: 'eth_blockNumber', params: [] })).toEqual({ result: '0x2a' })
    expect(await t.ok('Rpc', { method: 'eth_accounts' })).toEqual({ result: [t.services.account.address] })
    await t.ok('SwitchNetwork', { caipNetworkId: 'eip155:31338' })
    expect(await t.fail('Rpc', { method: 'eth_call', params: [{ to: '0x0000000000000000000000000000000000000001' }, 'latest'] })).toEqual({
      message: 'execution reverted: nope',
      code: 3,
    })
    expect(t.services.rpcCalls.map((c) => [c.url, c.method])).toEqual([
      [RPC_URL, 'eth_blockNumber'],
      [RPC_URL_2, 'eth_call'],
    ])
  })

  it("a network's first RPC URL down, its reads and sends go on through the next (the modal's fallback)", async () => {
    const t = setup({ approveAfter: 1 })
    const dead = `${DEAD_NODE_ORIGIN}/`
    await t.signIn([{ caipNetworkId: 'eip155:31337', name: 'Local', rpcUrl: dead, rpcUrls: [dead, RPC_URL] }])
    expect(await t.ok('Rpc', { method: 'eth_blockNumber', params: [] })).toEqual({ result: '0x2a' })
    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const sent = (await t.ok('Rpc', { method: 'eth_sendTransaction', params: [{ from: t.services.account.address, to, value: '0x1' }] })) as { result: Hex }
    expect(sent.result).toBe(keccak256(t.services.rawTransactions[0]!))
    expect(t.services.rpcCalls.every((c) => c.url === RPC_URL)).toBe(true)
  })

  it('eth_sendTransaction: signs with the key and sends the raw transaction to the RPC URL', async () => {
    const t = setup({ approveAfter: 1 })
    await t.signIn()
    const address = t.services.account.address
    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const { result } = await t.ok('Rpc', { method: 'eth_sendTransaction', params: [{ from: address, to, value: toHex(parseEther('1.5')) }] })
    expect(t.services.rawTransactions).toHaveLength(1)
    const raw = t.services.rawTransactions[0] as TransactionSerialized
    expect(result).toBe(keccak256(raw))
    const tx = parseTransaction(raw)
    expect(tx.to?.toLowerCase()).toBe(to.toLowerCase())
    expect(tx.value).toBe(parseEther('1.5'))
    expect(tx.chainId).toBe(31337)
    expect(tx.nonce).toBe(7)
    expect(await recoverTransactionAddress({ serializedTransaction: raw as never })).toBe(address)
    expect(t.services.rpcCalls.every((c) => c.url === RPC_URL)).toBe(true)
    expect(t.prompts[0]?.details).toEqual([
      { label: 'To', value: to },
      { label: 'Value', value: '1.5 ETH' },
      { label: 'Data', value: 'None' },
      { label: 'Network', value: 'Local' },
    ])
  })

  it('eth_sendTransaction: the node refusing the transaction is reported with its own message', async () => {
    const t = setup({ approveAfter: 1, sendError: { code: -32000, message: 'insufficient funds for gas * price + value' } })
    await t.signIn()
    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    expect(await t.fail('Rpc', { method: 'eth_sendTransaction', params: [{ to, value: '0x1', gas: '0x5208' }] })).toEqual({
      message: 'insufficient funds for gas * price + value',
      code: -32000,
    })
    expect(t.services.rpcCalls.some((c) => c.method === 'eth_estimateGas')).toBe(false)
  })

  it('refuses to sign for another account', async () => {
    const t = setup({ approveAfter: 1 })
    await t.signIn()
    const other = privateKeyToAccount(generatePrivateKey()).address
    expect(await t.fail('Rpc', { method: 'personal_sign', params: [toHex('hi'), other] })).toMatchObject({ code: 4100 })
    expect(t.prompts).toHaveLength(0)
  })
})

/** A wire transaction (base64) moving lamports from `from` (the fee payer) to `to`, with a made-up blockhash. */
function transferTransaction(from: Address, to: Address, feePayer: Address = from): string {
  const blockhash = { blockhash: getBase58Decoder().decode(randomBytes(32)) as Blockhash, lastValidBlockHeight: 1_000n }
  const transaction = compileTransaction(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(feePayer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: createNoopSigner(from), destination: to, amount: lamports(1_000n) })], m),
    ),
  )
  return getBase64Decoder().decode(getTransactionEncoder().encode(transaction))
}

const OTHER_SOLANA = ed25519Address(toHex(randomBytes(32))) as Address

describe('frame wallet: Solana', () => {
  it('solana_signMessage approved: a prompt with the message text, then a signature that verifies for the Solana address', async () => {
    const t = setup({ approveAfter: 1 })
    await t.signIn()
    const address = t.services.solanaAddress
    const message = new TextEncoder().encode('hello solana')
    const { result } = await t.ok('Rpc', { method: 'solana_signMessage', params: { message: base58.encode(message), pubkey: address } })
    expect(Object.keys(result as object)).toEqual(['signature'])
    const signature = base58.decode((result as { signature: string }).signature)
    expect(signature).toHaveLength(64)
    const publicKey = await getPublicKeyFromAddress(address)
    expect(await verifySignature(publicKey, signature as SignatureBytes, message)).toBe(true)
    expect(await verifySignature(publicKey, signature as SignatureBytes, new TextEncoder().encode('hello solana!'))).toBe(false)
    expect(t.prompts).toHaveLength(1)
    expect(t.prompts[0]).toMatchObject({ method: 'solana_signMessage', requestedBy: 'Test App' })
    expect(t.prompts[0]!.details).toContainEqual({ label: 'Message', value: 'hello solana' })
    expect(t.promptPosts()).toEqual([
      { type: '@gangway/frame/prompt', open: true },
      { type: '@gangway/frame/prompt', open: false },
    ])
  })

  it('solana_signMessage rejected: 4001', async () => {
    const t = setup({ approveAfter: 1, confirm: 'reject' })
    await t.signIn()
    const params = { message: base58.encode(new TextEncoder().encode('hi')), pubkey: t.services.solanaAddress }
    expect(await t.fail('Rpc', { method: 'solana_signMessage', params })).toEqual({ message: 'User rejected the request.', code: 4001 })
    expect(t.prompts).toHaveLength(1)
  })

  it('solana_signMessage for another account: Unknown account, without a prompt', async () => {
    const t = setup({ approveAfter: 1 })
    await t.signIn()
    const message = base58.encode(new TextEncoder().encode('hi'))
    expect(await t.fail('Rpc', { method: 'solana_signMessage', params: { message, pubkey: OTHER_SOLANA } })).toEqual({ message: 'Unknown account', code: 4100 })
    // The EVM address is not the Solana account either.
    expect(await t.fail('Rpc', { method: 'solana_signMessage', params: { message, pubkey: t.services.account.address } })).toMatchObject({ message: 'Unknown account' })
    expect(t.prompts).toHaveLength(0)
  })

  it('solana_signTransaction: the signed transaction decodes, is the one asked and carries a valid signature of the account', async () => {
    const t = setup({ approveAfter: 1 })
    await t.signIn()
    const address = t.services.solanaAddress
    const asked = transferTransaction(address, OTHER_SOLANA)
    const { result } = await t.ok('Rpc', { method: 'solana_signTransaction', params: { transaction: asked } })
    const { signature, transaction } = result as { signature: string; transaction: string }
    const signed = getTransactionDecoder().decode(getBase64Encoder().encode(transaction))
    const unsigned = getTransactionDecoder().decode(getBase64Encoder().encode(asked))
    expect(new Uint8Array(signed.messageBytes)).toEqual(new Uint8Array(unsigned.messageBytes))
    expect(unsigned.signatures[address]).toBeNull()
    const bytes = signed.signatures[address]
    expect(bytes).toBeInstanceOf(Uint8Array)
    expect(base58.encode(bytes!)).toBe(signature)
    expect(await verifySignature(await getPublicKeyFromAddress(address), bytes!, signed.messageBytes)).toBe(true)
    expect(t.prompts).toHaveLength(1)
    expect(t.prompts[0]).toMatchObject({ method: 'solana_signTransaction', title: 'Sign a Solana transaction' })
    expect(t.prompts[0]!.details).toEqual(
      expect.arrayContaining([
        { label: 'Fee payer', value: `${address} (you)` },
        { label: 'Instructions', value: '1' },
      ]),
    )
  })

  it('solana_signTransaction rejected: 4001; a transaction without the account among its signers: refused without a prompt', async () => {
    const t = setup({ approveAfter: 1, confirm: 'reject' })
    await t.signIn()
    const address = t.services.solanaAddress
    expect(await t.fail('Rpc', { method: 'solana_signTransaction', params: { transaction: transferTransaction(address, OTHER_SOLANA) } })).toEqual({
      message: 'User rejected the request.',
      code: 4001,
    })
    expect(t.prompts).toHaveLength(1)
    const foreign = transferTransaction(OTHER_SOLANA, address)
    expect(await t.fail('Rpc', { method: 'solana_signTransaction', params: { transaction: foreign } })).toMatchObject({
      message: "The transaction does not need this account's signature",
    })
    expect(await t.fail('Rpc', { method: 'solana_signTransaction', params: { transaction: 'not a transaction' } })).toMatchObject({ code: -32602 })
    expect(t.prompts).toHaveLength(1)
  })

  it('solana_signAndSendTransaction and solana_signAllTransactions are not supported', async () => {
    const t = setup({ approveAfter: 1 })
    await t.signIn()
    const transaction = transferTransaction(t.services.solanaAddress, OTHER_SOLANA)
    for (const [method, params] of [
      ['solana_signAndSendTransaction', { transaction }],
      ['solana_signAllTransactions', { transactions: [transaction] }],
    ] as const) {
      expect(await t.fail('Rpc', { method, params })).toEqual({ message: 'Method not supported by the embedded wallet', code: 4200 })
    }
    expect(t.prompts).toHaveLength(0)
  })

  it('a user without a Solana key has no solanaAddress and cannot sign Solana requests', async () => {
    const t = setup({ approveAfter: 1, solana: false })
    const user = await t.signIn()
    expect(user).not.toHaveProperty('solanaAddress')
    expect(user.address).toBe(t.services.account.address)
    const params = { message: base58.encode(new TextEncoder().encode('hi')), pubkey: t.services.solanaAddress }
    expect(await t.fail('Rpc', { method: 'solana_signMessage', params })).toEqual({ message: 'This account has no Solana key', code: 4100 })
  })

  it('refuses a Solana key that does not match the address the service names', async () => {
    const t = setup({ approveAfter: 1, solana: OTHER_SOLANA })
    await t.ok('SyncDappData', appData(NETWORKS))
    await t.ok('ConnectEmail', { email: EMAIL })
    expect(await t.fail('ConnectOtp', { otp: OTP })).toEqual({ message: 'The Solana account key does not match its address' })
  })
})

describe('resolveParentOrigin', () => {
  const q = (parentOrigin: string, allowed?: string) => `?${new URLSearchParams({ parentOrigin, ...(allowed ? { allowed } : {}) })}`
  it('accepts local origins and listed ones only', () => {
    expect(resolveParentOrigin(q('http://127.0.0.1:5173'))).toBe('http://127.0.0.1:5173')
    expect(resolveParentOrigin(q('https://localhost:3000'))).toBe('https://localhost:3000')
    expect(resolveParentOrigin(q('https://app.example'))).toBeNull()
    expect(resolveParentOrigin(q('https://app.example', 'https://other.example, https://app.example'))).toBe('https://app.example')
    expect(resolveParentOrigin(q('http://127.0.0.1.evil.example'))).toBeNull()
    expect(resolveParentOrigin(q('http://127.0.0.1:5173/page'))).toBeNull()
    expect(resolveParentOrigin(q('javascript:alert(1)'))).toBeNull()
    expect(resolveParentOrigin('')).toBeNull()
  })
})

describe('frame wallet: EIP-5792 batched calls on the local chains', () => {
  let dev: DevChains

  beforeAll(async () => {
    dev = await startChains()
  }, 60_000)

  afterAll(async () => {
    await dev?.stop()
  })

  const networks = () => dev.chains.map((chain) => ({ caipNetworkId: `eip155:${chain.chainId}`, name: chain.name, rpcUrl: chain.rpcUrl }))
  const client = (chain: DevChain = dev.chains[0]!) => createPublicClient({ transport: http(chain.rpcUrl) })
  const fresh = () => privateKeyToAccount(generatePrivateKey()).address
  const gusd = () => dev.tokens[0]!.address
  const balanceOf = (owner: Hex) => client().readContract({ address: gusd(), abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
  type Status = { version: string; id: string; chainId: Hex; atomic: boolean; status: number; receipts?: { status: Hex; transactionHash: Hex; logs: unknown[] }[] }

  /** A signed-in frame whose user (a fresh key) holds ETH on both chains and 100 GUSD on the first. */
  async function signedIn(options: { confirm?: ConfirmMode } = {}) {
    const t = setup({ approveAfter: 1, realNodes: dev.chains.map((c) => c.rpcUrl), ...options })
    const address = t.services.account.address
    for (const chain of dev.chains) await createTestClient({ mode: 'hardhat', transport: http(chain.rpcUrl) }).setBalance({ address, value: parseEther('10') })
    const treasury = createWalletClient({ account: privateKeyToAccount(dev.treasury.privateKey), transport: http(dev.chains[0]!.rpcUrl) })
    const hash = await treasury.writeContract({ chain: null, address: gusd(), abi: erc20Abi, functionName: 'transfer', args: [address, 100_000_000n] })
    await client().waitForTransactionReceipt({ hash, pollingInterval: 50 })
    await t.signIn(networks())
    const rpc = async (method: string, params: unknown) => (await t.ok('Rpc', { method, params })).result
    return { t, address, rpc }
  }

  async function withoutSimple7702<T>(chain: DevChain, run: () => Promise<T>): Promise<T> {
    const test = createTestClient({ mode: 'hardhat', transport: http(chain.rpcUrl) })
    const code = (await client(chain).getCode({ address: SMART_ACCOUNT_CONTRACTS.simple7702Account }))!
    await test.setCode({ address: SMART_ACCOUNT_CONTRACTS.simple7702Account, bytecode: '0x' })
    try {
      return await run()
    } finally {
      await test.setCode({ address: SMART_ACCOUNT_CONTRACTS.simple7702Account, bytecode: code })
    }
  }

  const request = (calls: unknown[], extra: Record<string, unknown> = {}) => [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: true, calls, ...extra }]

  it('capabilities ready → one prompt listing the calls → ONE transaction with all three effects → supported', async () => {
    const { t, address, rpc } = await signedIn()
    expect(await rpc('wallet_getCapabilities', [address])).toEqual({ '0x7a69': { atomic: { status: 'ready' } }, '0x7a6a': { atomic: { status: 'ready' } } })
    const [payee, tokenPayee, spender] = [fresh(), fresh(), fresh()]
    const { id } = (await rpc(
      'wallet_sendCalls',
      request([
        { to: payee, value: toHex(parseEther('0.25')) },
        { to: gusd(), data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [tokenPayee, 7_000_000n] }) },
        { to: gusd(), data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, 1n] }) },
      ]),
    )) as { id: string }
    expect(t.prompts).toHaveLength(1)
    const prompt = t.prompts[0]!
    expect({ method: prompt.method, title: prompt.title, alternative: prompt.alternative }).toEqual({
      method: 'wallet_sendCalls',
      title: 'Send calls',
      alternative: 'Keep regular account',
    })
    expect(prompt.details).toEqual([
      { label: 'Network', value: 'Gangway Local (31337)' },
      { label: 'Call 1', value: `to ${payee} · 0.25 ETH` },
      { label: 'Call 2', value: `to ${gusd()} · 0 ETH · ERC-20 transfer(${tokenPayee}, 7000000) · 68 bytes of data` },
      { label: 'Call 3', value: `to ${gusd()} · 0 ETH · ERC-20 approve(${spender}, 1) · 68 bytes of data` },
      { label: 'Sent as', value: 'one transaction: all calls succeed or none does' },
      { label: 'Smart account', value: `This account will be upgraded to a smart account (EIP-7702 delegation to Simple7702Account ${SMART_ACCOUNT_CONTRACTS.simple7702Account})` },
    ])
    const status = (await rpc('wallet_getCallsStatus', [id])) as Status
    expect(status).toMatchObject({ version: '2.0.0', id, chainId: '0x7a69', atomic: true, status: 200 })
    expect(status.receipts).toHaveLength(1)
    const tx = await client().getTransaction({ hash: status.receipts![0]!.transactionHash })
    expect([tx.type, tx.to]).toEqual(['eip7702', address.toLowerCase()])
    expect(await client().getBalance({ address: payee })).toBe(parseEther('0.25'))
    expect(await balanceOf(tokenPayee)).toBe(7_000_000n)
    expect(await client().readContract({ address: gusd(), abi: erc20Abi, functionName: 'allowance', args: [address, spender] })).toBe(1n)
    expect(await rpc('wallet_getCapabilities', [address, ['0x7a69']])).toEqual({ '0x7a69': { atomic: { status: 'supported' } } })
  })

  it('a batch with a reverting call is mined reverted: status 500, none of its effects', async () => {
    const { address, rpc } = await signedIn()
    const payee = fresh()
    const held = await balanceOf(address)
    const { id } = (await rpc(
      'wallet_sendCalls',
      request([
        { to: payee, value: toHex(parseEther('1')) },
        { to: gusd(), data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [payee, held + 1n] }) },
      ]),
    )) as { id: string }
    const status = (await rpc('wallet_getCallsStatus', [id])) as Status
    expect(status).toMatchObject({ atomic: true, status: 500 })
    expect(status.receipts?.map((r) => r.status)).toEqual(['0x0'])
    expect(await client().getBalance({ address: payee })).toBe(0n)
    expect(await balanceOf(address)).toBe(held)
  })

  it('answers the EIP-5792 errors with their codes and short messages', async () => {
    const { t, address, rpc } = await signedIn()
    const one = [{ to: fresh(), value: '0x1' }]
    const fail = (method: string, params: unknown) => t.fail('Rpc', { method, params })

    expect(await fail('wallet_getCapabilities', [fresh()])).toMatchObject({ code: 4100 })
    expect(await fail('wallet_sendCalls', request(one, { from: fresh() }))).toMatchObject({ code: 4100 })
    expect(await fail('wallet_sendCalls', request(one, { chainId: '0x7a6a' }))).toEqual({ code: 5710, message: 'Unsupported chain id' })
    expect(await fail('wallet_sendCalls', request(one, { capabilities: { paymasterService: { url: 'http://127.0.0.1:9' } } }))).toEqual({
      code: 5700,
      message: 'Unsupported non-optional capability',
    })
    expect(await fail('wallet_sendCalls', request(Array.from({ length: 11 }, () => one[0])))).toEqual({ code: 5740, message: 'Bundle too large' })
    expect(await fail('wallet_getCallsStatus', ['0x01'])).toEqual({ code: 5730, message: 'Unknown bundle id' })
    expect(await fail('wallet_showCallsStatus', ['0x01'])).toEqual({ code: 5730, message: 'Unknown bundle id' })
    expect(t.prompts).toHaveLength(0)

    t.setConfirm('reject')
    expect(await fail('wallet_sendCalls', request(one))).toEqual({ code: 4001, message: 'User rejected the request.' })
    t.setConfirm('alternative')
    expect(await fail('wallet_sendCalls', request(one))).toEqual({ code: 5750, message: 'Atomic-ready wallet rejected upgrade' })
    expect(await client().getTransactionCount({ address })).toBe(0)

    t.setConfirm('approve')
    expect(await rpc('wallet_sendCalls', request(one, { id: 'checkout-7' }))).toEqual({ id: 'checkout-7' })
    expect(await fail('wallet_sendCalls', request(one, { id: 'checkout-7' }))).toEqual({ code: 5720, message: 'Duplicate ID' })

    await t.ok('SwitchNetwork', { caipNetworkId: 'eip155:31338' })
    await withoutSimple7702(dev.chains[1]!, async () => {
      expect(await fail('wallet_sendCalls', request(one, { chainId: '0x7a6a' }))).toEqual({ code: 5760, message: 'Atomicity not supported' })
      // Not required: the calls go one by one.
      const { id } = (await rpc('wallet_sendCalls', request(one, { chainId: '0x7a6a', atomicRequired: false }))) as { id: string }
      expect(await rpc('wallet_getCallsStatus', [id])).toMatchObject({ chainId: '0x7a6a', atomic: false, status: 200 })
    })

    const signedOut = setup({ approveAfter: 1 })
    await signedOut.ok('SyncDappData', appData(networks()))
    expect(await signedOut.fail('Rpc', { method: 'wallet_sendCalls', params: request(one) })).toMatchObject({ code: 4100 })
  })

  it('a batch status survives a reload of the frame; wallet_showCallsStatus shows an info panel and answers null', async () => {
    const { t, rpc } = await signedIn()
    const { id } = (await rpc('wallet_sendCalls', request([{ to: fresh(), value: '0x2' }]))) as { id: string }
    const before = (await rpc('wallet_getCallsStatus', [id])) as Status
    expect(JSON.parse(t.storage.get(BATCHES_KEY)!)).toHaveProperty([id])

    const reloaded = setup({ reuse: { services: t.services, storage: t.storage } })
    await reloaded.ok('SyncDappData', appData(networks()))
    expect((await reloaded.ok('Rpc', { method: 'wallet_getCallsStatus', params: [id] })).result).toEqual(before)
    expect((await reloaded.ok('Rpc', { method: 'wallet_showCallsStatus', params: [id] })).result).toBeNull()
    await flush()
    const panel = reloaded.prompts.at(-1)!
    expect({ method: panel.method, kind: panel.kind }).toEqual({ method: 'wallet_showCallsStatus', kind: 'info' })
    expect(panel.details).toContainEqual({ label: 'Status', value: 'Confirmed' })
    expect(panel.details).toContainEqual({ label: 'Transaction', value: before.receipts![0]!.transactionHash })
  })
})
