// Fuzz: what reaches the embedded wallet's smart account from outside. A host's
// `eth_sendUserOperation` callData is read back into the calls the prompt lists, or refused with
// a plain error, never anything else; a `wallet_sendCalls` request's `paymasterService` is a
// paymaster URL the batch is sponsored through, or refused with EIP-5792's error.
import fc from 'fast-check'
import { encodeAbiParameters, encodeFunctionData, encodePacked, isAddress, toFunctionSelector, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeAccountCalls } from '../../dev/frame/smartAccount'
import { CallsError, prepareSendCalls } from '../../dev/wallet/batchedCalls'
import { fuzzParams } from './fuzzParams'

const hex = (min: number, max: number) => fc.uint8Array({ minLength: min, maxLength: max }).map((b) => `0x${Buffer.from(b).toString('hex')}` as Hex)
const address = hex(20, 20)
const call = fc.record({ to: address, value: fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), data: hex(0, 40) })
const single = call.map((c) => encodeFunctionData({ abi: [{ type: 'function', name: 'execute', stateMutability: 'payable', inputs: [{ type: 'tuple', components: [{ type: 'address' }, { type: 'uint256' }, { type: 'bytes' }] }], outputs: [] }], functionName: 'execute', args: [[c.to, c.value, c.data]] }))
const erc7579 = fc.tuple(fc.constantFrom('0x00', '0x01', '0xff'), fc.array(call, { minLength: 1, maxLength: 3 })).map(([type, calls]) => {
  const mode = `${type}${'00'.repeat(31)}` as Hex
  const execution =
    type === '0x00'
      ? encodePacked(['address', 'uint256', 'bytes'], [calls[0]!.to, calls[0]!.value, calls[0]!.data])
      : encodeAbiParameters([{ type: 'tuple[]', components: [{ type: 'address' }, { type: 'uint256' }, { type: 'bytes' }] }], [calls.map((c) => [c.to, c.value, c.data] as const)])
  return `${toFunctionSelector('execute(bytes32,bytes)')}${encodeAbiParameters([{ type: 'bytes32' }, { type: 'bytes' }], [mode, execution]).slice(2)}` as Hex
})
/** Well-formed callData, its truncations and flipped bytes, and junk. */
const callData = fc.oneof(single, erc7579, fc.tuple(fc.oneof(single, erc7579), fc.nat()).map(([d, n]) => d.slice(0, 2 + (n % (d.length - 1))) as Hex), hex(0, 200))

describe('smart account: what hosts send it', () => {
  it("eth_sendUserOperation's callData: the calls it makes (addresses, uint256 values, hex data), or a plain Error", () => {
    fc.assert(
      fc.property(callData, (data) => {
        let calls: ReturnType<typeof decodeAccountCalls>
        try {
          calls = decodeAccountCalls(data)
        } catch (error) {
          expect(error).toBeInstanceOf(Error)
          return
        }
        expect(calls.length).toBeGreaterThan(0)
        for (const c of calls) {
          expect(isAddress(c.to)).toBe(true)
          expect(c.value >= 0n && c.value < 2n ** 256n).toBe(true)
          expect(c.data).toMatch(/^0x([0-9a-f]{2})*$/)
        }
      }),
      fuzzParams('smartAccount.callData', 400),
    )
  })

  it("wallet_sendCalls' paymasterService: sponsored through an http(s) URL by an account that can (a smart account, a delegated EOA with a bundler), or refused (-32602 / 5700), never sent unsponsored", async () => {
    const capability = fc.oneof(
      fc.record({ url: fc.oneof(fc.webUrl(), fc.string(), fc.constant('ftp://x'), fc.anything()), optional: fc.oneof(fc.boolean(), fc.anything()) }, { requiredKeys: [] }),
      fc.anything(),
    )
    await fc.assert(
      fc.asyncProperty(capability, fc.constantFrom('eoa', 'smartAccount', 'delegated'), async (paymasterService, kind) => {
        const smartAccount = kind === 'smartAccount'
        const sponsorable = kind !== 'eoa'
        const params = [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: false, calls: [{ to: `0x${'11'.repeat(20)}`, value: '0x1' }], capabilities: { paymasterService } }]
        const rpc = async () => '0x'
        let batch: Awaited<ReturnType<typeof prepareSendCalls>>
        try {
          batch = await prepareSendCalls(params, {
            account: `0x${'22'.repeat(20)}`,
            chainId: 31337,
            rpc,
            hasBatch: () => false,
            ...(smartAccount ? { smartAccount } : {}),
            ...(kind === 'delegated' ? { paymasterService: true } : {}),
          })
        } catch (error) {
          expect(error).toBeInstanceOf(CallsError)
          expect([-32602, 5700]).toContain((error as CallsError).code)
          return
        }
        // Accepted: only by an account that can be sponsored and with a URL it will use, or an optional one the wallet may ignore.
        const optional = typeof paymasterService === 'object' && paymasterService !== null && (paymasterService as { optional?: unknown }).optional === true
        if (batch.paymasterUrl !== undefined) {
          expect(sponsorable).toBe(true)
          expect(batch.paymasterUrl).toMatch(/^https?:\/\/\S+$/)
        } else expect(optional && !sponsorable).toBe(true)
      }),
      fuzzParams('smartAccount.paymasterService', 300),
    )
  })
})
