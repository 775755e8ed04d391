/**
 * The local Bitcoin stack's figures (issue "Bitcoin end to end"): how long the regtest node takes
 * to start with its dev accounts funded and confirmed, and how long a send takes to be seen
 * confirmed: from the broadcast (`POST /tx` of a p2wpkh payment signed with @scure/btc-signer)
 * until the adapter's own `waitForReceipt` resolves, at its default polling (what the Send view
 * waits for) and at 100 ms (the node's side alone). Each run starts a node of its own. Prints its
 * figures (it keeps no section of bench/results.md).
 *
 *   npx tsx bench/bitcoin.bench.ts [--runs 5] [--sends 4]
 */
import { p2wpkh, Transaction } from '@scure/btc-signer'
import { parseArgs } from 'node:util'
import { devBitcoinAccount, REGTEST_ADDRESSES } from '../dev/bitcoin/devAccounts'
import { startBitcoinNode, type BitcoinNode } from '../dev/bitcoin/startBitcoinNode'
import { createBitcoinRuntime } from '../src/adapters/bitcoin/createBitcoinRuntime'
import { defineBitcoinNetwork } from '../src/adapters/bitcoin/defineBitcoinNetwork'
import { machineNote } from './support/machineNote'
import { percentile } from './gateway/convert.bench'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, sends: { type: 'string', default: '4' } } })
const RUNS = Number(values.runs)
const SENDS = Number(values.sends)

type Utxo = { txid: string; vout: number; value: number }

/** The adapter's default `receiptPollingMs` (createBitcoinAdapter). */
const DEFAULT_POLLING_MS = 2_000

/** Broadcasts a payment of 0.001 BTC from dev account 0's first confirmed UTXO to account 1; its txid. */
async function broadcast(node: BitcoinNode): Promise<string> {
  const from = devBitcoinAccount(0)
  const utxos = (await (await fetch(`${node.esploraUrl}/address/${from.payment.address}/utxo`)).json()) as (Utxo & { status: { confirmed: boolean } })[]
  const utxo = utxos.filter((u) => u.status.confirmed).sort((a, b) => b.value - a.value)[0]
  if (!utxo) throw new Error('no confirmed UTXO to spend')
  const own = p2wpkh(from.payment.publicKey, REGTEST_ADDRESSES)
  const tx = new Transaction()
  tx.addInput({ txid: utxo.txid, index: utxo.vout, witnessUtxo: { script: own.script, amount: BigInt(utxo.value) } })
  tx.addOutputAddress(devBitcoinAccount(1).payment.address, 100_000n, REGTEST_ADDRESSES)
  tx.addOutputAddress(from.payment.address, BigInt(utxo.value) - 100_000n - 300n, REGTEST_ADDRESSES)
  tx.sign(from.payment.privateKey)
  tx.finalize()
  const res = await fetch(`${node.esploraUrl}/tx`, { method: 'POST', body: tx.hex })
  if (!res.ok) throw new Error(`broadcast refused: ${await res.text()}`)
  return await res.text()
}

const starts: number[] = []
const confirmations = new Map<number, number[]>([
  [DEFAULT_POLLING_MS, []],
  [100, []],
])
for (let run = 0; run < RUNS; run++) {
  const started = performance.now()
  const node = await startBitcoinNode()
  starts.push(performance.now() - started)
  const network = defineBitcoinNetwork({ genesisHash: node.stackConfig().genesisHash, name: 'Bitcoin Regtest', rpcUrl: node.esploraUrl, kind: 'regtest' })
  try {
    for (const [pollingMs, times] of confirmations) {
      const runtime = createBitcoinRuntime({ gateway: () => undefined, receiptPollingMs: pollingMs })
      for (let i = 0; i < SENDS; i++) {
        const sent = performance.now()
        const txid = await broadcast(node)
        const receipt = await runtime.waitForReceipt(network, txid)
        if (receipt.status !== 'success') throw new Error(`${txid}: ${JSON.stringify(receipt)}`)
        times.push(performance.now() - sent)
      }
    }
  } finally {
    await node.stop()
  }
}

const ms = (v: number) => `${Math.round(v)} ms`
const line = (label: string, xs: number[]) => `| ${label} | ${ms(percentile(xs, 50))} | ${ms(Math.min(...xs))}–${ms(Math.max(...xs))} | ${xs.length} |`
console.log(`## Bitcoin regtest node (${new Date().toISOString().slice(0, 10)})\n`)
console.log('Command: `npx tsx bench/bitcoin.bench.ts`.')
console.log(`${machineNote()}\n`)
console.log('| figure | median | range | runs |\n|---|---:|---:|---:|')
console.log(line('node start: 432+ blocks mined, dev accounts funded and confirmed', starts))
console.log(line("send → confirmed, as the adapter sees it (its default polling, 2 s)", confirmations.get(DEFAULT_POLLING_MS)!))
console.log(line('send → confirmed, polling every 100 ms (the node: a block 200 ms after the mempool takes it)', confirmations.get(100)!))
