// The gateway's Bitcoin: its Esplora-shaped routes (`/v1/esplora/{reference}/…`) and BTC balances
// in the balance route, over a real local node (bcoin regtest). One node and gateway for the file.
import { Transaction, p2wpkh } from '@scure/btc-signer'
import { describe, expect, it } from 'vitest'
import { bitcoinGatewayForFile, REGTEST_REFERENCE } from '../../support/bitcoinGateway'
import { BITCOIN_MAINNET_CAIP2 } from '../../../dev/bitcoin/addresses'
import { DEV_BITCOIN_PAYMENT_SATS, REGTEST_ADDRESSES, REGTEST_CAIP2, devBitcoinAccount } from '../../../dev/bitcoin/devAccounts'
import { BITCOIN_DEFAULT_PRICES, MAX_BITCOIN_TX_HEX_BYTES } from '../../../dev/gateway/bitcoinData'
import { startGateway } from '../../../dev/gateway/startGateway'

const btc = bitcoinGatewayForFile()
const REF = REGTEST_REFERENCE

const esplora = async (path: string, init?: RequestInit, query = 'projectId=test') => {
  const res = await fetch(`${btc.gateway.url}/v1/esplora/${REF}${path}${query ? `?${query}` : ''}`, init)
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() }
}
const direct = async (path: string) => (await fetch(`${btc.node.esploraUrl}${path}`)).text()
const balances = async (address: string, chainId?: string) => {
  const q = new URLSearchParams({ projectId: 'test' })
  if (chainId !== undefined) q.set('chainId', chainId)
  const res = await fetch(`${btc.gateway.url}/v1/account/${encodeURIComponent(address)}/balance?${q}`)
  return { status: res.status, body: (await res.json()) as { balances?: Record<string, unknown>[]; error?: string } }
}

describe('the gateway over a Bitcoin node', () => {
  it('serves the Esplora API of the node for its network, as the node answers it', async () => {
    const { payment, ordinals } = devBitcoinAccount(1)
    for (const path of [`/address/${payment.address}`, `/address/${ordinals.address}/utxo`, '/fee-estimates']) {
      const answer = await esplora(path)
      expect(answer.status, answer.text).toBe(200)
      expect(answer.type).toContain('application/json')
      expect(JSON.parse(answer.text)).toEqual(JSON.parse(await direct(path)))
    }
    const tip = await esplora('/blocks/tip/height')
    expect(tip).toMatchObject({ status: 200, text: await direct('/blocks/tip/height') })
    expect(tip.type).toContain('text/plain')
    const [utxo] = JSON.parse(await direct(`/address/${payment.address}/utxo`)) as { txid: string }[]
    expect(JSON.parse((await esplora(`/tx/${utxo!.txid}/status`)).text)).toMatchObject({ confirmed: true })
    expect((await esplora(`/tx/${utxo!.txid.toUpperCase()}/hex`)).text).toBe(await direct(`/tx/${utxo!.txid}/hex`))
    const served = (await (await fetch(`${btc.gateway.url}/v1/supported-chains?projectId=test`)).json()) as { http: string[] }
    expect(served.http).toContain(REGTEST_CAIP2)
  })

  it('broadcasts a signed transaction, and answers a rejected one 400 with the node\'s reason as text', async () => {
    const account = devBitcoinAccount(2)
    const [utxo] = JSON.parse(await direct(`/address/${account.payment.address}/utxo`)) as { txid: string; vout: number; value: number }[]
    const build = (to: string) => {
      const tx = new Transaction()
      tx.addInput({ txid: utxo!.txid, index: utxo!.vout, witnessUtxo: { script: p2wpkh(account.payment.publicKey, REGTEST_ADDRESSES).script, amount: BigInt(utxo!.value) } })
      tx.addOutputAddress(to, BigInt(utxo!.value) - 500n, REGTEST_ADDRESSES)
      tx.sign(account.payment.privateKey)
      tx.finalize()
      return tx
    }
    const tx = build(devBitcoinAccount(0).ordinals.address)
    expect(await esplora('/tx', { method: 'POST', body: tx.hex })).toMatchObject({ status: 200, text: tx.id })
    const rival = build(devBitcoinAccount(1).ordinals.address)
    const refused = await esplora('/tx', { method: 'POST', body: rival.hex })
    expect(refused.status).toBe(400)
    expect(refused.type).toContain('text/plain')
    expect(refused.text).toMatch(/^[a-z-]+/)
    expect((await esplora(`/tx/${rival.id}/status`)).status).toBe(404)
  })

  it('checks what it forwards: addresses of its network, txids, bodies, the network, the projectId', async () => {
    const mainnet = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
    expect(await esplora(`/address/${mainnet}`)).toMatchObject({ status: 400, text: 'Invalid Bitcoin address' })
    expect(await esplora(`/address/x/utxo`)).toMatchObject({ status: 400, text: 'Invalid Bitcoin address' })
    expect((await esplora('/tx/1234/status')).status).toBe(400)
    expect(await esplora(`/tx/${'cd'.repeat(32)}/status`)).toMatchObject({ status: 404, text: 'Transaction not found' })
    expect(await esplora('/tx', { method: 'POST', body: 'not hex' })).toMatchObject({ status: 400 })
    expect((await esplora('/tx', { method: 'POST', body: 'ab'.repeat(MAX_BITCOIN_TX_HEX_BYTES / 2 + 1) })).status).toBe(413)
    expect((await esplora('/tx', { method: 'POST', body: '' })).status).toBe(400)
    expect((await esplora('/blocks/tip')).status).toBe(404)
    expect((await esplora('/fee-estimates', undefined, '')).text).toBe("Query 'projectId' is required")
    const other = await fetch(`${btc.gateway.url}/v1/esplora/${BITCOIN_MAINNET_CAIP2.slice(7)}/fee-estimates?projectId=test`)
    expect(other.status).toBe(404)
    expect(await other.text()).toMatch(/No Bitcoin network/)
  })

  it('reports BTC balances, priced, for an address of the network', async () => {
    const { payment } = devBitcoinAccount(0)
    const summary = JSON.parse(await direct(`/address/${payment.address}`)) as { chain_stats: { funded_txo_sum: number; spent_txo_sum: number } }
    const sats = summary.chain_stats.funded_txo_sum - summary.chain_stats.spent_txo_sum
    expect(sats).toBeGreaterThan(0)
    const { status, body } = await balances(payment.address, REGTEST_CAIP2)
    expect(status).toBe(200)
    const price = BITCOIN_DEFAULT_PRICES.BTC!
    expect(body.balances).toEqual([
      {
        name: 'Bitcoin',
        symbol: 'BTC',
        chainId: REGTEST_CAIP2,
        price,
        value: (sats / 1e8) * price,
        quantity: { decimals: '8', numeric: String(sats / 1e8) },
        iconUrl: expect.stringContaining('BTC'),
      },
    ])
    // The address alone names its network; a network not served has nothing; the ordinals address too.
    expect((await balances(payment.address)).body).toEqual(body)
    expect((await balances(payment.address, BITCOIN_MAINNET_CAIP2)).body).toEqual({ balances: [] })
    expect((await balances(devBitcoinAccount(1).ordinals.address, REGTEST_CAIP2)).body.balances?.[0]).toMatchObject({ symbol: 'BTC' })
    expect(Number(DEV_BITCOIN_PAYMENT_SATS)).toBeGreaterThanOrEqual(sats)
    // The price table prices it.
    btc.gateway.control.setPrices({ ...btc.gateway.control.getPrices(), BTC: 50_000 })
    expect((await balances(payment.address, REGTEST_CAIP2)).body.balances?.[0]).toMatchObject({ price: 50_000, value: (sats / 1e8) * 50_000 })
    btc.gateway.control.reset()
    expect(await balances('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', REGTEST_CAIP2)).toMatchObject({ status: 400 })
    expect(await balances('0xnot', REGTEST_CAIP2)).toMatchObject({ status: 400 })
  })

  it('answers 502 (as text) when its Esplora server is gone', async () => {
    const orphan = await startGateway({ port: 0, chains: [], tokens: [], logRequests: false, bitcoin: { caipNetworkId: REGTEST_CAIP2, esploraUrl: 'http://127.0.0.1:9/' } })
    try {
      const res = await fetch(`${orphan.url}/v1/esplora/${REF}/fee-estimates?projectId=test`)
      expect(res.status).toBe(502)
      expect(await res.text()).toMatch(/Esplora server of bip122:/)
      const balance = await fetch(`${orphan.url}/v1/account/${devBitcoinAccount(0).payment.address}/balance?projectId=test&chainId=${REGTEST_CAIP2}`)
      expect(balance.status).toBe(502)
    } finally {
      await orphan.stop()
    }
  })

  it('refuses a network it does not know at start', async () => {
    await expect(startGateway({ port: 0, chains: [], tokens: [], bitcoin: { caipNetworkId: 'bip122:00', esploraUrl: btc.node.esploraUrl } })).rejects.toThrow(/bitcoin.caipNetworkId/)
    await expect(startGateway({ port: 0, chains: [], tokens: [], bitcoin: { caipNetworkId: REGTEST_CAIP2, esploraUrl: 'ftp://x' } })).rejects.toThrow(/bitcoin.esploraUrl/)
  })
})
