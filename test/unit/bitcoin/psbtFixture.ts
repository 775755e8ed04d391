// PSBTs over the dev Bitcoin accounts, for the dev wallet's tests: built with @scure/btc-signer,
// spending made-up outpoints (the wallet signs from the PSBT's own witnessUtxo data).
import { base64 } from '@scure/base'
import { p2tr, p2wpkh, Transaction } from '@scure/btc-signer'
import { devBitcoinAccount, REGTEST_ADDRESSES } from '../../../dev/bitcoin/devAccounts'

export const PAYMENT_IN = 100_000_000n
export const ORDINALS_IN = 100_000n

/** Scripts of dev account `index`'s payment and ordinals addresses. */
export function devScripts(index: number): { payment: Uint8Array; ordinals: Uint8Array } {
  const account = devBitcoinAccount(index)
  return {
    payment: p2wpkh(account.payment.publicKey, REGTEST_ADDRESSES).script,
    ordinals: p2tr(account.ordinals.publicKey, undefined, REGTEST_ADDRESSES).script,
  }
}

/**
 * A PSBT spending input 0 from `payer`'s payment address and input 1 from `payer`'s ordinals
 * address (without tapInternalKey, as some hosts send it), paying dev account 2.
 */
export function twoInputPsbt(payer = 0): { psbt: string; scripts: Uint8Array[]; amounts: bigint[] } {
  const scripts = devScripts(payer)
  const tx = new Transaction()
  tx.addInput({ txid: '11'.repeat(32), index: 0, witnessUtxo: { script: scripts.payment, amount: PAYMENT_IN } })
  tx.addInput({ txid: '22'.repeat(32), index: 1, witnessUtxo: { script: scripts.ordinals, amount: ORDINALS_IN } })
  tx.addOutputAddress(devBitcoinAccount(2).payment.address, PAYMENT_IN + ORDINALS_IN - 1_000n, REGTEST_ADDRESSES)
  return { psbt: base64.encode(tx.toPSBT()), scripts: [scripts.payment, scripts.ordinals], amounts: [PAYMENT_IN, ORDINALS_IN] }
}
