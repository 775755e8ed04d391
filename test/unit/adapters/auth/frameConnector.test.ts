import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFrameConnector, type FrameApp } from '../../../../src/adapters/auth/createFrameConnector'
import { FRAME_PROTOCOL_VERSION, frameTheme, frameType, parseFrameMessage } from '../../../../src/core/domain/frameProtocol'
import { FRAME_READY_DELAY_MS } from '../../../../src/core/domain/constants'
import { evmNetwork } from '../../../support/stateAfter'

const FRAME = 'http://127.0.0.1:7001/frame/'
const ORIGIN = 'http://127.0.0.1:7001'

type Posted = { message: { type: string; id: string; name: string; payload: unknown }; target: string }

/** A page with one iframe slot: what the modal posts to the frame, and a way to answer as the frame (or as anyone). */
function fakePage(head: { title?: string; description?: string; icons?: string[] } = {}) {
  const listeners = new Set<(e: MessageEvent) => void>()
  const posted: Posted[] = []
  const frameWindow = {
    postMessage: (message: Posted['message'], target: string) => {
      // The frame would ignore what its parser does not take: the modal never sends that.
      expect(parseFrameMessage(message), JSON.stringify(message)).not.toBeNull()
      posted.push({ message, target })
    },
  }
  const iframe = {
    src: '',
    title: '',
    style: {} as Record<string, string>,
    contentWindow: frameWindow,
    setAttribute: () => undefined,
    addEventListener: () => undefined,
    remove: vi.fn(),
  }
  let created = 0
  const links = (head.icons ?? []).map((href) => ({ href }))
  const win = {
    location: { origin: 'http://127.0.0.1:5173' },
    document: {
      title: head.title ?? 'Host',
      createElement: () => {
        created++
        return iframe
      },
      body: { appendChild: () => undefined },
      querySelectorAll: (selector: string) => (selector === 'link[rel~="icon"]' ? links : []),
      querySelector: (selector: string) =>
        selector === 'meta[name="description"]' && head.description !== undefined ? { getAttribute: (n: string) => (n === 'content' ? head.description : null) } : null,
    },
    addEventListener: (_type: string, l: (e: MessageEvent) => void) => void listeners.add(l),
    removeEventListener: (_type: string, l: (e: MessageEvent) => void) => void listeners.delete(l),
  }
  const send = (data: unknown, from: { origin?: string; source?: unknown } = {}) => {
    const event = { data, origin: from.origin ?? ORIGIN, source: from.source === undefined ? frameWindow : from.source } as MessageEvent
    for (const l of listeners) l(event)
  }
  const last = (name: string) => [...posted].reverse().find((p) => p.message.name === name)?.message
  /** Answers the latest request `name` as the frame. */
  const reply = (name: string, kind: 'success' | 'error', payload: unknown) => {
    const request = last(name)
    if (!request) throw new Error(`no ${name} was posted`)
    send({ type: frameType(kind), id: request.id, name, payload })
  }
  const names = () => posted.map((p) => p.message.name)
  return { win: win as unknown as Window, iframe, posted, send, reply, last, names, created: () => created }
}

/** A connector whose frame announced itself ready and took the app's data (fake timers). */
async function loaded(app: FrameApp = {}, options: { requestTimeoutMs?: number } = {}, networks = [evmNetwork(31337)]) {
  const page = fakePage()
  const auth = createFrameConnector({ frameUrl: FRAME, ...options }, networks, page.win, app)
  const loading = auth.load()
  page.send({ type: frameType('ready'), version: FRAME_PROTOCOL_VERSION })
  await vi.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS)
  page.reply('SyncDappData', 'success', {})
  await loading
  return { page, auth }
}

afterEach(() => vi.useRealTimers())

describe('the embedded wallet frame client', () => {
  it("hears only the frame's own window and origin: a ready from elsewhere does not count", async () => {
    vi.useFakeTimers()
    const page = fakePage()
    const auth = createFrameConnector({ frameUrl: FRAME }, [evmNetwork(31337)], page.win)
    let loaded = false
    const loading = auth.load().then(() => (loaded = true))
    expect(page.iframe.src).toBe(`${FRAME}?parentOrigin=${encodeURIComponent('http://127.0.0.1:5173')}`)
    page.send({ type: frameType('ready'), version: FRAME_PROTOCOL_VERSION }, { origin: 'http://evil.example' })
    page.send({ type: frameType('ready'), version: FRAME_PROTOCOL_VERSION }, { source: {} })
    page.send({ type: frameType('ready'), version: 3 })
    await vi.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS)
    expect(page.posted).toEqual([])
    page.send({ type: frameType('ready'), version: FRAME_PROTOCOL_VERSION })
    await vi.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS)
    // Ready: the app's data, then the theme, to the frame's origin only.
    expect(page.posted.map((p) => [p.message.name, p.target])).toEqual([
      ['SyncDappData', ORIGIN],
      ['SyncTheme', ORIGIN],
    ])
    page.reply('SyncDappData', 'success', {})
    await loading
    expect(loaded).toBe(true)

    // A reply from another origin with the right id settles nothing; the frame's own does.
    const asked = auth.connectEmail({ email: 'ada@example.com' })
    await vi.advanceTimersByTimeAsync(0)
    const id = page.last('ConnectEmail')!.id
    page.send({ type: frameType('success'), id, name: 'ConnectEmail', payload: { action: 'CONNECT' } }, { origin: 'http://evil.example' })
    page.send({ type: frameType('error'), id, name: 'ConnectEmail', payload: { message: 'Invalid email' } })
    await expect(asked).rejects.toMatchObject({ shortMessage: 'Invalid email' })
  })

  it('waits the frame-ready delay (500 ms) after the frame is ready before its first message', async () => {
    vi.useFakeTimers()
    const page = fakePage()
    const auth = createFrameConnector({ frameUrl: FRAME }, [evmNetwork(31337)], page.win)
    void auth.load()
    page.send({ type: frameType('ready'), version: FRAME_PROTOCOL_VERSION })
    await vi.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS - 1)
    expect(page.posted).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(page.names()).toEqual(['SyncDappData', 'SyncTheme'])
  })

  it("app data in the spec's shape: the host's metadata, the SDK's type and version, the project id, the app's EVM networks", async () => {
    vi.useFakeTimers()
    const metadata = { name: 'My App', description: 'Swaps', url: 'https://app.example', icons: ['https://app.example/icon.png'] }
    const { page } = await loaded({ projectId: 'p-123', metadata })
    expect(page.last('SyncDappData')!.payload).toEqual({
      metadata,
      sdkVersion: '0.1.0',
      sdkType: 'gangway',
      projectId: 'p-123',
      networks: [{ caipNetworkId: 'eip155:31337', name: 'Chain 31337', rpcUrl: 'http://127.0.0.1:31337', rpcUrls: ['http://127.0.0.1:31337'] }],
    })
  })

  it("a network's every RPC URL goes to the frame, in the order the modal reads them (default, then chainDefault, each once)", async () => {
    vi.useFakeTimers()
    const network = evmNetwork(31337)
    network.rpcUrls = { default: { http: ['http://127.0.0.1:1/', 'http://127.0.0.1:2/'] }, chainDefault: { http: ['http://127.0.0.1:2/', 'http://127.0.0.1:3/'] } }
    const { page } = await loaded({}, {}, [network])
    const sent = (page.last('SyncDappData')!.payload as { networks: unknown[] }).networks
    expect(sent).toEqual([{ caipNetworkId: 'eip155:31337', name: 'Chain 31337', rpcUrl: 'http://127.0.0.1:1/', rpcUrls: ['http://127.0.0.1:1/', 'http://127.0.0.1:2/', 'http://127.0.0.1:3/'] }])
  })

  it("asks the frame for the smart-account networks (spec §7 smart account get networks)", async () => {
    vi.useFakeTimers()
    const { page, auth } = await loaded()
    const asked = auth.getSmartAccountEnabledNetworks!()
    await vi.advanceTimersByTimeAsync(0)
    page.reply('GetSmartAccountEnabledNetworks', 'success', { smartAccountEnabledNetworks: [31337, 8453] })
    await expect(asked).resolves.toEqual([31337, 8453])
  })

  it("without the host's metadata, the page's: its title, description, origin and http(s) icons", async () => {
    vi.useFakeTimers()
    const page = fakePage({ title: 'Demo shop', description: 'A demo', icons: ['http://127.0.0.1:5173/icon.svg', 'data:,'] })
    const auth = createFrameConnector({ frameUrl: FRAME }, [evmNetwork(31337)], page.win)
    void auth.load()
    page.send({ type: frameType('ready'), version: FRAME_PROTOCOL_VERSION })
    await vi.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS)
    expect((page.last('SyncDappData')!.payload as { metadata: unknown }).metadata).toEqual({
      name: 'Demo shop',
      description: 'A demo',
      url: 'http://127.0.0.1:5173',
      icons: ['http://127.0.0.1:5173/icon.svg'],
    })
  })

  it('theme sync: kept until the frame loads (never loading it), sent on its load, then on each change', async () => {
    vi.useFakeTimers()
    const page = fakePage()
    const app = { themeVariables: { '--gw-accent': '#0a7d4f' } }
    const auth = createFrameConnector({ frameUrl: FRAME }, [evmNetwork(31337)], page.win, app)
    auth.syncTheme({ themeMode: 'dark', themeVariables: { '--gw-bg': '#101010' } })
    expect(page.created()).toBe(0)
    void auth.load()
    page.send({ type: frameType('ready'), version: FRAME_PROTOCOL_VERSION })
    await vi.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS)
    // The option's variables with the run-time ones laid over them; the prompt's colours resolved for the mode.
    expect(page.last('SyncTheme')!.payload).toEqual(frameTheme('dark', { '--gw-accent': '#0a7d4f', '--gw-bg': '#101010' }))
    expect(page.last('SyncTheme')!.payload).toMatchObject({ w3mThemeVariables: { '--gw-accent': '#0a7d4f', '--gw-bg': '#101010', '--gw-fg': '#f2f3f5' } })
    page.reply('SyncDappData', 'success', {})
    await vi.advanceTimersByTimeAsync(0)
    auth.syncTheme({ themeMode: 'light', themeVariables: {} })
    expect(page.names().filter((n) => n === 'SyncTheme')).toHaveLength(2)
    expect(page.last('SyncTheme')!.payload).toEqual(frameTheme('light', { '--gw-accent': '#0a7d4f' }))
  })

  it("a frame that never answers: 'Network Error - Could not load embedded wallet' after the load timeout, the frame removed", async () => {
    vi.useFakeTimers()
    const page = fakePage()
    const auth = createFrameConnector({ frameUrl: FRAME, loadTimeoutMs: 1_000 }, [], page.win)
    const loading = auth.load()
    const outcome = expect(loading).rejects.toMatchObject({ shortMessage: 'Network Error - Could not load embedded wallet' })
    await vi.advanceTimersByTimeAsync(1_000)
    await outcome
    expect(page.iframe.remove).toHaveBeenCalled()
  })

  it("an aborted request: 'Request was aborted', and the frame is told to withdraw it (RpcAbort with its id)", async () => {
    vi.useFakeTimers()
    const { page, auth } = await loaded()
    const controller = new AbortController()
    const signing = auth.request({ method: 'personal_sign', params: ['0x6869', '0x0000000000000000000000000000000000000001'] }, controller.signal)
    await vi.advanceTimersByTimeAsync(0)
    const id = page.last('Rpc')!.id
    const outcome = expect(signing).rejects.toMatchObject({ shortMessage: 'Request was aborted' })
    controller.abort()
    await outcome
    expect(page.last('RpcAbort')!.payload).toEqual({ id })
    // A device-approval wait left (Back, another address) goes the same way.
    const device = new AbortController()
    const waiting = expect(auth.connectDevice(device.signal)).rejects.toMatchObject({ shortMessage: 'Request was aborted' })
    await vi.advanceTimersByTimeAsync(0)
    device.abort()
    await waiting
    expect(page.last('RpcAbort')!.payload).toEqual({ id: page.last('ConnectDevice')!.id })
    // Aborted before it was asked: nothing goes to the frame.
    const before = page.posted.length
    await expect(auth.request({ method: 'eth_chainId' }, AbortSignal.abort())).rejects.toMatchObject({ shortMessage: 'Request was aborted' })
    expect(page.posted).toHaveLength(before)
  })

  it("abortRequest withdraws the frame's prompts (RpcAbort without id); before the frame loaded it sends nothing", async () => {
    vi.useFakeTimers()
    const idle = fakePage()
    await createFrameConnector({ frameUrl: FRAME }, [], idle.win).abortRequest()
    expect(idle.created()).toBe(0)
    const { page, auth } = await loaded()
    const signing = auth.provider.request({ method: 'personal_sign', params: ['0x6869', '0x0000000000000000000000000000000000000001'] })
    await vi.advanceTimersByTimeAsync(0)
    await auth.abortRequest()
    expect(page.last('RpcAbort')!.payload).toEqual({})
    // The frame answers the withdrawn request; that settles it.
    page.reply('Rpc', 'error', { message: 'Request was aborted' })
    await expect(signing).rejects.toThrow('Request was aborted')
  })

  it("a request the frame leaves unanswered: 'Embedded Wallet Request Timed Out'; the frame reloads and the next request waits until it is ready again", async () => {
    vi.useFakeTimers()
    const { page, auth } = await loaded({}, { requestTimeoutMs: 5_000 })
    const signing = auth.provider.request({ method: 'eth_chainId' })
    const timedOut = expect(auth.connectOtp({ otp: '123456' })).rejects.toMatchObject({ shortMessage: 'Embedded Wallet Request Timed Out' })
    const gone = expect(signing).rejects.toMatchObject({ shortMessage: 'Request was aborted' })
    await vi.advanceTimersByTimeAsync(5_000)
    await timedOut
    // Requests still waiting get no answer from the page that goes.
    await gone
    expect(page.names().at(-1)).toBe('Reload')
    page.reply('Reload', 'success', {})

    const asked = auth.connectEmail({ email: 'ada@example.com' })
    await vi.advanceTimersByTimeAsync(1_000)
    expect(page.names().at(-1)).toBe('Reload')
    // The reloaded page: ready, the delay, the app's data and theme again, then the request.
    page.send({ type: frameType('ready'), version: FRAME_PROTOCOL_VERSION })
    await vi.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS)
    expect(page.names().slice(-2)).toEqual(['SyncDappData', 'SyncTheme'])
    page.reply('SyncDappData', 'success', {})
    await vi.advanceTimersByTimeAsync(0)
    expect(page.names().at(-1)).toBe('ConnectEmail')
    page.reply('ConnectEmail', 'success', { action: 'VERIFY_OTP' })
    await expect(asked).resolves.toEqual({ action: 'VERIFY_OTP' })
    expect(page.created()).toBe(1)
  })

  it('a reloaded frame that never comes back is removed; the next request loads a new one', async () => {
    vi.useFakeTimers()
    const page = fakePage()
    const auth = createFrameConnector({ frameUrl: FRAME, requestTimeoutMs: 1_000, loadTimeoutMs: 2_000 }, [evmNetwork(31337)], page.win)
    const loading = auth.load()
    page.send({ type: frameType('ready'), version: FRAME_PROTOCOL_VERSION })
    await vi.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS)
    page.reply('SyncDappData', 'success', {})
    await loading
    const timedOut = expect(auth.connectOtp({ otp: '1' })).rejects.toMatchObject({ shortMessage: 'Embedded Wallet Request Timed Out' })
    await vi.advanceTimersByTimeAsync(1_000)
    await timedOut
    await vi.advanceTimersByTimeAsync(2_000)
    expect(page.iframe.remove).toHaveBeenCalled()
    void auth.connectEmail({ email: 'ada@example.com' }).catch(() => undefined)
    expect(page.created()).toBe(2)
  })

  it("the frame's approval prompt shows the frame over the page, and hides it again", async () => {
    const page = fakePage()
    const auth = createFrameConnector({ frameUrl: FRAME, loadTimeoutMs: 50 }, [], page.win)
    // This frame never says it is ready: its load fails soon after the test, and that is expected.
    auth.load().catch(() => undefined)
    expect(page.iframe.style.display).toBe('none')
    page.send({ type: frameType('prompt'), open: true })
    expect(page.iframe.style.display).toBe('block')
    page.send({ type: frameType('prompt'), open: false })
    expect(page.iframe.style.display).toBe('none')
  })

  it("wallet_revokePermissions: EIP-2255's [{ eth_accounts }] signs out; ERC-7715's [{ permissionContext }] goes to the frame's wallet", async () => {
    vi.useFakeTimers()
    const { page, auth } = await loaded()
    const rpcs = () => page.names().filter((n) => n === 'Rpc')

    // A session permission: the frame's own prompt, then its answer.
    const revoked = auth.provider.request({ method: 'wallet_revokePermissions', params: [{ permissionContext: '0xc0ffee' }] })
    await vi.advanceTimersByTimeAsync(0)
    expect(page.last('Rpc')!.payload).toEqual({ method: 'wallet_revokePermissions', params: [{ permissionContext: '0xc0ffee' }] })
    page.reply('Rpc', 'success', { result: {} })
    await expect(revoked).resolves.toEqual({})
    // Its refusal keeps the wallet's code.
    const refused = auth.provider.request({ method: 'wallet_revokePermissions', params: [{ permissionContext: '0xc0ffee' }] })
    await vi.advanceTimersByTimeAsync(0)
    expect(rpcs()).toHaveLength(2)
    page.reply('Rpc', 'error', { message: 'User rejected the request', code: 4001 })
    await expect(refused).rejects.toMatchObject({ code: 4001 })
    expect(page.names()).not.toContain('SignOut')

    // A site's "disconnect": signed out, nothing asked of the wallet.
    const signedOut = auth.provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    await vi.advanceTimersByTimeAsync(0)
    expect(page.names().at(-1)).toBe('SignOut')
    page.reply('SignOut', 'success', {})
    await expect(signedOut).resolves.toBeNull()
    expect(rpcs()).toHaveLength(2)
  })

  it('a network switch reads the user again: its accounts change where the smart account is or is not, before chainChanged', async () => {
    vi.useFakeTimers()
    const { page, auth } = await loaded({}, {}, [evmNetwork(31337), evmNetwork(31338)])
    const eoa = '0x00000000000000000000000000000000000000a1'
    const smart = '0x00000000000000000000000000000000000000b2'
    const frameUser = (caipNetworkId: string, accounts: { address: string; type: 'eoa' | 'smartAccount' }[]) => ({
      email: 'ada@example.com',
      username: null,
      address: accounts[0]!.address,
      caipNetworkId,
      auth: 'email',
      preferredAccountType: accounts[0]!.type,
      smartAccountDeployed: false,
      accounts,
    })
    const heard: [string, unknown][] = []
    auth.provider.on!('accountsChanged', (a) => heard.push(['accountsChanged', a]))
    auth.provider.on!('chainChanged', (c) => heard.push(['chainChanged', c]))
    const got = auth.getUser({})
    await vi.advanceTimersByTimeAsync(0)
    page.reply('GetUser', 'success', frameUser('eip155:31337', [{ address: smart, type: 'smartAccount' }, { address: eoa, type: 'eoa' }]))
    await got

    /** wallet_switchEthereumChain to `chainId`, the frame answering its switch, then the user it has there. */
    const switchTo = async (chainId: number, accounts: Parameters<typeof frameUser>[1]) => {
      const switching = auth.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: `0x${chainId.toString(16)}` }] })
      await vi.advanceTimersByTimeAsync(0)
      page.reply('SwitchNetwork', 'success', { caipNetworkId: `eip155:${chainId}` })
      await vi.advanceTimersByTimeAsync(0)
      page.reply('GetUser', 'success', frameUser(`eip155:${chainId}`, accounts))
      await switching
    }
    const both = [{ address: smart, type: 'smartAccount' as const }, { address: eoa, type: 'eoa' as const }]

    // To a network without smart accounts: the EOA alone.
    await switchTo(31338, [{ address: eoa, type: 'eoa' }])
    expect(heard).toEqual([
      ['accountsChanged', [eoa]],
      ['chainChanged', '0x7a6a'],
    ])
    expect(auth.provider.accountType!(eoa)).toBe('eoa')
    expect(auth.provider.accountType!(smart)).toBeUndefined()

    // Back: the smart account again; a switch that changes no account says only chainChanged.
    await switchTo(31337, both)
    expect(heard.slice(2)).toEqual([
      ['accountsChanged', [smart, eoa]],
      ['chainChanged', '0x7a69'],
    ])
    expect(auth.provider.accountType!(smart)).toBe('smartAccount')
    await switchTo(31337, both)
    expect(heard.slice(4)).toEqual([['chainChanged', '0x7a69']])
  })
})
