// @vitest-environment happy-dom
// The dev Bitcoin wallet as a page's apps see it, both ways: a Wallet Standard wallet
// (`bitcoin:connect`, `bitcoin:signMessage`, `bitcoin:signPsbt`) and the sats-connect provider
// listed in `window.btc_providers`. Connects, refusals, a reload's silent reconnect, account
// changes, BIP-322 signatures (verified with bip322-js) and PSBT signing (signatures checked
// against btc-signer's sighashes with noble, then finalized and extracted), own inputs only.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { base64, hex } from '@scure/base'
import { OutScript, SigHash, Transaction } from '@scure/btc-signer'
import { hash160 } from '@scure/btc-signer/utils.js'
import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import { Verifier } from 'bip322-js'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { bip322MessageHash } from '../../../dev/bitcoin/bip322'
import { devBitcoinAccount } from '../../../dev/bitcoin/devAccounts'
import { DEV_BITCOIN_WALLET_NAME, type DevBitcoinWalletFeatures, type JsonRpcAnswer } from '../../../dev/bitcoin/devBitcoinWallet'
import { DEV_BITCOIN_PROVIDER_ID, installDevBitcoinWallet, type InstalledDevBitcoinWallet } from '../../../dev/bitcoin/installDevBitcoinWallet'
import { ORDINALS_IN, PAYMENT_IN, twoInputPsbt } from './psbtFixture'

const dev0 = devBitcoinAccount(0)
const dev1 = devBitcoinAccount(1)
const stackAccounts = [0, 1, 2].map((i) => ({ payment: devBitcoinAccount(i).payment.address, ordinals: devBitcoinAccount(i).ordinals.address }))

// A stand-in Esplora `POST /tx`: answers the txid it computes, or refuses as a node would.
let esplora: Server
let esploraUrl: string
let posted: string[] = []
let refuseWith: string | undefined

beforeAll(async () => {
  esplora = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      res.setHeader('access-control-allow-origin', '*')
      if (req.method === 'OPTIONS') return void res.writeHead(204, { 'access-control-allow-methods': 'POST', 'access-control-allow-headers': 'content-type' }).end()
      if (req.method !== 'POST' || req.url !== '/esplora/tx') return void res.writeHead(404).end('Not found')
      posted.push(body)
      if (refuseWith !== undefined) return void res.writeHead(400, { 'content-type': 'text/plain' }).end(refuseWith)
      res.writeHead(200, { 'content-type': 'text/plain' }).end(Transaction.fromRaw(hex.decode(body)).id)
    })
  })
  await new Promise<void>((resolve) => esplora.listen(0, '127.0.0.1', resolve))
  esploraUrl = `http://127.0.0.1:${(esplora.address() as AddressInfo).port}/esplora`
})

afterAll(async () => {
  await new Promise((resolve) => esplora.close(resolve))
})

let installed: InstalledDevBitcoinWallet

const install = () => installDevBitcoinWallet({ esploraUrl, accounts: stackAccounts })

beforeEach(() => {
  window.localStorage.clear()
  posted = []
  refuseWith = undefined
  installed = install()
})

afterEach(() => {
  installed.uninstall()
})

type BitcoinWallet = Wallet & { features: DevBitcoinWalletFeatures }

/** The wallet as a Wallet Standard app finds it. */
function discovered(): BitcoinWallet {
  const found = getWallets()
    .get()
    .filter((wallet) => wallet.name === DEV_BITCOIN_WALLET_NAME)
  expect(found).toHaveLength(1)
  return found[0] as BitcoinWallet
}

/** The provider as a sats-connect app finds it: through `window.btc_providers`. */
function provider() {
  const entry = window.btc_providers?.find((p) => p.id === DEV_BITCOIN_PROVIDER_ID)
  expect(entry).toBeDefined()
  const found = entry!.id.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], window) as typeof installed.provider
  return found
}

const promptMethod = () =>
  document.querySelector('[data-devwallet="bitcoin"]')?.shadowRoot?.querySelector('[data-testid="devbitcoin-method"]')?.textContent ?? null

/** Lets the wallet's prompt appear (validation and the prompt come after an await or two). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

async function connectBoth(): Promise<void> {
  installed.handle.approve()
  await discovered().features['bitcoin:connect'].connect({ purposes: ['payment', 'ordinals'] })
}

function errorOf(answer: JsonRpcAnswer): { code: number; message: string } {
  expect('error' in answer).toBe(true)
  return (answer as Extract<JsonRpcAnswer, { error: unknown }>).error
}

function resultOf<T>(answer: JsonRpcAnswer): T {
  expect(answer).not.toHaveProperty('error')
  return (answer as { result: T }).result
}

describe('discovery', () => {
  it('is a Wallet Standard bitcoin wallet and a btc_providers provider, the same wallet', () => {
    const wallet = discovered()
    expect(wallet.chains).toEqual(['bitcoin:regtest'])
    expect(Object.keys(wallet.features).sort()).toEqual(['bitcoin:connect', 'bitcoin:signMessage', 'bitcoin:signPsbt', 'standard:disconnect', 'standard:events'])
    expect(window.btc_providers).toEqual([expect.objectContaining({ id: 'GangwayDevBitcoinProviders.BitcoinProvider', name: DEV_BITCOIN_WALLET_NAME, methods: expect.arrayContaining(['getAddresses', 'signPsbt']) })])
    expect(window.GangwayDevBitcoinProviders?.BitcoinProvider).toBe(installed.provider)
    expect(window.__gangwayDevBitcoinWallets?.[DEV_BITCOIN_WALLET_NAME]).toBe(installed.handle)
  })

  it('refuses stack accounts that are not its own keys', () => {
    installed.uninstall()
    expect(() => installDevBitcoinWallet({ esploraUrl, accounts: [stackAccounts[1]!] })).toThrow(/dev Bitcoin account 0/)
    installed = install()
  })

  it('uninstall removes the provider, its announcement and the Wallet Standard registration', () => {
    installed.uninstall()
    expect(getWallets().get().filter((w) => w.name === DEV_BITCOIN_WALLET_NAME)).toHaveLength(0)
    expect(window.btc_providers).toEqual([])
    expect(window.GangwayDevBitcoinProviders).toBeUndefined()
    expect(window.__gangwayDevBitcoinWallets?.[DEV_BITCOIN_WALLET_NAME]).toBeUndefined()
    installed = install()
  })
})

describe('connect', () => {
  it('Wallet Standard: after the prompt is approved, the accounts in the order of the purposes', async () => {
    const wallet = discovered()
    const changes: number[] = []
    wallet.features['standard:events'].on('change', ({ accounts }) => changes.push(accounts?.length ?? -1))
    const connecting = wallet.features['bitcoin:connect'].connect({ purposes: ['ordinals', 'payment'] })
    await settle()
    expect(installed.handle.pending()).toEqual(['bitcoin:connect'])
    expect(promptMethod()).toBe('bitcoin:connect')
    expect(installed.handle.approve()).toBe(true)
    const { accounts } = await connecting
    expect(accounts.map((a) => a.address)).toEqual([dev0.ordinals.address, dev0.payment.address])
    expect(accounts.map((a) => a.publicKey.length)).toEqual([32, 33])
    expect(accounts[1]!.publicKey).toEqual(dev0.payment.publicKey)
    expect(accounts[0]!.chains).toEqual(['bitcoin:regtest'])
    expect(wallet.accounts.map((a) => a.address)).toEqual([dev0.ordinals.address, dev0.payment.address])
    expect(changes).toEqual([2])
    expect(promptMethod()).toBeNull()
    // Asked again for what was granted: no prompt.
    const again = await wallet.features['bitcoin:connect'].connect({ purposes: ['payment'] })
    expect(again.accounts.map((a) => a.address)).toEqual([dev0.payment.address])
    expect(installed.handle.pending()).toEqual([])
  })

  it('btc_providers: getAddresses prompts and answers both addresses with their types', async () => {
    const answering = provider().request('getAddresses', { purposes: ['payment', 'ordinals'], message: 'Connect to the demo' })
    await settle()
    expect(promptMethod()).toBe('getAddresses')
    installed.handle.approve()
    const answer = await answering
    expect(answer).toMatchObject({ jsonrpc: '2.0', id: expect.any(String) })
    expect(resultOf(answer)).toEqual({
      addresses: [
        { address: dev0.payment.address, publicKey: hex.encode(dev0.payment.publicKey), purpose: 'payment', addressType: 'p2wpkh' },
        { address: dev0.ordinals.address, publicKey: hex.encode(dev0.ordinals.publicKey), purpose: 'ordinals', addressType: 'p2tr' },
      ],
    })
    expect(dev0.payment.address.startsWith('bcrt1q')).toBe(true)
    expect(dev0.ordinals.address.startsWith('bcrt1p')).toBe(true)
    expect(discovered().accounts).toHaveLength(2)
  })

  it('refusals: code 4001 on the Wallet Standard side, -32000 on the provider, nothing granted', async () => {
    installed.handle.reject()
    await expect(discovered().features['bitcoin:connect'].connect({ purposes: ['payment'] })).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
    const answering = provider().request('getAddresses', { purposes: ['payment'] })
    await settle()
    installed.handle.reject()
    expect(await answering).toEqual({ jsonrpc: '2.0', id: expect.any(String), error: { code: -32000, message: 'User rejected the request.' } })
    expect(discovered().accounts).toEqual([])
    expect(errorOf(await provider().request('wallet_getAccount'))).toEqual({ code: -32002, message: 'Access denied' })
    // Asked again after a refusal, it prompts again.
    const again = provider().request('getAddresses', { purposes: ['payment'] })
    await settle()
    expect(installed.handle.pending()).toEqual(['getAddresses'])
    installed.handle.approve()
    expect(await again).toMatchObject({ result: { addresses: [{ purpose: 'payment' }] } })
  })

  it('bad purposes are refused without a prompt', async () => {
    for (const purposes of [[], ['payment', 'payment'], ['stacks'], 'payment', undefined]) {
      expect(errorOf(await provider().request('getAddresses', { purposes })).code).toBe(-32602)
    }
    await expect(discovered().features['bitcoin:connect'].connect({ purposes: ['nft' as 'payment'] })).rejects.toMatchObject({ code: -32602 })
    expect(installed.handle.pending()).toEqual([])
  })

  it('a reload reconnects silently: wallet_getAccount and the Wallet Standard accounts, no prompt', async () => {
    await connectBoth()
    installed.uninstall()
    installed = install()
    expect(discovered().accounts.map((a) => a.address)).toEqual([dev0.payment.address, dev0.ordinals.address])
    const answer = resultOf<{ addresses: { address: string; purpose: string }[] }>(await provider().request('wallet_getAccount'))
    expect(answer.addresses.map((a) => [a.purpose, a.address])).toEqual([
      ['payment', dev0.payment.address],
      ['ordinals', dev0.ordinals.address],
    ])
    expect(installed.handle.pending()).toEqual([])
  })

  it('an account change reaches both faces with the new addresses, and survives a reload', async () => {
    await connectBoth()
    const standard: string[][] = []
    const sats: string[][] = []
    discovered().features['standard:events'].on('change', ({ accounts }) => standard.push((accounts ?? []).map((a) => a.address)))
    provider().addListener('accountChange', (event) => sats.push((event.addresses ?? []).map((a) => a.address)))
    installed.handle.setAccount(1)
    expect(standard).toEqual([[dev1.payment.address, dev1.ordinals.address]])
    expect(sats).toEqual([[dev1.payment.address, dev1.ordinals.address]])
    installed.handle.setAccount(1)
    expect(standard).toHaveLength(1)
    expect(() => installed.handle.setAccount(7)).toThrow()
    installed.uninstall()
    installed = install()
    expect(installed.handle.selected()).toBe(1)
    expect(discovered().accounts.map((a) => a.address)).toEqual([dev1.payment.address, dev1.ordinals.address])
  })

  it('disconnects from either side: wallet_renouncePermissions and standard:disconnect', async () => {
    await connectBoth()
    const changes: number[] = []
    const disconnects: string[] = []
    discovered().features['standard:events'].on('change', ({ accounts }) => changes.push(accounts?.length ?? -1))
    provider().addListener('disconnect', (event) => disconnects.push(event.type))
    expect(resultOf(await provider().request('wallet_renouncePermissions'))).toBeNull()
    expect(changes).toEqual([0])
    expect(disconnects).toEqual(['disconnect'])
    expect(errorOf(await provider().request('wallet_getAccount')).code).toBe(-32002)
    await connectBoth()
    await discovered().features['standard:disconnect'].disconnect()
    expect(discovered().accounts).toEqual([])
  })
})

describe('BIP-322 messages', () => {
  it('uses BIP-322 message hashes (the BIP test vectors)', () => {
    expect(hex.encode(bip322MessageHash(''))).toBe('c90c269c4f8fcbe6880f72a721ddfbf1914268a794cbb21cfafee13770ae19f1')
    expect(hex.encode(bip322MessageHash('Hello World'))).toBe('f0eb03b1a75ac6d9847f55c624a99169b5dccba2a31f5b23bea77ba270de0a7a')
  })

  it('signs for the payment (p2wpkh) and ordinals (p2tr) addresses; bip322-js verifies', async () => {
    await connectBoth()
    installed.handle.autoApprove(true)
    const message = 'Sign in to the Gangway demo.\nNonce: 8f1c'
    for (const address of [dev0.payment.address, dev0.ordinals.address]) {
      const { signature, address: signer } = await discovered().features['bitcoin:signMessage'].signMessage({ address, message, protocol: 'bip322' })
      expect(signer).toBe(address)
      expect(Verifier.verifySignature(address, message, signature)).toBe(true)
      expect(Verifier.verifySignature(address, `${message}!`, signature)).toBe(false)
      const answer = resultOf<{ signature: string; address: string; protocol: string }>(await provider().request('signMessage', { address, message }))
      expect(answer.protocol).toBe('BIP322')
      expect(Verifier.verifySignature(address, message, answer.signature)).toBe(true)
    }
  })

  it('prompts with the message, refuses with 4001 / -32000, and does not sign for others or before connecting', async () => {
    await expect(discovered().features['bitcoin:signMessage'].signMessage({ address: dev0.payment.address, message: 'hi', protocol: 'bip322' })).rejects.toMatchObject({
      code: 4100,
    })
    await connectBoth()
    const signing = discovered().features['bitcoin:signMessage'].signMessage({ address: dev0.payment.address, message: 'hi', protocol: 'bip322' })
    await settle()
    expect(promptMethod()).toBe('bitcoin:signMessage')
    installed.handle.reject()
    await expect(signing).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
    installed.handle.reject()
    expect(errorOf(await provider().request('signMessage', { address: dev0.ordinals.address, message: 'hi' })).code).toBe(-32000)
    expect(errorOf(await provider().request('signMessage', { address: dev1.payment.address, message: 'hi' })).code).toBe(-32602)
    // Legacy signatures are the payment key's: the ordinals (taproot) key has none, refused before a prompt.
    expect(errorOf(await provider().request('signMessage', { address: dev0.ordinals.address, message: 'hi', protocol: 'ECDSA' }))).toMatchObject({ code: -32602 })
    expect(installed.handle.pending()).toEqual([])
  })

  it('signs the legacy way (ECDSA, BIP-137) when asked, both faces; bip322-js verifies it loosely and strictly', async () => {
    await connectBoth()
    installed.handle.autoApprove(true)
    const message = 'Legacy sign-in to the Gangway demo'
    const address = dev0.payment.address
    const { signature } = await discovered().features['bitcoin:signMessage'].signMessage({ address, message, protocol: 'ecdsa' })
    // 65 bytes: the header (39–42: a compressed key of a p2wpkh address, BIP-137), r and s.
    const bytes = base64.decode(signature)
    expect(bytes.length).toBe(65)
    expect(bytes[0]).toBeGreaterThanOrEqual(39)
    expect(bytes[0]).toBeLessThanOrEqual(42)
    for (const strict of [false, true]) {
      expect(Verifier.verifySignature(address, message, signature, strict)).toBe(true)
      expect(Verifier.verifySignature(address, `${message}!`, signature, strict)).toBe(false)
      expect(Verifier.verifySignature(dev1.payment.address, message, signature, strict)).toBe(false)
    }
    const answer = resultOf<{ signature: string; protocol: string }>(await provider().request('signMessage', { address, message, protocol: 'ECDSA' }))
    expect(answer.protocol).toBe('ECDSA')
    expect(Verifier.verifySignature(address, message, answer.signature)).toBe(true)
    // The length prefix is a CompactSize: a message of 300 bytes (3-byte prefix) and one of multi-byte characters.
    for (const long of ['x'.repeat(300), 'Gangway ✓ — 比特币']) {
      const legacy = resultOf<{ signature: string }>(await provider().request('signMessage', { address, message: long, protocol: 'ECDSA' })).signature
      expect(Verifier.verifySignature(address, long, legacy, true)).toBe(true)
    }
  })
})

describe('PSBTs', () => {
  /** Checks input 0's ECDSA and input 1's Schnorr signatures against btc-signer's sighashes. */
  function expectSignedByDev0(signed: Transaction, scripts: Uint8Array[], amounts: bigint[]) {
    const [pub, sig] = signed.getInput(0).partialSig![0]!
    expect(pub).toEqual(dev0.payment.publicKey)
    expect(sig.at(-1)).toBe(SigHash.ALL)
    const scriptCode = OutScript.encode({ type: 'pkh', hash: hash160(pub) })
    const sighash0 = signed.preimageWitnessV0(0, scriptCode, SigHash.ALL, amounts[0]!)
    expect(secp256k1.verify(sig.slice(0, -1), sighash0, pub)).toBe(true)
    const tapKeySig = signed.getInput(1).tapKeySig!
    expect(tapKeySig).toHaveLength(64)
    const sighash1 = signed.preimageWitnessV1(1, scripts, SigHash.DEFAULT, amounts)
    expect(schnorr.verify(tapKeySig, sighash1, scripts[1]!.slice(2))).toBe(true)
  }

  it('signs an input of each type, unfinalized; the host finalizes and extracts', async () => {
    await connectBoth()
    const { psbt, scripts, amounts } = twoInputPsbt()
    const signing = discovered().features['bitcoin:signPsbt'].signPsbt({
      psbt,
      inputsToSign: [
        { address: dev0.payment.address, signingIndexes: [0] },
        { address: dev0.ordinals.address, signingIndexes: [1] },
      ],
    })
    await settle()
    expect(promptMethod()).toBe('bitcoin:signPsbt')
    installed.handle.approve()
    const answer = await signing
    expect(answer.txid).toBeUndefined()
    const signed = Transaction.fromPSBT(base64.decode(answer.psbt))
    expect(signed.isFinal).toBe(false)
    expectSignedByDev0(signed, scripts, amounts)
    signed.finalize()
    const raw = Transaction.fromRaw(signed.extract())
    expect(raw.inputsLength).toBe(2)
    expect(raw.getOutput(0).amount).toBe(PAYMENT_IN + ORDINALS_IN - 1_000n)
    expect(posted).toEqual([])
  })

  it('btc_providers signPsbt with broadcast: finalizes, posts the raw transaction, answers the txid', async () => {
    await connectBoth()
    installed.handle.autoApprove(true)
    const { psbt } = twoInputPsbt()
    const answer = resultOf<{ psbt: string; txid: string }>(
      await provider().request('signPsbt', { psbt, signInputs: { [dev0.payment.address]: [0], [dev0.ordinals.address]: [1] }, broadcast: true }),
    )
    const signed = Transaction.fromPSBT(base64.decode(answer.psbt))
    expect(signed.isFinal).toBe(true)
    const raw = signed.extract()
    expect(posted).toEqual([hex.encode(raw)])
    expect(answer.txid).toBe(Transaction.fromRaw(raw).id)
    const unfinalized = Transaction.fromPSBT(base64.decode(psbt))
    expect(unfinalized.isFinal).toBe(false)
    // The node's refusal comes back as the error's message.
    refuseWith = 'bad-txns-inputs-missingorspent'
    const refused = errorOf(await provider().request('signPsbt', { psbt, signInputs: { [dev0.payment.address]: [0], [dev0.ordinals.address]: [1] }, broadcast: true }))
    expect(refused.message).toContain('bad-txns-inputs-missingorspent')
  })

  it('refuses inputs that are not the wallet’s, or not the named address’s, before any prompt', async () => {
    await connectBoth()
    const foreign = twoInputPsbt(1).psbt
    const { psbt } = twoInputPsbt()
    const sign = discovered().features['bitcoin:signPsbt']
    await expect(sign.signPsbt({ psbt: foreign, inputsToSign: [{ address: dev0.payment.address, signingIndexes: [0] }] })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/Input 0 does not spend from/),
    })
    // The ordinals input asked of the payment address.
    await expect(sign.signPsbt({ psbt, inputsToSign: [{ address: dev0.payment.address, signingIndexes: [1] }] })).rejects.toMatchObject({ code: -32602 })
    await expect(sign.signPsbt({ psbt, inputsToSign: [{ address: dev0.payment.address, signingIndexes: [2] }] })).rejects.toMatchObject({ code: -32602 })
    await expect(sign.signPsbt({ psbt, inputsToSign: [{ address: dev1.payment.address, signingIndexes: [0] }] })).rejects.toMatchObject({ code: -32602 })
    await expect(sign.signPsbt({ psbt: 'not a psbt', inputsToSign: [{ address: dev0.payment.address, signingIndexes: [0] }] })).rejects.toMatchObject({ code: -32602 })
    const answer = await provider().request('signPsbt', { psbt: foreign, signInputs: { [dev0.ordinals.address]: [1] } })
    expect(errorOf(answer)).toMatchObject({ code: -32602, message: expect.stringMatching(/does not spend from/) })
    expect(installed.handle.pending()).toEqual([])
  })

  it('a refused PSBT is not signed: 4001 / -32000', async () => {
    await connectBoth()
    const { psbt } = twoInputPsbt()
    installed.handle.reject()
    await expect(discovered().features['bitcoin:signPsbt'].signPsbt({ psbt, inputsToSign: [{ address: dev0.payment.address, signingIndexes: [0] }] })).rejects.toMatchObject({
      code: 4001,
    })
    installed.handle.reject()
    expect(errorOf(await provider().request('signPsbt', { psbt, signInputs: { [dev0.payment.address]: [0] }, broadcast: true }))).toEqual({
      code: -32000,
      message: 'User rejected the request.',
    })
    expect(posted).toEqual([])
  })
})
