// @vitest-environment happy-dom
// Fuzz: what a page sends to the dev Bitcoin wallet's sats-connect provider
// (`window.GangwayDevBitcoinProviders.BitcoinProvider.request(method, params)`). Whatever the
// method and params, the provider answers a JSON-RPC object (never throws, never hangs): a
// `result`, or an `error` with an integer code and a message. Junk never reaches a signing
// prompt, so it is never signed: malformed or foreign PSBTs, inputs of other addresses, indexes
// out of range, messages that are not text, addresses that are not the connected ones.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devBitcoinAccount } from '../../dev/bitcoin/devAccounts'
import type { JsonRpcAnswer } from '../../dev/bitcoin/devBitcoinWallet'
import { installDevBitcoinWallet, type InstalledDevBitcoinWallet } from '../../dev/bitcoin/installDevBitcoinWallet'
import { junkPsbt, ownPsbt } from './bitcoinArbitraries'
import { fuzzParams } from './fuzzParams'

const own = devBitcoinAccount(0)
const other = devBitcoinAccount(1)
const METHODS = ['getInfo', 'getAddresses', 'signMessage', 'signPsbt', 'wallet_renouncePermissions', 'wallet_getAccount'] as const
const SIGNING = new Set(['bitcoin:signMessage', 'bitcoin:signPsbt'])

let installed: InstalledDevBitcoinWallet

beforeAll(() => {
  window.localStorage.clear()
  installed = installDevBitcoinWallet({ esploraUrl: 'http://127.0.0.1:9/esplora' })
})

afterAll(() => installed.uninstall())

const anyAddress = fc.oneof(
  fc.constantFrom(own.payment.address, own.ordinals.address, other.payment.address, other.ordinals.address, 'bcrt1qinvalid', ''),
  fc.string(),
  fc.anything(),
)


/**
 * signInputs that do not name the wallet's own inputs of the own PSBT rightly: the ordinals input
 * asked of the payment address (and the other way), indexes out of range or not integers, other
 * accounts' addresses, or no inputs at all.
 */
const junkSignInputs = fc.oneof(
  fc.constant({ [own.payment.address]: [1] }),
  fc.constant({ [own.ordinals.address]: [0] }),
  fc.constant({}),
  fc.record({ [own.payment.address]: fc.array(fc.oneof(fc.integer({ min: 2 }), fc.integer({ max: -1 }), fc.double().filter((d) => !Number.isInteger(d)), fc.string()), { minLength: 1, maxLength: 3 }) }),
  fc.dictionary(fc.constantFrom(other.payment.address, other.ordinals.address, 'x'), fc.array(fc.nat({ max: 3 }), { maxLength: 3 }), { minKeys: 1 }),
  fc.anything(),
)

const signPsbtParams = fc.oneof(
  // The wallet's own inputs named rightly, but the PSBT is junk.
  fc.record({ psbt: junkPsbt, signInputs: fc.constant({ [own.payment.address]: [0], [own.ordinals.address]: [1] }), broadcast: fc.option(fc.boolean(), { nil: undefined }) }),
  // The PSBT is the wallet's own, but the inputs are named wrongly.
  fc.record({ psbt: fc.constant(ownPsbt), signInputs: junkSignInputs, broadcast: fc.option(fc.anything(), { nil: undefined }) }),
  fc.record({ psbt: fc.constant(ownPsbt), signInputs: fc.constant({ [own.payment.address]: [0] }), broadcast: fc.anything().filter((b) => b !== undefined && typeof b !== 'boolean') }),
)

const signMessageParams = fc.oneof(
  // Not text, or an address that is not a connected one.
  fc.record({ address: fc.constantFrom(own.payment.address, own.ordinals.address), message: fc.anything().filter((m) => typeof m !== 'string') }),
  fc.record({ address: anyAddress.filter((a) => a !== own.payment.address && a !== own.ordinals.address), message: fc.string() }),
  fc.record({ address: fc.constant(own.payment.address), message: fc.string(), protocol: fc.oneof(fc.string().filter((p) => p !== 'BIP322' && p !== 'ECDSA'), fc.anything().filter((p) => p !== undefined && p !== 'BIP322' && p !== 'ECDSA')) }),
  // Legacy signatures of the taproot (ordinals) key: there are none.
  fc.record({ address: fc.constant(own.ordinals.address), message: fc.string(), protocol: fc.constant('ECDSA') }),
)

const request = fc.oneof(
  fc.record({ method: fc.oneof(fc.constantFrom(...METHODS), fc.string(), fc.anything()), params: fc.anything() }),
  fc.record({ method: fc.constant('signPsbt'), params: signPsbtParams }),
  fc.record({ method: fc.constant('signMessage'), params: signMessageParams }),
  fc.record({ method: fc.constant('getAddresses'), params: fc.record({ purposes: fc.oneof(fc.array(fc.oneof(fc.constantFrom('payment', 'ordinals'), fc.string()), { maxLength: 3 }), fc.anything()) }) }),
)

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

function expectJsonRpc(answer: unknown): asserts answer is JsonRpcAnswer {
  expect(answer).toMatchObject({ jsonrpc: '2.0', id: expect.any(String) })
  const a = answer as Record<string, unknown>
  expect('result' in a !== 'error' in a).toBe(true)
  if ('error' in a) {
    const error = a.error as { code: unknown; message: unknown }
    expect(Number.isInteger(error.code)).toBe(true)
    expect(typeof error.message === 'string' && error.message.length > 0).toBe(true)
  }
}

describe('dev Bitcoin wallet: the btc_providers request() boundary', () => {
  it('answers every request with a JSON-RPC object, and junk never reaches a signing prompt', async () => {
    const { provider, handle } = installed
    await fc.assert(
      fc.asyncProperty(request, async ({ method, params }) => {
        // Connected with both addresses at the start of each run (a run may renounce).
        handle.autoApprove(true)
        await provider.request('getAddresses', { purposes: ['payment', 'ordinals'] })
        handle.autoApprove(false)
        let answering: Promise<unknown>
        try {
          answering = provider.request(method as string, params)
        } catch (error) {
          throw new Error(`request threw ${String(error)}`)
        }
        await settle()
        const prompted = handle.pending()
        // A prompt may only be a connect asked with sound purposes; refuse it.
        for (const prompt of prompted) expect(SIGNING.has(prompt)).toBe(false)
        while (handle.pending().length > 0) handle.reject()
        const answer = await answering
        expectJsonRpc(answer)
        if (method === 'signPsbt' || method === 'signMessage') expect(answer).toHaveProperty('error')
        if (prompted.length > 0) expect((answer as { error?: { code: number } }).error?.code).toBe(-32000)
      }),
      fuzzParams('devBitcoinWallet provider requests', 300),
    )
  })
})
