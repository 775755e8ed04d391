// BIP-322 "simple" message signatures with @scure/btc-signer: the two virtual transactions of
// BIP-322 (to_spend, whose output is the address's script and whose input commits to the tagged
// message hash; to_sign, which spends it to OP_RETURN) are built with the library's transaction
// coders and signed with its signer (ECDSA for p2wpkh, Schnorr key-path for p2tr); the signature
// is the witness of to_sign's input, serialized and base64-encoded. Runs in the browser and in
// Node (bip322-js, built on Node's Buffer, verifies these signatures in the tests).
import { base64 } from '@scure/base'
import { Address, OutScript, RawTx, RawWitness, Script, Transaction } from '@scure/btc-signer'
import { tagSchnorr, type BTC_NETWORK } from '@scure/btc-signer/utils.js'

/** BIP-322's tagged hash of a message (tag `BIP0322-signed-message`). */
export function bip322MessageHash(message: string | Uint8Array): Uint8Array {
  return tagSchnorr('BIP0322-signed-message', typeof message === 'string' ? new TextEncoder().encode(message) : message)
}

/** The id of BIP-322's to_spend transaction for `message` challenged by `script`. */
export function bip322ToSpendId(script: Uint8Array, message: string | Uint8Array): string {
  const raw = RawTx.encode({
    version: 0,
    segwitFlag: false,
    inputs: [{ txid: new Uint8Array(32), index: 0xffffffff, finalScriptSig: Script.encode(['OP_0', bip322MessageHash(message)]), sequence: 0 }],
    outputs: [{ amount: 0n, script }],
    witnesses: undefined,
    lockTime: 0,
  })
  return Transaction.fromRaw(raw, { allowUnknownInputs: true, allowUnknownOutputs: true, allowUnknownVersion: true }).id
}

/**
 * Signs `message` for `address` (p2wpkh or key-path p2tr) the BIP-322 "simple" way; the base64 of
 * the signing input's witness. `publicKey` is the x-only key for p2tr (its internal key).
 */
export function signBip322Simple(options: {
  address: string
  network: BTC_NETWORK
  privateKey: Uint8Array
  publicKey: Uint8Array
  message: string | Uint8Array
}): string {
  const decoded = Address(options.network).decode(options.address)
  if (decoded.type !== 'wpkh' && decoded.type !== 'tr') throw new Error(`BIP-322 simple signatures here are for p2wpkh and p2tr addresses, not ${decoded.type}`)
  const script = OutScript.encode(decoded)
  const toSign = new Transaction({ version: 0, allowUnknownOutputs: true, allowUnknownVersion: true })
  toSign.addInput({
    txid: bip322ToSpendId(script, options.message),
    index: 0,
    sequence: 0,
    witnessUtxo: { script, amount: 0n },
    ...(decoded.type === 'tr' ? { tapInternalKey: options.publicKey } : {}),
  })
  toSign.addOutput({ script: Script.encode(['RETURN']), amount: 0n })
  toSign.signIdx(options.privateKey, 0)
  toSign.finalizeIdx(0)
  const witness = toSign.getInput(0).finalScriptWitness
  if (witness === undefined) throw new Error('BIP-322: the signing input has no witness')
  return base64.encode(RawWitness.encode(witness))
}
