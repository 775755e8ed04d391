// Fuzz: the embedded wallet frame's messages (spec §7) from both sides. Whatever reaches the
// modal or the frame through postMessage (any value, any origin, protocol look-alikes with bad
// fields) is parsed without throwing; the frame answers only its parent, at most once per
// request, and never with a success to a request it could not read.
import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { createFrameWallet } from '../../dev/frame/frameWallet'
import { createFrameConnector } from '../../src/adapters/auth/createFrameConnector'
import { FRAME_READY_DELAY_MS } from '../../src/core/domain/constants'
import {
  FRAME_MESSAGE_PREFIX,
  FRAME_PROTOCOL_VERSION,
  FRAME_REQUEST_NAMES,
  frameTheme,
  frameType,
  parseFrameMessage,
  type FrameAppData,
  type FrameMessage,
  type FrameTheme,
} from '../../src/core/domain/frameProtocol'
import { THEME_VARIABLE_NAMES, themeVariablesProblem } from '../../src/core/events/modal/preferences'
import { fuzzParams } from './fuzzParams'

const PARENT = 'http://127.0.0.1:5173'
const kinds = ['request', 'success', 'error', 'ready', 'session', 'prompt', 'other'] as const

/** Protocol look-alikes: the right prefix and kinds, fields of any shape. */
const lookalike = fc.record(
  {
    type: fc.oneof(fc.constantFrom(...kinds).map((k) => `${FRAME_MESSAGE_PREFIX}${k}`), fc.string()),
    id: fc.oneof(fc.string({ maxLength: 120 }), fc.integer(), fc.constant(null)),
    name: fc.oneof(fc.constantFrom(...FRAME_REQUEST_NAMES), fc.string(), fc.constant('__proto__')),
    payload: fc.anything(),
    version: fc.oneof(fc.integer(), fc.double(), fc.string()),
    token: fc.oneof(fc.string({ maxLength: 5000 }), fc.constant(null), fc.integer()),
    open: fc.anything(),
  },
  { requiredKeys: ['type'] },
)
const anyData = fc.oneof(lookalike, fc.anything())

describe('frame messages', () => {
  it('parseFrameMessage never throws, and what it accepts is well formed', () => {
    fc.assert(
      fc.property(anyData, (data) => {
        const m = parseFrameMessage(data)
        if (m === null) return
        expect(m.type.startsWith(FRAME_MESSAGE_PREFIX)).toBe(true)
        if ('id' in m) {
          expect(typeof m.id === 'string' && m.id.length > 0 && m.id.length <= 100).toBe(true)
          expect(FRAME_REQUEST_NAMES).toContain(m.name)
        }
        if (m.type === frameType('error')) expect(typeof m.payload.message).toBe('string')
        if (m.type === frameType('ready')) expect(Number.isInteger(m.version)).toBe(true)
      }),
      fuzzParams('frame messages: parse', 300),
    )
  })

  it('the frame ignores every other origin and window, and answers a request it can read at most once, as a success or an error with a message', async () => {
    await fc.assert(
      fc.asyncProperty(anyData, fc.constantFrom(PARENT, 'http://127.0.0.1:6666', 'null', ''), fc.boolean(), async (data, origin, fromParent) => {
        const posted: FrameMessage[] = []
        const wallet = createFrameWallet({
          // The service and the nodes answer nothing useful: the frame must still reply.
          fetch: async () => new Response(JSON.stringify({ error: 'Not found' }), { status: 404 }),
          storage: { get: () => null, set: () => undefined, del: () => undefined },
          post: (m) => void posted.push(m),
          confirm: async () => false,
          createDeviceId: () => 'device-1',
          parentOrigin: PARENT,
          devicePollMs: 1,
          deviceTimeoutMs: 20,
        })
        wallet.receive({ data, origin, fromParent })
        await new Promise((r) => setTimeout(r, 30))
        const request = parseFrameMessage(data)
        const readable = origin === PARENT && fromParent && request?.type === frameType('request')
        if (!readable) {
          expect(posted).toEqual([])
          return
        }
        const replies = posted.filter((m) => 'id' in m && m.id === request.id)
        expect(replies.length).toBeLessThanOrEqual(1)
        for (const reply of replies) {
          expect([frameType('success'), frameType('error')]).toContain(reply.type)
          if (reply.type === frameType('error')) expect(typeof reply.payload.message).toBe('string')
        }
      }),
      fuzzParams('frame messages: frame side', 120),
    )
  })
})

// The theme and app-data syncs, the abort and the reload (spec §7): the parser reads their
// payloads field by field, so whatever arrives is either the protocol's, copied with only its
// known fields, or ignored; and what the modal builds from a host's page and theme is always
// the protocol's.
const safeCss = fc.stringMatching(/^[#a-z0-9(), .%-]{1,40}$/)
const cssValue = fc.oneof(safeCss, fc.constantFrom('#18191b', 'rgb(1, 2, 3)', 'rgba(0, 0, 0, 0.5)', 'white', 'red; x: y', 'url(https://x)'), fc.string({ maxLength: 220 }))
const variableName = fc.oneof(fc.constantFrom(...THEME_VARIABLE_NAMES), fc.constantFrom('--frame-bg', '__proto__', 'constructor'), fc.string())
const variables = fc.oneof(fc.dictionary(variableName, fc.oneof(cssValue, fc.anything()), { maxKeys: 6 }), fc.anything())
const url = fc.oneof(fc.webUrl(), fc.constantFrom('javascript:alert(1)', 'data:,', 'ftp://node', 'http://', ''), fc.string())
const text = fc.oneof(fc.string({ maxLength: 300 }), fc.string({ minLength: 1_000, maxLength: 1_100 }), fc.anything())
const syncPayloads: Record<'SyncTheme' | 'SyncDappData' | 'RpcAbort' | 'Reload', fc.Arbitrary<unknown>> = {
  SyncTheme: fc.oneof(fc.record({ themeMode: fc.oneof(fc.constantFrom('light', 'dark'), fc.anything()), themeVariables: variables, w3mThemeVariables: variables }, { requiredKeys: [] }), fc.anything()),
  SyncDappData: fc.oneof(
    fc.record(
      {
        metadata: fc.oneof(fc.record({ name: text, description: text, url, icons: fc.oneof(fc.array(url, { maxLength: 20 }), fc.anything()) }, { requiredKeys: [] }), fc.anything()),
        sdkVersion: fc.oneof(fc.string({ maxLength: 120 }), fc.anything()),
        sdkType: fc.oneof(fc.string({ maxLength: 120 }), fc.anything()),
        projectId: text,
        networks: fc.oneof(fc.array(fc.record({ caipNetworkId: fc.oneof(fc.constantFrom('eip155:1', 'solana:x'), fc.string()), name: text, rpcUrl: url, rpcUrls: fc.oneof(fc.array(url, { maxLength: 20 }), fc.anything()), extra: fc.anything() }, { requiredKeys: [] }), { maxLength: 4 }), fc.anything()),
        extra: fc.anything(),
      },
      { requiredKeys: [] },
    ),
    fc.anything(),
  ),
  RpcAbort: fc.oneof(fc.record({ id: fc.oneof(fc.string({ maxLength: 120 }), fc.integer()), extra: fc.anything() }, { requiredKeys: [] }), fc.anything()),
  Reload: fc.anything(),
}
const syncRequest = fc
  .constantFrom(...(Object.keys(syncPayloads) as (keyof typeof syncPayloads)[]))
  .chain((name) => syncPayloads[name].map((payload) => ({ type: frameType('request'), id: 'sync-1', name, payload })))

/** Theme variables a host can set (the options and `setThemeVariables` refuse others). */
const hostVariables = (maxKeys: number) => fc.dictionary(fc.constantFrom(...THEME_VARIABLE_NAMES), safeCss, { maxKeys }).filter((v) => themeVariablesProblem(v, 'v') === null)
const isHttp = (v: unknown) => typeof v === 'string' && /^https?:$/.test(new URL(v).protocol)
const isThemeMap = (v: Record<string, string>) => themeVariablesProblem(v, 'v') === null && Object.values(v).every((x) => typeof x === 'string')

describe('frame messages: syncs, abort and reload', () => {
  it('a sync, abort or reload request is read field by field: accepted ones hold only well-formed known fields', () => {
    fc.assert(
      fc.property(syncRequest, (data) => {
        const m = parseFrameMessage(data)
        if (m === null) return
        expect(m.type).toBe(frameType('request'))
        if (!('name' in m)) throw new Error('a request without a name')
        const p = m.payload as Record<string, never>
        switch (m.name) {
          case 'SyncTheme': {
            const t = m.payload as FrameTheme
            expect(Object.keys(t).sort()).toEqual(['themeMode', 'themeVariables', 'w3mThemeVariables'])
            expect(['light', 'dark']).toContain(t.themeMode)
            expect(isThemeMap(t.themeVariables) && isThemeMap(t.w3mThemeVariables)).toBe(true)
            break
          }
          case 'SyncDappData': {
            const a = m.payload as FrameAppData
            expect(Object.keys(a).sort()).toEqual(['metadata', 'networks', 'projectId', 'sdkType', 'sdkVersion'])
            expect(Object.keys(a.metadata).sort()).toEqual(['description', 'icons', 'name', 'url'])
            expect(isHttp(a.metadata.url) && a.metadata.icons.every(isHttp)).toBe(true)
            expect(a.metadata.name.length <= 256 && a.metadata.description.length <= 1_000).toBe(true)
            for (const n of a.networks) {
              expect(Object.keys(n).filter((k) => k !== 'rpcUrls').sort()).toEqual(['caipNetworkId', 'name', 'rpcUrl'])
              expect(isHttp(n.rpcUrl)).toBe(true)
              // Every endpoint the frame may fall back to is http(s), at least one, at most 16.
              if (n.rpcUrls !== undefined) expect(n.rpcUrls.length >= 1 && n.rpcUrls.length <= 16 && n.rpcUrls.every(isHttp)).toBe(true)
            }
            break
          }
          case 'RpcAbort':
            expect(Object.keys(p).every((k) => k === 'id')).toBe(true)
            if ('id' in p) expect(typeof p.id === 'string' && (p.id as string).length > 0).toBe(true)
            break
          case 'Reload':
            expect(p).toEqual({})
            break
        }
      }),
      fuzzParams('frame messages: sync payloads', 400),
    )
  })

  it("the modal's theme sync is always the protocol's, and reads back as sent", () => {
    fc.assert(
      fc.property(fc.constantFrom('light' as const, 'dark' as const), hostVariables(8), (mode, host) => {
        const payload = frameTheme(mode, host)
        expect(parseFrameMessage({ type: frameType('request'), id: 't', name: 'SyncTheme', payload })).toEqual({ type: frameType('request'), id: 't', name: 'SyncTheme', payload })
      }),
      fuzzParams('frame messages: theme round trip', 200),
    )
  })

  it('the frame applies a theme only from a sync the parser took: its mode, and the frame variables of the colours sent or none', async () => {
    await fc.assert(
      fc.asyncProperty(syncRequest, async (data) => {
        const themes: { mode: string; variables: Record<string, string> }[] = []
        const posted: FrameMessage[] = []
        const wallet = createFrameWallet({
          fetch: async () => new Response('{}', { status: 404 }),
          storage: { get: () => null, set: () => undefined, del: () => undefined },
          post: (m) => void posted.push(m),
          confirm: async () => false,
          createDeviceId: () => 'device-1',
          parentOrigin: PARENT,
          setTheme: (theme) => void themes.push(theme),
        })
        const accepted = wallet.receive({ data, origin: PARENT, fromParent: true })
        await new Promise((r) => setTimeout(r, 0))
        const m = parseFrameMessage(data)
        expect(accepted).toBe(m !== null)
        if (m === null) {
          expect(posted).toEqual([])
          expect(themes).toEqual([])
          return
        }
        if (m.type !== frameType('request') || m.name !== 'SyncTheme') {
          expect(themes).toEqual([])
          return
        }
        const t = m.payload as FrameTheme
        expect(themes).toHaveLength(1)
        expect(themes[0]!.mode).toBe(t.themeMode)
        const applied = Object.values(themes[0]!.variables)
        expect(applied.length === 0 || Object.keys(themes[0]!.variables).every((k) => k.startsWith('--frame-'))).toBe(true)
        for (const value of applied) expect(Object.values(t.w3mThemeVariables).map((v) => v.trim())).toContain(value)
      }),
      fuzzParams('frame messages: frame applies syncs', 200),
    )
  })

  it("whatever the host's page holds (title, description, icons) and whatever theme it sets, the modal's first messages are the protocol's", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 2_000 }), fc.string({ maxLength: 2_000 }), fc.array(url, { maxLength: 30 }), hostVariables(4), async (title, description, icons, host) => {
        vi.useFakeTimers()
        try {
          const posted: unknown[] = []
          const listeners = new Set<(e: MessageEvent) => void>()
          const frameWindow = { postMessage: (m: unknown) => void posted.push(m) }
          const win = {
            location: { origin: PARENT },
            document: {
              title,
              createElement: () => ({ style: {}, contentWindow: frameWindow, setAttribute: () => undefined, addEventListener: () => undefined, remove: () => undefined }),
              body: { appendChild: () => undefined },
              querySelectorAll: () => icons.map((href) => ({ href })),
              querySelector: () => ({ getAttribute: () => description }),
            },
            addEventListener: (_t: string, l: (e: MessageEvent) => void) => void listeners.add(l),
            removeEventListener: () => undefined,
          } as unknown as Window
          const auth = createFrameConnector({ frameUrl: 'http://127.0.0.1:7001/frame/' }, [], win, { themeVariables: host })
          auth.load().catch(() => undefined)
          for (const l of listeners) l({ data: { type: frameType('ready'), version: FRAME_PROTOCOL_VERSION }, origin: 'http://127.0.0.1:7001', source: frameWindow } as MessageEvent)
          await vi.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS)
          expect(posted.map((m) => (m as { name: string }).name)).toEqual(['SyncDappData', 'SyncTheme'])
          for (const m of posted) expect(parseFrameMessage(m)).not.toBeNull()
          auth.destroy()
        } finally {
          vi.useRealTimers()
        }
      }),
      fuzzParams('frame messages: modal builds syncs', 100),
    )
  })
})
