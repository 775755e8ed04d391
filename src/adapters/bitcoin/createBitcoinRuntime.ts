import { base64, hex } from '@scure/base'
import { Address, OutScript, p2sh, p2tr, p2wpkh, selectUTXO, Transaction } from '@scure/btc-signer'
import type { Network } from '../../core/domain/entities.js'
import { GangwayError, InvalidInputError } from '../../core/errors/base.js'
import { WalletTransactionRejectedError } from '../../core/errors/wallet.js'
import type { RpcGateway, WalletReceipt, WalletTransfer } from '../../core/ports.js'
import { invalidBitcoinResponse, toBitcoinError, type BitcoinOperation } from './bitcoinErrors.js'
import type { BitcoinAccount, BitcoinWalletApi, InputsToSign, SignedPsbt } from './bitcoinWallets.js'
import { BITCOIN_ADDRESS_PARAMS, bitcoinChainKind } from './defineBitcoinNetwork.js'
import { balanceOf, createEsplora, EsploraError, feeRateOf, txStatusOf, utxosOf, type Utxo } from './esplora.js'

export type BitcoinRuntimeOptions = {
  /** The gateway's Esplora routes, once the modal has told the adapter its gateway. */
  gateway: () => RpcGateway | undefined
  /** How often a pending transaction's status is polled. */
  receiptPollingMs: number
  /** How long `waitForReceipt` waits before giving up (default 2 h: a block may take a while). */
  receiptTimeoutMs?: number
  /** The fetch to reach Esplora with (default the global one). */
  fetch?: typeof fetch
}

/** A transfer as it will be signed: the unsigned transaction, its fee and the payment account spending. */
export type TransferPlan = { tx: Transaction; fee: bigint; feeRate: bigint; inputs: number }

const TXID = /^[0-9a-f]{64}$/

/**
 * The part of the Bitcoin adapter that needs @scure/btc-signer at run time: transfers built as
 * PSBTs (UTXOs of the payment address, selected with btc-signer's `selectUTXO`, the fee rate from
 * the server's estimates, change back to the payment address), PSBTs a host asks to sign, and the
 * Esplora reads (balances, confirmations, fees, broadcast). Its own chunk, loaded by
 * `createBitcoinAdapter` on first need or when the page is idle. Every failure is a Gangway error
 * with the spec's message for the operation.
 *
 * @example
 * const runtime = createBitcoinRuntime({ gateway: () => undefined, receiptPollingMs: 1000 })
 * const sats = await runtime.getBalance(bitcoinMainnet, 'bc1q…')
 */
export function createBitcoinRuntime(options: BitcoinRuntimeOptions) {
  const esplora = createEsplora({ gateway: options.gateway, ...(options.fetch ? { fetch: options.fetch } : {}) })
  const receiptTimeoutMs = options.receiptTimeoutMs ?? 2 * 60 * 60 * 1000

  const guarded = async <T>(operation: BitcoinOperation, run: () => Promise<T>): Promise<T> => {
    try {
      return await run()
    } catch (error) {
      throw toBitcoinError(error, operation)
    }
  }

  const paramsOf = (network: Network) => BITCOIN_ADDRESS_PARAMS[bitcoinChainKind(network)]

  /** The output script of a receiver, or 'Invalid receiver address' (btc-signer checks every checksum). */
  function receiverScript(network: Network, receiver: string): Uint8Array {
    try {
      return OutScript.encode(Address(paramsOf(network)).decode(receiver))
    } catch (error) {
      throw new InvalidInputError('Invalid receiver address', { details: receiver, cause: error })
    }
  }

  /** What an input of the payment address needs to be signed: its script, and its redeem script or taproot key. */
  function spendOf(network: Network, account: BitcoinAccount) {
    const params = paramsOf(network)
    let decoded: ReturnType<ReturnType<typeof Address>['decode']>
    try {
      decoded = Address(params).decode(account.address)
    } catch (error) {
      throw new GangwayError('Something went wrong', { details: `the payment address ${account.address} is not one of ${network.caipNetworkId}`, cause: error })
    }
    const key = hex.decode(account.publicKey)
    if (decoded.type === 'wpkh') return { script: OutScript.encode(decoded) }
    if (decoded.type === 'sh' && key.length === 33) {
      const nested = p2sh(p2wpkh(key, params), params)
      if (nested.address === account.address) return { script: nested.script, redeemScript: nested.redeemScript }
    }
    if (decoded.type === 'tr' && key.length === 32) {
      const taproot = p2tr(key, undefined, params)
      if (taproot.address === account.address) return { script: taproot.script, tapInternalKey: taproot.tapInternalKey }
    }
    throw new GangwayError('Something went wrong', { details: `payments from a ${decoded.type} address are not supported` })
  }

  async function feeRate(network: Network): Promise<bigint> {
    return feeRateOf(await esplora.json(network, '/fee-estimates'))
  }

  async function utxos(network: Network, address: string): Promise<Utxo[]> {
    return utxosOf(await esplora.json(network, `/address/${encodeURIComponent(address)}/utxo`))
  }

  /**
   * Builds the transfer: the payment address's UTXOs selected by btc-signer's `selectUTXO`
   * ('default' strategy) for the amount plus the fee at the estimated rate, change (above dust)
   * back to the payment address. 'Insufficient BTC balance' when they do not cover it.
   */
  async function plan(network: Network, account: BitcoinAccount, transfer: WalletTransfer): Promise<TransferPlan> {
    if (transfer.token !== undefined) throw new InvalidInputError('Unsupported chain namespace', { details: 'Bitcoin sends have no tokens' })
    receiverScript(network, transfer.receiver)
    let amount: bigint
    try {
      amount = BigInt(transfer.amount)
    } catch {
      amount = 0n
    }
    if (amount <= 0n) throw new InvalidInputError('Invalid amount', { details: transfer.amount })
    const spend = spendOf(network, account)
    const [rate, coins] = await Promise.all([feeRate(network), utxos(network, account.address)])
    const inputs = coins.map((u) => ({ ...spend, txid: u.txid, index: u.vout, witnessUtxo: { script: spend.script, amount: u.value } }))
    let selected: ReturnType<typeof selectUTXO>
    try {
      selected = selectUTXO(inputs, [{ address: transfer.receiver, amount }], 'default', {
        changeAddress: account.address,
        feePerByte: rate,
        network: paramsOf(network),
        createTx: true,
        bip69: false,
      })
    } catch (error) {
      throw new InvalidInputError('Invalid amount', { details: error instanceof Error ? error.message : String(error), cause: error })
    }
    if (!selected || !selected.tx || selected.fee === undefined) {
      throw new InvalidInputError('Insufficient BTC balance', { details: `${amount} sats plus the fee at ${rate} sat/vB exceed what ${account.address} holds` })
    }
    return { tx: selected.tx, fee: selected.fee, feeRate: rate, inputs: selected.inputs.length }
  }

  async function broadcast(network: Network, raw: string): Promise<string> {
    const answer = await esplora.request(network, '/tx', { method: 'POST', body: raw })
    if (answer.status !== 200) {
      throw new WalletTransactionRejectedError('Transaction rejected', { details: answer.text.slice(0, 500) || `the server answered ${answer.status}` })
    }
    const txid = answer.text.trim().toLowerCase()
    if (!TXID.test(txid)) throw new EsploraError('Something went wrong', { details: `the broadcast answered ${answer.text.slice(0, 100)}` })
    return txid
  }

  /** A signed PSBT made into a transaction and sent; its id, checked against what was sent. */
  async function finalizeAndBroadcast(network: Network, tx: Transaction, operation: BitcoinOperation): Promise<string> {
    try {
      tx.finalize()
    } catch (error) {
      throw invalidBitcoinResponse(operation, `the PSBT cannot be finalized: ${error instanceof Error ? error.message : 'unreadable'}`)
    }
    const txid = await broadcast(network, hex.encode(tx.extract()))
    if (txid !== tx.id) throw new EsploraError('Something went wrong', { details: `the server answered ${txid} for ${tx.id}` })
    return txid
  }

  /** The PSBT the wallet gave back, decoded; junk when it does not parse. */
  function signedTransaction(signed: SignedPsbt, operation: BitcoinOperation): Transaction {
    try {
      return Transaction.fromPSBT(base64.decode(signed.psbt), { allowUnknownOutputs: true })
    } catch (error) {
      throw invalidBitcoinResponse(operation, `the signed PSBT does not parse: ${error instanceof Error ? error.message : 'unreadable'}`)
    }
  }

  return {
    plan,

    getBalance: (network: Network, address: string) =>
      guarded('getBalance', async () => String(balanceOf(await esplora.json(network, `/address/${encodeURIComponent(address)}`)))),

    estimateTransferFee: (network: Network, account: BitcoinAccount, transfer: WalletTransfer) =>
      guarded('estimateFee', async () => String((await plan(network, account, transfer)).fee)),

    waitForReceipt: (network: Network, txid: string): Promise<WalletReceipt> =>
      guarded('waitForReceipt', async () => {
        if (!TXID.test(txid)) throw new InvalidInputError('Invalid transaction id', { details: txid })
        const until = Date.now() + receiptTimeoutMs
        for (;;) {
          const status = txStatusOf(await esplora.request(network, `/tx/${txid}/status`))
          if (status?.confirmed) return { status: 'success', blockNumber: String(status.blockHeight) }
          if (Date.now() > until) throw new EsploraError('Something went wrong', { details: `${txid} was not confirmed in ${Math.round(receiptTimeoutMs / 1000)} s` })
          await new Promise((resolve) => setTimeout(resolve, options.receiptPollingMs))
        }
      }),

    /**
     * Sends BTC from the payment account: the planned PSBT signed by the wallet (the payment
     * address's inputs), checked to pay what was planned, finalized, extracted and broadcast.
     */
    sendTransfer: (wallet: BitcoinWalletApi, network: Network, account: BitcoinAccount, transfer: WalletTransfer) =>
      guarded('sendTransaction', async () => {
        const { tx } = await plan(network, account, transfer)
        const signed = await wallet.signPsbt({
          psbt: base64.encode(tx.toPSBT()),
          inputsToSign: [{ address: account.address, signingIndexes: Array.from({ length: tx.inputsLength }, (_, i) => i) }],
        })
        const back = signedTransaction(signed, 'sendTransaction')
        if (!samePayments(tx, back)) throw invalidBitcoinResponse('sendTransaction', 'the signed PSBT spends or pays other than the one sent to sign')
        return finalizeAndBroadcast(network, back, 'sendTransaction')
      }),

    /** Signs a host's PSBT with the wallet; with `broadcast`, finalizes it and sends it over Esplora too. */
    signPsbt: (wallet: BitcoinWalletApi, network: Network, request: { psbt: string; inputsToSign: InputsToSign; broadcast?: boolean }) =>
      guarded('signPsbt', async () => {
        let unsigned: Transaction
        try {
          unsigned = Transaction.fromPSBT(base64.decode(request.psbt), { allowUnknownOutputs: true })
        } catch (error) {
          throw new InvalidInputError('Invalid PSBT', { details: error instanceof Error ? error.message : 'not a base64 PSBT', cause: error })
        }
        for (const { signingIndexes } of request.inputsToSign) {
          for (const index of signingIndexes) {
            if (index >= unsigned.inputsLength) throw new InvalidInputError('Invalid PSBT', { details: `input ${index} does not exist (the PSBT has ${unsigned.inputsLength})` })
          }
        }
        const signed = await wallet.signPsbt({ psbt: request.psbt, inputsToSign: request.inputsToSign })
        const back = signedTransaction(signed, 'signPsbt')
        if (!samePayments(unsigned, back)) throw invalidBitcoinResponse('signPsbt', 'the signed PSBT spends or pays other than the one sent to sign')
        if (!request.broadcast) return { psbt: signed.psbt }
        return { psbt: signed.psbt, txid: await finalizeAndBroadcast(network, back, 'signPsbt') }
      }),
  }
}

export type BitcoinRuntime = ReturnType<typeof createBitcoinRuntime>

/** Whether two transactions spend the same outputs and pay the same amounts to the same scripts. */
function samePayments(a: Transaction, b: Transaction): boolean {
  if (a.inputsLength !== b.inputsLength || a.outputsLength !== b.outputsLength) return false
  for (let i = 0; i < a.inputsLength; i++) {
    const x = a.getInput(i)
    const y = b.getInput(i)
    if (!x.txid || !y.txid || hex.encode(x.txid) !== hex.encode(y.txid) || x.index !== y.index) return false
  }
  for (let i = 0; i < a.outputsLength; i++) {
    const x = a.getOutput(i)
    const y = b.getOutput(i)
    if (x.amount !== y.amount || !x.script || !y.script || hex.encode(x.script) !== hex.encode(y.script)) return false
  }
  return true
}
