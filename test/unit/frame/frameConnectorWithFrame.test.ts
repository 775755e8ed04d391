// The modal's frame client against the real frame wallet (dev/frame), their messages passed as a
// browser would (asynchronously, structured-cloned, with the frame's origin and window): the
// theme the prompt is drawn with, the app's name on it, and prompts the modal withdraws.
import { toHex } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { createFrameConnector } from '../../../src/adapters/auth/createFrameConnector'
import { createEvmAdapter } from '../../../src/adapters/evm/createEvmAdapter'
import type { FrameMessage } from '../../../src/core/domain/frameProtocol'
import { evmNetwork } from '../../support/stateAfter'
import { fakeNode, frameHarness, PARENT, type ConfirmMode } from '../../support/frameHarness'

const FRAME_ORIGIN = 'http://127.0.0.1:7001'
const NETWORKS = [{ caipNetworkId: 'eip155:31337', name: 'Local', rpcUrl: 'http://127.0.0.1:31337' }]

/** A page whose hidden iframe holds the real frame wallet; the frame announces itself once appended. */
function pageWithFrame(confirm: ConfirmMode = 'hold') {
  const listeners = new Set<(e: MessageEvent) => void>()
  const frameWindow = {
    postMessage: (message: unknown, target: string) => {
      expect(target).toBe(FRAME_ORIGIN)
      setTimeout(() => t.wallet.receive({ data: structuredClone(message), origin: PARENT, fromParent: true }), 0)
    },
  }
  const toPage = (message: FrameMessage) =>
    setTimeout(() => {
      for (const l of listeners) l({ data: message, origin: FRAME_ORIGIN, source: frameWindow } as MessageEvent)
    }, 0)
  const t = frameHarness({ networks: NETWORKS, smartAccounts: [], nodeFetch: fakeNode({ chainId: 31337, time: 1_700_000_000 }).fetch, confirm, onPost: toPage })
  const iframe = { src: '', title: '', style: {} as Record<string, string>, contentWindow: frameWindow, setAttribute: () => undefined, addEventListener: () => undefined, remove: () => undefined }
  const win = {
    location: { origin: PARENT },
    document: { title: 'Host page', createElement: () => iframe, body: { appendChild: () => t.wallet.start() }, querySelectorAll: () => [], querySelector: () => null },
    addEventListener: (_type: string, l: (e: MessageEvent) => void) => void listeners.add(l),
    removeEventListener: (_type: string, l: (e: MessageEvent) => void) => void listeners.delete(l),
  } as unknown as Window
  const metadata = { name: 'My App', description: 'A test app', url: PARENT, icons: [] }
  const auth = createFrameConnector({ frameUrl: `${FRAME_ORIGIN}/frame/` }, [evmNetwork(31337)], win, { projectId: 'p-1', metadata })
  return { t, auth, iframe }
}

describe('the frame client with the real frame wallet', () => {
  it("a dark modal: the frame's prompt is drawn dark from its load, in the modal's colours, and follows a change of mode", async () => {
    const { t, auth } = pageWithFrame()
    auth.syncTheme({ themeMode: 'dark', themeVariables: { '--gw-accent': '#0a7d4f', '--gw-accent-text': '#ffffff' } })
    await auth.load()
    await vi.waitFor(() => expect(t.themes).toHaveLength(1))
    expect(t.themes[0]).toEqual({
      mode: 'dark',
      variables: expect.objectContaining({ '--frame-bg': '#18191b', '--frame-fg': '#f2f3f5', '--frame-accent': '#0a7d4f', '--frame-accent-fg': '#ffffff' }),
    })
    auth.syncTheme({ themeMode: 'light', themeVariables: {} })
    await vi.waitFor(() => expect(t.themes).toHaveLength(2))
    expect(t.themes[1]).toEqual({ mode: 'light', variables: expect.objectContaining({ '--frame-bg': '#ffffff', '--frame-fg': '#141414', '--frame-accent': '#3366ff' }) })
  })

  it("the modal withdraws the prompt: it goes away, the frame hides, the request settles with 'Request was aborted'", async () => {
    const { t, auth, iframe } = pageWithFrame()
    await t.signIn()
    await auth.load()
    const signing = auth.provider.request({ method: 'personal_sign', params: [toHex('hello'), t.owner.address] })
    const outcome = expect(signing).rejects.toThrow('Request was aborted')
    await vi.waitFor(() => expect(iframe.style.display).toBe('block'))
    expect(t.prompts).toHaveLength(1)
    // The app's name from its metadata says who asks.
    expect(t.prompts[0]).toMatchObject({ method: 'personal_sign', requestedBy: 'My App' })
    await auth.abortRequest()
    await outcome
    expect(t.prompts[0]!.signal.aborted).toBe(true)
    await vi.waitFor(() => expect(iframe.style.display).toBe('none'))
  })

  it('a request given up by its own signal: its prompt goes, the one queued after it then shows', async () => {
    const { t, auth, iframe } = pageWithFrame()
    await t.signIn()
    await auth.load()
    const first = new AbortController()
    const sign = (text: string, signal?: AbortSignal) => auth.request({ method: 'personal_sign', params: [toHex(text), t.owner.address] }, signal)
    const one = sign('one', first.signal)
    await vi.waitFor(() => expect(t.prompts).toHaveLength(1))
    const two = sign('two')
    const outcome = expect(one).rejects.toMatchObject({ shortMessage: 'Request was aborted' })
    first.abort()
    await outcome
    await vi.waitFor(() => expect(t.prompts).toHaveLength(2))
    expect(t.prompts.map((p) => [p.details[0]!.value, p.signal.aborted])).toEqual([
      ['one', true],
      ['two', false],
    ])
    expect(iframe.style.display).toBe('block')
    void two.catch(() => undefined)
  })

  it("as any wallet's signature the modal asks for: withdrawn, it is 'Error signing message' with 'Request was aborted'", async () => {
    const { t, auth } = pageWithFrame()
    await t.signIn()
    await auth.load()
    const evm = createEvmAdapter({ wallets: [{ connector: auth.connector, provider: auth.provider }], discover: false, prefetch: false })
    await evm.connect('auth')
    const signing = evm.signMessage('auth', { address: t.owner.address, message: 'Sign in to the app' })
    const outcome = expect(signing).rejects.toMatchObject({ shortMessage: 'Error signing message', details: 'Request was aborted' })
    await vi.waitFor(() => expect(t.prompts).toHaveLength(1))
    await auth.abortRequest()
    await outcome
  })
})
