// The dev wallet's Bitcoin side: dev account #0's payment (p2wpkh) and ordinals (p2tr) keys of the
// local regtest node (dev/bitcoin/devAccounts.ts), offered in a session's `bip122` namespace, and
// the WalletConnect Bitcoin requests it answers (Reown's Bitcoin RPC reference):
// - `getAccountAddresses` `{ account, intentions? }` → `[{ address, publicKey, path, intention }]`
// - `signMessage` `{ account, message, address?, protocol? }` → `{ address, signature (hex), messageHash? }`
//   (BIP-322 "simple", or legacy ECDSA / BIP-137, the reference's default; signatures are hex, as it says)
// - `signPsbt` `{ account, psbt, signInputs: [{ address, index, sighashTypes? }], broadcast? }` → `{ psbt, txid? }`
// - `sendTransfer` `{ account, recipientAddress, amount, changeAddress? }` → `{ txid }`
// Signing is the dev Bitcoin wallet's (dev/bitcoin/bitcoinSigner.ts); a transfer is planned with
// the Bitcoin adapter's own runtime over the node's Esplora API, then signed and posted.
import { base64, hex } from '@scure/base'
import { bitcoinKeys, broadcastTransaction, DevBitcoinWalletError, preparePsbt, signMessageWith, signPreparedPsbt, type BitcoinKey } from '../bitcoin/bitcoinSigner'
import { devBitcoinAccount } from '../bitcoin/devAccounts'
import { WalletRpcError } from './walletRequests'

/** The Bitcoin methods the wallet offers in a session. */
export const BITCOIN_WALLET_METHODS = ['getAccountAddresses', 'signMessage', 'signPsbt', 'sendTransfer'] as const

/** The wallet's Bitcoin events (addresses changed). */
export const BITCOIN_WALLET_EVENTS = ['bip122_addressesChanged'] as const

/** Bitcoin methods answered without asking the visitor: reads of what the session already shows. */
export const BITCOIN_NO_APPROVAL_METHODS: ReadonlySet<string> = new Set(['getAccountAddresses'])

/** The wallet's Bitcoin keys: the payment one first (the account's identifier), then ordinals. */
export type WalletBitcoinKeys = { payment: BitcoinKey; ordinals: BitcoinKey }

/** The keys of dev Bitcoin account `index` (default 0). */
export function bitcoinWalletKeys(index = 0): WalletBitcoinKeys {
  return bitcoinKeys(devBitcoinAccount(index))
}

/** An address entry of `getAccountAddresses` (and of the session's `bip122_getAccountAddresses` property). */
export function accountAddresses(keys: WalletBitcoinKeys, intentions?: readonly string[]) {
  return [keys.payment, keys.ordinals]
    .map((k) => ({ address: k.address, publicKey: hex.encode(k.publicKey), path: k.path, intention: k.purpose === 'payment' ? 'payment' : 'ordinal' }))
    .filter((a) => !intentions || intentions.includes(a.intention))
}

function paramsObject(params: unknown): Record<string, unknown> {
  if (params === null || typeof params !== 'object' || Array.isArray(params)) throw new WalletRpcError(WalletRpcError.invalidParams, 'Expected an object of params')
  return params as Record<string, unknown>
}

/** The wallet's key of `address` (one of the session's), else an unauthorized error. */
function keyOf(keys: WalletBitcoinKeys, address: unknown): BitcoinKey {
  if (typeof address !== 'string') throw new WalletRpcError(WalletRpcError.invalidParams, 'Expected an address as a string')
  const key = [keys.payment, keys.ordinals].find((k) => k.address === address)
  if (!key) throw new WalletRpcError(WalletRpcError.unauthorized, `Unknown address ${address.slice(0, 100)}`)
  return key
}

/** The account a request names must be the wallet's (its payment address, the first external one). */
function checkAccount(keys: WalletBitcoinKeys, p: Record<string, unknown>): void {
  if (p.account !== keys.payment.address) throw new WalletRpcError(WalletRpcError.unauthorized, `Unknown account ${shown(p.account)}`)
}

/** A one-line summary of a Bitcoin request, for the approval card. */
export function describeBitcoinRequest(method: string, params: unknown): string {
  try {
    const p = paramsObject(params)
    if (method === 'signMessage') return `Sign Bitcoin message (${shown(p.protocol === undefined ? 'ecdsa' : p.protocol)}): ${shown(p.message)}`
    if (method === 'signPsbt') return `Sign Bitcoin PSBT (${Array.isArray(p.signInputs) ? p.signInputs.length : 0} input(s))${p.broadcast === true ? ' and broadcast it' : ''}`
    if (method === 'sendTransfer') return `Send ${shown(p.amount)} sats to ${shown(p.recipientAddress)}`
  } catch {
    // shown by its method name
  }
  return method
}

/** A value of the dApp's in a message: a string cut short, else its type (never its own toString). */
function shown(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, 100) : typeof value
}

/** Whatever failed, as the wallet's JSON-RPC error (a dev signer's keeps its code). */
function rpcError(error: unknown): WalletRpcError {
  if (error instanceof WalletRpcError) return error
  if (error instanceof DevBitcoinWalletError) return new WalletRpcError(error.code, error.message)
  return new WalletRpcError(WalletRpcError.internal, error instanceof Error ? error.message : 'The request failed')
}

/**
 * Executes an approved Bitcoin request with `keys`; its JSON-RPC result. Throws WalletRpcError.
 *
 * @example
 * const { signature } = await executeBitcoinRequest({ method: 'signMessage', params: { account, message, protocol: 'bip322' } }, { keys, esploraUrl })
 */
export async function executeBitcoinRequest(request: { method: string; params?: unknown }, context: { keys: WalletBitcoinKeys; esploraUrl: string }): Promise<unknown> {
  const { keys, esploraUrl } = context
  const p = paramsObject(request.params)
  try {
    switch (request.method) {
      case 'getAccountAddresses': {
        checkAccount(keys, p)
        const intentions = p.intentions
        if (intentions !== undefined && !(Array.isArray(intentions) && intentions.every((i) => typeof i === 'string'))) {
          throw new WalletRpcError(WalletRpcError.invalidParams, 'Expected intentions as an array of strings')
        }
        return accountAddresses(keys, intentions as string[] | undefined)
      }
      case 'signMessage': {
        checkAccount(keys, p)
        if (typeof p.message !== 'string') throw new WalletRpcError(WalletRpcError.invalidParams, 'Expected the message as a string')
        // Reown's default is the legacy one; only an absent protocol means it.
        const protocol = p.protocol === undefined ? 'ecdsa' : p.protocol
        if (protocol !== 'bip322' && protocol !== 'ecdsa') throw new WalletRpcError(WalletRpcError.invalidParams, `Unknown message signing protocol ${shown(protocol)}`)
        // Without an address the payment one signs; any other value must be one of the wallet's.
        const key = keyOf(keys, p.address === undefined ? keys.payment.address : p.address)
        return { address: key.address, signature: hex.encode(base64.decode(signMessageWith(key, p.message, protocol))) }
      }
      case 'signPsbt': {
        checkAccount(keys, p)
        if (!Array.isArray(p.signInputs)) throw new WalletRpcError(WalletRpcError.invalidParams, 'Expected signInputs as an array')
        const requests = (p.signInputs as unknown[]).map((i) => {
          const input = paramsObject(i)
          const sighashTypes = input.sighashTypes
          if (sighashTypes !== undefined && !(Array.isArray(sighashTypes) && sighashTypes.length === 1)) {
            throw new WalletRpcError(WalletRpcError.invalidParams, 'Expected sighashTypes as an array of one sighash type')
          }
          return { address: input.address, indexes: [input.index], sigHash: Array.isArray(sighashTypes) ? sighashTypes[0] : undefined }
        })
        return await signPreparedPsbt(preparePsbt(p.psbt, requests, p.broadcast, (address) => keyOf(keys, address), esploraUrl), esploraUrl)
      }
      case 'sendTransfer': {
        checkAccount(keys, p)
        return { txid: await sendTransfer(keys.payment, esploraUrl, p) }
      }
      default:
        throw new WalletRpcError(WalletRpcError.unsupportedMethod, `Method ${request.method.slice(0, 60)} is not supported by this wallet`)
    }
  } catch (error) {
    throw rpcError(error)
  }
}

/** Plans the transfer with the Bitcoin adapter's runtime (UTXOs and fee over Esplora), signs every input and posts it. */
async function sendTransfer(payment: BitcoinKey, esploraUrl: string, p: Record<string, unknown>): Promise<string> {
  if (typeof p.recipientAddress !== 'string' || typeof p.amount !== 'string' || !/^[1-9][0-9]{0,15}$/.test(p.amount)) {
    throw new WalletRpcError(WalletRpcError.invalidParams, 'Expected recipientAddress and amount (satoshis, a decimal string)')
  }
  if (p.changeAddress !== undefined && p.changeAddress !== payment.address) throw new WalletRpcError(WalletRpcError.invalidParams, 'Change goes back to the payment address')
  if (p.memo !== undefined) throw new WalletRpcError(WalletRpcError.invalidParams, 'This wallet adds no OP_RETURN memo')
  const [{ createBitcoinRuntime }, { bitcoinRegtest }] = await Promise.all([import('../../src/adapters/bitcoin/createBitcoinRuntime'), import('../../src/adapters/bitcoin/defineBitcoinNetwork')])
  const network = { ...bitcoinRegtest, rpcUrls: { default: { http: [esploraUrl] }, chainDefault: { http: [esploraUrl] } } }
  const runtime = createBitcoinRuntime({ gateway: () => undefined, receiptPollingMs: 1_000 })
  let planned: Awaited<ReturnType<typeof runtime.plan>>
  try {
    planned = await runtime.plan(network, { address: payment.address, type: 'payment', publicKey: hex.encode(payment.publicKey) }, { from: payment.address, receiver: p.recipientAddress, amount: p.amount })
  } catch (error) {
    throw new WalletRpcError(WalletRpcError.invalidParams, error instanceof Error ? error.message : String(error))
  }
  const { tx } = planned
  for (let i = 0; i < tx.inputsLength; i++) tx.signIdx(payment.privateKey, i)
  tx.finalize()
  return broadcastTransaction(esploraUrl, hex.encode(tx.extract()))
}
