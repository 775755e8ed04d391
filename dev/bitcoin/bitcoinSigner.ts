// The dev Bitcoin keys' signing, with no page and no prompt: what the dev Bitcoin browser wallet
// (devBitcoinWallet.ts) and the dev WalletConnect wallet's bip122 side (dev/wallet/walletBitcoin.ts)
// both do once the visitor approved. PSBT inputs are checked to spend from the signing key's own
// script, signed with @scure/btc-signer, and finalized and posted to Esplora when asked to broadcast;
// messages are signed BIP-322 "simple" (bip322.ts), or the legacy way (BIP-137: a recoverable
// ECDSA signature of the "Bitcoin Signed Message" hash, by @noble/curves) when asked. Runs in the
// browser and in Node.
import { secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha256'
import { base64, hex } from '@scure/base'
import { Address, CompactSize, OutScript, Transaction } from '@scure/btc-signer'
import { concatBytes, equalBytes } from '@scure/btc-signer/utils.js'
import { signBip322Simple } from './bip322'
import { REGTEST_ADDRESSES, type DevBitcoinAccount } from './devAccounts'

export type BitcoinPurpose = 'payment' | 'ordinals'

/** One dev key as the wallets sign with it: its address, the script it locks, and the key pair. */
export type BitcoinKey = { purpose: BitcoinPurpose; address: string; publicKey: Uint8Array; privateKey: Uint8Array; script: Uint8Array; path: string }

/** An error of a dev Bitcoin wallet, with an EIP-1193-style code (4001: the user rejected). */
export class DevBitcoinWalletError extends Error {
  override name = 'DevBitcoinWalletError'
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

export const USER_REJECTED = 4001
export const UNAUTHORIZED = 4100
export const INVALID_PARAMS = -32602
export const INTERNAL = -32603
export const invalidParams = (message: string) => new DevBitcoinWalletError(INVALID_PARAMS, message)

/** The payment and ordinals keys of a dev account. */
export function bitcoinKeys(account: DevBitcoinAccount): { payment: BitcoinKey; ordinals: BitcoinKey } {
  const key = (purpose: BitcoinPurpose, k: DevBitcoinAccount['payment']): BitcoinKey => ({
    purpose,
    address: k.address,
    publicKey: k.publicKey,
    privateKey: k.privateKey,
    script: OutScript.encode(Address(REGTEST_ADDRESSES).decode(k.address)),
    path: k.path,
  })
  return { payment: key('payment', account.payment), ordinals: key('ordinals', account.ordinals) }
}

/** How a message is signed: BIP-322 "simple", or legacy ECDSA (BIP-137). */
export type MessageProtocol = 'bip322' | 'ecdsa'

/**
 * A signature (base64) of `message` by `key`: BIP-322 "simple" by default; with `ecdsa`, the
 * legacy signed message (BIP-137), for the payment (p2wpkh) key only: a taproot key has none.
 */
export function signMessageWith(key: BitcoinKey, message: string, protocol: MessageProtocol = 'bip322'): string {
  if (protocol === 'ecdsa') {
    if (key.purpose !== 'payment') throw invalidParams(`Legacy (ECDSA) message signatures are for the payment address, not ${key.address}.`)
    return signBip137(key.privateKey, message)
  }
  return signBip322Simple({ address: key.address, network: REGTEST_ADDRESSES, privateKey: key.privateKey, publicKey: key.publicKey, message })
}

/** The hash a legacy signed message commits to: double SHA-256 of the magic prefix and the length-prefixed message. */
function signedMessageHash(message: string): Uint8Array {
  const frame = (bytes: Uint8Array) => concatBytes(CompactSize.encode(BigInt(bytes.length)), bytes)
  const encoder = new TextEncoder()
  return sha256(sha256(concatBytes(frame(encoder.encode('Bitcoin Signed Message:\n')), frame(encoder.encode(message)))))
}

/** BIP-137's header for a compressed key of a native segwit (p2wpkh) address: 39 + the recovery id. */
const P2WPKH_HEADER = 39

/** A BIP-137 signature (base64 of the header byte, r and s) of `message` by a p2wpkh address's key. */
function signBip137(privateKey: Uint8Array, message: string): string {
  const signature = secp256k1.sign(signedMessageHash(message), privateKey)
  return base64.encode(concatBytes(new Uint8Array([P2WPKH_HEADER + signature.recovery]), signature.toCompactRawBytes()))
}

/** A PSBT checked and ready to sign: which key signs which input, and what the visitor is shown. */
export type PreparedPsbt = { tx: Transaction; plan: Map<number, { key: BitcoinKey; sigHash: number | undefined }>; details: string[]; broadcast: boolean }

/**
 * Checks a PSBT request: the PSBT parses, each named input exists, spends from the script of the
 * key that signs it (`keyOf` resolves an address to one of the wallet's keys or throws), and is
 * named once; a sighash is a byte. Throws DevBitcoinWalletError (-32602) with what is wrong.
 */
export function preparePsbt(
  psbt: unknown,
  requests: { address: unknown; indexes: unknown; sigHash: unknown }[],
  broadcast: unknown,
  keyOf: (address: unknown) => BitcoinKey,
  esploraUrl: string | undefined,
): PreparedPsbt {
  if (typeof psbt !== 'string') throw invalidParams('Expected the PSBT as a base64 string.')
  if (broadcast !== undefined && typeof broadcast !== 'boolean') throw invalidParams('Expected broadcast as a boolean.')
  if (requests.length === 0) throw invalidParams('Expected at least one input to sign.')
  let tx: Transaction
  try {
    tx = Transaction.fromPSBT(base64.decode(psbt))
  } catch (error) {
    throw invalidParams(`Invalid PSBT: ${error instanceof Error ? error.message : String(error)}`)
  }
  const plan = new Map<number, { key: BitcoinKey; sigHash: number | undefined }>()
  for (const request of requests) {
    const key = keyOf(request.address)
    if (!Array.isArray(request.indexes) || request.indexes.length === 0) throw invalidParams(`Expected the input indexes to sign for ${key.address}.`)
    if (request.sigHash !== undefined && !(Number.isInteger(request.sigHash) && (request.sigHash as number) >= 0 && (request.sigHash as number) <= 0xff)) {
      throw invalidParams('Expected sigHash as a sighash type (an integer from 0 to 255).')
    }
    for (const index of request.indexes as unknown[]) {
      if (!Number.isInteger(index) || (index as number) < 0 || (index as number) >= tx.inputsLength) {
        throw invalidParams(`The PSBT has no input ${typeof index === 'number' || typeof index === 'string' ? index : typeof index} (it has ${tx.inputsLength}).`)
      }
      const i = index as number
      const owner = plan.get(i)
      if (owner !== undefined && owner.key !== key) throw invalidParams(`Input ${i} is asked to be signed by two addresses.`)
      const script = spentScript(tx, i)
      if (script === undefined) throw invalidParams(`Input ${i} has no witnessUtxo or nonWitnessUtxo: the wallet cannot tell what it spends.`)
      if (!equalBytes(script, key.script)) throw invalidParams(`Input ${i} does not spend from ${key.address}; the wallet signs only its own inputs.`)
      plan.set(i, { key, sigHash: request.sigHash as number | undefined })
    }
  }
  if (broadcast === true && esploraUrl === undefined) throw invalidParams('The dev Bitcoin wallet has no Esplora URL to broadcast to.')
  const details = [
    ...[...plan].map(([i, { key }]) => `Sign input ${i} with ${key.address} (${key.purpose})`),
    ...describeOutputs(tx),
    broadcast === true ? 'Broadcast after signing' : 'Return the signed PSBT',
  ]
  return { tx, plan, details, broadcast: broadcast === true }
}

/** Signs a prepared PSBT; with broadcast, finalizes it and posts it to `esploraUrl`. */
export async function signPreparedPsbt(prepared: PreparedPsbt, esploraUrl: string | undefined): Promise<{ psbt: string; txid?: string }> {
  const { tx, plan } = prepared
  try {
    for (const [i, { key, sigHash }] of plan) {
      const update: Parameters<Transaction['updateInput']>[1] = {}
      if (key.purpose === 'ordinals' && tx.getInput(i).tapInternalKey === undefined) update.tapInternalKey = key.publicKey
      if (sigHash !== undefined) update.sighashType = sigHash
      if (Object.keys(update).length > 0) tx.updateInput(i, update, true)
      tx.signIdx(key.privateKey, i, sigHash !== undefined ? [sigHash] : undefined)
    }
  } catch (error) {
    throw invalidParams(`The PSBT could not be signed: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (!prepared.broadcast) return { psbt: base64.encode(tx.toPSBT()) }
  try {
    tx.finalize()
  } catch (error) {
    throw invalidParams(`The PSBT could not be finalized for broadcast: ${error instanceof Error ? error.message : String(error)}`)
  }
  const txid = await broadcastTransaction(esploraUrl!, hex.encode(tx.extract()))
  return { psbt: base64.encode(tx.toPSBT()), txid }
}

/** The script of the output input `i` spends, from its witnessUtxo or its whole previous transaction. */
function spentScript(tx: Transaction, i: number): Uint8Array | undefined {
  const input = tx.getInput(i)
  if (input.witnessUtxo !== undefined) return input.witnessUtxo.script
  if (input.nonWitnessUtxo !== undefined && input.index !== undefined) return input.nonWitnessUtxo.outputs[input.index]?.script
  return undefined
}

function describeOutputs(tx: Transaction): string[] {
  return Array.from({ length: tx.outputsLength }, (_, i) => {
    const output = tx.getOutput(i)
    let to: string
    try {
      to = tx.getOutputAddress(i, REGTEST_ADDRESSES) ?? 'a script'
    } catch {
      to = 'a script'
    }
    return `Output ${i}: ${output.amount ?? 0n} sats to ${to}`
  })
}

/** Posts a raw transaction to Esplora (`POST {esploraUrl}/tx`); its txid. */
export async function broadcastTransaction(esploraUrl: string, rawHex: string): Promise<string> {
  let response: Response
  try {
    response = await fetch(`${esploraUrl.replace(/\/+$/, '')}/tx`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: rawHex })
  } catch (error) {
    throw new DevBitcoinWalletError(INTERNAL, `Broadcast to ${esploraUrl} failed: ${String(error)}`)
  }
  const text = (await response.text()).trim()
  if (!response.ok) throw new DevBitcoinWalletError(INTERNAL, `The node refused the transaction: ${text}`)
  return text
}
