// The on-ramp API (spec §7 `/v1/onramp/*`, `/v1/generators/onrampurl`) and the two dev providers,
// whose pages (onrampPages.ts) "take payment" and deliver real tokens on the local chains: test
// USDC from the treasury on the EVM chains, SOL from the validator's faucet on Solana.
import { randomUUID } from 'node:crypto'
import { address as toSolanaAddress, createSolanaRpc, lamports } from '@solana/kit'
import { createWalletClient, erc20Abi, http, isAddress, publicActions, type Hex, type PublicClient } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { ChainNamespace, OnrampPaymentCurrency, OnrampProvider, OnrampPurchaseCurrency, OnrampQuote } from '../../src/core/domain/entities'
import type { GatewayChain, GatewayToken } from './chainData'
import { onrampPage, type OnrampPageModel } from './onrampPages'
import { isSolanaAddress, SOLANA_DEFAULT_PRICES, type GatewaySolana } from './solanaData'
import type { Ctx, Route } from './startGateway'
import { clip, HttpError, isPlainObject, quoted } from './validate'
import { localChain } from '../chain/viemChain'
import { serialQueues } from './serialQueues'

export type OnrampDeps = {
  chains: readonly GatewayChain[]
  tokens: readonly GatewayToken[]
  clients: Map<number, PublicClient>
  /** The account deliveries come from (holds the test USDC); without it providers cannot deliver. */
  treasury?: { address: `0x${string}`; privateKey: `0x${string}` }
  solana?: GatewaySolana
  /** The gateway's price table (USD per symbol); SOL quotes use its `SOL`, else SOLANA_DEFAULT_PRICES. */
  prices?: () => Readonly<Record<string, number>>
}

/** A dev on-ramp provider: `id` is the provider `name` of spec §3; its fee is in basis points. */
export type DevOnrampProvider = { id: 'gangwaypay' | 'devramp'; label: string; feeBps: number }

/** The two dev providers (spec §9: two, fee range 1–2 %); the first is the generator's default. */
export const ONRAMP_PROVIDERS: readonly DevOnrampProvider[] = [
  { id: 'gangwaypay', label: 'Gangway Pay', feeBps: 100 },
  { id: 'devramp', label: 'Dev Ramp', feeBps: 200 },
]

/** Limits of each payment method, the same in USD and EUR (spec §9). */
export const ONRAMP_METHOD_LIMITS = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
] as const

export type PaymentMethodId = (typeof ONRAMP_METHOD_LIMITS)[number]['id']
export type PaymentCurrencyId = 'USD' | 'EUR'

/** USD per unit of each payment currency, as numerator / denominator (EUR at a fixed 1.08). */
const USD_PER_UNIT: Record<PaymentCurrencyId, readonly [bigint, bigint]> = { USD: [1n, 1n], EUR: [108n, 100n] }

/** The network fee every quote charges, in cents of the payment currency. */
export const ONRAMP_NETWORK_FEE_CENTS = 10n

/** USDC is worth one US dollar here, whatever the price table says. */
const USDC_PRICE_MICROS = 1_000_000n

/** What a served network sells: USDC (an ERC-20 of the chain) on EVM, native SOL on Solana. */
type RampAsset = { symbol: 'USDC' | 'SOL'; name: string; decimals: number; contract: `0x${string}` | null }

/** A network the on-ramp delivers to. */
export type RampNetwork = {
  /** CAIP-2 id, e.g. `eip155:31337`. */
  caip2: string
  /** Short name (the `name` of a purchase currency's network), e.g. `gangway-local`. */
  name: string
  displayName: string
  namespace: 'eip155' | 'solana'
  /** The EVM chain id; null on Solana. */
  chainId: number | null
  asset: RampAsset
}

/** A purchase, checked: what the quote prices and the pay route delivers. */
type Purchase = {
  provider: DevOnrampProvider
  network: RampNetwork
  currency: PaymentCurrencyId
  method: PaymentMethodId
  /** The payment total, in cents of `currency`. */
  cents: bigint
}

type Priced = Purchase & { feeCents: bigint; subtotalCents: bigint; raw: bigint }

/** Why a deadline: a node that hangs must become a 502, not a payment page spinning forever. */
const DELIVERY_TIMEOUT_MS = 30_000

/**
 * The on-ramp routes: options, quotes and URLs of the data API (`?projectId` required), and
 * each dev provider's page (`GET /onramp/<id>/`), quote (`POST /onramp/<id>/quote`) and payment
 * (`POST /onramp/<id>/pay`). A payment is checked whole before anything moves; deliveries on one
 * network are sent one after another, so the treasury's nonces never collide.
 *
 * @example
 * const routes = onrampRoutes({ chains, tokens, clients: chainClients(chains), treasury })
 * // POST /onramp/gangwaypay/pay { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100.00', network: 'eip155:31337', address }
 * // → { txHash, purchaseAmount: '98.900000', currency: 'USDC', network: 'eip155:31337', address }
 */
export function onrampRoutes(deps: OnrampDeps): Route[] {
  const networks = rampNetworks(deps)
  const delivery = createDelivery(deps)

  const providerUrl = (baseUrl: string, provider: DevOnrampProvider) => `${baseUrl}/onramp/${provider.id}/`
  const supportedChains: ChainNamespace[] = (['eip155', 'solana'] as const).filter((ns) => networks.some((n) => n.namespace === ns))
  const providerInfo = (baseUrl: string, provider: DevOnrampProvider): OnrampProvider => ({
    name: provider.id,
    label: provider.label,
    url: providerUrl(baseUrl, provider),
    feeRange: feePercent(provider),
    supportedChains,
  })

  function solPriceMicros(): bigint {
    const price = deps.prices?.().SOL ?? SOLANA_DEFAULT_PRICES.SOL
    if (typeof price !== 'number' || !Number.isFinite(price) || price <= 0) throw new HttpError(400, 'SOL has no price on this gateway')
    const micros = BigInt(Math.round(price * 1e6))
    if (micros <= 0n) throw new HttpError(400, 'SOL has no price on this gateway')
    return micros
  }

  function solPriceOrZero(): number {
    try {
      return Number(solPriceMicros()) / 1e6
    } catch {
      return 0
    }
  }

  /** Fees and the amount delivered: total − provider fee − network fee, converted at the price. */
  function price(purchase: Purchase): Priced {
    const { provider, network, currency, cents } = purchase
    const feeCents = (cents * BigInt(provider.feeBps) + 5_000n) / 10_000n
    const subtotalCents = cents - feeCents - ONRAMP_NETWORK_FEE_CENTS
    const [num, den] = USD_PER_UNIT[currency]
    const usdMicros = (subtotalCents * 10_000n * num) / den
    const priceMicros = network.asset.symbol === 'SOL' ? solPriceMicros() : USDC_PRICE_MICROS
    const raw = (usdMicros * 10n ** BigInt(network.asset.decimals)) / priceMicros
    if (raw <= 0n) throw new HttpError(400, `${fiat(cents)} ${currency} buys no ${network.asset.symbol} after fees`)
    return { ...purchase, feeCents, subtotalCents, raw }
  }

  function quoteOf(priced: Priced, baseUrl: string): OnrampQuote & Record<string, unknown> {
    const money = (c: bigint) => ({ amount: fiat(c), currency: priced.currency })
    return {
      purchaseAmount: { amount: fixed(priced.raw, priced.network.asset.decimals), currency: priced.network.asset.symbol },
      paymentSubtotal: money(priced.subtotalCents),
      paymentTotal: money(priced.cents),
      networkFee: money(ONRAMP_NETWORK_FEE_CENTS),
      providerFee: money(priced.feeCents),
      quoteId: randomUUID(),
      provider: providerInfo(baseUrl, priced.provider),
      network: priced.network.caip2,
      paymentMethod: priced.method,
    }
  }

  /** Reads the purchase of a quote or payment body; `pathProvider` is the page's provider. */
  function purchaseOf(body: Record<string, unknown>, pathProvider?: DevOnrampProvider): Purchase {
    const provider = pathProvider ?? providerParam(body.provider)
    const symbol = currencyId(body.purchaseCurrency, 'purchaseCurrency')
    const offered = [...new Set(networks.map((n) => n.asset.symbol))]
    if (!(offered as string[]).includes(symbol)) {
      throw new HttpError(400, `Unknown purchase currency '${clip(symbol)}': use ${offered.join(' or ') || 'nothing (no network is served)'}`)
    }
    const currency = currencyId(body.paymentCurrency, 'paymentCurrency')
    if (!(currency in USD_PER_UNIT)) throw new HttpError(400, `Unknown payment currency '${clip(currency)}': use USD or EUR`)
    const network = networkParam(body.network)
    if (network.asset.symbol !== symbol) throw new HttpError(400, `${symbol} is not offered on ${network.caip2}: it sells ${network.asset.symbol}`)
    const method = methodParam(body.paymentMethod)
    const cents = amountParam(body.amount)
    const limits = ONRAMP_METHOD_LIMITS.find((l) => l.id === method)!
    if (cents < toCents(limits.min) || cents > toCents(limits.max)) {
      throw new HttpError(400, `Amount must be between ${limits.min} and ${limits.max} ${currency} for ${method}`)
    }
    return { provider, network, currency: currency as PaymentCurrencyId, method, cents }
  }

  function providerParam(raw: unknown): DevOnrampProvider {
    if (raw === undefined || raw === null) return ONRAMP_PROVIDERS[0]!
    const found = typeof raw === 'string' ? ONRAMP_PROVIDERS.find((p) => p.id === raw) : undefined
    if (!found) throw new HttpError(400, `Unknown provider ${quoted(raw)}: use ${ONRAMP_PROVIDERS.map((p) => p.id).join(' or ')}`)
    return found
  }

  function networkParam(raw: unknown, what = 'network'): RampNetwork {
    if (raw === undefined || raw === null || raw === '') throw new HttpError(400, `'${what}' is required (a CAIP-2 id such as ${networks[0]?.caip2 ?? 'eip155:1'})`)
    const found = typeof raw === 'string' || typeof raw === 'number' ? findNetwork(networks, String(raw)) : undefined
    if (!found) throw new HttpError(400, `Unknown network ${quoted(raw)}: use ${networks.map((n) => n.caip2).join(', ') || 'none (no network is served)'}`)
    return found
  }

  /** The provider a page route names; 404 for another. */
  function pageProvider(ctx: Ctx): DevOnrampProvider {
    const provider = ONRAMP_PROVIDERS.find((p) => p.id === ctx.params[0])
    if (!provider) throw new HttpError(404, `Unknown on-ramp provider '${clip(ctx.params[0] ?? '')}': use ${ONRAMP_PROVIDERS.map((p) => p.id).join(' or ')}`)
    return provider
  }

  async function objectBody(ctx: Ctx): Promise<Record<string, unknown>> {
    const body = await ctx.body()
    if (!isPlainObject(body)) throw new HttpError(400, 'Body must be a JSON object')
    return body
  }

  function options(baseUrl: string) {
    const paymentCurrencies: OnrampPaymentCurrency[] = Object.keys(USD_PER_UNIT).map((id) => ({
      id,
      payment_method_limits: ONRAMP_METHOD_LIMITS.map((l) => ({ ...l })),
    }))
    const networkOf = (n: RampNetwork) => ({
      name: n.name,
      display_name: n.displayName,
      chain_id: n.chainId === null ? n.caip2.slice(n.caip2.indexOf(':') + 1) : String(n.chainId),
      contract_address: n.asset.contract ?? '',
    })
    const evm = networks.filter((n) => n.namespace === 'eip155')
    const sol = networks.filter((n) => n.namespace === 'solana')
    const purchaseCurrencies: OnrampPurchaseCurrency[] = [
      // USDC is listed even without a chain offering it: it is the modal's default purchase.
      { id: 'USDC', name: 'USD Coin', symbol: 'USDC', networks: evm.map(networkOf) },
      ...(sol.length > 0 ? [{ id: 'SOL', name: 'Solana', symbol: 'SOL', networks: sol.map(networkOf) }] : []),
    ]
    return { paymentCurrencies, purchaseCurrencies, providers: ONRAMP_PROVIDERS.map((p) => providerInfo(baseUrl, p)) }
  }

  /** `POST /v1/generators/onrampurl`: the provider page of the wallet, network and asset. */
  function generateUrl(body: Record<string, unknown>, ctx: Ctx): string {
    const provider = providerParam(body.provider)
    const wallets = body.destinationWallets
    if (!Array.isArray(wallets) || wallets.length === 0 || wallets.length > 20 || !wallets.every(isPlainObject)) {
      throw new HttpError(400, "'destinationWallets' must be a list of 1 to 20 objects { address, blockchains?, assets?, supportedNetworks? }")
    }
    wallets.forEach((w, i) => {
      if (typeof w.address !== 'string' || w.address === '' || w.address.length > 200) throw new HttpError(400, `'destinationWallets[${i}].address' must be a non-empty string`)
      for (const key of ['blockchains', 'assets', 'supportedNetworks'] as const) {
        const list = w[key]
        if (list !== undefined && (!Array.isArray(list) || list.length > 50 || !list.every((x) => typeof x === 'string' && x.length <= 100))) {
          throw new HttpError(400, `'destinationWallets[${i}].${key}' must be a list of strings`)
        }
      }
    })
    const partnerUserId = optionalText(body.partnerUserId, 'partnerUserId')
    if (body.defaultExperience !== undefined && body.defaultExperience !== 'buy' && body.defaultExperience !== 'send') {
      throw new HttpError(400, "'defaultExperience' must be 'buy' or 'send'")
    }
    const fiatPreset = presetParam(body.presetFiatAmount, 'presetFiatAmount')
    const cryptoPreset = presetParam(body.presetCryptoAmount, 'presetCryptoAmount')

    const listed = (w: Record<string, unknown>) => [...((w.supportedNetworks as string[]) ?? []), ...((w.blockchains as string[]) ?? [])]
    // The network: the default one, else the first the wallets name that is served, else the first served one the first address fits.
    const first = wallets[0] as Record<string, unknown>
    const network =
      body.defaultNetwork !== undefined && body.defaultNetwork !== null && body.defaultNetwork !== ''
        ? networkParam(body.defaultNetwork, 'defaultNetwork')
        : (wallets.flatMap(listed).map((n) => findNetwork(networks, n)).find((n) => n !== undefined) ??
          networks.find((n) => fitsNetwork(first.address as string, n)))
    if (!network) throw new HttpError(400, `No served network fits the destination wallets: give 'defaultNetwork' (${networks.map((n) => n.caip2).join(', ') || 'none is served'})`)
    const wallet = (wallets as Record<string, unknown>[]).find((w) => {
      const names = listed(w)
      return fitsNetwork(w.address as string, network) && (names.length === 0 || names.some((n) => findNetwork(networks, n) === network))
    })
    if (!wallet) throw new HttpError(400, `No destination wallet with a valid address for ${network.caip2}`)
    const assets = (wallet.assets as string[] | undefined) ?? []
    if (assets.length > 0 && !assets.some((a) => a.toUpperCase() === network.asset.symbol)) {
      throw new HttpError(400, `None of the assets ${clip(assets.join(', '))} is offered on ${network.caip2}: it sells ${network.asset.symbol}`)
    }
    const address = wallet.address as string
    const fiatText = fiatPreset === null ? null : fiatPreset.toFixed(2)
    const cryptoText = cryptoPreset === null ? null : trimZeros(cryptoPreset.toFixed(network.asset.decimals))
    const query = new URLSearchParams()
    const put = (key: string, value: string | null) => {
      if (value !== null && value !== '') query.set(key, value)
    }
    if (provider.id === 'devramp') {
      // The query of spec §7's provider kind, plus the network and the amount.
      put('publicKey', ctx.url.searchParams.get('projectId'))
      put('destinationCurrencyCode', network.asset.symbol)
      put('walletAddress', address)
      put('externalCustomerId', partnerUserId)
      put('network', network.caip2)
      put('amount', fiatText)
    } else {
      put('address', address)
      put('network', network.caip2)
      put('asset', network.asset.symbol)
      put('presetFiatAmount', fiatText)
      put('presetCryptoAmount', cryptoText)
      put('partnerUserId', partnerUserId)
      put('experience', (body.defaultExperience as string | undefined) ?? null)
    }
    return `${providerUrl(ctx.baseUrl, provider)}?${query}`
  }

  /** The page's view of its query: what it shows, and why it cannot pay if it cannot. */
  function pageModel(provider: DevOnrampProvider, q: URLSearchParams): OnrampPageModel {
    const get = (key: string) => q.get(key) ?? ''
    const devramp = provider.id === 'devramp'
    const wallet = get(devramp ? 'walletAddress' : 'address')
    const assetAsked = get(devramp ? 'destinationCurrencyCode' : 'asset')
    const problems: string[] = []
    let network: RampNetwork | undefined
    if (get('network') !== '') {
      network = findNetwork(networks, get('network'))
      if (!network) problems.push(`Unknown network '${clip(get('network'))}'.`)
    } else {
      // Without a network: SOL names Solana; otherwise the first network the address fits.
      network = assetAsked.toUpperCase() === 'SOL' ? networks.find((n) => n.asset.symbol === 'SOL') : networks.find((n) => n.asset.symbol === 'USDC' && fitsNetwork(wallet, n))
      if (!network) problems.push('No network was given, and none fits this wallet.')
    }
    if (wallet === '') problems.push('No wallet address was given.')
    else if (network && !fitsNetwork(wallet, network)) problems.push(`The wallet address is not a valid ${network.namespace === 'solana' ? 'Solana' : 'EVM'} address.`)
    if (network && assetAsked !== '' && assetAsked.toUpperCase() !== network.asset.symbol) {
      problems.push(`${clip(assetAsked, 20)} is not offered on ${network.displayName}: it sells ${network.asset.symbol}.`)
    }
    const fiatAsked = get(devramp ? 'amount' : 'presetFiatAmount')
    let amount = '100.00'
    if (/^\d{1,7}(\.\d{1,2})?$/.test(fiatAsked)) amount = fiat(toCents(fiatAsked))
    else if (!devramp && network && /^\d{1,9}(\.\d{1,18})?$/.test(get('presetCryptoAmount'))) {
      // What buys that much after the fees, in USD, rounded up to the cent.
      const usd = Number(get('presetCryptoAmount')) * (network.asset.symbol === 'SOL' ? solPriceOrZero() : 1)
      const total = (usd + Number(ONRAMP_NETWORK_FEE_CENTS) / 100) / (1 - provider.feeBps / 10_000)
      if (Number.isFinite(total) && total < 1e7) amount = fiat(BigInt(Math.ceil(total * 100)))
    }
    const details: [string, string][] = []
    const customer = get(devramp ? 'externalCustomerId' : 'partnerUserId')
    if (customer !== '') details.push(['Customer id', customer])
    if (devramp && get('publicKey') !== '') details.push(['Partner key', get('publicKey')])
    return {
      provider: { id: provider.id, label: provider.label, fee: feePercent(provider) },
      problem: problems.length > 0 ? problems.join(' ') : null,
      wallet,
      network: network ? { caip2: network.caip2, displayName: network.displayName } : null,
      asset: network ? network.asset.symbol : assetAsked.toUpperCase() || 'USDC',
      amount,
      details,
      quotePath: `/onramp/${provider.id}/quote`,
      payPath: `/onramp/${provider.id}/pay`,
      limits: ONRAMP_METHOD_LIMITS.map((l) => ({ ...l })),
    }
  }

  async function pay(provider: DevOnrampProvider, body: Record<string, unknown>) {
    const priced = price(purchaseOf(body, provider))
    const { network } = priced
    const to = body.address
    if (typeof to !== 'string' || !fitsNetwork(to, network)) {
      throw new HttpError(400, `Invalid wallet address ${quoted(to)} for ${network.caip2}: expected ${network.namespace === 'solana' ? 'a base58 Solana address (32 bytes)' : 'a 0x-prefixed 20-byte hex address'}`)
    }
    const txHash = network.namespace === 'solana' ? await delivery.sol(network, to, priced.raw) : await delivery.usdc(network, to as `0x${string}`, priced.raw)
    return {
      txHash,
      purchaseAmount: fixed(priced.raw, network.asset.decimals),
      currency: network.asset.symbol,
      network: network.caip2,
      address: to,
      paymentTotal: { amount: fiat(priced.cents), currency: priced.currency },
    }
  }

  return [
    { method: 'GET', pattern: /^\/v1\/onramp\/options$/, project: true, handler: (ctx) => ({ json: options(ctx.baseUrl) }) },
    {
      method: 'POST',
      pattern: /^\/v1\/onramp\/quote$/,
      project: true,
      handler: async (ctx) => ({ json: quoteOf(price(purchaseOf(await objectBody(ctx))), ctx.baseUrl) }),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/generators\/onrampurl$/,
      project: true,
      handler: async (ctx) => ({ json: { url: generateUrl(await objectBody(ctx), ctx) } }),
    },
    {
      method: 'GET',
      pattern: /^\/onramp\/([^/]+)\/?$/,
      handler: (ctx) => {
        const model = pageModel(pageProvider(ctx), ctx.url.searchParams)
        return { status: model.problem === null ? 200 : 400, html: onrampPage(model) }
      },
    },
    {
      method: 'POST',
      pattern: /^\/onramp\/([^/]+)\/quote$/,
      handler: async (ctx) => {
        const provider = pageProvider(ctx)
        return { json: quoteOf(price(purchaseOf(await objectBody(ctx), provider)), ctx.baseUrl) }
      },
    },
    {
      method: 'POST',
      pattern: /^\/onramp\/([^/]+)\/pay$/,
      handler: async (ctx) => {
        const provider = pageProvider(ctx)
        return { json: await pay(provider, await objectBody(ctx)) }
      },
    },
  ]
}

/** The networks the on-ramp serves: each EVM chain with a USDC token, then the Solana cluster. */
function rampNetworks(deps: OnrampDeps): RampNetwork[] {
  const out: RampNetwork[] = []
  for (const chain of deps.chains) {
    const usdc = deps.tokens.find((t) => t.chainId === chain.chainId && t.symbol === 'USDC')
    if (!usdc) continue
    let name = slug(chain.name) || `eip155-${chain.chainId}`
    if (out.some((n) => n.name === name)) name = `${name}-${chain.chainId}`
    out.push({
      caip2: `eip155:${chain.chainId}`,
      name,
      displayName: chain.name,
      namespace: 'eip155',
      chainId: chain.chainId,
      asset: { symbol: 'USDC', name: usdc.name, decimals: usdc.decimals, contract: usdc.address },
    })
  }
  if (deps.solana) {
    const native = deps.solana.nativeCurrency ?? { name: 'Solana', symbol: 'SOL', decimals: 9 }
    out.push({
      caip2: deps.solana.caipNetworkId,
      name: 'solana',
      displayName: 'Solana Local',
      namespace: 'solana',
      chainId: null,
      asset: { symbol: 'SOL', name: native.name, decimals: native.decimals, contract: null },
    })
  }
  return out
}

/** A network by CAIP-2 id, EVM chain id (decimal) or short name. */
function findNetwork(networks: readonly RampNetwork[], raw: string): RampNetwork | undefined {
  const text = raw.trim()
  if (text === '' || text.length > 100) return undefined
  const caip2 = /^\d{1,15}$/.test(text) ? `eip155:${Number(text)}` : text
  return networks.find((n) => n.caip2 === caip2 || n.name === text.toLowerCase())
}

/** Whether `address` is a valid address on `network` (EVM: checksummed when mixed case). */
function fitsNetwork(address: string, network: RampNetwork): boolean {
  return network.namespace === 'solana' ? isSolanaAddress(address) : isAddress(address)
}

/**
 * Sends the deliveries: USDC `transfer`s from the treasury (waiting for the receipt) and SOL
 * from the validator's faucet. Deliveries to one network run one after another.
 */
function createDelivery(deps: OnrampDeps) {
  const wallets = new Map<number, ReturnType<typeof treasuryWallet>>()

  // One network's transfers one after another: the treasury's nonce is read per transfer.
  const serialized = serialQueues()

  function treasuryWallet(chain: GatewayChain, privateKey: `0x${string}`) {
    const viemChain = localChain(chain)
    return createWalletClient({
      account: privateKeyToAccount(privateKey),
      chain: viemChain,
      transport: http(chain.rpcUrl, { retryCount: 0, timeout: 10_000 }),
      // Optimization: the local nodes mine at once; the default 4 s would hold every payment.
      pollingInterval: 50,
    }).extend(publicActions)
  }

  function failed(network: RampNetwork, error: unknown): HttpError {
    if (error instanceof HttpError) return error
    const reason = (error as { shortMessage?: string; message?: string }).shortMessage ?? String((error as Error)?.message ?? error)
    return new HttpError(502, `Delivery on ${network.caip2} failed: ${reason.split('\n')[0]}`)
  }

  return {
    usdc(network: RampNetwork, to: `0x${string}`, raw: bigint): Promise<Hex> {
      const { treasury } = deps
      if (!treasury) return Promise.reject(new HttpError(503, 'This gateway has no treasury: the dev providers cannot deliver USDC'))
      const chain = deps.chains.find((c) => c.chainId === network.chainId)!
      const contract = network.asset.contract!
      return serialized(network.caip2, async () => {
        try {
          let wallet = wallets.get(chain.chainId)
          if (!wallet) wallets.set(chain.chainId, (wallet = treasuryWallet(chain, treasury.privateKey)))
          const reserve = await wallet.readContract({ address: contract, abi: erc20Abi, functionName: 'balanceOf', args: [treasury.address] })
          if (reserve < raw) throw new HttpError(503, `The treasury's USDC reserve on ${network.caip2} is too low for this payment`)
          const hash = await wallet.writeContract({ address: contract, abi: erc20Abi, functionName: 'transfer', args: [to, raw] })
          const receipt = await wallet.waitForTransactionReceipt({ hash, timeout: DELIVERY_TIMEOUT_MS })
          if (receipt.status !== 'success') throw new HttpError(502, `Delivery on ${network.caip2} failed: the USDC transfer ${hash} reverted`)
          return hash
        } catch (error) {
          throw failed(network, error)
        }
      })
    },

    sol(network: RampNetwork, to: string, raw: bigint): Promise<string> {
      const { solana } = deps
      if (!solana) return Promise.reject(new HttpError(400, 'Solana is not served by this gateway'))
      return serialized(network.caip2, async () => {
        try {
          // The local validator's faucet is the dev provider's SOL reserve: an airdrop lands as a block of its own.
          const rpc = createSolanaRpc(solana.rpcUrl)
          const abortSignal = AbortSignal.timeout(DELIVERY_TIMEOUT_MS)
          const signature = await rpc.requestAirdrop(toSolanaAddress(to), lamports(raw), { commitment: 'confirmed' }).send({ abortSignal })
          const { value } = await rpc.getSignatureStatuses([signature]).send({ abortSignal })
          const status = value[0]
          if (!status || status.err !== null) throw new HttpError(502, `Delivery on ${network.caip2} failed: the airdrop ${signature} did not land`)
          return signature as string
        } catch (error) {
          throw failed(network, error)
        }
      })
    },
  }
}

/** A payment amount: decimal text (or a number) with at most 2 decimals, as cents. */
function amountParam(raw: unknown): bigint {
  const text = typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : typeof raw === 'string' ? raw.trim() : null
  if (text === null || !/^\d{1,12}(\.\d{1,2})?$/.test(text)) {
    throw new HttpError(400, `'amount' must be a decimal text like 100.00 (at most 2 decimals), got ${quoted(raw)}`)
  }
  return toCents(text)
}

function methodParam(raw: unknown): PaymentMethodId {
  if (raw === undefined || raw === null || raw === '') return 'card'
  const found = ONRAMP_METHOD_LIMITS.find((l) => l.id === raw)
  if (!found) throw new HttpError(400, `Unknown payment method ${quoted(raw)}: use ${ONRAMP_METHOD_LIMITS.map((l) => l.id).join(' or ')}`)
  return found.id
}

/** A currency given as its id, or as an options entry (`{ id, … }`), upper-cased. */
function currencyId(raw: unknown, what: string): string {
  const id = isPlainObject(raw) ? raw.id : raw
  if (typeof id !== 'string' || id === '' || id.length > 20) throw new HttpError(400, `'${what}' must be a currency id such as USD or USDC (or an object with one as 'id')`)
  return id.toUpperCase()
}

function optionalText(raw: unknown, what: string): string | null {
  if (raw === undefined || raw === null) return null
  if (typeof raw !== 'string' || raw.length > 200) throw new HttpError(400, `'${what}' must be a string of at most 200 characters`)
  return raw
}

function presetParam(raw: unknown, what: string): number | null {
  if (raw === undefined || raw === null) return null
  if (typeof raw !== 'number' || !Number.isFinite(raw) || raw < 0 || raw > 1e9) throw new HttpError(400, `'${what}' must be a number from 0 to 1000000000`)
  return raw
}

/** Decimal text with at most 2 decimals as cents. */
function toCents(text: string): bigint {
  const [whole, frac = ''] = text.split('.')
  return BigInt(whole!) * 100n + BigInt(frac.padEnd(2, '0'))
}

/** Cents as decimal text with 2 decimals. */
function fiat(cents: bigint): string {
  return fixed(cents, 2)
}

/** A raw amount as decimal text with exactly `decimals` decimals. */
function fixed(raw: bigint, decimals: number): string {
  if (decimals === 0) return raw.toString()
  const text = raw.toString().padStart(decimals + 1, '0')
  return `${text.slice(0, -decimals)}.${text.slice(-decimals)}`
}

function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text
}

function feePercent(provider: DevOnrampProvider): string {
  return `${trimZeros((provider.feeBps / 100).toFixed(2))}%`
}

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')
}
