// Paying from an exchange (the Pay view's "Pay from an exchange"): two dev exchanges, the payment
// sessions a modal creates with them, each exchange's page where the visitor confirms the
// withdrawal, and the status the modal polls. A confirmed withdrawal is a real transfer on the
// local chain from the exchange's hot wallet (a funded dev account of the stack), or SOL from the
// local validator's faucet on Solana.
import { randomUUID } from 'node:crypto'
import { address as toSolanaAddress, createSolanaRpc, lamports } from '@solana/kit'
import { createWalletClient, erc20Abi, getAddress, http, isAddress, parseUnits, publicActions } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { localChain } from '../chain/viemChain'
import type { GatewayChain, GatewayToken } from './chainData'
import { exchangePage, type ExchangePageModel } from './exchangePages'
import { isSolanaAddress, type GatewaySolana } from './solanaData'
import type { Ctx, Route } from './startGateway'
import { clip, HttpError, isPlainObject, quoted } from './validate'
import { serialQueues } from './serialQueues'

export type ExchangeDeps = {
  chains: readonly GatewayChain[]
  tokens: readonly GatewayToken[]
  /** The account withdrawals leave from on the EVM chains; without it the exchanges cannot pay there. */
  hotWallet?: { address: `0x${string}`; privateKey: `0x${string}` }
  solana?: GatewaySolana
  /** How many sessions are kept (the oldest are forgotten first); 1000 unless told. */
  maxSessions?: number
}

/** A dev exchange: `id` in the routes, `name` shown, `accent` its page's colour. */
export type DevExchange = { id: string; name: string; accent: string }

export const DEV_EXCHANGES: readonly DevExchange[] = [
  { id: 'devexchange', name: 'Dev Exchange', accent: '#1d4ed8' },
  { id: 'devexchangepro', name: 'Dev Exchange Pro', accent: '#b45309' },
]

/** An exchange's icon: an inline SVG as a data URI (no request, nothing to host). */
export function exchangeIcon(exchange: DevExchange): string {
  const letters = exchange.name
    .split(' ')
    .map((w) => w[0])
    .join('')
    .slice(0, 3)
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${exchange.accent}"/><text x="32" y="40" font-family="sans-serif" font-size="${letters.length > 2 ? 18 : 24}" font-weight="700" fill="#fff" text-anchor="middle">${letters}</text></svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}

/** What is withdrawn: the network's native coin, or an ERC-20 the gateway knows. */
type ExchangeAsset = { symbol: string; decimals: number; contract: `0x${string}` | null }

/** A network withdrawals go to. */
type ExchangeNetwork = { caip2: string; displayName: string; namespace: 'eip155' | 'solana'; chain: GatewayChain | null; native: ExchangeAsset }

export type ExchangeSessionStatus = 'pending' | 'confirmed' | 'failed' | 'cancelled'

/** A payment session: what is paid, to whom, and where it is. */
type Session = {
  id: string
  exchange: DevExchange
  network: ExchangeNetwork
  asset: ExchangeAsset
  recipient: string
  /** Decimal text as the modal sent it (checked). */
  amount: string
  raw: bigint
  status: ExchangeSessionStatus
  /** Set while the withdrawal is being sent: a second confirm is not a second transfer. */
  sending: boolean
  txHash: string | null
  blockNumber: string | null
  error: string | null
}

/** Why a deadline: a node that hangs must fail the withdrawal, not leave it pending forever. */
const SEND_TIMEOUT_MS = 30_000

/**
 * The exchange routes: `GET /v1/exchanges?network&asset` (the exchanges that pay that asset),
 * `POST /v1/exchanges/{id}/payments` (a session: `{ sessionId, url }`),
 * `GET /v1/exchanges/payments/{sessionId}` (its status), and each session's page
 * (`GET /exchange/{id}/pay/{sessionId}`) with its confirm and cancel (`POST …/confirm`,
 * `POST …/cancel`). Inputs are checked whole before a session exists; withdrawals on one network
 * are sent one after another, so the hot wallet's nonces never collide.
 *
 * @example
 * const routes = exchangeRoutes({ chains, tokens, hotWallet })
 * // POST /v1/exchanges/devexchange/payments { recipient, amount: '0.01', asset: 'native', network: 'eip155:31337' }
 * // → { sessionId, url: 'http://127.0.0.1:…/exchange/devexchange/pay/<sessionId>' }
 */
export function exchangeRoutes(deps: ExchangeDeps): Route[] {
  const networks = exchangeNetworks(deps)
  const sessions = new Map<string, Session>()
  const maxSessions = deps.maxSessions ?? 1000
  const send = createSender(deps)

  function networkParam(raw: unknown): ExchangeNetwork {
    if (raw === undefined || raw === null || raw === '') throw new HttpError(400, `'network' is required (a CAIP-2 id such as ${networks[0]?.caip2 ?? 'eip155:1'})`)
    const found = typeof raw === 'string' ? networks.find((n) => n.caip2 === raw) : undefined
    if (!found) throw new HttpError(400, `Unknown network ${quoted(raw)}: use ${networks.map((n) => n.caip2).join(', ') || 'none (no network is served)'}`)
    return found
  }

  /**
   * The asset: 'native', or a CAIP-19 id on the network (`eip155:31337/slip44:60`,
   * `eip155:31337/erc20:0x…`, `solana:…/slip44:501`). null for a well-formed asset no exchange
   * offers (an ERC-20 the gateway does not know, an SPL token).
   */
  function assetParam(raw: unknown, network: ExchangeNetwork): ExchangeAsset | null {
    if (raw === undefined || raw === null || raw === '') throw new HttpError(400, "'asset' is required: 'native' or a CAIP-19 asset id")
    if (typeof raw !== 'string' || raw.length > 200) throw new HttpError(400, `Invalid asset ${quoted(raw)}: use 'native' or a CAIP-19 asset id`)
    if (raw === 'native') return network.native
    const match = /^([-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32})\/([-a-z0-9]{3,8}):([-.%a-zA-Z0-9]{1,128})$/.exec(raw)
    if (!match) throw new HttpError(400, `Invalid asset ${quoted(raw)}: use 'native' or a CAIP-19 asset id such as ${network.caip2}/${network.namespace === 'solana' ? 'slip44:501' : 'slip44:60'}`)
    const [, chain, namespace, reference] = match
    if (chain !== network.caip2) throw new HttpError(400, `The asset ${quoted(raw)} is not on ${network.caip2}`)
    if (namespace === 'slip44') {
      const coin = network.namespace === 'solana' ? '501' : '60'
      if (reference !== coin) throw new HttpError(400, `Invalid asset ${quoted(raw)}: the native coin of ${network.caip2} is slip44:${coin}`)
      return network.native
    }
    if (network.namespace === 'eip155' && namespace === 'erc20') {
      if (!isAddress(reference!, { strict: false })) throw new HttpError(400, `Invalid asset ${quoted(raw)}: an ERC-20 is named by its 0x-prefixed 20-byte address`)
      const token = deps.tokens.find((t) => t.chainId === network.chain!.chainId && t.address.toLowerCase() === reference!.toLowerCase())
      return token ? { symbol: token.symbol, decimals: token.decimals, contract: token.address } : null
    }
    if (network.namespace === 'solana' && namespace === 'token') return null
    throw new HttpError(400, `Invalid asset ${quoted(raw)}: ${network.namespace === 'solana' ? 'slip44 or token' : 'slip44 or erc20'} assets on ${network.caip2}`)
  }

  function exchangeOf(id: string | undefined): DevExchange {
    const found = DEV_EXCHANGES.find((e) => e.id === id)
    if (!found) throw new HttpError(404, `Unknown exchange '${clip(id ?? '')}': use ${DEV_EXCHANGES.map((e) => e.id).join(' or ')}`)
    return found
  }

  function sessionOf(id: string | undefined, exchange?: DevExchange): Session {
    const found = id ? sessions.get(id) : undefined
    if (!found || (exchange && found.exchange !== exchange)) throw new HttpError(404, `Unknown payment session '${clip(id ?? '')}'`)
    return found
  }

  function create(exchange: DevExchange, body: Record<string, unknown>, baseUrl: string) {
    for (const key of Object.keys(body)) {
      if (!['recipient', 'amount', 'asset', 'network'].includes(key)) throw new HttpError(400, `'${clip(key, 40)}' is not a field of a payment: { recipient, amount, asset, network }`)
    }
    const network = networkParam(body.network)
    const asset = assetParam(body.asset, network)
    if (!asset) throw new HttpError(400, `${exchange.name} does not pay ${quoted(body.asset)} on ${network.caip2}`)
    const recipient = body.recipient
    if (typeof recipient !== 'string' || !(network.namespace === 'solana' ? isSolanaAddress(recipient) : isAddress(recipient))) {
      throw new HttpError(400, `Invalid recipient ${quoted(recipient)} for ${network.caip2}: expected ${network.namespace === 'solana' ? 'a base58 Solana address (32 bytes)' : 'a 0x-prefixed 20-byte hex address'}`)
    }
    const raw = amountParam(body.amount, asset)
    if (network.namespace === 'eip155' && !deps.hotWallet) throw new HttpError(503, `${exchange.name} has no hot wallet on this gateway: it cannot pay on ${network.caip2}`)
    if (network.namespace === 'solana' && asset.contract === null && !deps.solana) throw new HttpError(400, 'Solana is not served by this gateway')
    const id = randomUUID()
    sessions.set(id, {
      id,
      exchange,
      network,
      asset,
      recipient: network.namespace === 'eip155' ? getAddress(recipient) : recipient,
      amount: (body.amount as string).trim(),
      raw,
      status: 'pending',
      sending: false,
      txHash: null,
      blockNumber: null,
      error: null,
    })
    // The oldest sessions go first: a long-running gateway keeps a bounded number.
    while (sessions.size > maxSessions) sessions.delete(sessions.keys().next().value as string)
    return { sessionId: id, url: `${baseUrl}/exchange/${exchange.id}/pay/${id}` }
  }

  function statusOf(s: Session) {
    return {
      sessionId: s.id,
      exchange: s.exchange.id,
      status: s.status,
      ...(s.txHash ? { txHash: s.txHash } : {}),
      ...(s.blockNumber ? { blockNumber: s.blockNumber } : {}),
      ...(s.error ? { error: s.error } : {}),
    }
  }

  async function confirm(s: Session) {
    if (s.status !== 'pending') throw new HttpError(409, `This payment is ${s.status} already`)
    if (s.sending) throw new HttpError(409, 'This withdrawal is being sent already')
    s.sending = true
    try {
      const sent = await send(s.network, s.asset, s.recipient, s.raw)
      Object.assign(s, { status: 'confirmed', txHash: sent.hash, blockNumber: sent.blockNumber })
    } catch (error) {
      const reason = error instanceof HttpError ? error.message : ((error as { shortMessage?: string }).shortMessage ?? String((error as Error)?.message ?? error)).split('\n')[0]
      Object.assign(s, { status: 'failed', error: `The withdrawal on ${s.network.caip2} failed: ${reason}`, ...((error as { hash?: string }).hash ? { txHash: (error as { hash: string }).hash } : {}) })
    } finally {
      s.sending = false
    }
    return statusOf(s)
  }

  function pageModel(s: Session): ExchangePageModel {
    return {
      exchange: { id: s.exchange.id, name: s.exchange.name, accent: s.exchange.accent, icon: exchangeIcon(s.exchange) },
      amount: s.amount,
      symbol: s.asset.symbol,
      recipient: s.recipient,
      network: `${s.network.displayName} (${s.network.caip2})`,
      status: s.sending ? 'sending' : s.status,
      txHash: s.txHash,
      error: s.error,
      confirmPath: `/exchange/${s.exchange.id}/pay/${s.id}/confirm`,
      cancelPath: `/exchange/${s.exchange.id}/pay/${s.id}/cancel`,
    }
  }

  return [
    {
      method: 'GET',
      pattern: /^\/v1\/exchanges$/,
      project: true,
      handler: (ctx) => {
        const network = networkParam(ctx.url.searchParams.get('network'))
        const asset = assetParam(ctx.url.searchParams.get('asset'), network)
        const served = asset !== null && (network.namespace === 'solana' ? !!deps.solana : !!deps.hotWallet)
        return { json: { exchanges: served ? DEV_EXCHANGES.map((e) => ({ id: e.id, name: e.name, imageUrl: exchangeIcon(e) })) : [] } }
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/exchanges\/payments\/([^/]+)$/,
      project: true,
      handler: (ctx) => ({ json: statusOf(sessionOf(ctx.params[0])), headers: { 'cache-control': 'no-store' } }),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/exchanges\/([^/]+)\/payments$/,
      project: true,
      handler: async (ctx) => {
        const exchange = exchangeOf(ctx.params[0])
        return { json: create(exchange, await objectBody(ctx), ctx.baseUrl) }
      },
    },
    {
      method: 'GET',
      pattern: /^\/exchange\/([^/]+)\/pay\/([^/]+)$/,
      handler: (ctx) => ({ html: exchangePage(pageModel(sessionOf(ctx.params[1], exchangeOf(ctx.params[0])))), headers: { 'cache-control': 'no-store' } }),
    },
    {
      method: 'POST',
      pattern: /^\/exchange\/([^/]+)\/pay\/([^/]+)\/confirm$/,
      handler: async (ctx) => ({ json: await confirm(sessionOf(ctx.params[1], exchangeOf(ctx.params[0]))) }),
    },
    {
      method: 'POST',
      pattern: /^\/exchange\/([^/]+)\/pay\/([^/]+)\/cancel$/,
      handler: (ctx) => {
        const s = sessionOf(ctx.params[1], exchangeOf(ctx.params[0]))
        if (s.status !== 'pending' || s.sending) throw new HttpError(409, `This payment is ${s.sending ? 'being sent' : s.status} already`)
        s.status = 'cancelled'
        return { json: statusOf(s) }
      },
    },
  ]
}

async function objectBody(ctx: Ctx): Promise<Record<string, unknown>> {
  const body = await ctx.body()
  if (!isPlainObject(body)) throw new HttpError(400, 'Body must be a JSON object')
  return body
}

/** The networks served: each EVM chain (its native coin and known ERC-20s), then the Solana cluster. */
function exchangeNetworks(deps: ExchangeDeps): ExchangeNetwork[] {
  const out: ExchangeNetwork[] = deps.chains.map((chain) => {
    const coin = chain.nativeCurrency ?? { symbol: 'ETH', decimals: 18 }
    return { caip2: `eip155:${chain.chainId}`, displayName: chain.name, namespace: 'eip155', chain, native: { symbol: coin.symbol, decimals: coin.decimals, contract: null } }
  })
  if (deps.solana) {
    const coin = deps.solana.nativeCurrency ?? { symbol: 'SOL', decimals: 9 }
    out.push({ caip2: deps.solana.caipNetworkId, displayName: 'Solana Local', namespace: 'solana', chain: null, native: { symbol: coin.symbol, decimals: coin.decimals, contract: null } })
  }
  return out
}

/** A positive decimal amount with at most the asset's decimals, in its smallest unit. */
function amountParam(raw: unknown, asset: ExchangeAsset): bigint {
  const text = typeof raw === 'string' ? raw.trim() : null
  if (text === null || !/^\d{1,30}(\.\d{1,30})?$/.test(text)) throw new HttpError(400, `Invalid amount ${quoted(raw)}: a decimal text such as '0.01'`)
  const decimals = text.split('.')[1]?.length ?? 0
  if (decimals > asset.decimals) throw new HttpError(400, `Invalid amount ${quoted(raw)}: ${asset.symbol} has at most ${asset.decimals} decimals`)
  const value = parseUnits(text, asset.decimals)
  if (value <= 0n) throw new HttpError(400, `Invalid amount ${quoted(raw)}: it must be more than 0`)
  return value
}

/**
 * Sends withdrawals: from the hot wallet on the EVM chains (native or ERC-20, waiting for the
 * receipt), SOL from the validator's faucet on Solana. One network's withdrawals run one after
 * another.
 */
function createSender(deps: ExchangeDeps) {
  const wallets = new Map<number, ReturnType<typeof hotWallet>>()

  // One network's transfers one after another: the hot wallet's nonce is read per transfer.
  const serialized = serialQueues()

  function hotWallet(chain: GatewayChain, privateKey: `0x${string}`) {
    return createWalletClient({
      account: privateKeyToAccount(privateKey),
      chain: localChain(chain),
      transport: http(chain.rpcUrl, { retryCount: 0, timeout: 10_000 }),
      // Optimization: the local nodes mine at once; the default 4 s would hold every withdrawal.
      pollingInterval: 50,
    }).extend(publicActions)
  }

  return (network: ExchangeNetwork, asset: ExchangeAsset, to: string, raw: bigint): Promise<{ hash: string; blockNumber: string }> =>
    serialized(network.caip2, async () => {
      if (network.namespace === 'solana') {
        const rpc = createSolanaRpc(deps.solana!.rpcUrl)
        const abortSignal = AbortSignal.timeout(SEND_TIMEOUT_MS)
        const signature = await rpc.requestAirdrop(toSolanaAddress(to), lamports(raw), { commitment: 'confirmed' }).send({ abortSignal })
        const { value } = await rpc.getSignatureStatuses([signature]).send({ abortSignal })
        const status = value[0]
        if (!status || status.err !== null) throw new HttpError(502, `the transfer ${signature} did not land`)
        return { hash: signature as string, blockNumber: String(status.slot) }
      }
      const chain = network.chain!
      let wallet = wallets.get(chain.chainId)
      if (!wallet) wallets.set(chain.chainId, (wallet = hotWallet(chain, deps.hotWallet!.privateKey)))
      const from = deps.hotWallet!.address
      const held = asset.contract
        ? await wallet.readContract({ address: asset.contract, abi: erc20Abi, functionName: 'balanceOf', args: [from] })
        : await wallet.getBalance({ address: from })
      if (held < raw) throw new HttpError(503, `the exchange's ${asset.symbol} reserve is too low for this payment`)
      const hash = asset.contract
        ? await wallet.writeContract({ address: asset.contract, abi: erc20Abi, functionName: 'transfer', args: [to as `0x${string}`, raw] })
        : await wallet.sendTransaction({ to: to as `0x${string}`, value: raw })
      const receipt = await wallet.waitForTransactionReceipt({ hash, timeout: SEND_TIMEOUT_MS })
      if (receipt.status !== 'success') throw Object.assign(new HttpError(502, `the transfer ${hash} reverted`), { hash })
      return { hash, blockNumber: receipt.blockNumber.toString() }
    })
}
