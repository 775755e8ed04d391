import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFrameConnector } from '../../../../src/adapters/auth/createFrameConnector'
import { FRAME_PROTOCOL_VERSION, frameType } from '../../../../src/core/domain/frameProtocol'
import { evmNetwork } from '../../../support/stateAfter'

const FRAME = 'http://127.0.0.1:7001/frame/'
const ORIGIN = 'http://127.0.0.1:7001'

/** A page with one iframe slot: what the modal posts to the frame, and a way to answer as the frame (or as anyone). */
function fakePage() {
  const listeners = new Set<(e: MessageEvent) => void>()
  const posted: { message: { type: string; id?: string; name?: string; payload?: unknown }; target: string }[] = []
  const frameWindow = { postMessage: (message: never, target: string) => void posted.push({ message, target }) }
  const iframe = {
    src: '',
    title: '',
    style: {} as Record<string, string>,
    contentWindow: frameWindow,
    setAttribute: () => undefined,
    addEventListener: () => undefined,
    remove: vi.fn(),
  }
  const win = {
    location: { origin: 'http://127.0.0.1:5173' },
    document: { title: 'Host', createElement: () => iframe, body: { appendChild: () => undefined } },
    addEventListener: (_type: string, l: (e: MessageEvent) => void) => void listeners.add(l),
    removeEventListener: (_type: string, l: (e: MessageEvent) => void) => void listeners.delete(l),
  }
  const send = (data: unknown, from: { origin?: string; source?: unknown } = {}) => {
    const event = { data, origin: from.origin ?? ORIGIN, source: from.source === undefined ? frameWindow : from.source } as MessageEvent
    for (const l of listeners) l(event)
  }
  const reply = (kind: 'success' | 'error', payload: unknown) => {
    const request = posted[posted.length - 1]!.message
    send({ type: frameType(kind), id: request.id, name: request.name, payload })
  }
  return { win: win as unknown as Window, iframe, posted, send, reply }
}

afterEach(() => vi.useRealTimers())

describe('the embedded wallet frame client', () => {
  it("hears only the frame's own window and origin: a ready from elsewhere does not count", async () => {
    const page = fakePage()
    const auth = createFrameConnector({ frameUrl: FRAME }, [evmNetwork(31337)], page.win)
    let loaded = false
    const loading = auth.load().then(() => (loaded = true))
    expect(page.iframe.src).toBe(`${FRAME}?parentOrigin=${encodeURIComponent('http://127.0.0.1:5173')}`)
    page.send({ type: frameType('ready'), version: FRAME_PROTOCOL_VERSION }, { origin: 'http://evil.example' })
    page.send({ type: frameType('ready'), version: FRAME_PROTOCOL_VERSION }, { source: {} })
    page.send({ type: frameType('ready'), version: 3 })
    await Promise.resolve()
    expect(page.posted).toEqual([])
    page.send({ type: frameType('ready'), version: FRAME_PROTOCOL_VERSION })
    // Ready: the app's networks go to the frame first, to its origin only.
    await vi.waitFor(() => expect(page.posted.map((p) => [p.message.name, p.target])).toEqual([['SyncDappData', ORIGIN]]))
    expect(page.posted[0]!.message.payload).toMatchObject({ networks: [{ caipNetworkId: 'eip155:31337', rpcUrl: 'http://127.0.0.1:31337' }] })
    page.reply('success', {})
    await loading
    expect(loaded).toBe(true)

    // A reply from another origin with the right id settles nothing; the frame's own does.
    const asked = auth.connectEmail({ email: 'ada@example.com' })
    await vi.waitFor(() => expect(page.posted.at(-1)?.message.name).toBe('ConnectEmail'))
    const id = page.posted.at(-1)!.message.id
    page.send({ type: frameType('success'), id, name: 'ConnectEmail', payload: { action: 'CONNECT' } }, { origin: 'http://evil.example' })
    page.send({ type: frameType('error'), id, name: 'ConnectEmail', payload: { message: 'Invalid email' } })
    await expect(asked).rejects.toMatchObject({ shortMessage: 'Invalid email' })
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

  it("a request the frame leaves unanswered: 'Embedded Wallet Request Timed Out'; an aborted one: 'Request was aborted'", async () => {
    vi.useFakeTimers()
    const page = fakePage()
    const auth = createFrameConnector({ frameUrl: FRAME, requestTimeoutMs: 5_000 }, [], page.win)
    const loading = auth.load()
    page.send({ type: frameType('ready'), version: FRAME_PROTOCOL_VERSION })
    await vi.advanceTimersByTimeAsync(0)
    page.reply('success', {})
    await loading
    const timedOut = expect(auth.connectOtp({ otp: '123456' })).rejects.toMatchObject({ shortMessage: 'Embedded Wallet Request Timed Out' })
    await vi.advanceTimersByTimeAsync(5_000)
    await timedOut
    const controller = new AbortController()
    const aborted = expect(auth.connectDevice(controller.signal)).rejects.toMatchObject({ shortMessage: 'Request was aborted' })
    controller.abort()
    await aborted
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
    const page = fakePage()
    const auth = createFrameConnector({ frameUrl: FRAME }, [evmNetwork(31337)], page.win)
    const loading = auth.load()
    page.send({ type: frameType('ready'), version: FRAME_PROTOCOL_VERSION })
    await vi.waitFor(() => expect(page.posted.at(-1)?.message.name).toBe('SyncDappData'))
    page.reply('success', {})
    await loading
    const names = () => page.posted.map((p) => p.message.name)

    // A session permission: the frame's own prompt, then its answer.
    const revoked = auth.provider.request({ method: 'wallet_revokePermissions', params: [{ permissionContext: '0xc0ffee' }] })
    await vi.waitFor(() => expect(page.posted.at(-1)?.message.name).toBe('Rpc'))
    expect(page.posted.at(-1)!.message.payload).toEqual({ method: 'wallet_revokePermissions', params: [{ permissionContext: '0xc0ffee' }] })
    page.reply('success', { result: {} })
    await expect(revoked).resolves.toEqual({})
    // Its refusal keeps the wallet's code.
    const refused = auth.provider.request({ method: 'wallet_revokePermissions', params: [{ permissionContext: '0xc0ffee' }] })
    await vi.waitFor(() => expect(names().filter((n) => n === 'Rpc')).toHaveLength(2))
    page.reply('error', { message: 'User rejected the request', code: 4001 })
    await expect(refused).rejects.toMatchObject({ code: 4001 })
    expect(names()).not.toContain('SignOut')

    // A site's "disconnect": signed out, nothing asked of the wallet.
    const signedOut = auth.provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    await vi.waitFor(() => expect(page.posted.at(-1)?.message.name).toBe('SignOut'))
    page.reply('success', {})
    await expect(signedOut).resolves.toBeNull()
    expect(names().filter((n) => n === 'Rpc')).toHaveLength(2)
  })
})
