// @vitest-environment happy-dom
// Law: a Bitcoin send pays exactly the amount to the receiver and any change to the payment
// address; what the inputs hold is the amount plus the change plus the fee, the fee at least the
// estimated rate times the transaction's size; or, when the UTXOs cannot cover the amount and its
// fee, the send is refused with 'Insufficient BTC balance' and nothing is signed or broadcast.
import { hex } from '@scure/base'
import { Address, OutScript, Transaction } from '@scure/btc-signer'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devBitcoinAccount, REGTEST_ADDRESSES } from '../../../dev/bitcoin/devAccounts'
import { createBitcoinAdapter } from '../../../src/adapters/bitcoin/createBitcoinAdapter'
import { defineBitcoinNetwork, REGTEST_GENESIS } from '../../../src/adapters/bitcoin/defineBitcoinNetwork'
import { GangwayError } from '../../../src/core/errors/base'
import { createFakeBitcoinWallet, fakeEsplora, type FakeBitcoinWallet } from '../../unit/adapters/bitcoin/fakeBitcoinWallet'
import { fcParams } from '../fcSettings'

const regtest = defineBitcoinNetwork({ genesisHash: REGTEST_GENESIS, name: 'Regtest', rpcUrl: 'http://esplora.test', kind: 'regtest' })
const payer = devBitcoinAccount(0).payment.address
const receivers = [devBitcoinAccount(1).payment.address, devBitcoinAccount(2).ordinals.address]
const script = (address: string) => hex.encode(OutScript.encode(Address(REGTEST_ADDRESSES).decode(address)))

let fake: FakeBitcoinWallet
beforeAll(() => {
  fake = createFakeBitcoinWallet({ name: 'Property BTC' }).register()
})
afterAll(() => fake.unregister())

const utxoSet = fc.uniqueArray(fc.record({ n: fc.integer({ min: 1, max: 1_000_000 }), vout: fc.integer({ min: 0, max: 5 }), value: fc.integer({ min: 600, max: 3_000_000 }) }), { minLength: 1, maxLength: 8, selector: (u) => `${u.n}:${u.vout}` })

describe('Bitcoin sends', () => {
  it('pay the amount to the receiver and the change to the payment address, inputs = amount + change + fee; or refuse as insufficient', async () => {
    await fc.assert(
      fc.asyncProperty(utxoSet, fc.double({ min: 0.01, max: 1.2, noNaN: true }), fc.integer({ min: 1, max: 60 }), fc.constantFrom(...receivers), async (coins, share, rate, receiver) => {
        const utxos = coins.map((c) => ({ txid: c.n.toString(16).padStart(64, '0'), vout: c.vout, value: c.value }))
        const total = utxos.reduce((s, u) => s + u.value, 0)
        const amount = Math.max(546, Math.floor(total * share))
        const esplora = fakeEsplora({ utxos: { [payer]: utxos }, fees: { '3': rate } })
        const adapter = createBitcoinAdapter({ networks: [regtest], prefetch: false, fetch: esplora.fetch, window })
        await adapter.connect('Property BTC')
        let txid: string
        try {
          txid = await adapter.sendTransfer('Property BTC', regtest, { from: payer, receiver, amount: String(amount) })
        } catch (error) {
          expect(error).toBeInstanceOf(GangwayError)
          expect((error as GangwayError).shortMessage).toBe('Insufficient BTC balance')
          // Refused only when even every input together cannot pay the amount and a fee at the rate
          // for a transaction spending them all (68 vB an input, 31 an output, 11 of overhead).
          expect(amount + rate * (11 + 68 * utxos.length + 31)).toBeGreaterThan(total)
          expect(esplora.broadcasts).toEqual([])
          return
        }
        expect(esplora.broadcasts).toHaveLength(1)
        const tx = Transaction.fromRaw(hex.decode(esplora.broadcasts[0]!))
        expect(tx.id).toBe(txid)
        const outputs = Array.from({ length: tx.outputsLength }, (_, i) => tx.getOutput(i))
        const toReceiver = outputs.filter((o) => hex.encode(o.script!) === script(receiver))
        const toPayer = outputs.filter((o) => hex.encode(o.script!) === script(payer))
        expect(toReceiver.map((o) => o.amount)).toEqual([BigInt(amount)])
        expect(toPayer.length).toBeLessThanOrEqual(1)
        expect(toReceiver.length + toPayer.length).toBe(outputs.length)
        const spent = Array.from({ length: tx.inputsLength }, (_, i) => tx.getInput(i)).map((input) => {
          const u = utxos.find((x) => x.txid === hex.encode(input.txid!) && x.vout === input.index)
          expect(u).toBeDefined()
          return BigInt(u!.value)
        })
        const change = toPayer[0]?.amount ?? 0n
        const fee = spent.reduce((s, v) => s + v, 0n) - BigInt(amount) - change
        expect(Number(fee)).toBeGreaterThanOrEqual(Math.floor(rate * tx.vsize * 0.98))
        // With change, the fee is the rate's (a signature's slack aside); without, the dust left went to it.
        if (change > 0n) expect(Number(fee)).toBeLessThanOrEqual(Math.ceil(rate * (tx.vsize + 2)))
      }),
      fcParams({ numRuns: 40 }),
    )
  }, 60_000)
})
