// The local Bitcoin node (bcoin regtest, in memory) and its Esplora-shaped API: funded dev
// accounts, a p2wpkh transaction signed with @scure/btc-signer broadcast and mined on its own,
// mempool rejections answered 400 with the node's reason, and a clean stop. One node for the file.
import { Transaction, p2wpkh } from '@scure/btc-signer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toCoreAddress, toNodeAddress } from '../../../dev/bitcoin/addresses'
import {
  DEV_BITCOIN_ACCOUNT_COUNT,
  DEV_BITCOIN_ORDINALS_SATS,
  DEV_BITCOIN_PAYMENT_SATS,
  REGTEST_ADDRESSES,
  REGTEST_CAIP2,
  devBitcoinAccount,
} from '../../../dev/bitcoin/devAccounts'
import { BITCOIN_START_HEIGHT, startBitcoinNode, type BitcoinNode } from '../../../dev/bitcoin/startBitcoinNode'

let node: BitcoinNode
let startMs = 0

beforeAll(async () => {
  const started = performance.now()
  node = await startBitcoinNode()
  startMs = performance.now() - started
}, 60_000)

afterAll(async () => {
  await node?.stop()
})

type Utxo = { txid: string; vout: number; value: number; status: { confirmed: boolean; block_height?: number; block_hash?: string } }
type Summary = { address: string; chain_stats: Record<string, number>; mempool_stats: Record<string, number> }

const get = async (path: string) => {
  const res = await fetch(`${node.esploraUrl}${path}`)
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() }
}
const getJson = async <T>(path: string): Promise<T> => {
  const res = await get(path)
  expect(res.status, res.text).toBe(200)
  return JSON.parse(res.text) as T
}
const post = async (hex: string) => {
  const res = await fetch(`${node.esploraUrl}/tx`, { method: 'POST', body: hex })
  return { status: res.status, text: await res.text() }
}
const balance = async (address: string) => {
  const s = await getJson<Summary>(`/address/${address}`)
  return s.chain_stats.funded_txo_sum! - s.chain_stats.spent_txo_sum! + s.mempool_stats.funded_txo_sum! - s.mempool_stats.spent_txo_sum!
}
async function confirmed(txid: string, withinMs: number): Promise<{ block_height: number }> {
  const deadline = Date.now() + withinMs
  for (;;) {
    const status = await getJson<{ confirmed: boolean; block_height: number }>(`/tx/${txid}/status`)
    if (status.confirmed) return status
    if (Date.now() > deadline) throw new Error(`${txid} not confirmed within ${withinMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** A p2wpkh payment from dev account `from` (its first UTXO), signed with @scure/btc-signer. */
function payment(from: number, utxo: Utxo, to: string, sats: bigint) {
  const account = devBitcoinAccount(from)
  const own = p2wpkh(account.payment.publicKey, REGTEST_ADDRESSES)
  const tx = new Transaction()
  tx.addInput({ txid: utxo.txid, index: utxo.vout, witnessUtxo: { script: own.script, amount: BigInt(utxo.value) } })
  tx.addOutputAddress(to, sats, REGTEST_ADDRESSES)
  const fee = 300n
  tx.addOutputAddress(account.payment.address, BigInt(utxo.value) - sats - fee, REGTEST_ADDRESSES)
  tx.sign(account.payment.privateKey)
  tx.finalize()
  return { hex: tx.hex, id: tx.id }
}

describe('the local Bitcoin node', () => {
  it('is regtest (its genesis is the CAIP-2 id) and past segwit activation', async () => {
    expect(node.caipNetworkId).toBe(REGTEST_CAIP2)
    // bcoin's own JSON-RPC: the genesis block's hash begins with the CAIP-2 reference.
    const res = await fetch(node.rpcUrl, { method: 'POST', body: JSON.stringify({ method: 'getblockhash', params: [0], id: 1 }) })
    const { result } = (await res.json()) as { result: string }
    expect(result.slice(0, 32)).toBe(REGTEST_CAIP2.slice('bip122:'.length))
    expect(Number((await get('/blocks/tip/height')).text)).toBeGreaterThan(BITCOIN_START_HEIGHT)
    expect(startMs).toBeLessThan(30_000)
  })

  it('funds every dev account, payment and ordinals, in a block', async () => {
    expect(node.accounts).toHaveLength(DEV_BITCOIN_ACCOUNT_COUNT)
    for (let i = 0; i < DEV_BITCOIN_ACCOUNT_COUNT; i++) {
      const { payment: pay, ordinals } = devBitcoinAccount(i)
      expect(node.accounts[i]).toEqual({ payment: pay.address, ordinals: ordinals.address })
      const summary = await getJson<Summary>(`/address/${pay.address}`)
      expect(summary.address).toBe(pay.address)
      expect(summary.chain_stats).toMatchObject({ funded_txo_count: 1, funded_txo_sum: Number(DEV_BITCOIN_PAYMENT_SATS), tx_count: 1 })
      // Taproot outputs are indexed too (the ordinals address is a `bcrt1p…`).
      const [coin, ...more] = await getJson<Utxo[]>(`/address/${ordinals.address}/utxo`)
      expect(more).toEqual([])
      expect(coin).toMatchObject({ value: Number(DEV_BITCOIN_ORDINALS_SATS), status: { confirmed: true } })
      expect(coin!.status.block_hash).toMatch(/^[0-9a-f]{64}$/)
    }
  })

  it('answers fee estimates of at least 1 sat/vB for the usual targets', async () => {
    const fees = await getJson<Record<string, number>>('/fee-estimates')
    for (const target of ['1', '3', '6', '144']) expect(fees[target]).toBeGreaterThanOrEqual(1)
  })

  it('takes a p2wpkh transaction of dev account 0, mines it by itself, and refuses double spends with 400', async () => {
    const sender = devBitcoinAccount(0).payment.address
    const receiver = devBitcoinAccount(1).payment.address
    const before = await balance(receiver)
    const [utxo] = await getJson<Utxo[]>(`/address/${sender}/utxo`)
    const sent = payment(0, utxo!, receiver, 100_000_000n)
    const answer = await post(sent.hex)
    expect(answer).toEqual({ status: 200, text: sent.id })
    // The same coin to another address while the first is in the mempool (or just mined).
    const conflicting = payment(0, utxo!, devBitcoinAccount(2).payment.address, 50_000_000n)
    const refused = await post(conflicting.hex)
    expect(refused.status).toBe(400)
    expect(refused.text).toMatch(/\S/)
    const status = await confirmed(sent.id, 3_000)
    expect(status.block_height).toBeGreaterThan(BITCOIN_START_HEIGHT)
    expect(await balance(receiver)).toBe(before + 100_000_000)
    expect((await get(`/tx/${sent.id}/hex`)).text).toBe(sent.hex)
    // Once the spend is in a block, bcoin files the double spend as an orphan: still a 400.
    const again = await post(conflicting.hex)
    expect(again.status).toBe(400)
    expect(again.text).toBe('bad-txns-inputs-missingorspent')
    expect(await get(`/tx/${conflicting.id}/status`)).toMatchObject({ status: 404, text: 'Transaction not found' })
  })

  it('refuses what is not a transaction, an address of another network and an unknown txid', async () => {
    expect(await post('zz')).toMatchObject({ status: 400 })
    expect(await post('00')).toMatchObject({ status: 400 })
    expect((await post('')).status).toBe(400)
    const mainnet = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
    expect(await get(`/address/${mainnet}`)).toMatchObject({ status: 400, text: 'Invalid Bitcoin address' })
    expect(await get(`/address/${toNodeAddress(devBitcoinAccount(0).payment.address)}/utxo`)).toMatchObject({ status: 400, text: 'Invalid Bitcoin address' })
    expect(await get(`/tx/${'ab'.repeat(32)}/status`)).toMatchObject({ status: 404, text: 'Transaction not found' })
    expect((await get('/tx/nothex/hex')).status).toBe(400)
    // A base58 regtest address (bcoin would read its prefix as testnet's) is one of the network.
    const legacy = await getJson<Summary>('/address/mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn')
    expect(legacy.chain_stats.tx_count).toBe(0)
  })

  it('fund() pays any regtest address and the payment is in a block within a second', async () => {
    const to = p2wpkh(devBitcoinAccount(7).payment.publicKey, REGTEST_ADDRESSES).address!
    const started = Date.now()
    const txid = await node.fund(to, 12_345n)
    await confirmed(txid, 1_500)
    expect(Date.now() - started).toBeLessThan(1_500)
    expect(await balance(to)).toBe(12_345)
    await expect(node.fund('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 1000n)).rejects.toThrow(/not a regtest Bitcoin address/)
    await expect(node.fund(to, 10n)).rejects.toThrow(/at least 546/)
  })

  it('spells regtest addresses as Core at its edges and as bcoin inside, losslessly', () => {
    for (const address of [devBitcoinAccount(0).payment.address, devBitcoinAccount(0).ordinals.address]) {
      const inside = toNodeAddress(address)
      expect(inside.startsWith('rb1')).toBe(true)
      expect(toCoreAddress(inside)).toBe(address)
    }
  })

  it('stops: its API no longer answers', async () => {
    const url = node.esploraUrl
    await node.stop()
    await expect(fetch(`${url}/blocks/tip/height`)).rejects.toThrow()
  })
})
