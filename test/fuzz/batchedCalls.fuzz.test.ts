// Fuzz: batched calls (EIP-5792) at both of their boundaries. What a wallet answers
// (`wallet_sendCalls`, `wallet_getCallsStatus`, `wallet_getCapabilities`) is read into events
// the store accepts, or refused with a plain error saying why, never anything else; what a host
// passes to `modal.sendCalls` is a valid request or an InvalidInputError with nothing
// dispatched and nothing asked of the wallet.
import fc from 'fast-check'
import { isAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { readCalls, readCallsStatus, readCapabilities, readSentCalls } from '../../src/core/domain/calls'
import { reviewCall } from '../../src/core/domain/callMethods'
import { InvalidInputError } from '../../src/core/errors/base'
import { InvalidSendCallsError } from '../../src/core/errors/domain'
import { assertValidEvent, createCatalogue } from '../../src/core/events/catalogue'
import { CALLS_EVENTS, callsCapabilitiesReceived, callsSendRequested, callsSent, callsStatusReceived } from '../../src/core/events/calls/calls'
import type { Eip1193Provider } from '../../src/core/ports'
import { batchedCalls } from '../../src/features/batchedCalls'
import { createFakeChainAdapter } from '../support/fakeChainAdapter'
import { createTestModal } from '../support/testModal'
import { ACCOUNT_A, NETWORKS } from '../unit/connection/support'
import { fuzzParams } from './fuzzParams'

const catalogue = createCatalogue(CALLS_EVENTS)
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const HASH = `0x${'a'.repeat(64)}`

const hexish = fc.oneof(fc.constantFrom('0x', '0x0', '0x1', '0x01', '0xzz', '0x7a69', '', '1', '-0x1', `0x${'f'.repeat(65)}`), fc.stringMatching(/^[0-9a-fA-F]{0,12}$/).map((h) => `0x${h}`))
const receiptArb = fc.record(
  { status: fc.oneof(fc.constantFrom('0x1', '0x0', 1, 0, 'success', 'reverted', 'ok', null), fc.anything()), transactionHash: fc.oneof(fc.constant(HASH), hexish, fc.anything()), blockNumber: fc.oneof(hexish, fc.anything()), gasUsed: fc.oneof(hexish, fc.anything()) },
  { requiredKeys: [] },
)
/** A status answer: well formed, nearly so, or anything at all. */
const statusAnswer = fc.oneof(
  fc.record({ status: fc.oneof(fc.constantFrom(100, 200, 400, 500, 600, 'PENDING', 'CONFIRMED', 99, 1000, 1.5, -1), fc.anything()), atomic: fc.oneof(fc.boolean(), fc.anything()), receipts: fc.oneof(fc.array(receiptArb, { maxLength: 3 }), fc.anything()) }, { requiredKeys: [] }),
  fc.anything(),
)
const capabilitiesAnswer = fc.oneof(fc.dictionary(hexish, fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.anything())), fc.anything())
const sentAnswer = fc.oneof(fc.record({ id: fc.oneof(fc.string(), fc.anything()), capabilities: fc.anything() }, { requiredKeys: [] }), fc.string(), fc.anything())

/** Reads an answer: its event must be valid, or the read must throw a plain Error. */
function readInto(read: () => unknown, event: (value: unknown) => Parameters<typeof assertValidEvent>[1]): void {
  let value: unknown
  try {
    value = read()
  } catch (error) {
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).not.toBe('')
    return
  }
  assertValidEvent(catalogue, event(value))
}

describe('batched calls: what wallets answer', () => {
  it('wallet_getCallsStatus: a valid calls/statusReceived, or refused with a reason', () => {
    fc.assert(
      fc.property(statusAnswer, (answer) => {
        readInto(() => readCallsStatus(answer), (s) => callsStatusReceived({ id: '0xb1', ...(s as ReturnType<typeof readCallsStatus>) }))
      }),
      fuzzParams('batchedCalls.status', 400),
    )
  })
  it('wallet_getCapabilities: a valid calls/capabilitiesReceived with 0x chain ids, or refused with a reason', () => {
    fc.assert(
      fc.property(capabilitiesAnswer, (answer) => {
        readInto(
          () => readCapabilities(answer),
          (c) => {
            for (const chain of Object.keys(c as object)) expect(chain).toMatch(/^0x[0-9a-f]+$/)
            return callsCapabilitiesReceived({ address: TO, capabilities: c })
          },
        )
      }),
      fuzzParams('batchedCalls.capabilities', 400),
    )
  })
  it('wallet_sendCalls: a valid calls/sent, or refused with a reason', () => {
    fc.assert(
      fc.property(sentAnswer, (answer) => {
        readInto(() => readSentCalls(answer), (b) => callsSent({ ...(b as { id: string }), caipNetworkId: 'eip155:1', from: TO, count: 1, atomicRequired: false }))
      }),
      fuzzParams('batchedCalls.sent', 400),
    )
  })
})

const callArb = fc.record(
  {
    to: fc.oneof(fc.constant(TO), fc.constant(TO.toLowerCase()), hexish, fc.anything()),
    data: fc.oneof(fc.constant('0x'), fc.constant('0xa9059cbb'), hexish, fc.anything()),
    value: fc.oneof(fc.bigInt({ min: -2n, max: 2n ** 257n }), fc.integer(), fc.constantFrom('0', '10', '0x10', '1e3', '-1', ''), fc.anything()),
    gas: fc.anything(),
  },
  { requiredKeys: [] },
)
const callsArb = fc.oneof(fc.array(callArb, { maxLength: 4 }), fc.anything())

describe('batched calls: what hosts pass', () => {
  it('readCalls: calls a wallet_sendCalls request can carry, or InvalidSendCallsError', () => {
    fc.assert(
      fc.property(callsArb, (input) => {
        let calls: ReturnType<typeof readCalls>
        try {
          calls = readCalls(input)
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidSendCallsError)
          return
        }
        expect(calls.length).toBeGreaterThan(0)
        for (const c of calls) {
          expect(isAddress(c.to, { strict: false })).toBe(true)
          if (c.value !== undefined) expect(c.value).toMatch(/^0x[0-9a-f]+$/)
          if (c.data !== undefined) expect(c.data.length % 2).toBe(0)
        }
        assertValidEvent(catalogue, callsSendRequested({ calls, atomicRequired: false }))
      }),
      fuzzParams('batchedCalls.readCalls', 500),
    )
  })

  it('modal.sendCalls: a bad argument rejects with InvalidInputError, dispatches nothing and asks the wallet nothing', async () => {
    const asked: string[] = []
    const provider: Eip1193Provider = { request: async ({ method }) => (asked.push(method), { id: '0xb1' }) }
    const fake = createFakeChainAdapter()
    ;(fake.adapter.evm as { getProvider?: unknown }).getProvider = async () => provider
    const { modal } = await createTestModal({ adapters: [fake.adapter], networks: NETWORKS, modules: [batchedCalls()] })
    const c = modal.connect('a')
    fake.answer('connect', { accounts: [ACCOUNT_A], caipNetworkId: 'eip155:1' })
    await c
    // The feature loads on the first valid command (`feature/injected`); load it before the
    // campaign so every valid input below sees the same two events.
    await modal.sendCalls([{ to: TO }])
    const optionsArb = fc.oneof(fc.constant(undefined), fc.record({ atomicRequired: fc.anything(), capabilities: fc.anything(), id: fc.anything(), fallback: fc.anything(), other: fc.anything() }, { requiredKeys: [] }), fc.anything())
    await fc.assert(
      fc.asyncProperty(callsArb, optionsArb, async (calls, options) => {
        const seen: string[] = []
        const sub = modal.event$.subscribe((e) => seen.push(e.type))
        const before = asked.length
        const outcome = await modal.sendCalls(calls as never, options as never).then(
          (ok) => ({ ok }),
          (error: unknown) => ({ error }),
        )
        sub.unsubscribe()
        if ('ok' in outcome) {
          expect(outcome.ok).toEqual({ id: '0xb1' })
          expect(asked.length).toBe(before + 1)
          expect(seen).toEqual(['calls/sendRequested', 'calls/sent'])
        } else {
          expect(outcome.error).toBeInstanceOf(InvalidInputError)
          expect(seen).toEqual([])
          expect(asked.length).toBe(before)
        }
      }),
      fuzzParams('batchedCalls.sendCalls', 150),
    )
    modal.destroy()
  })
})

describe("batched calls: the embedded wallet's batch as ApproveTransaction lists it", () => {
  it('reviewCall: any call a host got past readCalls is described (target kept, value ≥ 0, a method name or none), never thrown', () => {
    const data = fc.oneof(hexish, fc.constantFrom('0xa9059cbb', '0x095ea7b3' + '0'.repeat(128), '0x23b872dd'), fc.uint8Array({ maxLength: 100 }).map((b) => `0x${Buffer.from(b).toString('hex')}`))
    fc.assert(
      fc.property(fc.record({ to: fc.constant(TO), data: fc.option(data, { nil: undefined }), value: fc.option(fc.oneof(hexish, fc.bigInt().map(String)), { nil: undefined }) }), (call) => {
        const review = reviewCall(call)
        expect(review.to).toBe(TO)
        expect(review.value >= 0n).toBe(true)
        expect(review.method === null || /^[a-zA-Z]\w*$/.test(review.method)).toBe(true)
      }),
      fuzzParams('batchedCalls.reviewCall', 200),
    )
  })
})
