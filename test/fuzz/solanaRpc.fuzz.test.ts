// Fuzz: junk at the local Solana validator, over HTTP and WebSocket. Arbitrary JSON, JSON-RPC
// requests to its methods with arbitrary params, batches, and signed transactions with bytes
// flipped, cut or appended. Every answer is JSON-RPC with one of the documented error codes (an
// internal error only for an airdrop the faucet refuses), a batch gets one answer per request
// with an id, and afterwards the validator still serves a real transfer.
import {
  appendTransactionMessageInstructions,
  createKeyPairSignerFromBytes,
  createTransactionMessage,
  getBase58Decoder,
  getBase64Decoder,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type KeyPairSigner,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { startSolanaValidator, type SolanaValidator } from '../../dev/solana/startSolanaValidator'
import { fuzzParams } from './fuzzParams'

const METHODS = [
  'getLatestBlockhash', 'sendTransaction', 'simulateTransaction', 'getSignatureStatuses', 'getBalance', 'getAccountInfo',
  'getMultipleAccounts', 'getTokenAccountsByOwner', 'getMinimumBalanceForRentExemption', 'requestAirdrop', 'getEpochInfo',
  'getBlockHeight', 'getSlot', 'getVersion', 'getHealth', 'getGenesisHash', 'getFeeForMessage', 'isBlockhashValid',
  'getTokenAccountBalance', 'getTokenSupply', 'getRecentPrioritizationFees', 'getTransactionCount', 'getIdentity',
  'getSignaturesForAddress', 'getTransaction',
  'toString', '__proto__', 'constructor', 'hasOwnProperty', '', 'getBlock',
]
const KNOWN_CODES = new Set([-32700, -32600, -32601, -32602, -32002, -32003, -32015, -32016])

let validator: SolanaValidator
let payer: KeyPairSigner
let signedWire: Uint8Array
const logs: string[] = []

beforeAll(async () => {
  validator = await startSolanaValidator({ port: 0, log: (line) => logs.push(line), limits: { maxBodyBytes: 16 * 1024, maxBatch: 20, maxSubscriptionsPerConnection: 8 } })
  payer = await createKeyPairSignerFromBytes(Uint8Array.from(validator.accounts[0]!.secretKey))
  signedWire = await transfer(1n)
}, 30_000)

afterAll(async () => {
  await validator?.stop()
})

async function call(method: string, params: unknown[]): Promise<{ result?: unknown; error?: { code: number; message: string } }> {
  const response = await fetch(validator.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
}

/** A signed transfer from dev account 0 to dev account 1, as wire bytes. */
async function transfer(amount: bigint): Promise<Uint8Array> {
  const { result } = (await call('getLatestBlockhash', [])) as { result: { value: { blockhash: string; lastValidBlockHeight: number } } }
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: result.value.blockhash as never, lastValidBlockHeight: BigInt(result.value.lastValidBlockHeight) }, m),
    (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: payer, destination: validator.accounts[1]!.address, amount: lamports(amount) })], m),
  )
  return getTransactionEncoder().encode(await signTransactionMessageWithSigners(message)) as Uint8Array
}

function checkAnswer(answer: unknown): void {
  expect(answer).toMatchObject({ jsonrpc: '2.0' })
  const { id, result, error } = answer as { id: unknown; result?: unknown; error?: { code: unknown; message: unknown } }
  expect(id === null || typeof id === 'string' || typeof id === 'number').toBe(true)
  expect((result === undefined) !== (error === undefined) || (result === null && error === undefined)).toBe(true)
  if (error !== undefined) {
    expect(typeof error.message).toBe('string')
    const known = KNOWN_CODES.has(error.code as number) || (error.code === -32603 && String(error.message).startsWith('Internal error: airdrop request failed'))
    if (!known) throw new Error(`unexpected error ${JSON.stringify(error)}`)
  }
}

async function post(body: string): Promise<void> {
  const response = await fetch(validator.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  expect([200, 204, 413]).toContain(response.status)
  const text = await response.text()
  if (response.status === 204) {
    expect(text).toBe('')
    return
  }
  const json = JSON.parse(text) as unknown
  if (Array.isArray(json)) json.forEach(checkAnswer)
  else checkAnswer(json)
}

// ---- arbitraries ---------------------------------------------------------------------------------

const address = fc.constantFrom('2yv38haB18xjvwGdkSdFML9sSqfKAycBysobHzZxirLg', '9iwsPKzDCdR1zZzwxEgVJBeXKaqc5raN6UFCzoEiGBTL', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', '11111111111111111111111111111111', 'SysvarC1ock11111111111111111111111111111111')
const bytes = fc.uint8Array({ maxLength: 1300 })
const paramValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  address,
  bytes.map((b) => getBase64Decoder().decode(b)),
  bytes.map((b) => getBase58Decoder().decode(b)),
  fc.record(
    {
      encoding: fc.constantFrom('base64', 'base58', 'jsonParsed', 'binary', 'base64+zstd', 'json', 7),
      commitment: fc.constantFrom('processed', 'confirmed', 'finalized', 'bogus'),
      dataSlice: fc.oneof(fc.record({ offset: fc.integer({ min: -2, max: 300 }), length: fc.integer({ min: -2, max: 300 }) }), fc.jsonValue({ maxDepth: 1 })),
      minContextSlot: fc.oneof(fc.integer({ min: -1, max: 1_000_000 }), fc.constant(1e300)),
      sigVerify: fc.oneof(fc.boolean(), fc.constant('yes')),
      replaceRecentBlockhash: fc.boolean(),
      skipPreflight: fc.boolean(),
      mint: address,
      programId: address,
      accounts: fc.record({ addresses: fc.array(address, { maxLength: 3 }), encoding: fc.constantFrom('base64', 'jsonParsed') }),
    },
    { requiredKeys: [] },
  ),
  fc.array(address, { maxLength: 4 }),
  fc.integer({ min: -5, max: 20_000_000 }),
)
const request = fc.record(
  {
    jsonrpc: fc.constantFrom('2.0', '2.0', '2.0', '1.0', 2),
    id: fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.constant(null), fc.jsonValue({ maxDepth: 1 })),
    method: fc.oneof(fc.constantFrom(...METHODS), fc.string({ maxLength: 20 })),
    params: fc.oneof(fc.array(paramValue, { maxLength: 4 }), fc.jsonValue({ maxDepth: 2 })),
  },
  { requiredKeys: ['method'] },
)
const body = fc.oneof(
  request.map((r) => JSON.stringify(r)),
  fc.array(request, { maxLength: 25 }).map((r) => JSON.stringify(r)),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
  fc.constant('x'.repeat(20 * 1024)),
)

describe('the Solana validator under junk', () => {
  it('answers every HTTP body with JSON-RPC and documented error codes', async () => {
    await fc.assert(fc.asyncProperty(body, (text) => post(text)), fuzzParams('solana-rpc-bodies', 250))
  }, 60_000)

  it('refuses damaged transactions with invalid params or a send error, never an internal one', async () => {
    const mutation = fc.oneof(
      fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), bits: fc.integer({ min: 1, max: 255 }) }),
      fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('append' as const), extra: fc.uint8Array({ minLength: 1, maxLength: 40 }) }),
    )
    await fc.assert(
      fc.asyncProperty(mutation, fc.constantFrom('sendTransaction', 'simulateTransaction'), fc.constantFrom('base64', 'base58'), async (change, method, encoding) => {
        const wire = Uint8Array.from(signedWire)
        let damaged: Uint8Array
        if (change.kind === 'flip') {
          damaged = wire
          const at = change.at % wire.length
          damaged[at] = (damaged[at] as number) ^ change.bits
        } else if (change.kind === 'cut') damaged = wire.slice(0, change.at % wire.length)
        else damaged = Uint8Array.from([...wire, ...change.extra])
        const text = encoding === 'base64' ? getBase64Decoder().decode(damaged) : getBase58Decoder().decode(damaged)
        const answer = await call(method, [text, { encoding }])
        checkAnswer({ jsonrpc: '2.0', id: 1, ...answer })
        // No damaged transfer lands: a changed byte breaks the signature, the blockhash or the format.
        if (method === 'sendTransaction') expect(answer.error).toBeDefined()
      }),
      fuzzParams('solana-rpc-transactions', 150),
    )
  }, 60_000)

  it('answers every WebSocket message with JSON-RPC and keeps the connection', async () => {
    const socket = new WebSocket(validator.wsUrl)
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
    const answers: unknown[] = []
    socket.on('message', (data) => answers.push(JSON.parse(String(data))))
    const message = fc.oneof(
      request.map((r) => JSON.stringify({ ...r, method: typeof r.method === 'string' && r.method.length < 3 ? 'accountSubscribe' : r.method })),
      fc.constantFrom('signatureSubscribe', 'accountSubscribe', 'slotSubscribe', 'slotUnsubscribe', 'accountUnsubscribe', 'ping').chain((method) =>
        fc.array(paramValue, { maxLength: 3 }).map((params) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })),
      ),
      fc.string({ maxLength: 100 }),
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    )
    await fc.assert(
      fc.asyncProperty(message, async (text) => {
        socket.send(text)
        // A round trip that always answers: the junk before it has been handled by then.
        const marker = Math.random()
        socket.send(JSON.stringify({ jsonrpc: '2.0', id: marker, method: 'slotUnsubscribe', params: [-1] }))
        await expect.poll(() => answers.some((a) => (a as { id?: unknown }).id === marker), { timeout: 2_000, interval: 2 }).toBe(true)
      }),
      fuzzParams('solana-pubsub-messages', 120),
    )
    expect(socket.readyState).toBe(WebSocket.OPEN)
    for (const answer of answers) {
      if (Array.isArray(answer)) answer.forEach(checkAnswer)
      else if ((answer as { method?: string }).method === undefined) checkAnswer(answer)
    }
    socket.close()
  }, 60_000)

  it('still lands a real transfer afterwards, and logged no internal error', async () => {
    const before = (await call('getBalance', [validator.accounts[1]!.address])).result as { value: number }
    const wire = await transfer(777n)
    const sent = await call('sendTransaction', [getBase64Decoder().decode(wire), { encoding: 'base64' }])
    expect(sent.error).toBeUndefined()
    const after = (await call('getBalance', [validator.accounts[1]!.address])).result as { value: number }
    expect(after.value - before.value).toBe(777)
    expect(logs.filter((line) => line.startsWith('internal error'))).toEqual([])
  })
})
