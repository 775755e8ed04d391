// Fuzz: what a host passes to `modal.pay`. Any input is either refused before anything happens,
// in the words of the spec and the send path (the state unchanged, nothing dispatched, nothing
// asked of the wallet), or becomes exactly one payment under review on Pay, holding what was
// asked (and what the checks allow: an address of the network's family, a positive amount within
// the asset's decimals and the balance the modal holds), which nothing pays until the visitor
// chooses Pay.
import fc from 'fast-check'
import { isAddress, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GangwayError } from '../../src/core/errors/base'
import { isUserRejection } from '../../src/core/errors/isUserRejection'
import { modalCloseRequested } from '../../src/core/events/modal/modal'
import { payCancelled } from '../../src/core/events/pay/pay'
import { selectSendBalance } from '../../src/core/reducers/data/dataSelectors'
import { selectPayStep } from '../../src/core/reducers/pay/paySelectors'
import { solanaMainnet } from '../../src/adapters/solana/defineSolanaNetwork'
import { until } from '../support/until'
import { GUSD, GWAY, RECIPIENT, SOL_RECIPIENT, payModal } from '../unit/pay/paySupport'
import { fuzzParams } from './fuzzParams'

/** What the connected account holds on eip155:1 (the fake node's answer): 0.005 ETH. */
const HELD = 5_000_000_000_000_000n

/** The refusals a host may meet, word for word (the spec's, then the send path's). */
const REFUSALS = [
  'Invalid pay arguments',
  'An amount and receiver address are required',
  'A token is required',
  'Invalid CAIP-2 network id',
  'Network not found',
  'Invalid receiver address',
  'Invalid amount',
]
const REFUSAL_TEMPLATES = [/^\S+ has at most \d+ decimals$/, /^Insufficient \S+ balance$/]

const recipientArb = fc.oneof(
  fc.constantFrom(RECIPIENT, RECIPIENT.toLowerCase(), RECIPIENT.replace('0x9', '0xA'), RECIPIENT.slice(2), RECIPIENT.replace('F7', 'f7'), SOL_RECIPIENT, '0x', '', ' ', '0x1234', `${RECIPIENT} `),
  fc.string({ maxLength: 50 }),
  fc.anything(),
)
const amountArb = fc.oneof(
  fc.constantFrom('0.01', '0.001', '0.005', '0.0050000000000000001', '0.005000000000000001', '1', '0', '-1', '1e3', '0x10', '', ' 0.002 ', '.5', '1.', 'NaN', 'Infinity', '٣'),
  fc.stringMatching(/^[0-9]{1,3}(\.[0-9]{1,20})?$/),
  fc.double(),
  fc.integer(),
  fc.bigInt(),
  fc.anything(),
)
const assetArb = fc.oneof(
  fc.constantFrom('native', 'NATIVE', '', GUSD, GWAY, { ...GUSD, name: 'Gangway USD' }),
  fc.record(
    {
      address: fc.oneof(fc.constantFrom(GUSD.address, GUSD.address.toLowerCase(), GWAY.address, '0x12'), fc.anything()),
      symbol: fc.oneof(fc.constantFrom('GUSD', '', 'x'.repeat(33), 'A\nB', 'A\u2028B'), fc.string({ maxLength: 8 }), fc.anything()),
      decimals: fc.oneof(fc.integer({ min: -2, max: 300 }), fc.constantFrom(6.5, Number.NaN), fc.anything()),
      name: fc.oneof(fc.string({ maxLength: 10 }), fc.anything()),
      extra: fc.anything(),
    },
    { requiredKeys: [] },
  ),
  fc.anything(),
)
const networkArb = fc.oneof(
  fc.constantFrom('eip155:1', 'eip155:2', 'eip155:8453', 'eip155', 'eip155:', ':1', 'foo:1', 'eip155:1:0x', solanaMainnet.caipNetworkId, 'solana:devnet'),
  fc.string({ maxLength: 20 }),
  fc.anything(),
)
/** A payment a host may well write: valid on an EVM network (native or GUSD) or on Solana (SOL or GWAY). */
const validArb = fc.oneof(
  fc.record({
    recipient: fc.constantFrom(RECIPIENT, RECIPIENT.toLowerCase()),
    amount: fc.oneof(fc.stringMatching(/^0\.00[0-4][0-9]{0,6}$/), fc.constantFrom('0.005', ' 0.001 ')),
    asset: fc.constantFrom<unknown>('native', GUSD, { ...GUSD, name: 'Gangway USD' }),
    network: fc.constantFrom('eip155:1', 'eip155:2'),
  }),
  fc.record({
    recipient: fc.constant(SOL_RECIPIENT),
    amount: fc.stringMatching(/^[0-9]{1,3}(\.[0-9]{1,6})?$/),
    asset: fc.constantFrom<unknown>('native', GWAY),
    network: fc.constant(solanaMainnet.caipNetworkId),
  }),
)
const FIELDS = { recipient: recipientArb, amount: amountArb, asset: assetArb, network: networkArb, memo: fc.anything() }
/** A valid payment with one field changed to anything of its kind, or dropped. */
const nearlyValidArb = fc
  .tuple(validArb, fc.constantFrom(...(Object.keys(FIELDS) as (keyof typeof FIELDS)[])), fc.boolean())
  .chain(([payment, key, drop]) =>
    FIELDS[key].map((value) => {
      const out: Record<string, unknown> = { ...payment }
      if (drop) delete out[key]
      else out[key] = value
      return out
    }),
  )
const paymentArb = fc.oneof(
  { arbitrary: validArb, weight: 2 },
  { arbitrary: nearlyValidArb, weight: 4 },
  { arbitrary: fc.record(FIELDS, { requiredKeys: [] }), weight: 1 },
  { arbitrary: fc.anything(), weight: 1 },
)

const RUNS = 200
const PARAMS = fuzzParams('payCommands.pay', RUNS)
const TIMEOUT = 120_000 * Math.max(1, (PARAMS.numRuns ?? RUNS) / RUNS)

describe('modal.pay: what hosts pass', () => {
  let t: Awaited<ReturnType<typeof payModal>>
  beforeAll(async () => {
    t = await payModal()
    await t.connect()
    t.evm.answer('getBalance', HELD.toString())
    await t.settled()
    // The command and the feature load with the first call: loaded before the campaign, so every input meets the same modal.
    await t.modal.pay({} as never).catch(() => undefined)
  })
  afterAll(() => t.modal.destroy())

  it('refuses in the spec\'s words, changing nothing and asking nothing, or shows exactly the payment asked for, unpaid', { timeout: TIMEOUT }, async () => {
    await fc.assert(
      fc.asyncProperty(paymentArb, async (input) => {
        try {
          await checkPayment(input)
        } finally {
          // Whatever a failed check left open ends here, so each input (and each shrink) meets the same modal.
          const open = t.modal.getState().pay?.payment
          if (open?.status === 'reviewing') t.modal.dispatch(payCancelled({}, { requestId: open.requestId ?? undefined }))
          if (t.modal.getState().modal.open) t.modal.dispatch(modalCloseRequested({}))
          await t.settled()
        }
      }),
      PARAMS,
    )
  })

  async function checkPayment(input: unknown): Promise<void> {
    const seen: string[] = []
    const sub = t.modal.event$.subscribe((e) => seen.push(e.type))
    const before = t.modal.getState()
    const asked = t.evm.calls().length + t.solana.calls().length
    const call = t.modal.pay(input as never).then(
      (ok) => ({ ok }),
      (error: unknown) => ({ error }),
    )
    let answered = false
    void call.then(() => (answered = true))
    // Refused at once, or shown for review (where it waits for the visitor).
    await until(() => answered || (t.modal.getState().pay?.payment?.status === 'reviewing' && t.modal.getState().pay!.payment !== before.pay?.payment), 5_000, 'a refusal or the payment shown')
    const outcome = answered ? await call : null
    sub.unsubscribe()
    if (outcome && 'error' in outcome) {
      const error = outcome.error as GangwayError
      expect(error).toBeInstanceOf(GangwayError)
      expect(REFUSALS.includes(error.shortMessage) || REFUSAL_TEMPLATES.some((r) => r.test(error.shortMessage)), error.shortMessage).toBe(true)
      expect(seen).toEqual([])
      expect(t.modal.getState()).toBe(before)
      expect(t.evm.calls().length + t.solana.calls().length).toBe(asked)
      return
    }
    expect(outcome).toBeNull()
    const p = input as { recipient: string; amount: string; asset: unknown; network: string }
    const payment = t.modal.getState().pay!.payment!
    // Exactly what was asked, checked by other code than the modal's.
    expect(payment).toMatchObject({ recipient: p.recipient, amount: p.amount.trim(), network: p.network, status: 'reviewing', hash: null })
    expect(['eip155:1', 'eip155:2', solanaMainnet.caipNetworkId]).toContain(p.network)
    const evm = p.network.startsWith('eip155:')
    // Spec §4: 40 hex digits with an optional 0x, a mixed-case one matching its checksum.
    if (evm) expect(isAddress(p.recipient.startsWith('0x') ? p.recipient : `0x${p.recipient}`, { strict: true })).toBe(true)
    else expect(p.recipient).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    if (p.asset === 'native') expect(payment.asset).toEqual(evm ? { symbol: 'ETH', decimals: 18, name: 'Ether' } : { symbol: 'SOL', decimals: 9, name: 'Solana' })
    else expect(payment.asset).toMatchObject({ address: (p.asset as { address: string }).address, decimals: (p.asset as { decimals: number }).decimals })
    const raw = parseUnits(payment.amount, payment.asset.decimals)
    expect(raw > 0n).toBe(true)
    // The balance the modal holds when asked bounds a native payment if the wallet is then on the
    // payment's network (Pay's step 'ready'); before a switch, or with no balance known, the wallet has the last word.
    const held = selectSendBalance(before, {})
    const ready = selectPayStep(before, { network: p.network }) === 'ready'
    if (p.network === 'eip155:1' && p.asset === 'native' && ready && held !== null) {
      expect(raw <= parseUnits(held, 18)).toBe(true)
    }
    expect(t.modal.getState().router.view).toBe('Pay')
    expect(seen.filter((type) => type === 'pay/requested')).toHaveLength(1)
    // Nothing is paid until the visitor chooses Pay: they cancel, and the host hears a refusal.
    expect(t.evm.calls().filter((c) => c.method === 'sendTransfer').length + t.solana.calls().filter((c) => c.method === 'sendTransfer').length).toBe(0)
    t.modal.dispatch(payCancelled({}, { requestId: payment.requestId ?? undefined }))
    const ended = await call
    expect('error' in ended && isUserRejection(ended.error)).toBe(true)
  }
})
