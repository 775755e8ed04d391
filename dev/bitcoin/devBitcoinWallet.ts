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
import { hex } from '@scure/base'
import type { IdentifierString, Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
import { StandardDisconnect, StandardEvents, type StandardDisconnectFeature, type StandardEventsFeature } from '@wallet-standard/features'
import { ReadonlyWalletAccount } from '@wallet-standard/wallet'
import { DevWalletPrompts } from '../extension/devWalletPrompts'
import { guarded, originStore, StandardEventsHub } from '../extension/devWalletState'
import {
  bitcoinKeys,
  DevBitcoinWalletError,
  INTERNAL,
  invalidParams,
  preparePsbt,
  signMessageWith,
  signPreparedPsbt,
  UNAUTHORIZED,
  USER_REJECTED,
  type BitcoinKey,
  type BitcoinPurpose,
} from './bitcoinSigner'
import { DEV_BITCOIN_ACCOUNT_COUNT, devBitcoinAccount, type DevBitcoinAccount } from './devAccounts'

export { DevBitcoinWalletError, USER_REJECTED, type BitcoinPurpose }

export const DEV_BITCOIN_WALLET_NAME = 'Gangway Dev Bitcoin'

/** The Wallet Standard chains the wallet lists. */
export const DEV_BITCOIN_WALLET_CHAINS = ['bitcoin:regtest'] as const satisfies readonly IdentifierString[]

export const BitcoinConnect = 'bitcoin:connect'
export const BitcoinSignMessage = 'bitcoin:signMessage'
export const BitcoinSignPsbt = 'bitcoin:signPsbt'

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

const rejected = () => new DevBitcoinWalletError(USER_REJECTED, 'User rejected the request.')
const unauthorized = () => new DevBitcoinWalletError(UNAUTHORIZED, 'The requested account and/or method has not been authorized by the user.')

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
type Key = BitcoinKey & { account: ReadonlyWalletAccount }

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
    this.#keys = accounts.map((account) => {
      const keys = bitcoinKeys(account)
      return {
        payment: this.#key(keys.payment, `Dev account ${account.index + 1} (payment)`),
        ordinals: this.#key(keys.ordinals, `Dev account ${account.index + 1} (ordinals)`),
      }
    })
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

  #key(key: BitcoinKey, label: string): Key {
    return { ...key, account: new ReadonlyWalletAccount({ address: key.address, publicKey: key.publicKey, chains: this.chains, features: [...ACCOUNT_FEATURES], label }) }
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
    // Legacy signatures are the payment key's only: refused before any prompt.
    if (protocol === 'ecdsa' && key.purpose !== 'payment') throw invalidParams(`Legacy (ECDSA) message signatures are for the payment address, not ${key.address}.`)
    if (!(await this.#prompts.ask(BitcoinSignMessage, [`Sign with ${key.address} (${protocol === 'ecdsa' ? 'ECDSA, BIP-137' : 'BIP-322'})`, message]))) throw rejected()
    return { signature: signMessageWith(key, message, protocol), address: key.address }
  }

  async #signPsbt(
    psbt: unknown,
    requests: { address: unknown; indexes: unknown; sigHash: unknown }[],
    broadcast: unknown,
  ): Promise<{ psbt: string; txid?: string }> {
    const prepared = preparePsbt(psbt, requests, broadcast, (address) => this.#grantedKey(address), this.#options.esploraUrl)
    if (!(await this.#prompts.ask(BitcoinSignPsbt, prepared.details))) throw rejected()
    return signPreparedPsbt(prepared, this.#options.esploraUrl)
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

const DEV_BITCOIN_WALLET_ICON: WalletIcon = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
    '<rect width="96" height="96" rx="24" fill="#f7931a"/>' +
    '<path d="M38 24v48M48 24v8M48 64v8M32 30h22a9 9 0 0 1 0 18H32M32 48h25a9 9 0 0 1 0 18H32" stroke="#fff" stroke-width="7" fill="none" stroke-linejoin="round"/>' +
    '</svg>',
)}`
