import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createDefaultRpcTransport,
  createSolanaRpcFromTransport,
  createTransactionMessage,
  getBase58Decoder,
  getBase64Decoder,
  getBase64Encoder,
  getStructEncoder,
  getTransactionDecoder,
  getTransactionEncoder,
  getU32Encoder,
  getU64Encoder,
  getUtf8Encoder,
  isAddress,
  isSignature,
  isSolanaError,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR,
  type Address,
  type Base64EncodedWireTransaction,
  type Instruction,
  type RpcTransport,
  type Signature,
  type TransactionMessageBytesBase64,
} from '@solana/kit'
import { Observable } from 'rxjs'
import { importOptionalPeer } from '../optionalPeer.js'
import { RPC_RETRIES, RPC_RETRY_BASE_MS, RPC_RETRY_STATUSES, RPC_TIMEOUT_MS } from '../../core/domain/constants.js'
import type { Network } from '../../core/domain/entities.js'
import { InvalidInputError } from '../../core/errors/base.js'
import { serializeError } from '../../core/errors/base.js'
import { NetworkNotFoundError } from '../../core/errors/connection.js'
import { WalletDisconnectedError, WalletRpcError, WalletUnauthorizedError, WalletUnsupportedMethodError } from '../../core/errors/wallet.js'
import type { RpcGateway, WalletProviderEvent, WalletReceipt } from '../../core/ports.js'
import { rpcEndpoints } from '../rpcEndpoints.js'
import { fallbackRpcTransport } from './fallbackRpcTransport.js'
import { supportedChain, type Wallet } from './discoverSolanaWallets.js'
import { invalidSolanaResponse, toSolanaError, type SolanaOperation } from './solanaErrors.js'
import { decodeTransaction, firstOutput, parseAccounts, parseSignatureBytes, type CheckedAccount } from './solanaPayloads.js'
import { verifies } from './verifySolanaSignature.js'
import { isBytes, preview } from '../preview.js'

/** The commitments a node reports a transaction at, weakest first. */
export type SolanaConfirmation = 'processed' | 'confirmed' | 'finalized'

export type SolanaRuntimeOptions = {
  /** How often a pending transaction's status is polled. */
  receiptPollingMs: number
  /** The commitment balances are read at and a transaction must reach to count as confirmed. */
  commitment: SolanaConfirmation
  /** How long `waitForReceipt` waits before giving up (default 120 s). */
  receiptTimeoutMs?: number
  /** The gateway's JSON-RPC to read networks through besides their own URLs, once the modal has told it. */
  rpcGateway?: () => RpcGateway | undefined
}

const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address
/** The System Program's `Transfer` instruction: its index (2) and the lamports, little-endian. */
const TRANSFER_SOL_DATA = /* @__PURE__ */ getStructEncoder([
  ['discriminator', getU32Encoder()],
  ['lamports', getU64Encoder()],
])
/** A transfer as the runtime builds it: SOL without `token`, else the SPL mint `token` with its `decimals`. */
type SolanaTransfer = { from: string; receiver: string; amount: string; token?: string; decimals?: number }

const ORDER: readonly SolanaConfirmation[] = ['processed', 'confirmed', 'finalized']
const U64_MAX = (1n << 64n) - 1n

/**
 * The part of the Solana adapter that needs @solana/kit at run time: the Wallet Standard calls
 * with the checks of what wallets answer, transfers built with kit, and the network's RPC for
 * balances, sends and confirmations. Its own chunk, loaded by `createSolanaAdapter` on first
 * need or when the page is idle. Every failure comes out as a Gangway error with the spec's
 * message for the operation.
 *
 * @example
 * const runtime = createSolanaRuntime({ receiptPollingMs: 400, commitment: 'confirmed' })
 * const answer = await runtime.connect(wallet, { silent: false })
 */
export function createSolanaRuntime(options: SolanaRuntimeOptions) {
  const rpcs = new Map<string, ReturnType<typeof rpcFor>>()
  /** The network's RPC over all its endpoints (its URLs, then the gateway's; see `rpcEndpoints`). */
  const rpc = (network: Network) => {
    const urls = rpcEndpoints(network, options.rpcGateway?.())
    if (urls.length === 0) throw new NetworkNotFoundError(`${network.caipNetworkId} (no RPC URL)`)
    const key = urls.join(' ')
    let client = rpcs.get(key)
    if (!client) rpcs.set(key, (client = rpcFor(urls)))
    return client
  }

  /** Runs a wallet or node call; anything thrown becomes the spec's error for `operation`. */
  const guarded = async <T>(operation: SolanaOperation, run: () => Promise<T>): Promise<T> => {
    try {
      return await run()
    } catch (error) {
      throw toSolanaError(error, operation)
    }
  }

  /** The wallet's account for `addr`, as the wallet's own object (features take it back). */
  function accountOf(wallet: Wallet, addr: string, operation: SolanaOperation): object {
    const accounts = parseAccounts((wallet as { accounts?: unknown }).accounts)
    const found = accounts.ok ? accounts.value.find((a) => a.address === addr) : undefined
    if (!found) throw new WalletUnauthorizedError(toSolanaError({}, operation).shortMessage, { details: `the wallet has not authorised ${addr}` })
    return found.account
  }

  /** The chain id the wallet knows `network` by, or null when it does not list it. */
  function walletChainOf(wallet: Wallet, network: Network): string | null {
    return supportedChain(wallet, network)
  }

  async function sendRaw(network: Network, signed: Uint8Array): Promise<string> {
    const wire = getBase64Decoder().decode(signed) as Base64EncodedWireTransaction
    const sent: unknown = await rpc(network).sendTransaction(wire, { encoding: 'base64', preflightCommitment: options.commitment }).send()
    if (typeof sent !== 'string' || !isSignature(sent)) throw invalidSolanaResponse('sendTransaction', `sendTransaction answered ${preview(sent)}`)
    return sent
  }

  /**
   * The unsigned transaction (wire bytes) of a SOL transfer, or of an SPL token transfer when
   * `transfer.token` is set, from `transfer.from` (the fee payer), on a recent blockhash.
   */
  async function transferTransaction(network: Network, transfer: SolanaTransfer): Promise<Uint8Array> {
    const amount = lamportsOf(transfer.amount)
    if (!isAddress(transfer.from)) throw new InvalidInputError('Invalid address', { details: `sender ${transfer.from}` })
    if (!isAddress(transfer.receiver)) throw new InvalidInputError('Invalid receiver address', { details: transfer.receiver })
    const from = address(transfer.from)
    const receiver = address(transfer.receiver)
    let instructions: readonly Instruction[]
    if (transfer.token === undefined) {
      instructions = [transferSolInstruction(from, receiver, amount)]
    } else {
      if (!isAddress(transfer.token)) throw new InvalidInputError('Invalid token address', { details: transfer.token })
      const decimals = transfer.decimals
      if (decimals === undefined || !Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
        throw new InvalidInputError('Invalid token decimals', { details: `${String(decimals)} (a whole number from 0 to 255 is needed for a checked transfer)` })
      }
      const { splTransferInstructions } = await importOptionalPeer('@solana-program/token', 'Solana token transfers', () => import('./splTransfer.js'))
      instructions = await splTransferInstructions({ from, receiver, mint: address(transfer.token), amount, decimals })
    }
    const { value: lifetime } = await rpc(network).getLatestBlockhash({ commitment: options.commitment }).send()
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(from, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    )
    return getTransactionEncoder().encode(compileTransaction(message)) as Uint8Array
  }

  /** Signs with `solana:signAndSendTransaction` where the wallet has it, else signs and sends over RPC. */
  async function signAndSend(wallet: Wallet, network: Network, addr: string, transaction: Uint8Array): Promise<string> {
    const account = accountOf(wallet, addr, 'sendTransaction')
    const chain = walletChainOf(wallet, network)
    const signAndSendFeature = featureFn(wallet, 'solana:signAndSendTransaction', 'signAndSendTransaction')
    if (signAndSendFeature && chain) {
      const answer = await signAndSendFeature({ account, chain, transaction, options: { commitment: options.commitment } })
      const output = firstOutput(answer, 'solana:signAndSendTransaction')
      if (!output.ok) throw invalidSolanaResponse('sendTransaction', output.reason)
      const bytes = parseSignatureBytes(output.value.signature, 'signature')
      if (!bytes.ok) throw invalidSolanaResponse('sendTransaction', bytes.reason)
      return getBase58Decoder().decode(bytes.value)
    }
    const signed = await signWithWallet(wallet, account, addr, transaction, chain, 'sendTransaction')
    return sendRaw(network, signed)
  }

  /** `solana:signTransaction`, its answer checked: a transaction that decodes and carries `addr`'s signature. */
  async function signWithWallet(wallet: Wallet, account: object, addr: string, transaction: Uint8Array, chain: string | null, operation: SolanaOperation): Promise<Uint8Array> {
    const sign = featureFn(wallet, 'solana:signTransaction', 'signTransaction')
    if (!sign) throw new WalletUnsupportedMethodError(toSolanaError({}, operation).shortMessage, { details: 'the wallet cannot sign transactions' })
    const answer = await sign({ account, transaction, ...(chain ? { chain } : {}) })
    const output = firstOutput(answer, 'solana:signTransaction')
    if (!output.ok) throw invalidSolanaResponse(operation, output.reason)
    const signed = output.value.signedTransaction
    if (!isBytes(signed)) throw invalidSolanaResponse(operation, `signedTransaction ${preview(signed)} is not bytes`)
    const decoded = decodeTransaction(signed)
    if (!decoded) throw invalidSolanaResponse(operation, 'signedTransaction is not a transaction')
    if (!decoded.signatures[addr as Address]) throw invalidSolanaResponse(operation, `the signed transaction has no signature of ${addr}`)
    return signed
  }

  return {
    /**
     * `standard:connect` (silent: no prompt, a site the wallet has not authorised gets no
     * accounts). Resolves with the wallet's Solana accounts, checked; the caller picks the network.
     */
    connect: (wallet: Wallet, request: { silent: boolean }): Promise<CheckedAccount[]> =>
      guarded(request.silent ? 'reconnect' : 'connect', async () => {
        const operation = request.silent ? 'reconnect' : 'connect'
        const connect = featureFn(wallet, 'standard:connect', 'connect')
        if (!connect) throw invalidSolanaResponse(operation, 'the wallet has no standard:connect')
        const answer = await connect(request.silent ? { silent: true } : undefined)
        if (answer === null || typeof answer !== 'object') throw invalidSolanaResponse(operation, `standard:connect answered ${preview(answer)}`)
        const accounts = parseAccounts((answer as { accounts?: unknown }).accounts)
        if (!accounts.ok) throw invalidSolanaResponse(operation, `standard:connect: ${accounts.reason}`)
        return accounts.value
      }),

    /** `standard:disconnect` where the wallet has it (a wallet without it has nothing to forget). */
    disconnect: (wallet: Wallet): Promise<void> =>
      guarded('disconnect', async () => {
        const disconnect = featureFn(wallet, 'standard:disconnect', 'disconnect')
        if (disconnect) await disconnect()
      }),

    events: (wallet: Wallet) => walletEvents(wallet),

    /** `solana:signMessage` of the UTF-8 text; resolves with the signature in base58, checked against the account's key. */
    signMessage: (wallet: Wallet, request: { address: string; message: string }): Promise<string> =>
      guarded('signMessage', async () => {
        const sign = featureFn(wallet, 'solana:signMessage', 'signMessage')
        if (!sign) throw new WalletUnsupportedMethodError('Error signing message', { details: 'the wallet cannot sign messages' })
        const account = accountOf(wallet, request.address, 'signMessage')
        const message = getUtf8Encoder().encode(request.message) as Uint8Array
        const output = firstOutput(await sign({ account, message }), 'solana:signMessage')
        if (!output.ok) throw invalidSolanaResponse('signMessage', output.reason)
        const signature = parseSignatureBytes(output.value.signature, 'signature')
        if (!signature.ok) throw invalidSolanaResponse('signMessage', signature.reason)
        // The wallet may prefix what it signs (Wallet Standard); the signature must be over what it says it signed.
        const signed = output.value.signedMessage === undefined ? message : output.value.signedMessage
        if (!isBytes(signed)) throw invalidSolanaResponse('signMessage', `signedMessage ${preview(signed)} is not bytes`)
        if ((await verifies(request.address, signature.value, signed)) === false) {
          throw invalidSolanaResponse('signMessage', `the signature is not ${request.address}'s`)
        }
        return getBase58Decoder().decode(signature.value)
      }),

    /** `solana:signTransaction` of a base64 wire transaction; resolves with the signed one in base64. */
    signTransaction: (wallet: Wallet, request: { address: string; transaction: string }): Promise<string> =>
      guarded('signTransaction', async () => {
        const bytes = transactionBytes(request.transaction, request.address)
        const account = accountOf(wallet, request.address, 'signTransaction')
        return getBase64Decoder().decode(await signWithWallet(wallet, account, request.address, bytes, null, 'signTransaction'))
      }),

    /** Signs and sends a base64 wire transaction on `network`; resolves with its signature (base58). */
    signAndSendTransaction: (wallet: Wallet, network: Network, request: { address: string; transaction: string }): Promise<string> =>
      guarded('sendTransaction', async () => signAndSend(wallet, network, request.address, transactionBytes(request.transaction, request.address))),

    /** A SOL transfer of `amount` lamports from `from` (the fee payer) to `receiver`, signed and sent. */
    sendSol: (wallet: Wallet, network: Network, transfer: { from: string; receiver: string; amount: string }): Promise<string> =>
      guarded('sendTransaction', async () => signAndSend(wallet, network, transfer.from, await transferTransaction(network, transfer))),

    /**
     * An SPL token transfer of `amount` (the token's smallest units) of the mint `token`, with
     * its `decimals` checked by the token program; the receiver's token account is created
     * when missing, paid by the sender. Needs @solana-program/token (an optional peer).
     */
    sendToken: (wallet: Wallet, network: Network, transfer: { from: string; receiver: string; amount: string; token: string; decimals?: number }): Promise<string> =>
      guarded('sendTransaction', async () => signAndSend(wallet, network, transfer.from, await transferTransaction(network, transfer))),

    /** The fee in lamports the node asks for the transfer's message (`getFeeForMessage`), without a prompt. */
    estimateTransferFee: (network: Network, transfer: SolanaTransfer): Promise<string> =>
      guarded('estimateFee', async () => {
        const { messageBytes } = getTransactionDecoder().decode(await transferTransaction(network, transfer))
        const message = getBase64Decoder().decode(messageBytes) as TransactionMessageBytesBase64
        const { value } = await rpc(network).getFeeForMessage(message, { commitment: options.commitment }).send()
        if (value === null) throw new WalletRpcError('Fee unavailable', { details: 'the node did not price the message (its blockhash expired)' })
        return value.toString()
      }),

    /** The SOL balance of `address` in lamports, at the runtime's commitment. */
    getBalance: (network: Network, addr: string): Promise<string> =>
      guarded('getBalance', async () => {
        if (!isAddress(addr)) throw new InvalidInputError('Invalid address', { details: addr })
        const { value } = await rpc(network).getBalance(addr, { commitment: options.commitment }).send()
        return value.toString()
      }),

    /** Polls the signature's status until it reaches the runtime's commitment; a failed transaction is `reverted`. */
    waitForReceipt: (network: Network, signature: string): Promise<WalletReceipt> =>
      guarded('waitForReceipt', async () => {
        if (!isSignature(signature)) throw new InvalidInputError('Invalid transaction signature', { details: signature })
        const deadline = Date.now() + (options.receiptTimeoutMs ?? 120_000)
        for (;;) {
          const { value } = await rpc(network).getSignatureStatuses([signature as Signature]).send()
          const status = value[0]
          if (status) {
            if (status.err !== null) return { status: 'reverted', blockNumber: status.slot.toString() }
            const reached = status.confirmationStatus === null ? -1 : ORDER.indexOf(status.confirmationStatus)
            if (reached >= ORDER.indexOf(options.commitment)) return { status: 'success', blockNumber: status.slot.toString() }
          }
          if (Date.now() >= deadline) throw new WalletRpcError('Something went wrong', { details: `${signature} was not ${options.commitment} in time` })
          await new Promise((resolve) => setTimeout(resolve, options.receiptPollingMs))
        }
      }),

    /** The wallet's chain id for `network`, or null when the wallet does not list it. */
    walletChainOf,

    /** The error for a malformed wallet answer (for the adapter's own checks). */
    invalidResponse: invalidSolanaResponse,
  }
}

export type SolanaRuntime = ReturnType<typeof createSolanaRuntime>

/** The System Program transfer (same bytes as @solana-program/system's `getTransferSolInstruction`). */
export function transferSolInstruction(from: Address, to: Address, lamports: bigint): Instruction {
  return {
    programAddress: SYSTEM_PROGRAM,
    accounts: [
      { address: from, role: AccountRole.WRITABLE_SIGNER },
      { address: to, role: AccountRole.WRITABLE },
    ],
    data: TRANSFER_SOL_DATA.encode({ discriminator: 2, lamports }),
  }
}

/** A feature's method of a wallet, bound, or null when the wallet does not have it. */
function featureFn(wallet: Wallet, feature: string, method: string): ((...args: unknown[]) => Promise<unknown>) | null {
  try {
    const features = (wallet as { features?: unknown }).features
    if (features === null || typeof features !== 'object') return null
    const f = (features as Record<string, unknown>)[feature]
    if (f === null || typeof f !== 'object') return null
    const fn = (f as Record<string, unknown>)[method]
    // Called at once (a listener is attached synchronously); a synchronous throw becomes a rejection.
    return typeof fn === 'function' ? async (...args: unknown[]) => (fn as (...a: unknown[]) => unknown).apply(f, args) : null
  } catch {
    return null
  }
}

/** A base64 wire transaction the host passed, decoded and checked to need `signer`'s signature. */
function transactionBytes(base64: string, signer: string): Uint8Array {
  let bytes: Uint8Array
  try {
    bytes = getBase64Encoder().encode(base64) as Uint8Array
  } catch (cause) {
    throw new InvalidInputError('Invalid transaction', { details: 'not base64', cause })
  }
  const decoded = decodeTransaction(bytes)
  if (!decoded) throw new InvalidInputError('Invalid transaction', { details: 'not a Solana wire transaction' })
  if (!(signer in decoded.signatures)) throw new InvalidInputError('Invalid transaction', { details: `it needs no signature of ${signer}` })
  return bytes
}

function lamportsOf(amount: string): bigint {
  if (!/^[0-9]{1,20}$/.test(amount) || BigInt(amount) > U64_MAX || BigInt(amount) === 0n) {
    throw new InvalidInputError('Invalid amount', { details: `${amount} is not a positive whole number of lamports` })
  }
  return BigInt(amount)
}

/**
 * kit's RPC over a network's endpoints, with the spec's rules (§9): each endpoint gets 10 s,
 * a failing one hands the call to the next (`fallbackRpcTransport`), and a round that failed
 * with HTTP 403, 408, 413, 429, 500, 502, 503 or 504 is tried again 3 times, from 150 ms
 * doubling. kit sends no JSON-RPC batches, so neither does this.
 */
function rpcFor(urls: readonly string[]) {
  const endpoints = urls.map((url) => timed(createDefaultRpcTransport({ url: url as `http${string}` })))
  return createSolanaRpcFromTransport(retrying(endpoints.length === 1 ? endpoints[0]! : fallbackRpcTransport(endpoints)))
}

/** One endpoint given at most the spec's 10 s; past it the call fails (and may go on to the next endpoint). */
function timed(transport: RpcTransport): RpcTransport {
  return (async (config: Parameters<RpcTransport>[0]) => {
    const controller = new AbortController()
    const timeout = setTimeout(() => controller.abort(new WalletRpcError('Something went wrong', { details: `RPC timed out after ${RPC_TIMEOUT_MS} ms` })), RPC_TIMEOUT_MS)
    const outer = config.signal
    const forward = () => controller.abort(outer?.reason)
    if (outer?.aborted) forward()
    else outer?.addEventListener('abort', forward, { once: true })
    try {
      return await transport({ ...config, signal: controller.signal })
    } finally {
      clearTimeout(timeout)
      outer?.removeEventListener('abort', forward)
    }
  }) as RpcTransport
}

function retrying(transport: RpcTransport): RpcTransport {
  return (async (config: Parameters<RpcTransport>[0]) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await transport(config)
      } catch (error) {
        const status = isSolanaError(error, SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR) ? error.context.statusCode : undefined
        if (attempt >= RPC_RETRIES || status === undefined || !RPC_RETRY_STATUSES.includes(status) || config.signal?.aborted) throw error
      }
      await new Promise((resolve) => setTimeout(resolve, RPC_RETRY_BASE_MS * 2 ** attempt))
    }
  }) as RpcTransport
}

/**
 * A wallet's `standard:events` `change` as data: new accounts become `accountsChanged`, none
 * left a `disconnect`; a change of chains or features alone says nothing about the connection.
 * Junk becomes `{ type: 'ignored', event: 'change', reason }`; nothing a wallet sends makes a
 * listener throw back into the wallet.
 */
function walletEvents(wallet: Wallet): Observable<WalletProviderEvent> {
  return new Observable<WalletProviderEvent>((subscriber) => {
    const on = featureFn(wallet, 'standard:events', 'on')
    if (!on) return
    let off: unknown
    let closed = false
    const listener = (properties: unknown): void => {
      try {
        if (properties === null || typeof properties !== 'object') {
          subscriber.next({ type: 'ignored', event: 'change', reason: `change ${preview(properties)} is not an object` })
          return
        }
        if (!('accounts' in properties)) return
        const accounts = parseAccounts((properties as { accounts?: unknown }).accounts)
        if (!accounts.ok) {
          subscriber.next({ type: 'ignored', event: 'change', reason: accounts.reason })
          return
        }
        if (accounts.value.length === 0) {
          subscriber.next({ type: 'disconnect', error: serializeError(new WalletDisconnectedError('Provider disconnected', { details: 'the wallet has no account for this site any more' })) })
          return
        }
        subscriber.next({ type: 'accountsChanged', accounts: accounts.value.map((a) => ({ address: a.address, type: 'eoa' as const })) })
      } catch (error) {
        try {
          subscriber.next({ type: 'ignored', event: 'change', reason: `could not be read (${error instanceof Error ? error.name : preview(error)})` })
        } catch {
          // Nothing more can be done for a payload that cannot even be described.
        }
      }
    }
    // `on` answers synchronously in the standard; a wallet answering with a promise is waited for.
    void on('change', listener).then(
      (remove) => {
        if (closed && typeof remove === 'function') callQuietly(remove)
        else off = remove
      },
      () => undefined,
    )
    return () => {
      closed = true
      if (typeof off === 'function') callQuietly(off)
    }
  })
}

function callQuietly(fn: unknown): void {
  try {
    ;(fn as () => void)()
  } catch {
    // A wallet that fails to remove a listener keeps calling a closed subscriber: harmless.
  }
}
