// Fuzz: what a host sends a wallet through the provider the modal hands out (`modal.getProvider()`),
// and what the wallet answers. Any method and params: the request is refused before the wallet is
// asked with a spec §5 rule's words (fees, access list, blobs, wallet_sendCalls' shape), or it
// reaches the wallet as the very same object; the wallet's answer comes back as it was, or, when
// it is no transaction hash / signature where one is due, fails with the spec's message. Nothing
// else is ever thrown.
import fc from 'fast-check'
import { maxUint256 } from 'viem'
import { describe, expect, it } from 'vitest'
import { hostAnswerError, hostRequestError } from '../../src/core/domain/hostRequests'
import { transactionRequestError } from '../../src/core/domain/transactionRules'
import type { Eip1193Provider } from '../../src/core/ports'
import { guardProvider } from '../../src/guardProvider'
import { fuzzParams } from './fuzzParams'

/** Every message a refusal of a host's request may carry: the rules' words, nothing raw. */
const RULE_MESSAGES = [
  /^Cannot specify both a `gasPrice` and a `maxFeePerGas`\/`maxPriorityFeePerGas`\./,
  /^The fee cap \(`maxFeePerGas`.*\) cannot be higher than the maximum allowed value \(2\^256-1\)\.$/,
  /^The provided tip \(`maxPriorityFeePerGas`.*\) cannot be higher than the fee cap \(`maxFeePerGas`.*\)\.$/,
  /^Chain ID ".*" is invalid\.$/,
  /^Invalid `(gasPrice|maxFeePerGas|maxPriorityFeePerGas|chainId|accessList|accessList\.storageKeys|blobs|blobVersionedHashes)`: /,
  /^Size for storage key ".*" is invalid\. Expected 32 bytes\. Got \d+ bytes\.$/,
  /^Blob data must not be empty\.$/,
  /^Blob data must be hex bytes\.$/,
  /^Blob size is too large\.$/,
  /^Versioned hash ".*" (size|version) is invalid\.$/s,
  /^Invalid wallet_sendCalls request$/,
]
const isRuleMessage = (message: string) => RULE_MESSAGES.some((re) => re.test(message))

const TO = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const hexOf = (n: bigint) => `0x${n.toString(16)}`
const bytes = (min: number, max: number) => fc.uint8Array({ minLength: min, maxLength: max }).map((b) => `0x${Buffer.from(b).toString('hex')}`)

/** Quantities as hosts send them, and junk: hex, decimal, numbers, over 2^256, negative, text, objects. */
const quantity = fc.oneof(
  fc.bigInt({ min: 0n, max: maxUint256 + 10n }).map(hexOf),
  fc.bigInt({ min: 0n, max: 10n ** 20n }).map(String),
  fc.nat(),
  fc.integer({ min: -5, max: -1 }),
  fc.constantFrom('0x', '1.5', '0xg1', '', ' 0x1', '-0x1', 'max'),
  fc.string({ maxLength: 8 }),
  fc.constant(null),
  fc.anything({ maxDepth: 1 }),
)
const storageKey = fc.oneof(bytes(32, 32), bytes(0, 40), fc.string({ maxLength: 6 }), fc.nat())
const accessList = fc.oneof(
  fc.array(fc.record({ address: fc.constantFrom(TO, '0x12'), storageKeys: fc.array(storageKey, { maxLength: 3 }) }), { maxLength: 3 }),
  fc.anything({ maxDepth: 2 }),
)
const blobs = fc.oneof(fc.array(fc.oneof(bytes(0, 8), fc.constantFrom('0xabc', 'zz')), { maxLength: 3 }), fc.anything({ maxDepth: 1 }))
const versionedHashes = fc.oneof(
  fc.array(fc.oneof(bytes(31, 31).map((h) => `0x01${h.slice(2)}`), bytes(32, 32), bytes(0, 34)), { maxLength: 3 }),
  fc.anything({ maxDepth: 1 }),
)
const chainId = fc.oneof(fc.integer({ min: -2, max: 2 ** 40 }), fc.nat().map((n) => hexOf(BigInt(n))), fc.constantFrom('0x0', 'mainnet', 1.5, Number.NaN), fc.anything({ maxDepth: 0 }))

/** Transactions: each covered field absent, well-formed or junk, with fields no rule covers beside them. */
const transaction = fc.record(
  {
    from: fc.constant(TO),
    to: fc.oneof(fc.constant(TO), fc.anything({ maxDepth: 0 })),
    value: quantity,
    data: fc.oneof(bytes(0, 8), fc.string({ maxLength: 4 })),
    chainId,
    gasPrice: quantity,
    maxFeePerGas: quantity,
    maxPriorityFeePerGas: quantity,
    accessList,
    blobs,
    blobVersionedHashes: versionedHashes,
    maxFeePerBlobGas: quantity,
    extra: fc.anything({ maxDepth: 1 }),
  },
  { requiredKeys: [] },
)

/** Well-formed transactions only: each must reach the wallet. */
const wellFormed = fc
  .record(
    {
      fees: fc.oneof(
        fc.record({ gasPrice: fc.bigInt({ min: 0n, max: maxUint256 }) }),
        fc
          .tuple(fc.bigInt({ min: 0n, max: maxUint256 }), fc.bigInt({ min: 0n, max: maxUint256 }))
          .map(([a, b]) => (a < b ? { maxFeePerGas: b, maxPriorityFeePerGas: a } : { maxFeePerGas: a, maxPriorityFeePerGas: b })),
        fc.constant({}),
      ),
      chainId: fc.integer({ min: 1, max: 2 ** 40 }),
      accessList: fc.array(fc.record({ address: fc.constant(TO), storageKeys: fc.array(bytes(32, 32), { maxLength: 2 }) }), { maxLength: 2 }),
      blobs: fc.array(bytes(1, 16), { minLength: 1, maxLength: 2 }),
      blobVersionedHashes: fc.array(bytes(31, 31).map((h) => `0x01${h.slice(2)}`), { minLength: 1, maxLength: 2 }),
    },
    { requiredKeys: ['fees'] },
  )
  .map(({ fees, chainId, ...rest }) => ({
    from: TO,
    to: TO,
    ...Object.fromEntries(Object.entries(fees).map(([k, v]) => [k, hexOf(v as bigint)])),
    ...(chainId !== undefined ? { chainId: hexOf(BigInt(chainId)) } : {}),
    ...rest,
  }))

const calls = fc.oneof(
  fc.array(fc.record({ to: fc.oneof(fc.constant(TO), fc.string({ maxLength: 6 }), fc.anything({ maxDepth: 0 })), data: fc.oneof(bytes(0, 4), fc.string({ maxLength: 4 })), value: quantity }, { requiredKeys: [] }), { maxLength: 3 }),
  fc.anything({ maxDepth: 2 }),
)

const METHODS = ['eth_sendTransaction', 'wallet_sendTransaction', 'wallet_sendCalls', 'personal_sign', 'eth_signTypedData_v4', 'eth_call', 'wallet_watchAsset', 'eth_sign'] as const
const params = fc.oneof(
  transaction.map((tx) => [tx]),
  wellFormed.map((tx) => [tx]),
  calls.map((c) => [{ version: '2.0.0', from: TO, chainId: '0x1', atomicRequired: false, calls: c }]),
  fc.anything({ maxDepth: 2 }),
  fc.constant(undefined),
)
/** What the wallet answers: a hash, a signature, a batch, junk, or a refusal. */
const answer = fc.oneof(
  bytes(32, 32),
  bytes(65, 65),
  fc.constant({ id: 'batch' }),
  fc.anything({ maxDepth: 1 }),
  fc.constant(Object.assign(new Error('User rejected the request.'), { code: 4001 })),
)

describe('a host request through the modal’s provider', () => {
  it('the rules never throw: a transaction is refused with a rule’s words, or passes; two fee kinds together never pass; a well-formed one always does', () => {
    fc.assert(
      fc.property(transaction, wellFormed, (tx, good) => {
        const error = transactionRequestError(tx)
        if (error) {
          expect(error.name).toBe('TransactionRuleError')
          expect(error.code).toBe(-32602)
          expect(isRuleMessage(error.shortMessage), error.shortMessage).toBe(true)
        }
        const present = (v: unknown) => v !== undefined && v !== null
        if (present(tx.gasPrice) && (present(tx.maxFeePerGas) || present(tx.maxPriorityFeePerGas))) expect(error).not.toBeNull()
        expect(transactionRequestError(good)).toBeNull()
      }),
      fuzzParams('host transactions: rules', 400),
    )
  })

  it('any method, params and answer: refused before the wallet with a rule’s words, or the wallet gets the very request and its answer comes back, or a junk hash / signature fails in the spec’s words', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...METHODS), params, answer, async (method, p, reply) => {
        const asked: unknown[] = []
        const wallet: Eip1193Provider = {
          async request(args) {
            asked.push(args)
            if (reply instanceof Error) throw reply
            return reply
          },
        }
        const args = { method, params: p as never }
        const outcome = await guardProvider(wallet)
          .request(args)
          .then(
            (value) => ({ value }),
            (error: unknown) => ({ error: error as { name?: string; shortMessage?: string } }),
          )
        if (asked.length === 0) {
          // Refused before the wallet: only by a rule, in its words.
          expect('error' in outcome).toBe(true)
          const { error } = outcome as { error: { name?: string; shortMessage?: string } }
          expect(['TransactionRuleError', 'InvalidSendCallsError']).toContain(error.name)
          expect(isRuleMessage(error.shortMessage ?? ''), error.shortMessage).toBe(true)
          expect(hostRequestError(method, p)).not.toBeNull()
          return
        }
        // Asked once, with the host's own request object, untouched.
        expect(asked).toHaveLength(1)
        expect(asked[0]).toBe(args)
        expect(hostRequestError(method, p)).toBeNull()
        if (reply instanceof Error) {
          expect(outcome).toEqual({ error: reply })
          return
        }
        const junk = hostAnswerError(method, reply)
        if (junk === null) {
          expect(outcome).toEqual({ value: reply })
          if ('value' in outcome) expect(outcome.value).toBe(reply)
        } else {
          expect((outcome as { error: { name?: string } }).error).toMatchObject({ name: 'WalletInvalidResponseError', shortMessage: junk.shortMessage })
          expect(['Something went wrong', 'Error signing message']).toContain(junk.shortMessage)
        }
      }),
      fuzzParams('host transactions: provider', 300),
    )
  })
})
