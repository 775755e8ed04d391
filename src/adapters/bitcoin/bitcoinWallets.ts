import { base64, hex } from '@scure/base'
import { Observable } from 'rxjs'
import type { CaipNetworkId } from '../../core/domain/entities.js'
import { serializeError } from '../../core/errors/base.js'
import { WalletDisconnectedError } from '../../core/errors/wallet.js'
import type { WalletProviderEvent } from '../../core/ports.js'
import { isBytes, preview } from '../preview.js'
import { invalidBitcoinResponse, toBitcoinError, type BitcoinOperation } from './bitcoinErrors.js'
import { caipNetworkIdOfWalletChain } from './defineBitcoinNetwork.js'

/** A Bitcoin account as a wallet gave it, checked: its address, purpose, public key (hex) and derivation path when told. */
export type BitcoinAccount = { address: string; type: 'payment' | 'ordinal'; publicKey: string; path?: string }

/** Which inputs of a PSBT the wallet signs, by address (the Wallet Standard's `inputsToSign`). */
export type InputsToSign = { address: string; signingIndexes: number[]; sigHash?: number }[]

/** A PSBT to sign: base64, the inputs to sign, and whether the wallet should also broadcast it. */
export type PsbtRequest = { psbt: string; inputsToSign: InputsToSign; broadcast?: boolean }

/** The wallet's signed PSBT (base64) and, when it broadcast it, the transaction id. */
export type SignedPsbt = { psbt: string; txid?: string }

/**
 * One Bitcoin wallet, whichever way it was found (Wallet Standard or `btc_providers`), behind the
 * same calls. Each call checks what the wallet answers: junk rejects with a
 * WalletInvalidResponseError carrying the operation's message, a refusal with a
 * WalletRejectedError; nothing the wallet does throws anything else.
 */
export interface BitcoinWalletApi {
  /** The networks the wallet lists (CAIP-2), when it says; empty when it does not. */
  chains(): CaipNetworkId[]
  /** Asks for the payment and ordinals accounts (payment first); silent: without a prompt, null when not authorised. */
  connect(silent: boolean): Promise<BitcoinAccount[] | null>
  disconnect(): Promise<void>
  /** Account changes and disconnects, as data. */
  events(): Observable<WalletProviderEvent>
  /** A BIP-322 signature (base64) of `message` by `address`. */
  signMessage(request: { address: string; message: string }): Promise<string>
  signPsbt(request: PsbtRequest): Promise<SignedPsbt>
}

const PURPOSES = ['payment', 'ordinals'] as const
const MAX_ACCOUNTS = 20
const ADDRESS = /^[a-zA-Z0-9]{14,90}$/
const PUBLIC_KEY = /^(?:[0-9a-fA-F]{64}|0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$/
const PATH = /^m(?:\/\d{1,10}['hH]?){0,10}$/
const TXID = /^[0-9a-fA-F]{64}$/

/** A wallet answer's reason it is junk, thrown as the operation's invalid-response error. */
class Junk extends Error {}
export const junk = (reason: string): never => {
  throw new Junk(reason)
}

/** Runs a wallet call; a refusal or failure becomes the spec's error, junk the invalid-response error. */
export async function guarded<T>(operation: BitcoinOperation, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof Junk) throw invalidBitcoinResponse(operation, error.message)
    throw toBitcoinError(error, operation)
  }
}

/** Reads a field of someone else's object without trusting its getters. */
export function field(value: unknown, key: string): unknown {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return undefined
  return (value as Record<string, unknown>)[key]
}

/** Whether a segwit address is a taproot one (bech32m, witness v1: `bc1p…`, `tb1p…`, `bcrt1p…`). */
export function isTaprootAddress(address: string): boolean {
  return /^(?:bc|tb|bcrt)1p/i.test(address)
}

function checkAddress(value: unknown, what: string): string {
  if (typeof value !== 'string' || !ADDRESS.test(value)) junk(`${what} address ${preview(value)} is not a Bitcoin address`)
  return value as string
}

function checkPublicKey(value: unknown, what: string): string {
  if (isBytes(value)) {
    if (value.length !== 32 && value.length !== 33 && value.length !== 65) junk(`${what} public key has ${value.length} bytes`)
    return hex.encode(value)
  }
  if (typeof value !== 'string' || !PUBLIC_KEY.test(value)) junk(`${what} public key ${preview(value)} is not a hex public key`)
  return (value as string).toLowerCase()
}

function checkBase64(value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '' || value.length > 4_000_000) junk(`${what} ${preview(value)} is not base64`)
  try {
    if (base64.decode(value as string).length === 0) junk(`${what} is empty`)
  } catch (error) {
    if (error instanceof Junk) throw error
    junk(`${what} ${preview(value)} is not base64`)
  }
  return value as string
}

/** A signed PSBT answer: `{ psbt, txid? }` (a one-item array of it is taken too). */
export function checkSignedPsbt(answer: unknown): SignedPsbt {
  const one = Array.isArray(answer) && answer.length === 1 ? answer[0] : answer
  const psbt = checkBase64(field(one, 'psbt'), 'the signed PSBT')
  const txid = field(one, 'txid')
  if (txid !== undefined && txid !== null && (typeof txid !== 'string' || !TXID.test(txid))) junk(`txid ${preview(txid)} is not a transaction id`)
  return typeof txid === 'string' ? { psbt, txid: txid.toLowerCase() } : { psbt }
}

/** A signature answer: `{ signature }` (a one-item array of it is taken too), base64. */
function checkSignature(answer: unknown): string {
  const one = Array.isArray(answer) && answer.length === 1 ? answer[0] : answer
  return checkBase64(field(one, 'signature'), 'the signature')
}

/** Payment first, then ordinals; one of each (the first the wallet gave), at least a payment one. */
function ordered(accounts: BitcoinAccount[], operation: BitcoinOperation): BitcoinAccount[] {
  const payment = accounts.find((a) => a.type === 'payment')
  const ordinal = accounts.find((a) => a.type === 'ordinal')
  if (!payment) throw invalidBitcoinResponse(operation, 'no payment address')
  return ordinal ? [payment, ordinal] : [payment]
}

// ---------------------------------------------------------------------------------------------
// Wallet Standard wallets (`bitcoin:connect`)

/** A Wallet Standard wallet as the registry holds it (someone else's object: read it with care). */
export type StandardWallet = { readonly name: string; readonly chains: readonly string[]; readonly features: Readonly<Record<string, unknown>>; readonly accounts: readonly unknown[] }

/** The feature object `name` of a wallet, with a function `method`; else a failure saying which is missing. */
function feature(wallet: StandardWallet, name: string, method: string): (input?: unknown) => unknown {
  const f = field(field(wallet, 'features'), name)
  const fn = field(f, method)
  if (typeof fn !== 'function') throw new WalletDisconnectedError('Something went wrong', { details: `the wallet has no ${name}` })
  return (input?: unknown) => (fn as (input?: unknown) => unknown).call(f, input)
}

/** A Wallet Standard account, checked; its type by the `purposes` order (`index`) or, without one, by its address (taproot is ordinals). */
function standardAccount(account: unknown, index: number | null): BitcoinAccount {
  const address = checkAddress(field(account, 'address'), 'an account')
  const publicKey = checkPublicKey(field(account, 'publicKey'), `account ${address}`)
  const type = index === null ? (isTaprootAddress(address) ? 'ordinal' : 'payment') : index === 0 ? 'payment' : 'ordinal'
  return { address, type, publicKey }
}

/**
 * The Bitcoin accounts of a list: those `bitcoin:connect` answered (typed by their order), or the
 * ones a wallet holds (`wallet.accounts`, a `change` event) whose chains, when it says, include a
 * Bitcoin one: a multi-chain wallet's other accounts are not Bitcoin's.
 */
function standardAccounts(value: unknown, byOrder: boolean): BitcoinAccount[] {
  if (!Array.isArray(value)) junk(`accounts ${preview(value)} is not a list`)
  const list = (value as unknown[]).slice(0, MAX_ACCOUNTS)
  if (byOrder) return list.map((a, i) => standardAccount(a, Math.min(i, 1)))
  return list.filter(isBitcoinAccount).map((a) => standardAccount(a, null))
}

function isBitcoinAccount(account: unknown): boolean {
  const chains = field(account, 'chains')
  return !Array.isArray(chains) || chains.length === 0 || chains.some((c) => typeof c === 'string' && (c.startsWith('bitcoin:') || c.startsWith('bip122:')))
}

/**
 * The calls of a Wallet Standard Bitcoin wallet: `bitcoin:connect` (payment and ordinals
 * purposes), `standard:disconnect`, `standard:events`, `bitcoin:signMessage`, `bitcoin:signPsbt`.
 * A silent reconnect takes the accounts the wallet has already authorised (`wallet.accounts`):
 * `bitcoin:connect` has no silent mode.
 */
export function standardBitcoinWallet(wallet: StandardWallet): BitcoinWalletApi {
  return {
    chains: () => {
      const chains = field(wallet, 'chains')
      if (!Array.isArray(chains)) return []
      const ids: CaipNetworkId[] = []
      for (const c of chains.slice(0, 64)) {
        const id = typeof c === 'string' ? caipNetworkIdOfWalletChain(c) : null
        if (id && !ids.includes(id)) ids.push(id)
      }
      return ids
    },
    connect: (silent) =>
      guarded(silent ? 'reconnect' : 'connect', async () => {
        const operation = silent ? 'reconnect' : 'connect'
        if (silent) {
          const authorised = standardAccounts(field(wallet, 'accounts'), false)
          return authorised.length === 0 ? null : ordered(authorised, operation)
        }
        const answer = await feature(wallet, 'bitcoin:connect', 'connect')({ purposes: [...PURPOSES] })
        return ordered(standardAccounts(field(answer, 'accounts'), true), operation)
      }),
    disconnect: () =>
      guarded('disconnect', async () => {
        const f = field(field(wallet, 'features'), 'standard:disconnect')
        if (typeof field(f, 'disconnect') === 'function') await feature(wallet, 'standard:disconnect', 'disconnect')()
      }),
    events: () =>
      new Observable<WalletProviderEvent>((subscriber) => {
        let off: unknown
        try {
          const f = field(field(wallet, 'features'), 'standard:events')
          const on = field(f, 'on')
          if (typeof on !== 'function') return // A wallet without events: nothing to listen to.
          off = (on as (e: string, l: (p: unknown) => void) => unknown).call(f, 'change', (properties: unknown) => {
            try {
              if (properties === null || typeof properties !== 'object' || !('accounts' in properties)) return
              const accounts = standardAccounts(field(properties, 'accounts'), false)
              if (accounts.length === 0) subscriber.next({ type: 'disconnect', error: serializeError(new WalletDisconnectedError('Provider disconnected')) })
              else subscriber.next({ type: 'accountsChanged', accounts: ordered(accounts, 'event') })
            } catch (error) {
              subscriber.next({ type: 'ignored', event: 'change', reason: error instanceof Error ? error.message : 'unreadable change event' })
            }
          })
        } catch {
          return // A wallet that cannot be listened to still works; its changes are not seen.
        }
        return () => {
          try {
            if (typeof off === 'function') (off as () => void)()
          } catch {
            // Nothing to undo in a wallet that fails to remove its listener.
          }
        }
      }),
    signMessage: ({ address, message }) =>
      guarded('signMessage', async () => checkSignature(await feature(wallet, 'bitcoin:signMessage', 'signMessage')({ address, message, protocol: 'bip322' }))),
    signPsbt: ({ psbt, inputsToSign, broadcast }) =>
      guarded('signPsbt', async () =>
        checkSignedPsbt(await feature(wallet, 'bitcoin:signPsbt', 'signPsbt')({ psbt, inputsToSign, ...(broadcast ? { broadcast: true } : {}) })),
      ),
  }
}

// ---------------------------------------------------------------------------------------------
// `window.btc_providers` wallets (the sats-connect convention)

/** A provider object: `request(method, params)` answering a JSON-RPC envelope, optional `addListener`. */
export type BtcProvider = { request(method: string, params?: unknown): Promise<unknown>; addListener?(event: string, listener: (data: unknown) => void): unknown }

/** The result of a JSON-RPC envelope; its error thrown as the wallet's (code and words kept). */
function envelopeResult(answer: unknown): unknown {
  if (answer === null || typeof answer !== 'object') junk(`answer ${preview(answer)} is not a JSON-RPC envelope`)
  const error = field(answer, 'error')
  if (error !== undefined && error !== null) {
    const code = field(error, 'code')
    const message = field(error, 'message')
    throw Object.assign(new Error(typeof message === 'string' ? message.slice(0, 500) : 'The wallet failed'), typeof code === 'number' ? { code } : {})
  }
  if (!('result' in (answer as object))) junk('the answer has neither result nor error')
  return field(answer, 'result')
}

function providerAccounts(result: unknown, operation: BitcoinOperation): BitcoinAccount[] {
  const addresses = field(result, 'addresses')
  if (!Array.isArray(addresses)) junk(`addresses ${preview(addresses)} is not a list`)
  const accounts = (addresses as unknown[]).slice(0, MAX_ACCOUNTS).map((a): BitcoinAccount | null => {
    const purpose = field(a, 'purpose')
    if (purpose !== 'payment' && purpose !== 'ordinals') return null // Stacks and others: not Bitcoin accounts.
    const address = checkAddress(field(a, 'address'), `the ${purpose}`)
    const publicKey = checkPublicKey(field(a, 'publicKey'), `the ${purpose}`)
    const path = field(a, 'derivationPath') ?? field(a, 'path')
    return { address, type: purpose === 'payment' ? 'payment' : 'ordinal', publicKey, ...(typeof path === 'string' && PATH.test(path) ? { path } : {}) }
  })
  return ordered(accounts.filter((a): a is BitcoinAccount => a !== null), operation)
}

/** sats-connect's code for "not connected" on `wallet_getAccount`. */
const ACCESS_DENIED = -32002
/** JSON-RPC's "method not found". */
const METHOD_NOT_FOUND = -32601

/**
 * The calls of a `btc_providers` wallet: `getAddresses` (payment and ordinals purposes; a silent
 * reconnect asks `wallet_getAccount`, which never prompts), `wallet_renouncePermissions`,
 * `signMessage` (BIP322), `signPsbt` (`signInputs` by address), and `addListener('accountChange')`.
 */
export function btcProviderWallet(provider: BtcProvider): BitcoinWalletApi {
  const call = async (method: string, params?: unknown): Promise<unknown> => {
    const request = field(provider, 'request')
    if (typeof request !== 'function') throw new WalletDisconnectedError('Something went wrong', { details: 'the provider has no request function' })
    return envelopeResult(await (request as BtcProvider['request']).call(provider, method, params))
  }
  const current = async (operation: BitcoinOperation): Promise<BitcoinAccount[] | null> => {
    try {
      return providerAccounts(await call('wallet_getAccount', null), operation)
    } catch (error) {
      if (field(error, 'code') === ACCESS_DENIED) return null
      throw error
    }
  }
  return {
    chains: () => [],
    connect: (silent) =>
      guarded(silent ? 'reconnect' : 'connect', async () =>
        silent ? current('reconnect') : providerAccounts(await call('getAddresses', { purposes: [...PURPOSES] }), 'connect'),
      ),
    disconnect: () =>
      guarded('disconnect', async () => {
        try {
          await call('wallet_renouncePermissions', null)
        } catch (error) {
          // A wallet without the method keeps no permission to renounce: the disconnect is done.
          if (field(error, 'code') !== METHOD_NOT_FOUND) throw error
        }
      }),
    events: () =>
      new Observable<WalletProviderEvent>((subscriber) => {
        const addListener = field(provider, 'addListener')
        if (typeof addListener !== 'function') return
        const offs: unknown[] = []
        const listen = (event: string, run: (data: unknown) => void) => {
          try {
            offs.push((addListener as (e: string, l: (d: unknown) => void) => unknown).call(provider, event, run))
          } catch {
            // A provider that cannot be listened to for this event still works.
          }
        }
        // The event says accounts changed; which they are is asked without a prompt.
        listen('accountChange', () => {
          current('event').then(
            (accounts) =>
              subscriber.next(
                accounts
                  ? { type: 'accountsChanged', accounts }
                  : { type: 'disconnect', error: serializeError(new WalletDisconnectedError('Provider disconnected')) },
              ),
            (error: unknown) => subscriber.next({ type: 'ignored', event: 'accountChange', reason: error instanceof Error ? error.message : 'unreadable accounts' }),
          )
        })
        listen('disconnect', () => subscriber.next({ type: 'disconnect', error: serializeError(new WalletDisconnectedError('Provider disconnected')) }))
        return () => {
          for (const off of offs) {
            try {
              if (typeof off === 'function') (off as () => void)()
            } catch {
              // Nothing to undo in a provider that fails to remove its listener.
            }
          }
        }
      }),
    signMessage: ({ address, message }) => guarded('signMessage', async () => checkSignature(await call('signMessage', { address, message, protocol: 'BIP322' }))),
    signPsbt: ({ psbt, inputsToSign, broadcast }) =>
      guarded('signPsbt', async () => {
        const signInputs: Record<string, number[]> = {}
        for (const i of inputsToSign) signInputs[i.address] = [...(signInputs[i.address] ?? []), ...i.signingIndexes]
        return checkSignedPsbt(await call('signPsbt', { psbt, signInputs, ...(broadcast ? { broadcast: true } : {}) }))
      }),
  }
}
