// A signed-in embedded-wallet frame for tests of its smart account: the wallet service in
// memory (e-mail + one-time code sign-in, the user's key, the smart-account networks it runs),
// requests sent as the parent window, prompts answered by the test. The networks' nodes and
// bundlers are reached through `nodeFetch`: the real ones (global fetch) or `fakeNode`.
import { encodeAbiParameters, erc20Abi, encodeFunctionResult, numberToHex, toFunctionSelector, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createFrameWallet, type FramePrompt, type FrameStorage } from '../../dev/frame/frameWallet'
import type { SmartAccountNetwork } from '../../dev/frame/smartAccount'
import type { FrameAppData, FrameMessage, FrameRequestName } from '../../src/core/domain/frameProtocol'

/** The modal's page, the frame's parent. */
export const PARENT = 'http://127.0.0.1:5173'
const OTP = '123456'

export type HarnessNetwork = { caipNetworkId: string; name: string; rpcUrl: string }

/**
 * A SyncDappData payload as the modal sends it (spec §3's app data, the app's networks).
 *
 * @example
 * await ok('SyncDappData', appData(networks, 'Test App'))
 */
export function appData(networks: HarnessNetwork[], name = ''): FrameAppData {
  return { metadata: { name, description: '', url: PARENT, icons: [] }, sdkVersion: '0.1.0', sdkType: 'gangway', projectId: 'test-project', networks }
}
type Fetch = (input: string, init?: RequestInit) => Promise<Response>
export type ConfirmMode = 'approve' | 'reject' | 'hold'

export type MemoryStorage = FrameStorage & { map: Map<string, string> }

/** The frame page's localStorage, in memory. */
export function memoryStorage(): MemoryStorage {
  const map = new Map<string, string>()
  return { map, get: (k) => map.get(k) ?? null, set: (k, v) => void map.set(k, v), del: (k) => void map.delete(k) }
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/**
 * A frame wallet whose wallet service knows one user (key `privateKey`) and runs smart accounts on
 * `smartAccounts`. `reuse` gives a second frame the first one's storage and user (a reload).
 *
 * @example
 * const t = frameHarness({ networks, smartAccounts, nodeFetch: fetch })
 * await t.signIn({ smartAccount: true })
 * const responses = await t.rpc('wallet_requestExecutionPermissions', [request])
 */
export function frameHarness(options: {
  networks: HarnessNetwork[]
  smartAccounts: SmartAccountNetwork[]
  nodeFetch: Fetch
  privateKey?: Hex
  storage?: MemoryStorage
  confirm?: ConfirmMode
  /** Also hears what the frame posts (e.g. to hand it to a page's message listeners). */
  onPost?: (message: FrameMessage) => void
}) {
  const privateKey = options.privateKey ?? generatePrivateKey()
  const owner = privateKeyToAccount(privateKey)
  const storage = options.storage ?? memoryStorage()
  const posts: FrameMessage[] = []
  const prompts: FramePrompt[] = []
  const waiters: (() => void)[] = []
  let confirmMode: ConfirmMode = options.confirm ?? 'approve'
  /** performance.now() of each prompt's answer: what a figure of "approve → answer" starts from. */
  const answeredAt: number[] = []
  const sessions = new Set<string>()
  /** What SyncTheme applied, in order. */
  const themes: { mode: 'light' | 'dark'; variables: Record<string, string> }[] = []

  const fetch: Fetch = async (input, init) => {
    if (/^https?:\/\//.test(input)) return options.nodeFetch(input, init)
    const url = new URL(input, 'http://auth.test')
    const method = init?.method ?? 'GET'
    const bearer = new Headers(init?.headers).get('authorization')?.slice('Bearer '.length) ?? null
    switch (`${method} ${url.pathname}`) {
      case 'POST /v1/email/connect':
        return json(200, { action: 'VERIFY_OTP' })
      case 'POST /v1/otp/verify': {
        const body = JSON.parse(String(init?.body)) as { otp?: string }
        if (body.otp !== OTP) return json(400, { error: 'Invalid code' })
        const token = `tok-${sessions.size + 1}`
        sessions.add(token)
        return json(200, { token })
      }
      case 'GET /v1/me':
        if (bearer === null || !sessions.has(bearer)) return json(401, { error: 'Session Expired' })
        return json(200, { user: { id: 'u1', email: 'ada@example.com', username: null, auth: 'email', address: owner.address, privateKey } })
      case 'GET /v1/smart-accounts':
        return json(200, { networks: options.smartAccounts })
      case 'POST /v1/signout':
        return json(200, {})
      default:
        return json(404, { error: `No route ${method} ${url.pathname}` })
    }
  }

  const wallet = createFrameWallet({
    fetch,
    storage,
    post: (m) => {
      posts.push(structuredClone(m))
      for (const w of waiters.splice(0)) w()
      options.onPost?.(structuredClone(m))
    },
    confirm: (prompt) => {
      prompts.push(prompt)
      if (confirmMode === 'hold') return new Promise<boolean>(() => undefined)
      answeredAt.push(performance.now())
      return Promise.resolve(confirmMode === 'approve')
    },
    createDeviceId: () => 'device-1',
    parentOrigin: PARENT,
    devicePollMs: 5,
    setTheme: (theme) => void themes.push(theme),
  })

  const { send, ok, fail } = parentRequests(wallet, posts, waiters)

  return {
    wallet,
    owner,
    privateKey,
    storage,
    posts,
    prompts,
    themes,
    answeredAt,
    send,
    ok,
    fail,
    setConfirm: (mode: ConfirmMode) => (confirmMode = mode),
    /** Syncs the networks and signs in; with `smartAccount`, switches to the smart account and answers its address. */
    async signIn(signIn: { smartAccount?: boolean } = {}): Promise<Address> {
      await ok('SyncDappData', appData(options.networks, 'Test App'))
      await ok('ConnectEmail', { email: 'ada@example.com' })
      await ok('ConnectOtp', { otp: OTP })
      if (!signIn.smartAccount) return owner.address
      const user = await ok('SetPreferredAccount', { type: 'smartAccount' })
      return (user.accounts as { address: Address }[])[0]!.address
    },
    /** Syncs the networks of a frame that `reuse`s a signed-in frame's storage (a reload). */
    async reload(): Promise<void> {
      await ok('SyncDappData', appData(options.networks, 'Test App'))
    },
    async rpc(method: string, params?: unknown): Promise<unknown> {
      return (await ok('Rpc', { method, ...(params !== undefined ? { params } : {}) })).result
    },
    rpcFail: (method: string, params?: unknown) => fail('Rpc', { method, ...(params !== undefined ? { params } : {}) }),
  }
}

export type FrameHarness = ReturnType<typeof frameHarness>

/**
 * A network node in memory, enough for the smart account's permissions: chain id, the latest
 * block's time, no contract code anywhere (the account is counterfactual), ERC-20 `symbol()` /
 * `decimals()` of `tokens`, DelegationManager's `disabledDelegations(hash)` from `disabled`.
 * Everything else, bundler calls included, is answered with a JSON-RPC error.
 *
 * @example
 * const node = fakeNode({ chainId: 31337, time: 1_700_000_000, tokens: { [gusd]: { symbol: 'GUSD', decimals: 6 } } })
 */
export function fakeNode(options: { chainId: number; time: number; tokens?: Record<Address, { symbol: string; decimals: number }>; delegationManager?: Address }) {
  const disabled = new Set<Hex>()
  const calls: { method: string; params: unknown[] }[] = []
  const tokens = new Map(Object.entries(options.tokens ?? {}).map(([a, t]) => [a.toLowerCase(), t]))
  const disabledSelector = toFunctionSelector('disabledDelegations(bytes32)')
  const answer = (method: string, params: unknown[]): { result: unknown } | { error: { code: number; message: string } } => {
    switch (method) {
      case 'eth_chainId':
        return { result: numberToHex(options.chainId) }
      case 'eth_getCode':
        return { result: '0x' }
      case 'eth_getBlockByNumber':
        return { result: { number: '0x2a', timestamp: numberToHex(options.time), hash: `0x${'11'.repeat(32)}`, baseFeePerGas: '0x3b9aca00' } }
      case 'eth_call': {
        const { to, data } = params[0] as { to: string; data: Hex }
        const token = tokens.get(to.toLowerCase())
        if (token && data === toFunctionSelector('symbol()')) return { result: encodeFunctionResult({ abi: erc20Abi, functionName: 'symbol', result: token.symbol }) }
        if (token && data === toFunctionSelector('decimals()')) return { result: encodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', result: token.decimals }) }
        if (options.delegationManager && to.toLowerCase() === options.delegationManager.toLowerCase() && data.startsWith(disabledSelector)) {
          return { result: encodeAbiParameters([{ type: 'bool' }], [disabled.has(`0x${data.slice(10)}` as Hex)]) }
        }
        return { error: { code: 3, message: 'execution reverted' } }
      }
      default:
        return { error: { code: -32601, message: `${method} is not served by this node` } }
    }
  }
  type Request = { id: number; method: string; params?: unknown[] }
  const reply = (request: Request) => {
    calls.push({ method: request.method, params: request.params ?? [] })
    return { jsonrpc: '2.0', id: request.id, ...answer(request.method, request.params ?? []) }
  }
  // The frame's transport batches the calls of a task into one POST (a JSON-RPC batch), as a node answers it.
  const fetch: Fetch = async (_input, init) => {
    const body = JSON.parse(String(init?.body)) as Request | Request[]
    return json(200, Array.isArray(body) ? body.map(reply) : reply(body))
  }
  return { fetch, calls, disabled }
}

/**
 * Requests to a frame wallet as its parent window sends them, answered from the messages it
 * posted (`posts`; each post wakes one of `waiters`): `send` resolves with the reply, `ok` with a
 * success's payload, `fail` with an error's, `repliesTo(id)` lists what answered a request.
 *
 * @example
 * const { ok } = parentRequests(wallet, posts, waiters)
 * await ok('SyncDappData', appData(networks, 'Test App'))
 */
export function parentRequests(wallet: Pick<ReturnType<typeof createFrameWallet>, 'receive'>, posts: FrameMessage[], waiters: (() => void)[]) {
  let seq = 0
  const repliesTo = (id: string) => posts.filter((m) => 'id' in m && m.id === id && m.type !== '@gangway/frame/request')
  const nextPost = () => new Promise<void>((ok) => waiters.push(ok))
  async function send(name: FrameRequestName, payload: unknown = {}) {
    const id = `r${++seq}`
    if (!wallet.receive({ data: { type: '@gangway/frame/request', id, name, payload }, origin: PARENT, fromParent: true })) throw new Error(`${name} was not accepted`)
    while (repliesTo(id).length === 0) await nextPost()
    return repliesTo(id)[0] as Extract<FrameMessage, { id: string }>
  }
  async function ok(name: FrameRequestName, payload: unknown = {}) {
    const reply = await send(name, payload)
    if (reply.type !== '@gangway/frame/success') throw new Error(`${name} failed: ${JSON.stringify(reply.payload)}`)
    return reply.payload as Record<string, unknown>
  }
  async function fail(name: FrameRequestName, payload: unknown = {}) {
    const reply = await send(name, payload)
    if (reply.type !== '@gangway/frame/error') throw new Error(`${name} succeeded: ${JSON.stringify(reply.payload)}`)
    return reply.payload as { message: string; code?: number }
  }
  return { send, ok, fail, repliesTo }
}
