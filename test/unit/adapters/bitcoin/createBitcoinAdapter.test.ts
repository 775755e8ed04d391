// @vitest-environment happy-dom
// The Bitcoin adapter against a key-backed fake wallet found both ways (Wallet Standard through
// the real @wallet-standard/app registry, and window.btc_providers) and a fake Esplora: discovery
// and dedupe, connect with typed and ordered accounts, refusals, silent reconnect, events, BIP-322
// signatures verified with bip322-js, sends built with @scure/btc-signer and checked on the raw
// transaction broadcast, fees, balances through the gateway then the network's own URL, signPsbt.
import { base64, hex } from '@scure/base'
import { Address, OutScript, p2wpkh, Transaction } from '@scure/btc-signer'
import { Verifier } from 'bip322-js'
import { filter, firstValueFrom, take, toArray } from 'rxjs'
import { afterEach, describe, expect, it } from 'vitest'
import { devBitcoinAccount, REGTEST_ADDRESSES, REGTEST_CAIP2 } from '../../../../dev/bitcoin/devAccounts'
import { createBitcoinAdapter, type BitcoinAdapter } from '../../../../src/adapters/bitcoin/createBitcoinAdapter'
import { bitcoinMainnet, defineBitcoinNetwork, REGTEST_GENESIS } from '../../../../src/adapters/bitcoin/defineBitcoinNetwork'
import { GangwayError, InvalidInputError } from '../../../../src/core/errors/base'
import { WalletInvalidResponseError, WalletRejectedError, WalletTransactionRejectedError, WalletUnrecognizedChainError } from '../../../../src/core/errors/wallet'
import type { WalletProviderEvent } from '../../../../src/core/ports'
import { createFakeBitcoinWallet, fakeEsplora, FAKE_BTC_NAME, providerRejection, standardRejection, type FakeBitcoinWallet } from './fakeBitcoinWallet'

const regtest = defineBitcoinNetwork({ genesisHash: REGTEST_GENESIS, name: 'Regtest', rpcUrl: 'http://esplora.test/api', kind: 'regtest' })
const dev0 = devBitcoinAccount(0)
const dev1 = devBitcoinAccount(1)
const RECEIVER = devBitcoinAccount(2).payment.address
const txid = (n: number) => n.toString(16).padStart(64, '0')

let fakes: FakeBitcoinWallet[] = []
afterEach(() => {
  for (const f of fakes) f.unregister()
  fakes = []
  delete (window as unknown as Record<string, unknown>).btc_providers
  delete (window as unknown as Record<string, unknown>).FakeBitcoinProviders
})

function setup(options: { way: 'standard' | 'provider'; esplora?: ReturnType<typeof fakeEsplora>; name?: string }) {
  const fake = createFakeBitcoinWallet({ name: options.name ?? (options.way === 'standard' ? 'Standard BTC' : 'Provider BTC') })
  fakes.push(fake)
  if (options.way === 'standard') fake.register()
  else fake.install(window)
  const esplora = options.esplora ?? fakeEsplora()
  const adapter = createBitcoinAdapter({ networks: [regtest], prefetch: false, discoveryTimeoutMs: 50, receiptPollingMs: 5, fetch: esplora.fetch, window })
  return { fake, adapter, esplora, id: fake.wallet.name }
}

const names = async (adapter: BitcoinAdapter, count: number) =>
  (await firstValueFrom(adapter.connectors().pipe(filter((l) => l.length >= count)))).map((c) => `${c.name}:${c.chain}:${c.type}`)

describe('discovery', () => {
  it('finds a Wallet Standard wallet with bitcoin:connect and a btc_providers provider, one per name (the Wallet Standard one first)', async () => {
    const standard = createFakeBitcoinWallet({ name: 'Both Ways' }).register()
    const provider = createFakeBitcoinWallet({ name: 'Both Ways' }).install(window)
    const other = createFakeBitcoinWallet({ name: 'Only Provider' })
    fakes.push(standard, provider, other)
    ;(window as unknown as Record<string, unknown>).OtherProviders = { BitcoinProvider: other.provider }
    ;(window as unknown as { btc_providers: unknown[] }).btc_providers.push({ id: 'OtherProviders.BitcoinProvider', name: 'Only Provider' }, { id: 'Missing.Provider', name: 'Ghost' }, null, 7)
    const adapter = createBitcoinAdapter({ prefetch: false, window })
    const list = await firstValueFrom(adapter.connectors().pipe(filter((l) => l.length >= 2)))
    expect(list.map((c) => [c.name, c.chain, c.type, c.installed])).toEqual([
      ['Both Ways', 'bip122', 'ANNOUNCED', true],
      ['Only Provider', 'bip122', 'ANNOUNCED', true],
    ])
    // The Wallet Standard one lists its chains as CAIP-2 ids.
    expect(list[0]!.chains).toEqual([REGTEST_CAIP2])
  })

  it('leaves out Wallet Standard wallets without bitcoin:connect', async () => {
    const f = createFakeBitcoinWallet({ name: 'No Connect' })
    delete (f.wallet.features as Record<string, unknown>)['bitcoin:connect']
    fakes.push(f.register(), createFakeBitcoinWallet({ name: 'Has Connect' }).register())
    const adapter = createBitcoinAdapter({ prefetch: false, window })
    expect(await names(adapter, 1)).toEqual(['Has Connect:bip122:ANNOUNCED'])
  })
})

describe.each(['standard', 'provider'] as const)('connect (%s)', (way) => {
  it('returns the payment account first, then the ordinals one, typed, with public keys, on the network the addresses are of', async () => {
    const { adapter, id } = setup({ way })
    const session = await adapter.connect(id)
    expect(session.caipNetworkId).toBe(REGTEST_CAIP2)
    expect(session.accounts.map((a) => [a.type, a.address, a.publicKey])).toEqual([
      ['payment', dev0.payment.address, hex.encode(dev0.payment.publicKey)],
      ['ordinal', dev0.ordinals.address, hex.encode(dev0.ordinals.publicKey)],
    ])
    if (way === 'provider') expect(session.accounts.map((a) => a.path)).toEqual([dev0.payment.path, dev0.ordinals.path])
  })

  it("maps the visitor's refusal to WalletRejectedError 'Connection rejected' (code 4001)", async () => {
    const { adapter, fake, id } = setup({ way })
    if (way === 'standard') fake.answerNext('connect', () => Promise.reject(standardRejection()))
    else fake.answerNext('connect', () => ({ jsonrpc: '2.0', id: '1', error: providerRejection }))
    const error = await adapter.connect(id).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WalletRejectedError)
    expect((error as WalletRejectedError).shortMessage).toBe('Connection rejected')
    expect((error as WalletRejectedError).code).toBe(4001)
  })

  it("turns junk into WalletInvalidResponseError 'Failed to connect'", async () => {
    const { adapter, fake, id } = setup({ way })
    const junk = way === 'standard' ? { accounts: [{ address: 'not an address!', publicKey: 5 }] } : { jsonrpc: '2.0', id: '1', result: { addresses: [{ purpose: 'payment', address: dev0.payment.address, publicKey: 'zz' }] } }
    fake.answerNext('connect', () => junk)
    const error = await adapter.connect(id).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WalletInvalidResponseError)
    expect((error as GangwayError).shortMessage).toBe('Failed to connect')
  })

  it('refuses a wallet whose payment address is of none of the networks', async () => {
    const { adapter, id } = setup({ way })
    const mainnetOnly = createBitcoinAdapter({ networks: [bitcoinMainnet], prefetch: false, discoveryTimeoutMs: 50, window })
    await expect(mainnetOnly.connect(id)).rejects.toBeInstanceOf(WalletUnrecognizedChainError)
    expect((await adapter.connect(id)).caipNetworkId).toBe(REGTEST_CAIP2)
  })

  it('reconnects silently only once authorised, without a prompt', async () => {
    const { adapter, fake, id } = setup({ way })
    expect(await adapter.reconnect(id)).toBeNull()
    await adapter.connect(id)
    const prompts = fake.calls.filter((c) => c.method === 'bitcoin:connect' || c.method === 'getAddresses').length
    const again = await adapter.reconnect(id)
    expect(again?.accounts.map((a) => a.type)).toEqual(['payment', 'ordinal'])
    expect(fake.calls.filter((c) => c.method === 'bitcoin:connect' || c.method === 'getAddresses').length).toBe(prompts)
    expect(await adapter.reconnect('Not Installed')).toBeNull()
  })

  it('reports account changes (payment first) and a disconnect as events', async () => {
    const { adapter, fake, id } = setup({ way })
    await adapter.connect(id)
    const seen: WalletProviderEvent[] = []
    const sub = adapter.events(id).subscribe((e) => seen.push(e))
    await new Promise((r) => setTimeout(r, 10))
    fake.setAccount(1)
    await new Promise((r) => setTimeout(r, 10))
    expect(seen[0]).toMatchObject({ type: 'accountsChanged', accounts: [{ address: dev1.payment.address, type: 'payment' }, { address: dev1.ordinals.address, type: 'ordinal' }] })
    await adapter.disconnect(id)
    fake.setAccount(0)
    await new Promise((r) => setTimeout(r, 10))
    expect(seen.at(-1)?.type).toBe('disconnect')
    sub.unsubscribe()
    expect(fake.listening()).toBe(0)
  })

  it('signs a message with BIP-322 from the payment address, as bip322-js verifies', async () => {
    const { adapter, fake, id } = setup({ way })
    await adapter.connect(id)
    const signature = await adapter.signMessage(id, { address: dev0.payment.address, message: 'Hello Gangway' })
    expect(Verifier.verifySignature(dev0.payment.address, 'Hello Gangway', signature)).toBe(true)
    const call = fake.calls.find((c) => c.method.endsWith('signMessage'))
    expect(call?.input).toEqual({ address: dev0.payment.address, message: 'Hello Gangway', protocol: way === 'standard' ? 'bip322' : 'BIP322' })
  })

  it("maps a refused signature to 'Error signing message' and a junk one to the invalid-response error", async () => {
    const { adapter, fake, id } = setup({ way })
    await adapter.connect(id)
    fake.answerNext('signMessage', () => (way === 'standard' ? Promise.reject(standardRejection()) : { jsonrpc: '2.0', id: '2', error: providerRejection }))
    const refused = await adapter.signMessage(id, { address: dev0.payment.address, message: 'x' }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(WalletRejectedError)
    expect((refused as GangwayError).shortMessage).toBe('Error signing message')
    fake.answerNext('signMessage', () => (way === 'standard' ? { signature: '***' } : { jsonrpc: '2.0', id: '3', result: { signature: 42 } }))
    const junk = await adapter.signMessage(id, { address: dev0.payment.address, message: 'x' }).catch((e: unknown) => e)
    expect(junk).toBeInstanceOf(WalletInvalidResponseError)
  })
})

describe('Esplora reads', () => {
  const utxos = { [dev0.payment.address]: [{ txid: txid(1), vout: 0, value: 70_000 }, { txid: txid(2), vout: 1, value: 30_000, confirmed: false }] }

  it('reads a balance as confirmed plus mempool sums, through the gateway first (with projectId), then the network own URL', async () => {
    const esplora = fakeEsplora({ utxos, down: ['https://gw.test'] })
    const { adapter } = setup({ way: 'standard', esplora })
    expect(await adapter.getBalance(regtest, dev0.payment.address)).toBe('100000')
    expect(esplora.requests.map((r) => r.url)).toEqual([`http://esplora.test/api/address/${dev0.payment.address}`])
    adapter.setRpcGateway({ apiUrl: 'https://gw.test/', projectId: 'p1' })
    expect(await adapter.getBalance(regtest, dev0.payment.address)).toBe('100000')
    expect(esplora.requests.slice(1).map((r) => r.url)).toEqual([
      `https://gw.test/v1/esplora/0f9188f13cb7b2c71f2a335e3a4fc328/address/${dev0.payment.address}?projectId=p1`,
      `http://esplora.test/api/address/${dev0.payment.address}`,
    ])
  })

  it('estimates a transfer fee as the 3-block fee rate (rounded up) times the estimated vsize of the transfer', async () => {
    const esplora = fakeEsplora({ utxos, fees: { '1': 30, '3': 10.2, '6': 4 } })
    const { adapter } = setup({ way: 'standard', esplora })
    const fee = Number(await adapter.estimateTransferFee!(regtest, { from: dev0.payment.address, receiver: RECEIVER, amount: '50000' }))
    // One p2wpkh input, two p2wpkh outputs: 141 vB at most, 11 sat/vB.
    expect(fee % 11).toBe(0)
    expect(fee / 11).toBeGreaterThanOrEqual(138)
    expect(fee / 11).toBeLessThanOrEqual(142)
  })

  it('waits for a transaction until Esplora says it is confirmed, with its block height', async () => {
    const esplora = fakeEsplora()
    const { adapter } = setup({ way: 'standard', esplora })
    const receipt = adapter.waitForReceipt(regtest, txid(9))
    await new Promise((r) => setTimeout(r, 20))
    esplora.confirm(txid(9), 777)
    expect(await receipt).toEqual({ status: 'success', blockNumber: '777' })
  })
})

describe.each(['standard', 'provider'] as const)('sending BTC (%s)', (way) => {
  const utxos = { [dev0.payment.address]: [{ txid: txid(1), vout: 0, value: 40_000 }, { txid: txid(2), vout: 3, value: 90_000 }, { txid: txid(3), vout: 0, value: 1_000 }] }

  it('pays the amount to the receiver and the change to the payment address; inputs = amount + fee + change; broadcasts the signed transaction', async () => {
    const esplora = fakeEsplora({ utxos })
    const { adapter, fake, id } = setup({ way, esplora })
    await adapter.connect(id)
    const sent = await adapter.sendTransfer(id, regtest, { from: dev0.payment.address, receiver: RECEIVER, amount: '100000' })
    expect(esplora.broadcasts).toHaveLength(1)
    const tx = Transaction.fromRaw(hex.decode(esplora.broadcasts[0]!))
    expect(sent).toBe(tx.id)
    const outputs = Array.from({ length: tx.outputsLength }, (_, i) => tx.getOutput(i))
    const to = (address: string) => hex.encode(OutScript.encode(Address(REGTEST_ADDRESSES).decode(address)))
    const paid = outputs.filter((o) => hex.encode(o.script!) === to(RECEIVER))
    const change = outputs.filter((o) => hex.encode(o.script!) === to(dev0.payment.address))
    expect(paid.map((o) => o.amount)).toEqual([100_000n])
    expect(change).toHaveLength(1)
    expect(outputs).toHaveLength(2)
    const spent = Array.from({ length: tx.inputsLength }, (_, i) => tx.getInput(i)).map((input) => {
      const u = utxos[dev0.payment.address]!.find((x) => x.txid === hex.encode(input.txid!) && x.vout === input.index)!
      return BigInt(u.value)
    })
    const inputs = spent.reduce((s, v) => s + v, 0n)
    const fee = inputs - 100_000n - change[0]!.amount!
    expect(fee).toBeGreaterThan(0n)
    // The fee rate (10.2 → 11 sat/vB) times the transaction's vsize, within a signature's slack.
    expect(Number(fee) / tx.vsize).toBeGreaterThanOrEqual(10.9)
    expect(Number(fee) / tx.vsize).toBeLessThanOrEqual(11.2)
    // The wallet was asked to sign every input, for the payment address.
    const call = fake.calls.find((c) => c.method.endsWith('signPsbt'))!
    const input = call.input as { inputsToSign?: unknown; signInputs?: unknown }
    if (way === 'standard') expect(input.inputsToSign).toEqual([{ address: dev0.payment.address, signingIndexes: Array.from({ length: tx.inputsLength }, (_, i) => i) }])
    else expect(input.signInputs).toEqual({ [dev0.payment.address]: Array.from({ length: tx.inputsLength }, (_, i) => i) })
  })

  it("refuses more than the UTXOs cover with 'Insufficient BTC balance', and a receiver of another network with 'Invalid receiver address', asking the wallet nothing", async () => {
    const esplora = fakeEsplora({ utxos })
    const { adapter, fake, id } = setup({ way, esplora })
    await adapter.connect(id)
    const poor = await adapter.sendTransfer(id, regtest, { from: dev0.payment.address, receiver: RECEIVER, amount: '131000' }).catch((e: unknown) => e)
    expect(poor).toBeInstanceOf(InvalidInputError)
    expect((poor as GangwayError).shortMessage).toBe('Insufficient BTC balance')
    const mainnetAddress = p2wpkh(dev0.payment.publicKey).address!
    const bad = await adapter.sendTransfer(id, regtest, { from: dev0.payment.address, receiver: mainnetAddress, amount: '1000' }).catch((e: unknown) => e)
    expect((bad as GangwayError).shortMessage).toBe('Invalid receiver address')
    expect(fake.calls.filter((c) => c.method.endsWith('signPsbt'))).toEqual([])
    expect(esplora.broadcasts).toEqual([])
  })

  it('reports a broadcast the node rejects, with its reason', async () => {
    const esplora = fakeEsplora({ utxos, rejectBroadcast: 'bad-txns-inputs-missingorspent' })
    const { adapter, id } = setup({ way, esplora })
    await adapter.connect(id)
    const error = await adapter.sendTransfer(id, regtest, { from: dev0.payment.address, receiver: RECEIVER, amount: '1000' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WalletTransactionRejectedError)
    expect((error as GangwayError).details).toContain('bad-txns-inputs-missingorspent')
  })

  it('refuses a signed PSBT that pays someone else', async () => {
    const esplora = fakeEsplora({ utxos })
    const { adapter, fake, id } = setup({ way, esplora })
    await adapter.connect(id)
    const other = new Transaction()
    other.addInput({ txid: txid(5), index: 0, witnessUtxo: { script: OutScript.encode(Address(REGTEST_ADDRESSES).decode(dev0.payment.address)), amount: 5000n } })
    other.addOutputAddress(RECEIVER, 4000n, REGTEST_ADDRESSES)
    const swapped = base64.encode(other.toPSBT())
    fake.answerNext('signPsbt', () => (way === 'standard' ? { psbt: swapped } : { jsonrpc: '2.0', id: '9', result: { psbt: swapped } }))
    const error = await adapter.sendTransfer(id, regtest, { from: dev0.payment.address, receiver: RECEIVER, amount: '1000' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WalletInvalidResponseError)
    expect(esplora.broadcasts).toEqual([])
  })
})

describe('signPsbt for hosts', () => {
  it("has the wallet sign the named inputs, returns the signed PSBT, and with broadcast sends it and returns the txid", async () => {
    const esplora = fakeEsplora()
    const { adapter, fake, id } = setup({ way: 'standard', esplora })
    await adapter.connect(id)
    const tx = new Transaction()
    tx.addInput({ txid: txid(7), index: 1, witnessUtxo: { script: OutScript.encode(Address(REGTEST_ADDRESSES).decode(dev0.payment.address)), amount: 50_000n } })
    tx.addOutputAddress(RECEIVER, 49_000n, REGTEST_ADDRESSES)
    const psbt = base64.encode(tx.toPSBT())
    const inputsToSign = [{ address: dev0.payment.address, signingIndexes: [0] }]
    const signed = await adapter.bitcoin.signPsbt(id, regtest, { psbt, inputsToSign })
    expect(fake.calls.find((c) => c.method === 'bitcoin:signPsbt')?.input).toEqual({ psbt, inputsToSign })
    const back = Transaction.fromPSBT(base64.decode(signed.psbt))
    expect(back.getInput(0).partialSig?.length).toBe(1)
    expect(signed.txid).toBeUndefined()
    const sent = await adapter.bitcoin.signPsbt(id, regtest, { psbt, inputsToSign, broadcast: true })
    expect(sent.txid).toMatch(/^[0-9a-f]{64}$/)
    expect(Transaction.fromRaw(hex.decode(esplora.broadcasts[0]!)).id).toBe(sent.txid)
  })

  it("refuses a PSBT that does not parse, or names an input it lacks, with 'Invalid PSBT' before the wallet is asked", async () => {
    const { adapter, fake, id } = setup({ way: 'standard' })
    await adapter.connect(id)
    const junk = await adapter.bitcoin.signPsbt(id, regtest, { psbt: 'aGVsbG8=', inputsToSign: [] }).catch((e: unknown) => e)
    expect((junk as GangwayError).shortMessage).toBe('Invalid PSBT')
    const tx = new Transaction()
    tx.addInput({ txid: txid(7), index: 1, witnessUtxo: { script: OutScript.encode(Address(REGTEST_ADDRESSES).decode(dev0.payment.address)), amount: 50_000n } })
    const missing = await adapter.bitcoin.signPsbt(id, regtest, { psbt: base64.encode(tx.toPSBT()), inputsToSign: [{ address: dev0.payment.address, signingIndexes: [3] }] }).catch((e: unknown) => e)
    expect((missing as GangwayError).shortMessage).toBe('Invalid PSBT')
    expect(fake.calls.filter((c) => c.method === 'bitcoin:signPsbt')).toEqual([])
  })
})

describe('networks and addresses', () => {
  it('checks addresses per network: prefixes, checksums, witness versions', async () => {
    const { adapter } = setup({ way: 'standard' })
    expect(adapter.isAddress(regtest, dev0.payment.address)).toBe(true)
    expect(adapter.isAddress(regtest, dev0.ordinals.address)).toBe(true)
    expect(adapter.isAddress(bitcoinMainnet, dev0.payment.address)).toBe(false)
    expect(adapter.isAddress(bitcoinMainnet, 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(true)
    expect(adapter.isAddress(bitcoinMainnet, 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr')).toBe(false)
    expect(adapter.isAddress(bitcoinMainnet, '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(true)
    expect(adapter.isAddress(regtest, '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(false)
    // A v1 program in bech32 (not bech32m) is not an address (BIP-350).
    expect(adapter.isAddress(regtest, dev0.ordinals.address.replace('bcrt1p', 'bcrt1q'))).toBe(false)
  })

  it('rejects networks of other namespaces', () => {
    expect(() => createBitcoinAdapter({ networks: [{ ...regtest, chainNamespace: 'solana' }] })).toThrow('Unsupported chain namespace')
  })

  it('lists the wallet under its own name only once per page even when the page lists it again', async () => {
    const { adapter } = setup({ way: 'provider', name: FAKE_BTC_NAME })
    const list = await firstValueFrom(adapter.connectors().pipe(filter((l) => l.length > 0), take(1), toArray()))
    expect(list[0]!.map((c) => c.name)).toEqual([FAKE_BTC_NAME])
  })
})

describe('a multi-chain wallet', () => {
  it("reconnects with its Bitcoin accounts only, leaving out its other chains' accounts", async () => {
    const { adapter, fake, id } = setup({ way: 'standard' })
    await adapter.connect(id)
    const accounts = Object.getOwnPropertyDescriptor(fake.wallet, 'accounts')!.get!.bind(fake.wallet)
    Object.defineProperty(fake.wallet, 'accounts', {
      get: () => [{ address: '2yv38hGN9CzkSfJRpP4LAbRTtrSMkdhP8MkQX5dxirLg', publicKey: new Uint8Array(32), chains: ['solana:mainnet'], features: [] }, ...accounts()],
    })
    const session = await adapter.reconnect(id)
    expect(session?.accounts.map((a) => [a.type, a.address])).toEqual([
      ['payment', dev0.payment.address],
      ['ordinal', dev0.ordinals.address],
    ])
  })
})

describe('btc_providers disconnect', () => {
  it('counts a provider without wallet_renouncePermissions as disconnected, and reports another failure', async () => {
    const { adapter, fake, id } = setup({ way: 'provider' })
    await adapter.connect(id)
    fake.answerNext('disconnect', () => ({ jsonrpc: '2.0', id: '1', error: { code: -32601, message: 'Method not found' } }))
    await expect(adapter.disconnect(id)).resolves.toBeUndefined()
    await adapter.connect(id)
    fake.answerNext('disconnect', () => ({ jsonrpc: '2.0', id: '2', error: { code: -32603, message: 'wallet crashed' } }))
    await expect(adapter.disconnect(id)).rejects.toMatchObject({ shortMessage: 'Failed to disconnect' })
  })
})
