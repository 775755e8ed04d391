// Fuzz: what a WalletConnect wallet answers to the Solana requests (`solana_signMessage`,
// `solana_signTransaction`), fed to the WalletConnect adapter's Solana side. An answer either
// yields what was asked (a signature kit verifies for the session's account over the message; the
// transaction asked for, carrying that account's valid signature) or a Gangway error with the
// spec's message ('Error signing message'); nothing else escapes, and junk is never returned.
import {
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  getTransactionEncoder,
  getUtf8Encoder,
  partiallySignTransaction,
  signBytes,
  verifySignature,
  type KeyPairSigner,
  type SignatureBytes,
  type Transaction,
} from '@solana/kit'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { GangwayError } from '../../src/core/errors/base'
import { keys, solanaSession, transferTransaction } from '../unit/adapters/walletconnectSolana/solanaFixture'
import { fuzzParams } from './fuzzParams'

let owner: KeyPairSigner
let other: KeyPairSigner
let transaction: string
let signedTransaction: string
let ownerTxSignature: string

beforeAll(async () => {
  ;({ owner, other } = await keys())
  transaction = transferTransaction(owner.address)
  const signed = await partiallySignTransaction([owner.keyPair], getTransactionDecoder().decode(getBase64Encoder().encode(transaction)) as Transaction)
  signedTransaction = getBase64Decoder().decode(getTransactionEncoder().encode(signed))
  ownerTxSignature = getBase58Decoder().decode(signed.signatures[owner.address]!)
})

const MESSAGE = 'Fuzzing Gangway'

/** Flips one character of a base58 / base64 string (often still decodable, never the same value). */
const mutate = (s: string, at: number) => {
  const i = at % s.length
  const c = s[i] === 'A' ? 'B' : 'A'
  return s.slice(0, i) + c + s.slice(i + 1)
}

/** Arbitrary JSON-ish answers, plus near misses built from a real answer. */
const junkValue = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.string(),
  fc.integer(),
  fc.boolean(),
  fc.base64String(),
  fc.uint8Array({ minLength: 0, maxLength: 80 }).map((b) => getBase58Decoder().decode(b)),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
)

const messageAnswer = fc.oneof(
  junkValue,
  fc.record({ signature: junkValue }, { requiredKeys: [] }),
  fc.record({ real: fc.constant(true), at: fc.nat(), mutate: fc.boolean(), byOther: fc.boolean() }),
)

const transactionAnswer = fc.oneof(
  junkValue,
  fc.record({ signature: junkValue, transaction: junkValue }, { requiredKeys: [] }),
  fc.record({ real: fc.constant(true), at: fc.nat(), field: fc.constantFrom('signature', 'transaction', 'both'), mutate: fc.boolean() }),
)

type Real = { real: true; at: number; mutate: boolean; byOther?: boolean; field?: 'signature' | 'transaction' | 'both' }
const isReal = (a: unknown): a is Real => a !== null && typeof a === 'object' && (a as { real?: unknown }).real === true

async function expectSpecError(p: Promise<unknown>): Promise<unknown> {
  try {
    return { ok: await p }
  } catch (error) {
    expect(error).toBeInstanceOf(GangwayError)
    expect((error as GangwayError).shortMessage).toBe('Error signing message')
    return { error }
  }
}

describe('WalletConnect Solana answers (fuzz)', () => {
  it('solana_signMessage: a verified signature of the account, or "Error signing message"', async () => {
    const key = await getPublicKeyFromAddress(owner.address)
    const data = getUtf8Encoder().encode(MESSAGE)
    await fc.assert(
      fc.asyncProperty(messageAnswer, async (answer) => {
        const { side } = solanaSession(owner.address, async () => {
          if (!isReal(answer)) return answer
          const signature = getBase58Decoder().decode(await signBytes((answer.byOther ? other : owner).keyPair.privateKey, data))
          return { signature: answer.mutate ? mutate(signature, answer.at) : signature }
        })
        const outcome = (await expectSpecError(side.signMessage('walletConnect', { address: owner.address, message: MESSAGE }))) as { ok?: string }
        if (outcome.ok !== undefined) {
          expect(await verifySignature(key, getBase58Encoder().encode(outcome.ok) as SignatureBytes, data)).toBe(true)
        }
        // Only an unaltered signature by the account may pass.
        if (isReal(answer) && !answer.mutate && !answer.byOther) expect(outcome.ok).toBeDefined()
      }),
      fuzzParams('walletConnectSolana.signMessage', 150),
    )
  })

  it('solana_signTransaction: the transaction asked for with a valid signature of the account, or "Error signing message"', async () => {
    const key = await getPublicKeyFromAddress(owner.address)
    const asked = getTransactionDecoder().decode(getBase64Encoder().encode(transaction)) as Transaction
    await fc.assert(
      fc.asyncProperty(transactionAnswer, async (answer) => {
        const { side } = solanaSession(owner.address, () => {
          if (!isReal(answer)) return answer
          const signature = answer.mutate && answer.field !== 'transaction' ? mutate(ownerTxSignature, answer.at) : ownerTxSignature
          const tx = answer.mutate && answer.field !== 'signature' ? mutate(signedTransaction, answer.at) : signedTransaction
          return answer.field === 'signature' ? { signature } : answer.field === 'transaction' ? { transaction: tx } : { signature, transaction: tx }
        })
        const outcome = (await expectSpecError(side.solana!.signTransaction('walletConnect', { address: owner.address, transaction }))) as { ok?: string }
        if (outcome.ok !== undefined) {
          const signed = getTransactionDecoder().decode(getBase64Encoder().encode(outcome.ok)) as Transaction
          expect(Buffer.from(signed.messageBytes).equals(Buffer.from(asked.messageBytes))).toBe(true)
          expect(await verifySignature(key, signed.signatures[owner.address]!, signed.messageBytes)).toBe(true)
        }
        if (isReal(answer) && !answer.mutate) expect(outcome.ok).toBe(signedTransaction)
      }),
      fuzzParams('walletConnectSolana.signTransaction', 150),
    )
  })
})
