// Fuzz: what a host passes to `modal.requestPermissions` (session permissions, ERC-7715). Any
// input either is refused with an InvalidInputError, the state unchanged and nothing dispatched
// nor asked of the wallet, or makes exactly one wallet request of ERC-7715's shape (once the
// visitor approved the review, when there is one) and resolves with one grant per request.
import fc from 'fast-check'
import { isAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InvalidInputError } from '../../src/core/errors/base'
import { permissionsReviewApproved } from '../../src/core/events/permissions/permissions'
import { PERMISSION_TYPES } from '../../src/core/domain/permissionTypes'
import { ACCOUNT_A, SESSION, TOKEN, connectedModal, grantAll } from '../unit/permissions/permissionsSupport'
import { fuzzParams } from './fuzzParams'

const HEX_AMOUNT = /^0x[0-9a-f]+$/

const addressArb = fc.oneof(fc.constant(SESSION), fc.constant(SESSION.toLowerCase()), fc.constant(SESSION.replace('0x7', '0x8')), fc.constant(SESSION.slice(2)), fc.constantFrom('0x', '', '0x1234'), fc.anything())
const timeArb = fc.oneof(
  fc.integer({ min: -10, max: 4_200_000_000 }),
  fc.constantFrom(1_700_000_000_000, 0, 1.5, Number.NaN),
  fc.date({ min: new Date(-1e12), max: new Date(4e12), noInvalidDate: false }),
  fc.anything(),
)
const amountArb = fc.oneof(
  fc.bigInt({ min: -2n, max: 2n ** 257n }),
  fc.constantFrom('0.01', '5', '1', '0', '-1', '1e3', '0x10', '', ' 2 ', '0.0000000000000000001', '1.', '.5'),
  fc.stringMatching(/^[0-9]{1,4}(\.[0-9]{1,8})?$/),
  fc.integer(),
  fc.anything(),
)
const tokenArb = fc.oneof(
  fc.constant(TOKEN),
  fc.record({ address: fc.oneof(fc.constant(TOKEN), addressArb), symbol: fc.oneof(fc.constantFrom('GUSD', '', 'x'.repeat(40)), fc.anything()), decimals: fc.oneof(fc.integer({ min: -1, max: 80 }), fc.anything()) }, { requiredKeys: [] }),
  fc.anything(),
)
const requestArb = fc.record(
  {
    type: fc.oneof(fc.constantFrom(...PERMISSION_TYPES), fc.constantFrom('native-token-stream', ''), fc.anything()),
    to: addressArb,
    amount: amountArb,
    period: fc.oneof(fc.constantFrom(86_400, 3_600, 60, 1, 0, -5, 1.5, 2 ** 53), fc.anything()),
    token: tokenArb,
    chainId: fc.oneof(fc.constantFrom(1, 2, 'eip155:1', 'eip155:2', 8453, 'eip155:8453', '0x1', 0, -1), fc.anything()),
    start: timeArb,
    expiry: timeArb,
    justification: fc.oneof(fc.string({ maxLength: 20 }), fc.constant('x'.repeat(501)), fc.anything()),
    isAdjustmentAllowed: fc.oneof(fc.boolean(), fc.anything()),
    extra: fc.anything(),
  },
  { requiredKeys: [] },
)
/** A request a host may well write: valid, each optional field there or not. */
const validRequestArb = fc.constantFrom(...PERMISSION_TYPES).chain((type) =>
  fc.record(
    {
      type: fc.constant(type),
      to: fc.constantFrom(SESSION, SESSION.toLowerCase()),
      amount: fc.oneof(fc.bigInt({ min: 1n, max: 2n ** 256n - 1n }), fc.stringMatching(/^[1-9][0-9]{0,5}(\.[0-9]{1,6})?$/)),
      ...(type.endsWith('-periodic') ? { period: fc.integer({ min: 1, max: 400 * 86_400 }) } : {}),
      ...(type.startsWith('erc20-') ? { token: fc.record({ address: fc.constant(TOKEN), symbol: fc.constant('GUSD'), decimals: fc.integer({ min: 6, max: 18 }) }) } : {}),
      chainId: fc.constantFrom(1, 2, 'eip155:2'),
      start: fc.oneof(fc.integer({ min: 0, max: 2_000_000_000 }), fc.date({ min: new Date(0), max: new Date(2e12), noInvalidDate: true })),
      expiry: fc.integer({ min: 2_000_000_001, max: 4_000_000_000 }),
      justification: fc.string({ maxLength: 40 }),
      isAdjustmentAllowed: fc.boolean(),
    },
    { requiredKeys: ['type', 'to', 'amount', ...(type.endsWith('-periodic') ? ['period' as const] : []), ...(type.startsWith('erc20-') ? ['token' as const] : [])] as never },
  ),
)
/** A valid request with one field changed to anything, or one dropped. */
const nearlyValidArb = fc
  .tuple(validRequestArb, fc.constantFrom('type', 'to', 'amount', 'period', 'token', 'chainId', 'start', 'expiry', 'justification', 'isAdjustmentAllowed', 'extra'), fc.option(fc.anything()))
  .map(([request, key, value]) => {
    const out: Record<string, unknown> = { ...request }
    if (value === null) delete out[key]
    else out[key] = value
    return out
  })
const someRequestArb = fc.oneof({ arbitrary: validRequestArb, weight: 3 }, { arbitrary: nearlyValidArb, weight: 3 }, { arbitrary: requestArb, weight: 1 })
const inputArb = fc.oneof({ arbitrary: someRequestArb, weight: 4 }, { arbitrary: fc.array(someRequestArb, { maxLength: 3 }), weight: 2 }, { arbitrary: fc.anything(), weight: 1 })
const optionsArb = fc.oneof(
  { arbitrary: fc.constantFrom(undefined, { review: false }, { review: true }), weight: 4 },
  { arbitrary: fc.record({ review: fc.oneof(fc.boolean(), fc.anything()), other: fc.anything() }, { requiredKeys: [] }), weight: 1 },
  { arbitrary: fc.anything(), weight: 1 },
)

/** Checks one wallet request's params against ERC-7715's PermissionRequest shape. */
function expectPermissionRequests(params: unknown): void {
  expect(Array.isArray(params)).toBe(true)
  const requests = params as Record<string, any>[]
  expect(requests.length).toBeGreaterThan(0)
  for (const r of requests) {
    expect(Object.keys(r).sort()).toEqual(r.rules ? ['chainId', 'from', 'permission', 'rules', 'to'] : ['chainId', 'from', 'permission', 'to'])
    expect(['0x1', '0x2']).toContain(r.chainId)
    expect(r.from).toBe(ACCOUNT_A)
    expect(isAddress(r.to, { strict: true })).toBe(true)
    const { type, isAdjustmentAllowed, data } = r.permission
    expect(PERMISSION_TYPES).toContain(type)
    expect(typeof isAdjustmentAllowed).toBe('boolean')
    const amount = type.endsWith('-periodic') ? data.periodAmount : data.allowanceAmount
    expect(amount).toMatch(HEX_AMOUNT)
    expect(BigInt(amount) > 0n && BigInt(amount) < 2n ** 256n).toBe(true)
    if (type.endsWith('-periodic')) expect(Number.isSafeInteger(data.periodDuration) && data.periodDuration > 0).toBe(true)
    else expect(data.periodDuration).toBeUndefined()
    if (type.startsWith('erc20-')) expect(isAddress(data.tokenAddress, { strict: true })).toBe(true)
    else expect(data.tokenAddress).toBeUndefined()
    if (data.startTime !== undefined) expect(Number.isSafeInteger(data.startTime) && data.startTime >= 0).toBe(true)
    if (data.justification !== undefined) expect(data.justification.trim()).toBe(data.justification)
    if (r.rules) {
      expect(r.rules).toHaveLength(1)
      expect(r.rules[0].type).toBe('expiry')
      expect(Number.isSafeInteger(r.rules[0].data.timestamp)).toBe(true)
      if (data.startTime !== undefined) expect(r.rules[0].data.timestamp).toBeGreaterThan(data.startTime)
    }
  }
}

/** The default runs take seconds; 120 s bounds them on a loaded 2-core machine, FUZZ_HEAVY's as many times more. */
const RUNS = 150
const PARAMS = fuzzParams('permissionCommands.requestPermissions', RUNS)
const TIMEOUT = 120_000 * Math.max(1, (PARAMS.numRuns ?? RUNS) / RUNS)

describe('modal.requestPermissions: what hosts pass', () => {
  let t: Awaited<ReturnType<typeof connectedModal>>
  beforeAll(async () => {
    t = await connectedModal({ wallet_requestExecutionPermissions: grantAll })
    // The feature joins with its first command: loaded before the campaign, so every input meets the same modal.
    await t.modal.getPermissions()
  })
  afterAll(() => t.modal.destroy())

  it('refuses with InvalidInputError, changing nothing and asking nothing, or makes exactly one wallet request of the right shape', { timeout: TIMEOUT }, async () => {
    await fc.assert(
      fc.asyncProperty(inputArb, optionsArb, async (input, options) => {
        const seen: string[] = []
        const sub = t.modal.event$.subscribe((e) => seen.push(e.type))
        const before = t.modal.getState()
        const asked = t.requests.length
        const call = t.modal.requestPermissions(input as never, options as never).then(
          (ok) => ({ ok }),
          (error: unknown) => ({ error }),
        )
        // A review waits for the visitor: approve it as they would.
        await t.modal.whenLoaded()
        await t.time.advanceBy(0)
        const request = t.modal.getState().permissions?.request
        if (request?.status === 'reviewing') t.modal.dispatch(permissionsReviewApproved({}, { requestId: request.requestId ?? undefined }))
        const outcome = await call
        sub.unsubscribe()
        if ('error' in outcome) {
          expect(outcome.error).toBeInstanceOf(InvalidInputError)
          expect(seen).toEqual([])
          expect(t.modal.getState()).toBe(before)
          expect(t.requests.length).toBe(asked)
          return
        }
        const made = t.requests.slice(asked)
        expect(made.map(([method]) => method)).toEqual(['wallet_requestExecutionPermissions'])
        expectPermissionRequests(made[0]![1])
        expect(outcome.ok).toHaveLength((made[0]![1] as unknown[]).length)
        // The review (if any) goes: the next input meets the modal as it was.
        await t.time.advanceBy(1_500)
      }),
      PARAMS,
    )
  })
})
