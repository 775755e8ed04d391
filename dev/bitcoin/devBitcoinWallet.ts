// The development Bitcoin browser wallet ("Gangway Dev Bitcoin"): the local stack's dev accounts
// (dev/bitcoin/devAccounts.ts, a payment p2wpkh and an ordinals p2tr address each) behind an
// approve / reject prompt, so the product's Bitcoin connect, BIP-322 message and PSBT paths (and
// their rejections) run for real. One wallet, two faces, as Bitcoin wallets offer them:
// - a Wallet Standard wallet (`bitcoin:connect`, `bitcoin:signMessage`, `bitcoin:signPsbt`,
//   `standard:disconnect`, `standard:events`), errors thrown with code 4001 when the user rejects;
// - a sats-connect style provider (`request(method, params)` answering JSON-RPC objects, never
//   throwing; -32000 when the user rejects), for `window.btc_providers`.
// Like an extension, it keeps the authorised origins (and the purposes each was given) and the
// selected account in localStorage, so a reload reconnects without a prompt.
// Browser code: never imported by src/.
import { base64, hex } from '@scure/base'
import { Address, OutScript, Transaction } from '@scure/btc-signer'
import { equalBytes } from '@scure/btc-signer/utils.js'
import type { IdentifierString, Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
import { StandardDisconnect, StandardEvents, type StandardDisconnectFeature, type StandardEventsFeature } from '@wallet-standard/features'
import { ReadonlyWalletAccount } from '@wallet-standard/wallet'
import { DevWalletPrompts } from '../extension/devWalletPrompts'
import { guarded, originStore, StandardEventsHub } from '../extension/devWalletState'
import { signBip322Simple } from './bip322'
import { DEV_BITCOIN_ACCOUNT_COUNT, devBitcoinAccount, REGTEST_ADDRESSES, type DevBitcoinAccount } from './devAccounts'

export const DEV_BITCOIN_WALLET_NAME = 'Gangway Dev Bitcoin'

/** The Wallet Standard chains the wallet lists. */
export const DEV_BITCOIN_WALLET_CHAINS = ['bitcoin:regtest'] as const satisfies readonly IdentifierString[]

export const BitcoinConnect = 'bitcoin:connect'
export const BitcoinSignMessage = 'bitcoin:signMessage'
export const BitcoinSignPsbt = 'bitcoin:signPsbt'

export type BitcoinPurpose = 'payment' | 'ordinals'
const PURPOSES: readonly BitcoinPurpose[] = ['payment', 'ordinals']

export type BitcoinConnectFeature = {
  [BitcoinConnect]: { version: '1.0.0'; connect(input: { purposes: BitcoinPurpose[] }): Promise<{ accounts: WalletAccount[] }> }
}
export type BitcoinSignMessageInput = { address: string; message: string; protocol?: 'bip322' | 'ecdsa' }
export type BitcoinSignMessageFeature = {
  [BitcoinSignMessage]: { version: '1.0.0'; signMessage(input: BitcoinSignMessageInput): Promise<{ signature: string; address: string }> }
}
export type BitcoinInputToSign = { address: string; signingIndexes: number[]; sigHash?: number }
export type BitcoinSignPsbtInput = { psbt: string; inputsToSign: BitcoinInputToSign[]; broadcast?: boolean }
export type BitcoinSignPsbtFeature = {
  [BitcoinSignPsbt]: { version: '1.0.0'; signPsbt(input: BitcoinSignPsbtInput): Promise<{ psbt: string; txid?: string }> }
}
export type DevBitcoinWalletFeatures = BitcoinConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  BitcoinSignMessageFeature &
  BitcoinSignPsbtFeature

/** An address as the provider's methods answer it. */
export type DevBitcoinProviderAddress = { address: string; publicKey: string; purpose: BitcoinPurpose; addressType: 'p2wpkh' | 'p2tr' }

export type JsonRpcAnswer =
  | { jsonrpc: '2.0'; id: string; result: unknown }
  | { jsonrpc: '2.0'; id: string; error: { code: number; message: string } }

/** The sats-connect style face: `window.GangwayDevBitcoinProviders.BitcoinProvider`. */
export type DevBitcoinProvider = {
  request(method: string, params?: unknown): Promise<JsonRpcAnswer>
  /** `accountChange` (`{ type, addresses }`) or `disconnect` (`{ type }`); the function that removes the listener. */
  addListener(event: string, listener: (event: { type: string; addresses?: DevBitcoinProviderAddress[] }) => void): () => void
}

export type DevBitcoinWalletOptions = {
  /** Default "Gangway Dev Bitcoin". */
  name?: string
  icon?: WalletIcon
  /** The accounts it holds (default: the stack's dev accounts 0 … DEV_BITCOIN_ACCOUNT_COUNT - 1); account 0 selected. */
  accounts?: readonly DevBitcoinAccount[]
  /** The Esplora base URL a PSBT signed with `broadcast` is posted to (`POST {esploraUrl}/tx`). */
  esploraUrl?: string
  /** Approve every prompt at once. */
  autoApprove?: boolean
  /** localStorage key for the authorised origins and the selected account. */
  storageKey?: string
}

/** An error of the wallet, with an EIP-1193-style code (4001: the user rejected). */
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
const UNAUTHORIZED = 4100
const INVALID_PARAMS = -32602
const INTERNAL = -32603
const rejected = () => new DevBitcoinWalletError(USER_REJECTED, 'User rejected the request.')
const unauthorized = () => new DevBitcoinWalletError(UNAUTHORIZED, 'The requested account and/or method has not been authorized by the user.')
const invalidParams = (message: string) => new DevBitcoinWalletError(INVALID_PARAMS, message)

/** JSON-RPC codes of the provider face, from the wallet's own errors. */
function rpcError(error: unknown): { code: number; message: string } {
  if (error instanceof DevBitcoinWalletError) {
    if (error.code === USER_REJECTED) return { code: -32000, message: error.message }
    if (error.code === UNAUTHORIZED) return { code: -32002, message: 'Access denied' }
    return { code: error.code, message: error.message }
  }
  return { code: INTERNAL, message: error instanceof Error ? error.message : String(error) }
}

/** What tests use to drive the wallet without clicking: `window.__gangwayDevBitcoinWallets[name]`. */
export type DevBitcoinWalletHandle = {
  /** Approves the oldest pending prompt (true), or the next prompt to appear (false). */
  approve(): boolean
  /** Rejects the oldest pending prompt (true), or the next prompt to appear (false). */
  reject(): boolean
  /** Methods of the prompts waiting for a decision, oldest first. */
  pending(): string[]
  autoApprove(on: boolean): void
  /** Switches to dev account `index`; a connected site gets a `change` (and `accountChange`) event. */
  setAccount(index: number): void
  /** The selected account's index. */
  selected(): number
  /** Every account's payment and ordinals addresses, by index. */
  accounts: readonly { payment: string; ordinals: string }[]
  /** Revokes this site from the wallet's side: a `change` event with no accounts. */
  disconnect(): void
}

declare global {
  interface Window {
    __gangwayDevBitcoinWallets?: Record<string, DevBitcoinWalletHandle>
  }
}

type Stored = { origins: Record<string, { purposes: BitcoinPurpose[]; date: number }>; selected?: number }
type Key = { purpose: BitcoinPurpose; address: string; publicKey: Uint8Array; privateKey: Uint8Array; script: Uint8Array; account: ReadonlyWalletAccount }

const ACCOUNT_FEATURES = [BitcoinSignMessage, BitcoinSignPsbt] as const
const PROVIDER_METHODS = ['getInfo', 'getAddresses', 'signMessage', 'signPsbt', 'wallet_renouncePermissions', 'wallet_getAccount'] as const

/**
 * The wallet. Create it with `new DevBitcoinWallet(options)`; `installDevBitcoinWallet`
 * (dev/bitcoin/installDevBitcoinWallet.ts) registers it and installs its provider.
 */
export class DevBitcoinWallet implements Wallet {
  readonly version = '1.0.0' as const
  readonly name: string
  readonly icon: WalletIcon
  readonly chains: IdentifierString[] = [...DEV_BITCOIN_WALLET_CHAINS]
  readonly handle: DevBitcoinWalletHandle
  readonly provider: DevBitcoinProvider
  readonly #keys: { payment: Key; ordinals: Key }[]
  readonly #options: DevBitcoinWalletOptions
  readonly #store: ReturnType<typeof originStore<Stored>>
  readonly #events = new StandardEventsHub()
  readonly #providerListeners = new Map<string, Set<(event: { type: string; addresses?: DevBitcoinProviderAddress[] }) => void>>()
  readonly #prompts: DevWalletPrompts
  #features: DevBitcoinWalletFeatures | undefined
  #requestId = 0

  constructor(options: DevBitcoinWalletOptions = {}) {
    this.#options = options
    this.name = options.name ?? DEV_BITCOIN_WALLET_NAME
    this.icon = options.icon ?? DEV_BITCOIN_WALLET_ICON
    const accounts = options.accounts ?? Array.from({ length: DEV_BITCOIN_ACCOUNT_COUNT }, (_, i) => devBitcoinAccount(i))
    if (accounts.length === 0) throw new Error('the dev Bitcoin wallet needs at least one account')
    this.#keys = accounts.map((account) => ({
      payment: this.#key('payment', account.payment, `Dev account ${account.index + 1} (payment)`),
      ordinals: this.#key('ordinals', account.ordinals, `Dev account ${account.index + 1} (ordinals)`),
    }))
    this.#store = originStore<Stored>(options.storageKey ?? `gangway.devBitcoinWallet.${this.name}`)
    this.#prompts = new DevWalletPrompts({ kind: 'bitcoin', name: this.name, icon: this.icon, accent: '#f7931a', corner: 'right', autoApprove: options.autoApprove ?? false })
    this.handle = {
      approve: () => this.#prompts.decideNext(true),
      reject: () => this.#prompts.decideNext(false),
      pending: () => this.#prompts.pending(),
      autoApprove: (on) => this.#prompts.setAutoApprove(on),
      setAccount: (index) => this.#setAccount(index),
      selected: () => this.#selectedIndex(),
      accounts: this.#keys.map((keys) => ({ payment: keys.payment.address, ordinals: keys.ordinals.address })),
      disconnect: () => this.#revoke(),
    }
    this.provider = {
      request: (method, params) => this.#request(method, params),
      addListener: (event, listener) => {
        const set = this.#providerListeners.get(event) ?? new Set()
        this.#providerListeners.set(event, set)
        set.add(listener)
        return () => void set.delete(listener)
      },
    }
  }

  #key(purpose: BitcoinPurpose, key: DevBitcoinAccount['payment'], label: string): Key {
    const script = OutScript.encode(Address(REGTEST_ADDRESSES).decode(key.address))
    return {
      purpose,
      address: key.address,
      publicKey: key.publicKey,
      privateKey: key.privateKey,
      script,
      account: new ReadonlyWalletAccount({ address: key.address, publicKey: key.publicKey, chains: this.chains, features: [...ACCOUNT_FEATURES], label }),
    }
  }

  /** The methods the provider face answers (its `getInfo` and `btc_providers` entry list them). */
  providerMethods(): string[] {
    return [...PROVIDER_METHODS]
  }

  /** The connected accounts (of the selected dev account, in the order of the purposes granted). */
  get accounts(): readonly WalletAccount[] {
    return this.#granted().map((key) => key.account)
  }

  get features(): DevBitcoinWalletFeatures {
    // One object for the wallet's life: apps may keep and compare it.
    return (this.#features ??= {
      [BitcoinConnect]: {
        version: '1.0.0',
        connect: async (input) => ({ accounts: (await this.#connect(input?.purposes, BitcoinConnect)).map((key) => key.account) }),
      },
      [StandardDisconnect]: { version: '1.0.0', disconnect: async () => this.#revoke() },
      [StandardEvents]: { version: '1.0.0', on: (event, listener) => this.#events.on(event, listener) },
      [BitcoinSignMessage]: {
        version: '1.0.0',
        signMessage: async (input) => {
          const protocol = (input as Partial<BitcoinSignMessageInput> | undefined)?.protocol ?? 'bip322'
          if (protocol !== 'bip322' && protocol !== 'ecdsa') throw invalidParams(`Unknown message signing protocol ${String(protocol)}.`)
          return this.#signMessage(input?.address, input?.message, protocol)
        },
      },
      [BitcoinSignPsbt]: {
        version: '1.0.0',
        signPsbt: (input) => {
          const inputs = input?.inputsToSign
          if (!Array.isArray(inputs)) return Promise.reject(invalidParams('Expected inputsToSign as an array.'))
          return this.#signPsbt(
            input.psbt,
            inputs.map((i: Partial<BitcoinInputToSign> | undefined) => ({ address: i?.address, indexes: i?.signingIndexes, sigHash: i?.sigHash })),
            input.broadcast,
          )
        },
      },
    })
  }

  /** Ends the wallet's life in the page: pending prompts are rejected, listeners and prompt removed. */
  close(): void {
    this.#prompts.close()
    this.#events.clear()
    this.#providerListeners.clear()
  }

  // ---- state ----------------------------------------------------------------------------------

  #origin(): string {
    return window.location.origin
  }

  #selectedIndex(): number {
    const selected = this.#store.load().selected
    return typeof selected === 'number' && this.#keys[selected] !== undefined ? selected : 0
  }

  /** The keys this origin was given, in the order granted; none when not connected. */
  #granted(): Key[] {
    const purposes = this.#store.load().origins[this.#origin()]?.purposes
    if (!Array.isArray(purposes)) return []
    const keys = this.#keys[this.#selectedIndex()]!
    return purposes.filter((purpose) => PURPOSES.includes(purpose)).map((purpose) => keys[purpose])
  }

  #grantedKey(address: unknown): Key {
    if (typeof address !== 'string') throw invalidParams('Expected the address as a string.')
    const granted = this.#granted()
    if (granted.length === 0) throw unauthorized()
    const key = granted.find((k) => k.address === address)
    if (key === undefined) throw invalidParams(`The address ${address} is not one of the connected accounts.`)
    return key
  }

  #setAccount(index: number): void {
    if (this.#keys[index] === undefined) throw new Error(`the dev Bitcoin wallet has no account ${String(index)}`)
    if (index === this.#selectedIndex()) return
    this.#store.update((stored) => {
      stored.selected = index
    })
    if (this.#granted().length > 0) this.#announce()
  }

  #revoke(): void {
    if (this.#store.load().origins[this.#origin()] === undefined) return
    this.#store.update((stored) => {
      delete stored.origins[this.#origin()]
    })
    this.#events.emit('change', { accounts: [] })
    this.#emitProvider('disconnect', { type: 'disconnect' })
  }

  #announce(): void {
    this.#events.emit('change', { accounts: this.accounts })
    this.#emitProvider('accountChange', { type: 'accountChange', addresses: this.#granted().map(providerAddress) })
  }

  #emitProvider(event: string, payload: { type: string; addresses?: DevBitcoinProviderAddress[] }): void {
    for (const listener of [...(this.#providerListeners.get(event) ?? [])]) guarded(() => listener(payload))
  }

  // ---- what both faces do -------------------------------------------------------------------

  /**
   * The keys of `purposes`, after the visitor approves (a prompt titled `method`, as asked):
   * `bitcoin:connect` asks only for purposes not granted yet, `getAddresses` always asks.
   */
  async #connect(purposes: unknown, method: typeof BitcoinConnect | 'getAddresses'): Promise<Key[]> {
    if (!Array.isArray(purposes) || purposes.length === 0 || purposes.length > PURPOSES.length) {
      throw invalidParams("Expected purposes: a non-empty array of 'payment' and 'ordinals'.")
    }
    for (const purpose of purposes) if (!PURPOSES.includes(purpose as BitcoinPurpose)) throw invalidParams(`Unknown purpose ${String(purpose)}.`)
    if (new Set(purposes).size !== purposes.length) throw invalidParams('Each purpose may be asked for once.')
    const asked = purposes as BitcoinPurpose[]
    const keys = this.#keys[this.#selectedIndex()]!
    const granted = this.#store.load().origins[this.#origin()]?.purposes ?? []
    if (method === BitcoinConnect && asked.every((purpose) => granted.includes(purpose))) return asked.map((purpose) => keys[purpose])
    if (this.#prompts.pending().some((pending) => pending === BitcoinConnect || pending === 'getAddresses')) {
      throw new DevBitcoinWalletError(-32002, `A connection request is already pending for origin ${this.#origin()}. Please wait.`)
    }
    const details = [`Connect ${this.#origin()}`, ...asked.map((purpose) => `${purpose}: ${keys[purpose].address}`)]
    if (!(await this.#prompts.ask(method, details))) throw rejected()
    this.#store.update((stored) => {
      const before = stored.origins[this.#origin()]?.purposes ?? []
      stored.origins[this.#origin()] = { purposes: [...new Set([...before, ...asked])], date: Date.now() }
    })
    this.#events.emit('change', { accounts: this.accounts })
    return asked.map((purpose) => keys[purpose])
  }

  async #signMessage(address: unknown, message: unknown, protocol: 'bip322' | 'ecdsa'): Promise<{ signature: string; address: string }> {
    if (typeof message !== 'string') throw invalidParams('Expected the message as a string.')
    const key = this.#grantedKey(address)
    if (protocol === 'ecdsa') {
      throw new DevBitcoinWalletError(4200, 'The dev Bitcoin wallet signs messages with BIP-322 only; ECDSA (legacy signmessage) is not supported.')
    }
    if (!(await this.#prompts.ask(BitcoinSignMessage, [`Sign with ${key.address} (BIP-322)`, message]))) throw rejected()
    const signature = signBip322Simple({ address: key.address, network: REGTEST_ADDRESSES, privateKey: key.privateKey, publicKey: key.publicKey, message })
    return { signature, address: key.address }
  }

  async #signPsbt(
    psbt: unknown,
    requests: { address: unknown; indexes: unknown; sigHash: unknown }[],
    broadcast: unknown,
  ): Promise<{ psbt: string; txid?: string }> {
    if (typeof psbt !== 'string') throw invalidParams('Expected the PSBT as a base64 string.')
    if (broadcast !== undefined && typeof broadcast !== 'boolean') throw invalidParams('Expected broadcast as a boolean.')
    if (requests.length === 0) throw invalidParams('Expected at least one input to sign.')
    let tx: Transaction
    try {
      tx = Transaction.fromPSBT(base64.decode(psbt))
    } catch (error) {
      throw invalidParams(`Invalid PSBT: ${error instanceof Error ? error.message : String(error)}`)
    }
    const plan = new Map<number, { key: Key; sigHash: number | undefined }>()
    for (const request of requests) {
      const key = this.#grantedKey(request.address)
      if (!Array.isArray(request.indexes) || request.indexes.length === 0) throw invalidParams(`Expected the input indexes to sign for ${key.address}.`)
      if (request.sigHash !== undefined && !(Number.isInteger(request.sigHash) && (request.sigHash as number) >= 0 && (request.sigHash as number) <= 0xff)) {
        throw invalidParams('Expected sigHash as a sighash type (an integer from 0 to 255).')
      }
      for (const index of request.indexes as unknown[]) {
        if (!Number.isInteger(index) || (index as number) < 0 || (index as number) >= tx.inputsLength) {
          throw invalidParams(`The PSBT has no input ${String(index)} (it has ${tx.inputsLength}).`)
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
    if (broadcast === true && this.#options.esploraUrl === undefined) throw invalidParams('The dev Bitcoin wallet has no Esplora URL to broadcast to.')
    const details = [
      ...[...plan].map(([i, { key }]) => `Sign input ${i} with ${key.address} (${key.purpose})`),
      ...describeOutputs(tx),
      broadcast === true ? 'Broadcast after signing' : 'Return the signed PSBT',
    ]
    if (!(await this.#prompts.ask(BitcoinSignPsbt, details))) throw rejected()
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
    if (broadcast !== true) return { psbt: base64.encode(tx.toPSBT()) }
    try {
      tx.finalize()
    } catch (error) {
      throw invalidParams(`The PSBT could not be finalized for broadcast: ${error instanceof Error ? error.message : String(error)}`)
    }
    const txid = await broadcastTransaction(this.#options.esploraUrl!, hex.encode(tx.extract()))
    return { psbt: base64.encode(tx.toPSBT()), txid }
  }

  // ---- the btc_providers face -----------------------------------------------------------------

  async #request(method: unknown, params: unknown): Promise<JsonRpcAnswer> {
    const id = String(++this.#requestId)
    try {
      return { jsonrpc: '2.0', id, result: await this.#answer(method, params) }
    } catch (error) {
      return { jsonrpc: '2.0', id, error: rpcError(error) }
    }
  }

  async #answer(method: unknown, params: unknown): Promise<unknown> {
    const p = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>
    switch (method) {
      case 'getInfo':
        return { version: '1.0.0', methods: this.providerMethods(), supports: ['BIP322'] }
      case 'getAddresses':
        return { addresses: (await this.#connect(p.purposes, 'getAddresses')).map(providerAddress) }
      case 'wallet_getAccount': {
        const granted = this.#granted()
        if (granted.length === 0) throw unauthorized()
        return { addresses: granted.map(providerAddress) }
      }
      case 'wallet_renouncePermissions':
        this.#revoke()
        return null
      case 'signMessage': {
        const protocol = p.protocol === undefined ? 'BIP322' : p.protocol
        if (protocol !== 'BIP322' && protocol !== 'ECDSA') throw invalidParams(`Unknown message signing protocol ${String(protocol)}.`)
        const signed = await this.#signMessage(p.address, p.message, protocol === 'BIP322' ? 'bip322' : 'ecdsa')
        return { ...signed, protocol }
      }
      case 'signPsbt': {
        const signInputs = p.signInputs
        if (typeof signInputs !== 'object' || signInputs === null || Array.isArray(signInputs)) {
          throw invalidParams('Expected signInputs: an object of addresses to input indexes.')
        }
        return this.#signPsbt(
          p.psbt,
          Object.entries(signInputs).map(([address, indexes]) => ({ address, indexes, sigHash: undefined })),
          p.broadcast,
        )
      }
      default:
        throw new DevBitcoinWalletError(-32601, `Method not found: ${typeof method === 'string' ? method : typeof method}`)
    }
  }
}

function providerAddress(key: Key): DevBitcoinProviderAddress {
  return { address: key.address, publicKey: hex.encode(key.publicKey), purpose: key.purpose, addressType: key.purpose === 'payment' ? 'p2wpkh' : 'p2tr' }
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

async function broadcastTransaction(esploraUrl: string, rawHex: string): Promise<string> {
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

const DEV_BITCOIN_WALLET_ICON: WalletIcon = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
    '<rect width="96" height="96" rx="24" fill="#f7931a"/>' +
    '<path d="M38 24v48M48 24v8M48 64v8M32 30h22a9 9 0 0 1 0 18H32M32 48h25a9 9 0 0 1 0 18H32" stroke="#fff" stroke-width="7" fill="none" stroke-linejoin="round"/>' +
    '</svg>',
)}`
