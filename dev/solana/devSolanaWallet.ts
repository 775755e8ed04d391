// The development Solana browser wallet: a Wallet Standard wallet ("Gangway Dev Solana") backed by
// kit key pairs, with its own approve / reject prompt, so the product's Solana connect, sign and
// send paths (and their rejection paths) run for real against the local validator. It behaves like
// a real extension: per-origin authorisation kept in localStorage (silent reconnect after a
// reload), `change` events on connect, disconnect and account switch, errors with code 4001 when
// the user rejects. Browser code: never imported by src/.
import {
  createKeyPairSignerFromBytes,
  getBase58Encoder,
  getBase64Decoder,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
  signBytes,
  type KeyPairSigner,
  type Transaction,
} from '@solana/kit'
import {
  SolanaSignAndSendTransaction,
  SolanaSignMessage,
  SolanaSignTransaction,
  type SolanaSignAndSendTransactionFeature,
  type SolanaSignAndSendTransactionInput,
  type SolanaSignAndSendTransactionOutput,
  type SolanaSignMessageFeature,
  type SolanaSignMessageInput,
  type SolanaSignMessageOutput,
  type SolanaSignTransactionFeature,
  type SolanaSignTransactionInput,
  type SolanaSignTransactionOutput,
} from '@solana/wallet-standard-features'
import type { IdentifierString, Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
import {
  StandardConnect,
  StandardDisconnect,
  StandardEvents,
  type StandardConnectFeature,
  type StandardConnectInput,
  type StandardConnectOutput,
  type StandardDisconnectFeature,
  type StandardEventsFeature,
} from '@wallet-standard/features'
import { ReadonlyWalletAccount } from '@wallet-standard/wallet'
import { DevWalletPrompts } from '../extension/devWalletPrompts'
import { originStore, StandardEventsHub } from '../extension/devWalletState'

export const DEV_SOLANA_WALLET_NAME = 'Gangway Dev Solana'

/** The chains every Solana wallet lists, plus the local cluster's. */
export const DEV_SOLANA_WALLET_CHAINS = ['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet'] as const satisfies readonly IdentifierString[]

const ACCOUNT_FEATURES = [SolanaSignMessage, SolanaSignTransaction, SolanaSignAndSendTransaction] as const

export type DevSolanaWalletFeatures = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignMessageFeature &
  SolanaSignTransactionFeature &
  SolanaSignAndSendTransactionFeature

export type DevSolanaWalletOptions = {
  /** Default "Gangway Dev Solana". */
  name?: string
  icon?: WalletIcon
  /** The validator's dev accounts (`{ address, secretKey }`); the wallet holds them all, the first selected. */
  accounts: readonly { address: string; secretKey: readonly number[] }[]
  /** Where signAndSendTransaction sends, by chain (e.g. `{ 'solana:localnet': validator.rpcUrl }`). */
  rpcUrls: Partial<Record<IdentifierString, string>>
  /** More chains to list, e.g. the local cluster's CAIP-2 id `solana:<genesis hash prefix>`. */
  extraChains?: readonly IdentifierString[]
  /** Approve every prompt at once. */
  autoApprove?: boolean
  /** localStorage key for the authorised origins and the selected account. */
  storageKey?: string
  /** How long signAndSendTransaction waits for a requested `commitment` (default 30 s). */
  confirmTimeoutMs?: number
}

/** An error the wallet throws, with an EIP-1193-style code (4001: the user rejected). */
export class DevSolanaWalletError extends Error {
  override name = 'DevSolanaWalletError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

export const USER_REJECTED = 4001
const rejected = () => new DevSolanaWalletError(USER_REJECTED, 'User rejected the request.')
const unauthorized = () => new DevSolanaWalletError(4100, 'The requested account and/or method has not been authorized by the user.')
const invalidParams = (message: string) => new DevSolanaWalletError(-32602, message)

type Stored = { origins: Record<string, { date: number }>; selected?: string }

/** What tests use to drive the wallet without clicking: `window.__gangwayDevSolanaWallets[name]`. */
export type DevSolanaWalletHandle = {
  /** Approves the oldest pending prompt (true), or the next prompt to appear (false). */
  approveNext(): boolean
  /** Rejects the oldest pending prompt (true), or the next prompt to appear (false). */
  rejectNext(): boolean
  setAutoApprove(on: boolean): void
  /** Methods of the prompts waiting for a decision, oldest first. */
  pending(): string[]
  /** Every address the wallet holds. */
  addresses: readonly string[]
  /** The selected account's address. */
  selected(): string
  /** Switches account (by address or index); a connected site gets a `change` event with it. */
  selectAccount(account: string | number): void
  /** Revokes this site from the wallet's side: a `change` event with no accounts. */
  disconnect(): void
}

declare global {
  interface Window {
    __gangwayDevSolanaWallets?: Record<string, DevSolanaWalletHandle>
  }
}

/**
 * A Wallet Standard wallet over kit key pairs. Create with {@link createDevSolanaWallet}; register
 * with `installDevSolanaWallet` (dev/solana/installDevSolanaWallet.ts).
 */
export class DevSolanaWallet implements Wallet {
  readonly version = '1.0.0' as const
  readonly name: string
  readonly icon: WalletIcon
  readonly chains: IdentifierString[]
  readonly handle: DevSolanaWalletHandle
  readonly #signers: KeyPairSigner[]
  readonly #accounts: ReadonlyWalletAccount[]
  readonly #options: DevSolanaWalletOptions
  readonly #store: ReturnType<typeof originStore<Stored>>
  readonly #events = new StandardEventsHub()
  readonly #prompts: DevWalletPrompts
  #features: DevSolanaWalletFeatures | undefined

  constructor(options: DevSolanaWalletOptions, signers: KeyPairSigner[]) {
    this.#options = options
    this.name = options.name ?? DEV_SOLANA_WALLET_NAME
    this.icon = options.icon ?? DEV_SOLANA_WALLET_ICON
    this.chains = [...new Set<IdentifierString>([...DEV_SOLANA_WALLET_CHAINS, ...(options.extraChains ?? [])])]
    this.#signers = signers
    this.#accounts = signers.map(
      (signer, index) =>
        new ReadonlyWalletAccount({
          address: signer.address,
          publicKey: getBase58Encoder().encode(signer.address) as Uint8Array,
          chains: this.chains,
          features: [...ACCOUNT_FEATURES],
          label: `Dev account ${index + 1}`,
        }),
    )
    this.#store = originStore<Stored>(options.storageKey ?? `gangway.devSolanaWallet.${this.name}`)
    this.#prompts = new DevWalletPrompts({ kind: 'solana', name: this.name, icon: this.icon, accent: '#7c3aed', corner: 'left', autoApprove: options.autoApprove ?? false })
    const addresses = signers.map((signer) => signer.address as string)
    this.handle = {
      approveNext: () => this.#prompts.decideNext(true),
      rejectNext: () => this.#prompts.decideNext(false),
      setAutoApprove: (on) => this.#prompts.setAutoApprove(on),
      pending: () => this.#prompts.pending(),
      addresses,
      selected: () => this.#selected().address,
      selectAccount: (account) => this.#selectAccount(account),
      disconnect: () => this.#revoke(),
    }
  }

  get accounts(): readonly WalletAccount[] {
    return this.#isAuthorized() ? [this.#selected()] : []
  }

  get features(): DevSolanaWalletFeatures {
    // One object for the wallet's life: apps may keep and compare it.
    return (this.#features ??= {
      [StandardConnect]: { version: '1.0.0', connect: (input) => this.#connect(input) },
      [StandardDisconnect]: { version: '1.0.0', disconnect: async () => this.#revoke() },
      [StandardEvents]: { version: '1.0.0', on: (event, listener) => this.#events.on(event, listener) },
      [SolanaSignMessage]: { version: '1.1.0', signMessage: (...inputs) => this.#signMessage(inputs) },
      [SolanaSignTransaction]: {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: (...inputs) => this.#signTransactions(inputs),
      },
      [SolanaSignAndSendTransaction]: {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signAndSendTransaction: (...inputs) => this.#signAndSendTransactions(inputs),
      },
    })
  }

  /** Ends the wallet's life in the page: pending prompts are rejected, listeners and prompt removed. */
  close(): void {
    this.#prompts.close()
    this.#events.clear()
  }

  // ---- state ----------------------------------------------------------------------------------

  #origin(): string {
    return window.location.origin
  }

  #isAuthorized(): boolean {
    return this.#store.load().origins[this.#origin()] !== undefined
  }

  #selected(): ReadonlyWalletAccount {
    const selected = this.#store.load().selected
    return this.#accounts.find((account) => account.address === selected) ?? this.#accounts[0]!
  }

  #signerFor(account: unknown): KeyPairSigner {
    if (!this.#isAuthorized()) throw unauthorized()
    const address = typeof account === 'object' && account !== null ? (account as { address?: unknown }).address : undefined
    if (address !== this.#selected().address) throw unauthorized()
    return this.#signers.find((signer) => signer.address === address)!
  }

  #selectAccount(account: string | number): void {
    const target = typeof account === 'number' ? this.#accounts[account] : this.#accounts.find((a) => a.address === account)
    if (target === undefined) throw new Error(`the dev Solana wallet has no account ${String(account)}`)
    if (target.address === this.#selected().address) return
    this.#store.update((stored) => {
      stored.selected = target.address
    })
    if (this.#isAuthorized()) this.#events.emit('change', { accounts: this.accounts })
  }

  #revoke(): void {
    if (!this.#isAuthorized()) return
    this.#store.update((stored) => {
      delete stored.origins[this.#origin()]
    })
    this.#events.emit('change', { accounts: [] })
  }

  // ---- features -------------------------------------------------------------------------------

  async #connect(input?: StandardConnectInput): Promise<StandardConnectOutput> {
    if (this.#isAuthorized()) return { accounts: this.accounts }
    if (input?.silent === true) return { accounts: [] }
    if (this.#prompts.pending().includes(StandardConnect)) {
      throw new DevSolanaWalletError(-32002, `A connection request is already pending for origin ${this.#origin()}. Please wait.`)
    }
    if (!(await this.#prompts.ask(StandardConnect, [`Connect ${this.#origin()}`, `Account ${this.#selected().address}`]))) throw rejected()
    this.#store.update((stored) => {
      stored.origins[this.#origin()] = { date: Date.now() }
    })
    this.#events.emit('change', { accounts: this.accounts })
    return { accounts: this.accounts }
  }

  async #signMessage(inputs: readonly SolanaSignMessageInput[]): Promise<readonly SolanaSignMessageOutput[]> {
    if (inputs.length === 0) return []
    const signers = inputs.map((input) => {
      if (!(input?.message instanceof Uint8Array)) throw invalidParams('Expected the message as a Uint8Array.')
      return this.#signerFor(input.account)
    })
    if (!(await this.#prompts.ask(SolanaSignMessage, inputs.map((input) => readable(input.message))))) throw rejected()
    return Promise.all(
      inputs.map(async (input, i) => ({
        signedMessage: input.message,
        signature: (await signBytes(signers[i]!.keyPair.privateKey, input.message)) as Uint8Array,
        signatureType: 'ed25519' as const,
      })),
    )
  }

  #decodeAll(inputs: readonly SolanaSignTransactionInput[], needChain: boolean): { signer: KeyPairSigner; transaction: Transaction }[] {
    return inputs.map((input) => {
      if (!(input?.transaction instanceof Uint8Array)) throw invalidParams('Expected the transaction as a Uint8Array.')
      const chain = input.chain
      if (needChain && chain === undefined) throw invalidParams('Expected the chain to send to.')
      if (chain !== undefined && !this.chains.includes(chain)) throw invalidParams(`The dev Solana wallet does not support the chain ${String(chain)}.`)
      const signer = this.#signerFor(input.account)
      let transaction: Transaction
      try {
        transaction = getTransactionDecoder().decode(input.transaction) as Transaction
      } catch (error) {
        throw invalidParams(`Invalid transaction: ${error instanceof Error ? error.message : String(error)}`)
      }
      if (!(signer.address in transaction.signatures)) throw invalidParams(`The transaction does not need a signature from ${signer.address}.`)
      return { signer, transaction }
    })
  }

  async #sign(decoded: { signer: KeyPairSigner; transaction: Transaction }[]): Promise<Transaction[]> {
    return Promise.all(decoded.map(({ signer, transaction }) => partiallySignTransaction([signer.keyPair], transaction)))
  }

  async #signTransactions(inputs: readonly SolanaSignTransactionInput[]): Promise<readonly SolanaSignTransactionOutput[]> {
    if (inputs.length === 0) return []
    const decoded = this.#decodeAll(inputs, false)
    if (!(await this.#prompts.ask(SolanaSignTransaction, describe(decoded.map((d) => d.transaction))))) throw rejected()
    const signed = await this.#sign(decoded)
    return signed.map((transaction) => ({ signedTransaction: getTransactionEncoder().encode(transaction) as Uint8Array }))
  }

  async #signAndSendTransactions(inputs: readonly SolanaSignAndSendTransactionInput[]): Promise<readonly SolanaSignAndSendTransactionOutput[]> {
    if (inputs.length === 0) return []
    const decoded = this.#decodeAll(inputs, true)
    const urls = inputs.map((input) => {
      const url = this.#options.rpcUrls[input.chain]
      if (url === undefined) throw invalidParams(`The dev Solana wallet has no RPC for ${input.chain}.`)
      return url
    })
    if (!(await this.#prompts.ask(SolanaSignAndSendTransaction, describe(decoded.map((d) => d.transaction))))) throw rejected()
    const signed = await this.#sign(decoded)
    const outputs: SolanaSignAndSendTransactionOutput[] = []
    // One after another, in order, as wallets send a batch.
    for (const [i, transaction] of signed.entries()) {
      const input = inputs[i]!
      const options = input.options ?? {}
      const wire = getBase64Decoder().decode(getTransactionEncoder().encode(transaction))
      const signature = (await rpc(urls[i]!, 'sendTransaction', [
        wire,
        {
          encoding: 'base64',
          ...(options.skipPreflight !== undefined ? { skipPreflight: options.skipPreflight } : {}),
          ...(options.preflightCommitment !== undefined ? { preflightCommitment: options.preflightCommitment } : {}),
          ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
          ...(options.minContextSlot !== undefined ? { minContextSlot: options.minContextSlot } : {}),
        },
      ])) as string
      if (options.commitment !== undefined) await this.#confirm(urls[i]!, signature, options.commitment)
      outputs.push({ signature: getBase58Encoder().encode(signature) as Uint8Array })
    }
    return outputs
  }

  async #confirm(url: string, signature: string, commitment: 'processed' | 'confirmed' | 'finalized'): Promise<void> {
    const order = ['processed', 'confirmed', 'finalized']
    const deadline = Date.now() + (this.#options.confirmTimeoutMs ?? 30_000)
    while (Date.now() < deadline && !this.#prompts.closed) {
      const answer = (await rpc(url, 'getSignatureStatuses', [[signature]])) as { value: ({ err: unknown; confirmationStatus: string | null } | null)[] }
      const status = answer.value[0]
      if (status !== null && status !== undefined) {
        if (status.err !== null) throw new DevSolanaWalletError(-32003, `Transaction ${signature} failed: ${JSON.stringify(status.err)}`, status.err)
        if (order.indexOf(status.confirmationStatus ?? 'processed') >= order.indexOf(commitment)) return
      }
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    throw new DevSolanaWalletError(-32603, `Transaction ${signature} was not ${commitment} in time.`)
  }
}

/**
 * Creates the wallet from the validator's dev accounts (their 64-byte secret keys, checked
 * against their addresses by kit).
 *
 * @example
 * const wallet = await createDevSolanaWallet({ accounts: solana.accounts, rpcUrls: { 'solana:localnet': solana.rpcUrl } })
 */
export async function createDevSolanaWallet(options: DevSolanaWalletOptions): Promise<DevSolanaWallet> {
  if (options.accounts.length === 0) throw new Error('the dev Solana wallet needs at least one account')
  const signers = await Promise.all(
    options.accounts.map(async (account) => {
      const signer = await createKeyPairSignerFromBytes(Uint8Array.from(account.secretKey))
      if (signer.address !== account.address) throw new Error(`the secret key given for ${account.address} is that of ${signer.address}`)
      return signer
    }),
  )
  return new DevSolanaWallet(options, signers)
}

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  let body: { result?: unknown; error?: { code: number; message: string; data?: unknown } }
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    body = (await response.json()) as typeof body
  } catch (error) {
    throw new DevSolanaWalletError(-32603, `Request for ${method} to ${url} failed: ${String(error)}`)
  }
  if (body.error !== undefined) throw new DevSolanaWalletError(body.error.code, body.error.message, body.error.data)
  return body.result
}

function readable(message: Uint8Array): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(message)
    if (/^[\P{C}\n\r\t]*$/u.test(text)) return text
  } catch {
    // not text: show hex
  }
  return `0x${[...message].map((b) => b.toString(16).padStart(2, '0')).join('')}`
}

function describe(transactions: Transaction[]): string[] {
  return transactions.map((transaction, i) => {
    const signers = Object.keys(transaction.signatures)
    return `Transaction ${i + 1}: ${transaction.messageBytes.length} bytes, fee payer ${signers[0] ?? '?'}, ${signers.length} signer(s)`
  })
}

const DEV_SOLANA_WALLET_ICON: WalletIcon = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
    '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#9945ff"/><stop offset="1" stop-color="#14f195"/></linearGradient></defs>' +
    '<rect width="96" height="96" rx="24" fill="url(#g)"/>' +
    '<path d="M26 30h38l6-6H32zM26 51h38l6-6H32zM26 72h38l6-6H32z" fill="#fff"/>' +
    '</svg>',
)}`
