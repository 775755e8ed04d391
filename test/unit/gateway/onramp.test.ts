// The gateway's on-ramp: options, quotes (1 % and 2 % providers, limits), the URL generator, the
// two dev providers' pages (escaped query values) and their payments, which deliver real test USDC
// from the treasury on the local chains (and SOL from the local validator's faucet on Solana).
import { createSolanaRpc, generateKeyPairSigner } from '@solana/kit'
import { erc20Abi, getAddress, parseUnits, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ONRAMP_PROVIDERS } from '../../../dev/gateway/onramp'
import { escapeHtml } from '../../../dev/stack/html'
import { startGateway, type Gateway } from '../../../dev/gateway/startGateway'
import { startSolanaValidator, type SolanaValidator } from '../../../dev/solana/startSolanaValidator'
import { createBlockchainApiClient } from '../../../src/adapters/api/createBlockchainApiClient'
import { DEFAULT_PAYMENT_CURRENCIES } from '../../../src/core/domain/onramp'
import type { OnrampQuote } from '../../../src/core/domain/entities'
import { call, P, stackPerFile, walletOn } from './harness'

const stack = stackPerFile()
const base = () => stack.gateway.url
const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

const usdcOf = (chainId: number) => stack.dev.tokens.find((t) => t.chainId === chainId && t.symbol === 'USDC')!
const readerOf = (chainId: number) => walletOn(stack.dev.chains.find((c) => c.chainId === chainId)!, stack.dev.treasury.privateKey).reader
const usdcBalance = (chainId: number, who: Address) =>
  readerOf(chainId).readContract({ address: usdcOf(chainId).address, abi: erc20Abi, functionName: 'balanceOf', args: [who] })
const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

function client(baseUrl = base()) {
  return createBlockchainApiClient({ baseUrl, projectId: 'test-project', sdkType: 'gangway', sdkVersion: '0.1.0', retries: 0 })
}

const quote = (body: unknown) => call(base(), 'POST', `/v1/onramp/quote?${P}`, body)
const errorOf = async (answer: Promise<{ status: number; body: unknown }>) => {
  const { status, body } = await answer
  return [status, (body as { error?: unknown }).error]
}
const usd100 = { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100.00', network: 'eip155:31337' }

describe('on-ramp options', () => {
  it('lists USD and EUR with the spec limits, USDC on each chain, and the two providers', async () => {
    const answer = await call(base(), 'GET', `/v1/onramp/options?${P}`)
    expect(answer.status).toBe(200)
    const body = answer.body as Record<string, unknown>
    const limits = [
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
    ]
    expect(body.paymentCurrencies).toEqual([
      { id: 'USD', payment_method_limits: limits },
      { id: 'EUR', payment_method_limits: limits },
    ])
    // The hosted table and the modal's built-in fallback agree (spec §9).
    expect(body.paymentCurrencies).toEqual(DEFAULT_PAYMENT_CURRENCIES)
    expect(body.purchaseCurrencies).toEqual([
      {
        id: 'USDC',
        name: 'USD Coin',
        symbol: 'USDC',
        networks: [
          { name: 'gangway-local', display_name: 'Gangway Local', chain_id: '31337', contract_address: usdcOf(31337).address },
          { name: 'gangway-local-2', display_name: 'Gangway Local 2', chain_id: '31338', contract_address: usdcOf(31338).address },
        ],
      },
    ])
    expect(body.providers).toEqual([
      { name: 'gangwaypay', label: 'Gangway Pay', url: `${base()}/onramp/gangwaypay/`, feeRange: '1%', supportedChains: ['eip155'] },
      { name: 'devramp', label: 'Dev Ramp', url: `${base()}/onramp/devramp/`, feeRange: '2%', supportedChains: ['eip155'] },
    ])
  })

  it("is what the modal's client reads (not its fallback)", async () => {
    const options = await client().getOnrampOptions()
    const served = (await call(base(), 'GET', `/v1/onramp/options?${P}`)).body as Record<string, unknown>
    expect(options).toEqual({ paymentCurrencies: served.paymentCurrencies, purchaseCurrencies: served.purchaseCurrencies, providers: served.providers })
    expect(options.providers.map((p) => [p.name, p.label, p.feeRange])).toEqual([
      ['gangwaypay', 'Gangway Pay', '1%'],
      ['devramp', 'Dev Ramp', '2%'],
    ])
    expect(options.purchaseCurrencies[0]!.networks.map((n) => n.chain_id)).toEqual(['31337', '31338'])
  })

  it('needs a projectId', async () => {
    expect(await errorOf(call(base(), 'GET', '/v1/onramp/options'))).toEqual([400, "Query 'projectId' is required"])
  })
})

describe('on-ramp quotes', () => {
  it.each([
    ['gangwaypay', '1.00', '98.90'],
    ['devramp', '2.00', '97.90'],
  ])('%s: 100.00 USD by card pays its fee and a network fee, the rest buys USDC at 1 USD', async (provider, fee, subtotal) => {
    const answer = await quote({ ...usd100, provider })
    expect(answer.status).toBe(200)
    const body = answer.body as OnrampQuote & { providerFee: { amount: string }; provider: { name: string; feeRange: string }; network: string }
    expect(body).toMatchObject({
      paymentTotal: { amount: '100.00', currency: 'USD' },
      providerFee: { amount: fee, currency: 'USD' },
      networkFee: { amount: '0.10', currency: 'USD' },
      paymentSubtotal: { amount: subtotal, currency: 'USD' },
      purchaseAmount: { amount: `${subtotal}0000`, currency: 'USDC' },
      provider: { name: provider, feeRange: provider === 'devramp' ? '2%' : '1%' },
      network: 'eip155:31337',
      paymentMethod: 'card',
    })
    expect(body.quoteId).toMatch(/^[0-9a-f-]{36}$/)
    const again = (await quote({ ...usd100, provider })).body as OnrampQuote
    expect(again.quoteId).not.toBe(body.quoteId)
  })

  it('defaults to Gangway Pay and converts EUR at 1.08 USD', async () => {
    expect(((await quote(usd100)).body as { provider: { name: string } }).provider.name).toBe('gangwaypay')
    const eur = (await quote({ ...usd100, paymentCurrency: 'EUR' })).body as OnrampQuote
    expect(eur.paymentSubtotal).toEqual({ amount: '98.90', currency: 'EUR' })
    expect(eur.purchaseAmount).toEqual({ amount: '106.812000', currency: 'USDC' }) // 98.90 × 1.08
  })

  it('rounds the provider fee to the cent', async () => {
    // 2 % of 10.05 is 0.201: 0.20; 9.75 left after the network fee.
    const body = (await quote({ ...usd100, amount: '10.05', provider: 'devramp' })).body as OnrampQuote & { providerFee: { amount: string } }
    expect([body.providerFee.amount, body.paymentSubtotal.amount, body.purchaseAmount.amount]).toEqual(['0.20', '9.75', '9.750000'])
  })

  it('takes the network as a CAIP-2 id, a chain id or its name, and currencies as options entries', async () => {
    for (const network of ['eip155:31338', '31338', 'gangway-local-2']) {
      expect(((await quote({ ...usd100, network })).body as { network: string }).network).toBe('eip155:31338')
    }
    const options = await client().getOnrampOptions()
    const viaClient = await client().getOnrampQuote({
      purchaseCurrency: options.purchaseCurrencies[0]!,
      paymentCurrency: options.paymentCurrencies[1]!,
      amount: '50',
      network: 'eip155:31337',
    })
    expect(viaClient.purchaseAmount).toEqual({ amount: '53.352000', currency: 'USDC' }) // (50 − 0.50 − 0.10) × 1.08
    expect(viaClient.paymentTotal).toEqual({ amount: '50.00', currency: 'EUR' })
  })

  it('enforces the limits of the payment method, both ends included', async () => {
    const limitOf = async (amount: string, paymentMethod?: string, paymentCurrency = 'USD') =>
      errorOf(quote({ ...usd100, amount, paymentCurrency, ...(paymentMethod ? { paymentMethod } : {}) }))
    expect(await limitOf('9.99')).toEqual([400, 'Amount must be between 10.00 and 7500.00 USD for card'])
    expect(await limitOf('7500.01')).toEqual([400, 'Amount must be between 10.00 and 7500.00 USD for card'])
    expect(await limitOf('7500.01', 'card', 'EUR')).toEqual([400, 'Amount must be between 10.00 and 7500.00 EUR for card'])
    expect(await limitOf('25000.00', 'card')).toEqual([400, 'Amount must be between 10.00 and 7500.00 USD for card'])
    expect(await limitOf('25000.01', 'ach_bank_account')).toEqual([400, 'Amount must be between 10.00 and 25000.00 USD for ach_bank_account'])
    expect(await limitOf('9.99', 'ach_bank_account')).toEqual([400, 'Amount must be between 10.00 and 25000.00 USD for ach_bank_account'])
    for (const [amount, method] of [['10.00', 'card'], ['7500.00', 'card'], ['10', 'ach_bank_account'], ['25000', 'ach_bank_account']] as const) {
      const answer = await quote({ ...usd100, amount, paymentMethod: method })
      expect(answer.status, `${amount} ${method}`).toBe(200)
    }
    expect(((await quote({ ...usd100, amount: '25000', paymentMethod: 'ach_bank_account' })).body as OnrampQuote).purchaseAmount.amount).toBe('24749.900000')
  })

  it('refuses unknown currencies, networks, providers, methods and malformed amounts', async () => {
    const errors = await Promise.all(
      [
        { ...usd100, purchaseCurrency: 'BTC' },
        { ...usd100, purchaseCurrency: 'SOL' },
        { ...usd100, paymentCurrency: 'GBP' },
        { ...usd100, paymentCurrency: 7 },
        { ...usd100, network: 'eip155:1' },
        { ...usd100, network: undefined },
        { ...usd100, provider: 'moonpay' },
        { ...usd100, paymentMethod: 'paypal' },
        { ...usd100, amount: '10.001' },
        { ...usd100, amount: '-10' },
        { ...usd100, amount: '1e3' },
        ['not', 'an', 'object'],
      ].map((body) => errorOf(quote(body))),
    )
    expect(errors).toMatchInlineSnapshot(`
      [
        [
          400,
          "Unknown purchase currency 'BTC': use USDC",
        ],
        [
          400,
          "Unknown purchase currency 'SOL': use USDC",
        ],
        [
          400,
          "Unknown payment currency 'GBP': use USD or EUR",
        ],
        [
          400,
          "'paymentCurrency' must be a currency id such as USD or USDC (or an object with one as 'id')",
        ],
        [
          400,
          "Unknown network 'eip155:1': use eip155:31337, eip155:31338",
        ],
        [
          400,
          "'network' is required (a CAIP-2 id such as eip155:31337)",
        ],
        [
          400,
          "Unknown provider 'moonpay': use gangwaypay or devramp",
        ],
        [
          400,
          "Unknown payment method 'paypal': use card or ach_bank_account",
        ],
        [
          400,
          "'amount' must be a decimal text like 100.00 (at most 2 decimals), got '10.001'",
        ],
        [
          400,
          "'amount' must be a decimal text like 100.00 (at most 2 decimals), got '-10'",
        ],
        [
          400,
          "'amount' must be a decimal text like 100.00 (at most 2 decimals), got '1e3'",
        ],
        [
          400,
          "Body must be a JSON object",
        ],
      ]
    `)
  })
})

describe('on-ramp URL generator', () => {
  const wallet = { address: ACCOUNT, blockchains: ['gangway-local-2'], assets: ['USDC'] }

  it('points at Gangway Pay with the wallet, network, asset and presets', async () => {
    const answer = await call(base(), 'POST', `/v1/generators/onrampurl?${P}`, {
      destinationWallets: [wallet],
      partnerUserId: 'user-1',
      defaultNetwork: 'eip155:31338',
      defaultExperience: 'buy',
      presetFiatAmount: 50,
      presetCryptoAmount: 12.5,
    })
    expect(answer.status).toBe(200)
    const url = new URL((answer.body as { url: string }).url)
    expect(`${url.origin}${url.pathname}`).toBe(`${base()}/onramp/gangwaypay/`)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      address: ACCOUNT,
      network: 'eip155:31338',
      asset: 'USDC',
      presetFiatAmount: '50.00',
      presetCryptoAmount: '12.5',
      partnerUserId: 'user-1',
      experience: 'buy',
    })
  })

  it("gives Dev Ramp spec §7's query (publicKey, destinationCurrencyCode, walletAddress, externalCustomerId)", async () => {
    const url = new URL(
      await client().generateOnrampUrl({ destinationWallets: [{ address: ACCOUNT }], partnerUserId: 'user-2', presetFiatAmount: 25, provider: 'devramp' } as never),
    )
    expect(`${url.origin}${url.pathname}`).toBe(`${base()}/onramp/devramp/`)
    // No network named: the first served one the address fits.
    expect(Object.fromEntries(url.searchParams)).toEqual({
      publicKey: 'test-project',
      destinationCurrencyCode: 'USDC',
      walletAddress: ACCOUNT,
      externalCustomerId: 'user-2',
      network: 'eip155:31337',
      amount: '25.00',
    })
  })

  it('refuses what it cannot point anywhere', async () => {
    const generate = (body: unknown) => errorOf(call(base(), 'POST', `/v1/generators/onrampurl?${P}`, body))
    expect(await generate({ destinationWallets: [], partnerUserId: 'u' })).toEqual([
      400,
      "'destinationWallets' must be a list of 1 to 20 objects { address, blockchains?, assets?, supportedNetworks? }",
    ])
    expect(await generate({ destinationWallets: [{ address: '0x1234' }], partnerUserId: 'u' })).toEqual([
      400,
      "No served network fits the destination wallets: give 'defaultNetwork' (eip155:31337, eip155:31338)",
    ])
    expect(await generate({ destinationWallets: [{ address: '0x1234' }], defaultNetwork: 'eip155:31337' })).toEqual([400, 'No destination wallet with a valid address for eip155:31337'])
    expect(await generate({ destinationWallets: [wallet], provider: 'nope' })).toEqual([400, "Unknown provider 'nope': use gangwaypay or devramp"])
    expect(await generate({ destinationWallets: [{ ...wallet, assets: ['ETH'] }] })).toEqual([400, 'None of the assets ETH is offered on eip155:31338: it sells USDC'])
    expect(await generate({ destinationWallets: [wallet], presetFiatAmount: -1 })).toEqual([400, "'presetFiatAmount' must be a number from 0 to 1000000000"])
  })
})

describe('provider pages', () => {
  const HOSTILE = `<img src=x onerror=alert(1)>"'&amp;</script>`

  it('shows the wallet, network, asset and preset amount, accessibly and self-contained', async () => {
    const url = await client().generateOnrampUrl({ destinationWallets: [{ address: ACCOUNT }], partnerUserId: 'user-1', defaultNetwork: '31338', presetFiatAmount: 50 })
    const page = await fetch(url)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const html = await page.text()
    expect(html).toContain('<h1 id="title">Gangway Pay</h1>')
    expect(html).toContain(`<code>${ACCOUNT}</code>`)
    expect(html).toContain('<code>Gangway Local 2 (eip155:31338)</code>')
    expect(html).toContain('value="50.00"')
    for (const id of ['amount', 'currency', 'method', 'card-number', 'card-expiry', 'card-cvc', 'card-name']) expect(html).toContain(`<label for="${id}">`)
    expect(html).toContain('role="status"')
    expect(html).toContain('role="alert"></p>')
    expect(html).toContain('<button type="submit" id="pay">Pay</button>')
    expect(html).toContain('Return to the app')
    expect(html).toContain('window.close()')
    // No external resources: nothing loaded from anywhere (the icon is an empty data: URL, so no /favicon.ico request).
    expect(html.match(/\s(src|href)=/gi)).toEqual([' href='])
    expect(html).toContain('<link rel="icon" href="data:,">')
  })

  it("escapes Gangway Pay's query values", async () => {
    const query = new URLSearchParams({ address: ACCOUNT, network: 'eip155:31337', asset: 'USDC', partnerUserId: HOSTILE, presetFiatAmount: '<b>' })
    const html = await (await fetch(`${base()}/onramp/gangwaypay/?${query}`)).text()
    expect(html).toContain(escapeHtml(HOSTILE))
    expect(escapeHtml(HOSTILE)).toBe('&#60;img src=x onerror=alert(1)&#62;&#34;&#39;&#38;amp;&#60;/script&#62;')
    expect(html).not.toContain('<img')
    expect(html).not.toContain(HOSTILE)
    // Only the page's own two scripts (data and code) open and close.
    expect(html.match(/<script/g)).toHaveLength(2)
    expect(html.match(/<\/script>/g)).toHaveLength(2)
    expect(html).toContain('value="100.00"') // a preset that is not an amount is not used
    const data = JSON.parse(/<script type="application\/json" id="onramp-data">(.*?)<\/script>/s.exec(html)![1]!)
    expect(data).toMatchObject({ wallet: ACCOUNT, network: 'eip155:31337', asset: 'USDC', payPath: '/onramp/gangwaypay/pay', problem: null })
  })

  it("reads Dev Ramp's spec query and escapes it", async () => {
    const query = new URLSearchParams({ publicKey: `pk"><svg onload=x>`, destinationCurrencyCode: 'USDC', walletAddress: ACCOUNT, externalCustomerId: HOSTILE, amount: '42.5' })
    const answer = await fetch(`${base()}/onramp/devramp/?${query}`)
    expect(answer.status).toBe(200)
    const html = await answer.text()
    expect(html).toContain('<h1 id="title">Dev Ramp</h1>')
    expect(html).toContain('<code>Gangway Local (eip155:31337)</code>')
    expect(html).toContain('value="42.50"')
    expect(html).toContain(`<dt>Customer id</dt><dd><code>${escapeHtml(HOSTILE)}</code></dd>`)
    expect(html).toContain(`<dt>Partner key</dt><dd><code>pk&#34;&#62;&#60;svg onload=x&#62;</code></dd>`)
    expect(html).not.toContain('<svg')
    expect(html).not.toContain('<img')
  })

  it('shows a query it cannot pay in its alert, with Pay disabled', async () => {
    const query = new URLSearchParams({ walletAddress: '<b>bad</b>', destinationCurrencyCode: 'USDC', network: 'eip155:31337' })
    const answer = await fetch(`${base()}/onramp/devramp/?${query}`)
    expect(answer.status).toBe(400)
    const html = await answer.text()
    expect(html).toContain('<p id="alert" role="alert">The wallet address is not a valid EVM address.</p>')
    expect(html).toContain('<button type="submit" id="pay" disabled>Pay</button>')
    expect(html).toContain('<code>&#60;b&#62;bad&#60;/b&#62;</code>')
    const wrongAsset = await fetch(`${base()}/onramp/devramp/?${new URLSearchParams({ walletAddress: ACCOUNT, destinationCurrencyCode: 'SOL' })}`)
    expect(wrongAsset.status).toBe(400)
    expect(await wrongAsset.text()).toContain('No network was given, and none fits this wallet.')
    expect(await errorOf(call(base(), 'GET', '/onramp/moonpay/'))).toEqual([404, "Unknown on-ramp provider 'moonpay': use gangwaypay or devramp"])
  })
})

describe('payments', () => {
  const pay = (provider: string, body: unknown) => call(base(), 'POST', `/onramp/${provider}/pay`, body)
  const treasury = () => stack.dev.treasury.address

  it('delivers the quoted USDC from the treasury to the wallet', async () => {
    const to = freshAddress()
    const body = { ...usd100, amount: '250.00', address: to }
    const quoted = (await call(base(), 'POST', '/onramp/gangwaypay/quote', body)).body as OnrampQuote
    expect(quoted.purchaseAmount.amount).toBe('247.400000')
    const [before, reserveBefore] = await Promise.all([usdcBalance(31337, to), usdcBalance(31337, treasury())])
    expect(before).toBe(0n)

    const answer = await pay('gangwaypay', body)
    expect(answer.status).toBe(200)
    const paid = answer.body as { txHash: `0x${string}`; purchaseAmount: string; currency: string; network: string; address: string }
    expect(paid).toMatchObject({ purchaseAmount: quoted.purchaseAmount.amount, currency: 'USDC', network: 'eip155:31337', address: to })
    const delivered = parseUnits(quoted.purchaseAmount.amount, 6)
    expect((await usdcBalance(31337, to)) - before).toBe(delivered)
    expect(reserveBefore - (await usdcBalance(31337, treasury()))).toBe(delivered)
    const receipt = await readerOf(31337).getTransactionReceipt({ hash: paid.txHash })
    expect(receipt.status).toBe('success')
    expect(getAddress(receipt.from)).toBe(treasury())
    expect(getAddress(receipt.to!)).toBe(usdcOf(31337).address)
  })

  it("lists the deliveries as the account's on-ramp activity (history with onramp=coinbase), never cached, and nothing else", async () => {
    const to = freshAddress()
    const chain = stack.dev.chains.find((c) => c.chainId === 31337)!
    const { wallet } = walletOn(chain, stack.dev.accounts[2]!.privateKey)
    // Activity that is no delivery: ETH from another account.
    const other = await wallet.sendTransaction({ to, value: 1n })
    await readerOf(31337).waitForTransactionReceipt({ hash: other })
    const paid = (await pay('gangwaypay', { ...usd100, amount: '40.00', address: to })).body as { txHash: string }
    const history = (onramp: boolean) => fetch(`${base()}/v1/account/${to}/history?${P}&chainId=eip155:31337${onramp ? '&onramp=coinbase' : ''}`)
    const all = (await (await history(false)).json()) as { data: { metadata: { hash: string } }[] }
    expect(all.data.map((t) => t.metadata.hash).sort()).toEqual([other, paid.txHash].sort())
    const answer = await history(true)
    expect(answer.headers.get('cache-control')).toBe('no-store')
    const activity = (await answer.json()) as { data: { metadata: { hash: string }; transfers: { direction: string; fungible_info?: { symbol: string } }[] }[]; next: string | null }
    expect(activity.data.map((t) => t.metadata.hash)).toEqual([paid.txHash])
    expect(activity.data[0]!.transfers[0]).toMatchObject({ direction: 'in', fungible_info: { symbol: 'USDC' } })
    expect(activity.next).toBeNull()
    // What the modal's client asks.
    expect((await client().getHistory({ address: to, chainId: 'eip155:31337', onramp: 'coinbase' })).data.map((t) => t.metadata.hash)).toEqual([paid.txHash])
  })

  it('delivers on the second chain through Dev Ramp, by bank in EUR', async () => {
    const to = freshAddress()
    const answer = await pay('devramp', { purchaseCurrency: 'USDC', paymentCurrency: 'EUR', paymentMethod: 'ach_bank_account', amount: '25000', network: '31338', address: to })
    expect(answer.status).toBe(200)
    // 25,000 − 500.00 (2 %) − 0.10 = 24,499.90 EUR × 1.08
    expect(answer.body).toMatchObject({ purchaseAmount: '26459.892000', network: 'eip155:31338' })
    expect(await usdcBalance(31338, to)).toBe(parseUnits('26459.892', 6))
    expect(await usdcBalance(31337, to)).toBe(0n)
  })

  it('moves nothing for a payment it refuses', async () => {
    const to = freshAddress()
    const reader = readerOf(31337)
    const state = () =>
      Promise.all([usdcBalance(31337, treasury()), usdcBalance(31338, treasury()), reader.getTransactionCount({ address: treasury() }), usdcBalance(31337, to)])
    const before = await state()
    const refused = await Promise.all(
      [
        ['gangwaypay', { ...usd100, amount: '9.99', address: to }],
        ['gangwaypay', { ...usd100, amount: '7500.01', address: to }],
        ['devramp', { ...usd100, amount: '25000.01', paymentMethod: 'ach_bank_account', address: to }],
        ['gangwaypay', { ...usd100, address: to.toLowerCase().replace('0x', '0X') }],
        ['gangwaypay', { ...usd100, address: `0x${to.slice(2, 41)}` }],
        ['gangwaypay', { ...usd100, address: '2yv38haB18xjvwGdkSdFML9sSqfKAycBysobHzZxirLg' }],
        ['gangwaypay', { ...usd100 }],
        ['gangwaypay', { ...usd100, network: 'eip155:1', address: to }],
        ['moonpay', { ...usd100, address: to }],
      ].map(([provider, body]) => errorOf(pay(provider as string, body))),
    )
    expect(refused.map(([status]) => status)).toEqual([400, 400, 400, 400, 400, 400, 400, 400, 404])
    expect(refused[0]![1]).toBe('Amount must be between 10.00 and 7500.00 USD for card')
    expect(refused[3]![1]).toMatch(/^Invalid wallet address '0X.*' for eip155:31337: expected a 0x-prefixed 20-byte hex address$/)
    expect(refused[6]![1]).toBe('Invalid wallet address nothing for eip155:31337: expected a 0x-prefixed 20-byte hex address')
    expect(await state()).toEqual(before)
  })

  it('serialises concurrent payments: none collides on the treasury nonce', async () => {
    const to = freshAddress()
    const amounts = ['10.00', '20.00', '30.00', '40.00', '50.00', '60.00']
    const answers = await Promise.all(amounts.map((amount, i) => pay(ONRAMP_PROVIDERS[i % 2]!.id, { ...usd100, amount, address: to })))
    expect(answers.map((a) => a.status)).toEqual(amounts.map(() => 200))
    const paid = answers.map((a) => a.body as { txHash: string; purchaseAmount: string })
    expect(new Set(paid.map((p) => p.txHash)).size).toBe(amounts.length)
    const total = paid.reduce((sum, p) => sum + parseUnits(p.purchaseAmount, 6), 0n)
    expect(await usdcBalance(31337, to)).toBe(total)
  })
})

describe('on-ramp on Solana', () => {
  let validator: SolanaValidator
  let gateway: Gateway

  beforeAll(async () => {
    validator = await startSolanaValidator({ port: 0 })
    gateway = await startGateway({
      chains: stack.dev.chains,
      tokens: stack.dev.tokens,
      treasury: stack.dev.treasury,
      solana: { rpcUrl: validator.rpcUrl, caipNetworkId: validator.caipNetworkId, tokens: [] },
    })
  }, 30_000)
  afterAll(async () => {
    await gateway?.stop()
    await validator?.stop()
  })

  it('offers SOL on the cluster, and both namespaces for each provider', async () => {
    const body = (await call(gateway.url, 'GET', `/v1/onramp/options?${P}`)).body as Record<string, { id?: string; supportedChains?: string[] }[]>
    expect(body.purchaseCurrencies!.map((c) => c.id)).toEqual(['USDC', 'SOL'])
    expect(body.purchaseCurrencies![1]).toEqual({
      id: 'SOL',
      name: 'Solana',
      symbol: 'SOL',
      networks: [{ name: 'solana', display_name: 'Solana Local', chain_id: validator.caipNetworkId.slice('solana:'.length), contract_address: '' }],
    })
    expect(body.providers!.map((p) => p.supportedChains)).toEqual([['eip155', 'solana'], ['eip155', 'solana']])
  })

  it('quotes SOL at the gateway price (150 USD) with 9 decimals', async () => {
    const answer = await call(gateway.url, 'POST', `/v1/onramp/quote?${P}`, { purchaseCurrency: 'SOL', paymentCurrency: 'USD', amount: '100', network: validator.caipNetworkId })
    expect((answer.body as OnrampQuote).purchaseAmount).toEqual({ amount: '0.659333333', currency: 'SOL' }) // 98.90 / 150
    const usdcThere = await call(gateway.url, 'POST', `/v1/onramp/quote?${P}`, { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100', network: 'solana' })
    expect(await errorOf(Promise.resolve(usdcThere))).toEqual([400, `USDC is not offered on ${validator.caipNetworkId}: it sells SOL`])
  })

  it("pays SOL through Dev Ramp's page query: the wallet's balance grows by the amount bought", async () => {
    const to = (await generateKeyPairSigner()).address
    const page = await fetch(`${gateway.url}/onramp/devramp/?${new URLSearchParams({ destinationCurrencyCode: 'SOL', walletAddress: to, externalCustomerId: 'c' })}`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(`<code>Solana Local (${validator.caipNetworkId})</code>`)
    const rpc = createSolanaRpc(validator.rpcUrl)
    const before = (await rpc.getBalance(to).send()).value
    const answer = await call(gateway.url, 'POST', '/onramp/devramp/pay', { purchaseCurrency: 'SOL', paymentCurrency: 'USD', amount: '30.00', network: validator.caipNetworkId, address: to })
    expect(answer.status).toBe(200)
    // 30 − 0.60 − 0.10 = 29.30 USD / 150
    expect(answer.body).toMatchObject({ purchaseAmount: '0.195333333', currency: 'SOL', network: validator.caipNetworkId, address: to })
    expect((await rpc.getBalance(to).send()).value - before).toBe(195_333_333n)
    const refused = await call(gateway.url, 'POST', '/onramp/devramp/pay', { purchaseCurrency: 'SOL', paymentCurrency: 'USD', amount: '30.00', network: 'solana', address: ACCOUNT })
    expect(refused.status).toBe(400)
    expect((await rpc.getBalance(to).send()).value - before).toBe(195_333_333n)
  })
})
