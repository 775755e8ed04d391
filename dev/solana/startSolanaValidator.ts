// The local Solana validator: litesvm (in process) behind Solana's JSON-RPC on node:http and its
// PubSub WebSocket on port + 1 (where @solana/web3.js 1.x looks for it), both on 127.0.0.1.
// At start it funds the dev accounts and creates the GWAY test mint with a funded associated
// token account per dev account, all through real transactions.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  getAddressEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit'
import { getCreateAccountInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { WebSocketServer } from 'ws'
import {
  DEV_SOLANA_ACCOUNT_COUNT,
  DEV_SOLANA_LAMPORTS,
  DEV_SOLANA_MINT_AUTHORITY_SEED,
  DEV_SOLANA_MINT_SEED,
  DEV_SOLANA_TOKEN,
  DEV_SOLANA_TOKEN_AMOUNT,
  devSolanaAccountSeed,
  devSolanaAccountSigner,
} from './devAccounts'
import { errorAnswer, INTERNAL_ERROR, INVALID_REQUEST, PARSE_ERROR, RpcError, checkRequest, toJson, type JsonRpcAnswer } from './jsonRpc'
import { SolanaLedger } from './ledger'
import { callMethod, createRpcMethods } from './rpcMethods'
import { attachSubscriptions, type SubscriptionLimits } from './subscriptions'

/** The Wallet Standard chain id of a local cluster. */
export const SOLANA_LOCALNET_CHAIN = 'solana:localnet'

export type DevSolanaAccount = {
  address: Address
  /** The 64-byte secret key (seed then public key), solana-keygen's key file format: for dev wallets only. */
  secretKey: number[]
  /** The account's GWAY associated token account. */
  tokenAccount: Address
}

export type DevSolanaMint = { address: Address; name: string; symbol: string; decimals: number; programId: Address }

/** What the local stack's `/stack.json` tells pages about the Solana validator. */
export type DevSolanaStackConfig = {
  solanaRpcUrl: string
  solanaWsUrl: string
  /** `solana:localnet`, the Wallet Standard chain id. */
  solanaChain: string
  /** `solana:<first 32 characters of the genesis hash>`. */
  solanaCaipNetworkId: string
  solanaMint: DevSolanaMint
  solanaAccounts: DevSolanaAccount[]
}

/**
 * The stack configuration keys of a running validator.
 *
 * @example
 * const config = { ...stackConfig, ...solanaStackConfig(solana) }
 */
export function solanaStackConfig(validator: Pick<SolanaValidator, 'rpcUrl' | 'wsUrl' | 'chain' | 'caipNetworkId' | 'mint' | 'accounts'>): DevSolanaStackConfig {
  return {
    solanaRpcUrl: validator.rpcUrl,
    solanaWsUrl: validator.wsUrl,
    solanaChain: validator.chain,
    solanaCaipNetworkId: validator.caipNetworkId,
    solanaMint: validator.mint,
    solanaAccounts: validator.accounts,
  }
}

export type SolanaValidatorLimits = SubscriptionLimits & {
  /** Largest HTTP request body (Agave's 50 KiB). */
  maxBodyBytes: number
  /** Most requests in one batch. */
  maxBatch: number
}

export const DEFAULT_VALIDATOR_LIMITS: SolanaValidatorLimits = {
  maxBodyBytes: 50 * 1024,
  maxBatch: 256,
  maxConnections: 128,
  maxSubscriptionsPerConnection: 256,
  maxMessageBytes: 64 * 1024,
}

export type SolanaValidatorOptions = {
  /** HTTP port; the WebSocket listens on port + 1. 0 (default) picks a free pair. */
  port?: number
  log?: (line: string) => void
  limits?: Partial<SolanaValidatorLimits>
}

export type SolanaValidator = Awaited<ReturnType<typeof startSolanaValidator>>

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      server.off('listening', onListening)
      reject(error)
    }
    const onListening = () => {
      server.off('error', onError)
      resolve((server.address() as AddressInfo).port)
    }
    server.once('error', onError)
    server.once('listening', onListening)
    server.listen(port, '127.0.0.1')
  })
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve()
    server.close(() => resolve())
    server.closeAllConnections()
  })
}

/**
 * Starts the local Solana validator on 127.0.0.1 with funded dev accounts and the GWAY mint.
 *
 * @example
 * const solana = await startSolanaValidator({ port: 0 })
 * const rpc = createSolanaRpc(solana.rpcUrl)
 * await rpc.getBalance(solana.accounts[0]!.address).send() // { value: 1000000000000n, … }
 * await solana.stop()
 */
export async function startSolanaValidator(options: SolanaValidatorOptions = {}) {
  const limits: SolanaValidatorLimits = { ...DEFAULT_VALIDATOR_LIMITS, ...options.limits }
  const requested = options.port ?? 0
  if (!Number.isInteger(requested) || requested < 0 || requested > 65534) throw new Error(`port must be an integer from 0 to 65534, got ${requested}`)
  const log = options.log

  const ledger = new SolanaLedger()
  const methods = createRpcMethods(ledger)
  const { mint, accounts } = await seedLedger(ledger)

  const http = createServer((req, res) => handleHttp(req, res, methods, limits, log))
  http.on('clientError', (_error, socket) => socket.destroy())
  const wsHttp = createServer((_req, res) => {
    res.writeHead(426, { 'content-type': 'text/plain' }).end('This port serves Solana PubSub over WebSocket; JSON-RPC over HTTP is one port below.\n')
  })
  wsHttp.on('clientError', (_error, socket) => socket.destroy())

  // The pair (port, port + 1) must both be free; with port 0, try other pairs until one is.
  let port = 0
  for (let attempt = 0; ; attempt++) {
    port = await listen(http, requested)
    try {
      if (port + 1 > 65535) throw Object.assign(new Error('no port above'), { code: 'EADDRINUSE' })
      await listen(wsHttp, port + 1)
      break
    } catch (error) {
      await close(http)
      if (requested !== 0 || attempt >= 20 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') {
        throw new Error(`could not listen for WebSocket subscriptions on 127.0.0.1:${port + 1}: ${(error as Error).message}`)
      }
    }
  }
  const wss = new WebSocketServer({ server: wsHttp, maxPayload: limits.maxMessageBytes })
  const subscriptions = attachSubscriptions(wss, ledger, limits, log)

  const rpcUrl = `http://127.0.0.1:${port}`
  const wsUrl = `ws://127.0.0.1:${port + 1}`
  log?.(`solana validator on ${rpcUrl} (PubSub ${wsUrl}), GWAY mint ${mint.address}`)

  let stopping: Promise<void> | undefined
  return {
    rpcUrl,
    wsUrl,
    /** The Wallet Standard chain id (`solana:localnet`). */
    chain: SOLANA_LOCALNET_CHAIN,
    /** The CAIP-2 network id: `solana:` and the first 32 characters of the genesis hash. */
    caipNetworkId: `solana:${ledger.genesisHash.slice(0, 32)}`,
    genesisHash: ledger.genesisHash,
    mint,
    accounts,
    /** The ledger itself, for tests that look below the RPC. */
    ledger,
    stop(): Promise<void> {
      stopping ??= (async () => {
        subscriptions.close()
        await new Promise<void>((resolve) => wss.close(() => resolve()))
        await Promise.all([close(http), close(wsHttp)])
      })()
      return stopping
    },
  }
}

// ---- HTTP ---------------------------------------------------------------------------------------

function corsHeaders(req: IncomingMessage): Record<string, string> {
  // kit sends `solana-client`; browsers preflight any header they are asked to send, so allow what they ask for.
  const asked = req.headers['access-control-request-headers']
  const allowed = typeof asked === 'string' && /^[\w\s,-]{1,500}$/.test(asked) ? asked : 'content-type, solana-client'
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'POST, GET, OPTIONS',
    'access-control-allow-headers': allowed,
    'access-control-max-age': '86400',
  }
}

function reply(res: ServerResponse, status: number, headers: Record<string, string>, body: string): void {
  if (res.headersSent || res.destroyed) return
  res.writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8' }).end(body)
}

function handleHttp(req: IncomingMessage, res: ServerResponse, methods: ReturnType<typeof createRpcMethods>, limits: SolanaValidatorLimits, log?: (line: string) => void): void {
  const cors = corsHeaders(req)
  if (req.method === 'OPTIONS') {
    res.writeHead(204, cors).end()
    return
  }
  if (req.method === 'GET') {
    if ((req.url ?? '/').split('?')[0] === '/health') res.writeHead(200, { ...cors, 'content-type': 'text/plain' }).end('ok')
    else reply(res, 405, { ...cors, allow: 'POST, OPTIONS' }, toJson(errorAnswer(null, new RpcError(INVALID_REQUEST, 'Invalid request: send JSON-RPC with POST'))))
    return
  }
  if (req.method !== 'POST') {
    reply(res, 405, { ...cors, allow: 'POST, OPTIONS' }, toJson(errorAnswer(null, new RpcError(INVALID_REQUEST, 'Invalid request: send JSON-RPC with POST'))))
    return
  }
  const declared = Number(req.headers['content-length'])
  if (Number.isFinite(declared) && declared > limits.maxBodyBytes) {
    reply(res, 413, cors, toJson(errorAnswer(null, new RpcError(INVALID_REQUEST, `Invalid request: body larger than ${limits.maxBodyBytes} bytes`))))
    req.resume()
    return
  }
  const chunks: Buffer[] = []
  let size = 0
  let refused = false
  req.on('data', (chunk: Buffer) => {
    if (refused) return
    size += chunk.length
    if (size > limits.maxBodyBytes) {
      refused = true
      chunks.length = 0
      reply(res, 413, { ...cors, connection: 'close' }, toJson(errorAnswer(null, new RpcError(INVALID_REQUEST, `Invalid request: body larger than ${limits.maxBodyBytes} bytes`))))
      return
    }
    chunks.push(chunk)
  })
  req.on('error', () => res.destroy())
  req.on('end', () => {
    if (refused) return
    const answer = answerBody(Buffer.concat(chunks).toString('utf8'), methods, limits, log)
    if (answer === null) res.writeHead(204, cors).end()
    else reply(res, 200, cors, answer)
  })
}

/**
 * The JSON text answering a request body (one request or a batch), or null when every request
 * was a notification (no id) and nothing is owed.
 */
export function answerBody(text: string, methods: ReturnType<typeof createRpcMethods>, limits: Pick<SolanaValidatorLimits, 'maxBatch'>, log?: (line: string) => void): string | null {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return toJson(errorAnswer(null, new RpcError(PARSE_ERROR, 'Parse error')))
  }
  if (Array.isArray(body)) {
    if (body.length === 0) return toJson(errorAnswer(null, new RpcError(INVALID_REQUEST, 'Invalid request: empty batch')))
    if (body.length > limits.maxBatch) return toJson(errorAnswer(null, new RpcError(INVALID_REQUEST, `Invalid request: more than ${limits.maxBatch} requests in a batch`)))
    const answers = body.map((item) => answerOne(item, methods, log)).filter((a): a is JsonRpcAnswer => a !== null)
    return answers.length === 0 ? null : toJson(answers)
  }
  const answer = answerOne(body, methods, log)
  return answer === null ? null : toJson(answer)
}

function answerOne(request: unknown, methods: ReturnType<typeof createRpcMethods>, log?: (line: string) => void): JsonRpcAnswer | null {
  const checked = checkRequest(request)
  if (!checked.ok) return checked.answer
  const { method, params } = checked
  const isNotification = checked.id === undefined
  const id = checked.id ?? null
  try {
    const result = callMethod(methods, method, params)
    return isNotification ? null : { jsonrpc: '2.0', id, result }
  } catch (error) {
    if (error instanceof RpcError) return isNotification ? null : errorAnswer(id, error)
    // A bug of ours or a native failure: answer it, keep serving.
    log?.(`internal error in ${method}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
    return isNotification ? null : errorAnswer(id, new RpcError(INTERNAL_ERROR, `Internal error: ${error instanceof Error ? error.message : String(error)}`))
  }
}

// ---- the ledger's starting state ------------------------------------------------------------------

async function sendInstructions(ledger: SolanaLedger, payer: KeyPairSigner, instructions: Instruction[]): Promise<void> {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(ledger.latestBlockhash(), m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  ledger.send(await signTransactionMessageWithSigners(message))
}

/** Funds the dev accounts, creates the GWAY mint and gives each dev account GWAY, as transactions. */
async function seedLedger(ledger: SolanaLedger): Promise<{ mint: DevSolanaMint; accounts: DevSolanaAccount[] }> {
  const signers = await Promise.all(Array.from({ length: DEV_SOLANA_ACCOUNT_COUNT }, (_, i) => devSolanaAccountSigner(i)))
  const mintSigner = await createKeyPairSignerFromPrivateKeyBytes(DEV_SOLANA_MINT_SEED)
  const authority = await createKeyPairSignerFromPrivateKeyBytes(DEV_SOLANA_MINT_AUTHORITY_SEED)

  for (const signer of signers) ledger.airdrop(signer.address, lamports(DEV_SOLANA_LAMPORTS))
  ledger.airdrop(authority.address, lamports(10n * 1_000_000_000n))

  const space = BigInt(getMintSize())
  await sendInstructions(ledger, authority, [
    getCreateAccountInstruction({
      payer: authority,
      newAccount: mintSigner,
      lamports: ledger.svm.minimumBalanceForRentExemption(space),
      space,
      programAddress: TOKEN_PROGRAM_ADDRESS,
    }),
    getInitializeMint2Instruction({ mint: mintSigner.address, decimals: DEV_SOLANA_TOKEN.decimals, mintAuthority: authority.address, freezeAuthority: null }),
  ])

  const accounts: DevSolanaAccount[] = []
  for (const signer of signers) {
    const [tokenAccount] = await findAssociatedTokenPda({ owner: signer.address, mint: mintSigner.address, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    await sendInstructions(ledger, authority, [
      await getCreateAssociatedTokenIdempotentInstructionAsync({ payer: authority, owner: signer.address, mint: mintSigner.address }),
      getMintToCheckedInstruction({
        mint: mintSigner.address,
        token: tokenAccount,
        mintAuthority: authority,
        amount: DEV_SOLANA_TOKEN_AMOUNT,
        decimals: DEV_SOLANA_TOKEN.decimals,
      }),
    ])
    accounts.push({ address: signer.address, secretKey: secretKeyOf(accounts.length, signer.address), tokenAccount })
  }
  return {
    mint: { address: mintSigner.address, ...DEV_SOLANA_TOKEN, programId: TOKEN_PROGRAM_ADDRESS },
    accounts,
  }
}

/** solana-keygen's 64-byte secret key: the 32-byte seed, then the public key. */
function secretKeyOf(index: number, address: Address): number[] {
  return [...devSolanaAccountSeed(index), ...(getAddressEncoder().encode(address) as Uint8Array)]
}
