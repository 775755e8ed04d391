// Fuzz: the embedded wallet frame's messages (spec §7) from both sides. Whatever reaches the
// modal or the frame through postMessage (any value, any origin, protocol look-alikes with bad
// fields) is parsed without throwing; the frame answers only its parent, at most once per
// request, and never with a success to a request it could not read.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createFrameWallet } from '../../dev/frame/frameWallet'
import { FRAME_MESSAGE_PREFIX, FRAME_REQUEST_NAMES, frameType, parseFrameMessage, type FrameMessage } from '../../src/core/domain/frameProtocol'
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
