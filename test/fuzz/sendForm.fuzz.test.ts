import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isAddress, parseUnits } from 'viem'
import { prepareSend } from '../../src/core/effects/connection/prepareSend'
import { sendAmountError } from '../../src/core/domain/sendAmount'
import { balanceFetched } from '../../src/core/events/connection/balance'
import { connectionSucceeded } from '../../src/core/events/connection/connection'
import {
  sendAmountSet,
  sendReceiverNameFailed,
  sendReceiverNameRequested,
  sendReceiverNameResolved,
  sendReceiverSet,
  sendTokenSet,
} from '../../src/core/events/connection/send'
import { stateAfter } from '../support/stateAfter'
import { fuzzParams } from './fuzzParams'

const ACCOUNT = '0x00000000000000000000000000000000000000a1'
const RECEIVER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
/** The messages the form may answer with; anything else (a thrown error, raw text) is a bug. */
const KNOWN = /^(An amount and receiver address are required|A token is required|Invalid receiver address|Invalid amount|\S+ has at most \d+ decimals|Insufficient \S+ balance)$/

/** Amount text as visitors type it: decimals of every length, junk, signs, exponents, spaces. */
const amountArb = fc.oneof(
  fc.tuple(fc.nat({ max: 10 ** 9 }), fc.stringMatching(/^[0-9]{0,24}$/)).map(([w, f]) => (f ? `${w}.${f}` : String(w))),
  fc.stringMatching(/^[0-9.,eE+\- ]{0,12}$/),
  fc.string({ maxLength: 16 }),
)
const balanceArb = fc.option(fc.tuple(fc.nat({ max: 10 ** 6 }), fc.stringMatching(/^[0-9]{0,20}$/)).map(([w, f]) => (f ? `${w}.${f}` : String(w))), { nil: null })
const decimalsArb = fc.integer({ min: 0, max: 24 })

describe('the send form against any amount, balance and receiver', () => {
  it('sendAmountError never throws, answers only known messages, and never lets through more than the balance or the decimals', () => {
    fc.assert(
      fc.property(amountArb, balanceArb, decimalsArb, (amount, balance, decimals) => {
        const error = sendAmountError(amount, { symbol: 'TOK', decimals }, balance)
        if (error !== null) expect(error).toMatch(KNOWN)
        if (error !== null || amount.trim() === '') return
        // Accepted: a plain decimal, exact in the token's units, above zero and within the balance.
        const fraction = amount.trim().split('.')[1]?.replace(/0+$/, '') ?? ''
        expect(fraction.length).toBeLessThanOrEqual(decimals)
        const raw = parseUnits(amount.trim(), decimals)
        expect(raw > 0n).toBe(true)
        if (balance !== null) {
          const [w = '0', f = ''] = balance.split('.')
          expect(raw <= parseUnits(`${w}.${f.slice(0, decimals) || '0'}`, decimals)).toBe(true)
        }
      }),
      fuzzParams('sendAmountError', 400),
    )
  })

  it('prepareSend refuses with a known message or prepares exactly the amount typed, never above the balance', () => {
    const adapter = { namespace: 'eip155' } as never
    fc.assert(
      fc.property(amountArb, balanceArb, fc.oneof(fc.constant(RECEIVER), fc.string({ maxLength: 44 })), (amount, balance, receiver) => {
        const state = stateAfter([
          connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' }),
          ...(balance === null ? [] : [balanceFetched({ caipAddress: `eip155:1:${ACCOUNT}`, balance, symbol: 'ETH' })]),
          sendTokenSet({ token: { symbol: 'ETH', decimals: 18 } }),
          sendAmountSet({ amount }),
          sendReceiverSet({ receiver }),
        ])
        const prepared = prepareSend(state, { eip155: adapter })
        if ('error' in prepared) {
          expect((prepared.error as { shortMessage: string }).shortMessage).toMatch(KNOWN)
          return
        }
        const raw = BigInt(prepared.transfer.amount)
        expect(raw).toBe(parseUnits(amount.trim(), 18))
        if (balance !== null) expect(raw <= parseUnits(balance, 18)).toBe(true)
        expect(prepared.transfer.receiver).toBe(receiver)
      }),
      fuzzParams('prepareSend', 300),
    )
  })

  it('a receiver name sends only to the address its latest lookup resolved, and only when that is an address', () => {
    const adapter = { namespace: 'eip155' } as never
    const nameArb = fc.oneof(fc.constantFrom('bobby.gangway', ' bobby.gangway ', 'a.b'), fc.string({ maxLength: 30 }))
    const answerArb = fc.oneof(fc.constant(RECEIVER), fc.constant(RECEIVER.toLowerCase()), fc.string({ maxLength: 44 }))
    fc.assert(
      fc.property(nameArb, answerArb, fc.boolean(), fc.option(fc.string({ maxLength: 30 }), { nil: undefined }), (typed, answer, resolved, editedTo) => {
        const name = typed.trim()
        const state = stateAfter([
          connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' }),
          balanceFetched({ caipAddress: `eip155:1:${ACCOUNT}`, balance: '10', symbol: 'ETH' }),
          sendTokenSet({ token: { symbol: 'ETH', decimals: 18 } }),
          sendAmountSet({ amount: '1' }),
          sendReceiverSet({ receiver: typed }),
          sendReceiverNameRequested({ name }, { requestId: 'n' }),
          resolved
            ? sendReceiverNameResolved({ name, address: answer }, { requestId: 'n' })
            : sendReceiverNameFailed({ name, error: { name: 'GangwayError', shortMessage: 'Error resolving name' } }, { requestId: 'n' }),
          ...(editedTo === undefined ? [] : [sendReceiverSet({ receiver: editedTo })]),
        ])
        const prepared = prepareSend(state, { eip155: adapter })
        if ('error' in prepared) {
          expect((prepared.error as { shortMessage: string }).shortMessage).toMatch(KNOWN)
          return
        }
        const stillTheName = editedTo === undefined || editedTo.trim() === name
        const expected = resolved && stillTheName ? answer : (editedTo ?? typed)
        expect(prepared.transfer.receiver).toBe(expected)
        expect(isAddress(prepared.transfer.receiver)).toBe(true)
      }),
      fuzzParams('prepareSend with a receiver name', 300),
    )
  })
})
