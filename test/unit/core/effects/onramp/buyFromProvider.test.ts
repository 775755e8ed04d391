import { describe, expect, it } from 'vitest'
import type { BlockchainApi, OnrampUrlParams } from '../../../../../src/core/apiPorts'
import { buyFromProvider } from '../../../../../src/core/effects/onramp/buyFromProvider'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { onrampAmountSet, onrampOptionsFetched, onrampPurchaseCancelled, onrampPurchaseRequested } from '../../../../../src/core/events/onramp/onramp'
import { tokenBalancesFetched } from '../../../../../src/core/events/data/tokenBalances'
import type { StampedEvent } from '../../../../../src/core/events/defineEvent'
import { reply, runEffectAsync } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT } from '../fakes'

const CAIP = `eip155:1:${ACCOUNT}`
const providers = [
  { name: 'gangwaypay', label: 'Gangway Pay', url: 'https://pay.example/' },
  { name: 'devramp', label: 'Dev Ramp', url: 'https://ramp.example/buy?x=1' },
]
const usdcHeld = (numeric: string) =>
  tokenBalancesFetched({
    caipAddress: CAIP,
    balances: [{ name: 'USD Coin', symbol: 'USDC', chainId: 'eip155:1', address: 'eip155:1:0x00000000000000000000000000000000000000cc', value: 1, price: 1, quantity: { decimals: '6', numeric }, iconUrl: '' }],
  })
const ready = stateAfter([
  connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' }),
  onrampOptionsFetched({ paymentCurrencies: [], purchaseCurrencies: [], providers }),
  onrampAmountSet({ amount: '100' }),
  usdcHeld('5'),
])

function generator() {
  const calls: OnrampUrlParams[] = []
  const blockchain = { generateOnrampUrl: (p: OnrampUrlParams) => (calls.push(p), reply('https://pay.example/?session=1', 5)) } as unknown as BlockchainApi
  return { deps: { api: { blockchain, directory: null, loadConfiguration: null } }, calls }
}

const types = (log: readonly StampedEvent[]) => log.map((e) => e.type)

describe('buyFromProvider', () => {
  it("opens the generator's URL, polls the balances every 4 s, and the purchase is delivered once more USDC is held", async () => {
    const { deps, calls } = generator()
    const run = await runEffectAsync(buyFromProvider, {
      events: { marble: 'r 9s d', values: { r: onrampPurchaseRequested({ provider: 'gangwaypay' }, { requestId: 'p' }), d: usdcHeld('103.9') } },
      state: ready,
      loop: true,
      deps,
    })
    expect(calls).toEqual([
      {
        provider: 'gangwaypay',
        destinationWallets: [{ address: ACCOUNT, blockchains: ['eip155:1'], assets: ['USDC'] }],
        partnerUserId: ACCOUNT,
        defaultNetwork: 'eip155:1',
        defaultExperience: 'buy',
        presetFiatAmount: 100,
      },
    ])
    expect(run.state.onramp!.purchase).toMatchObject({ status: 'delivered', url: 'https://pay.example/?session=1', startBalance: '5', delivered: { amount: '98.9', symbol: 'USDC' } })
    // Two polls before the delivery (at 4 s and 8 s), none after it.
    expect(types(run.log).filter((t) => t === 'balance/refreshRequested')).toHaveLength(2)
    // Then the account's on-ramp activity is asked for, to show what arrived.
    expect(run.log.filter((e) => e.type === 'onramp/activityRequested').map((e) => e.payload)).toEqual([{ caipAddress: CAIP }])
    expect(run.state.onramp!.activity).toMatchObject({ caipAddress: CAIP, status: 'loading' })
  })

  it("a provider of the query kind gets the spec's query, without the generator", async () => {
    const { deps, calls } = generator()
    const run = await runEffectAsync(buyFromProvider, {
      events: { marble: 'r 1s c', values: { r: onrampPurchaseRequested({ provider: 'devramp' }, { requestId: 'p' }), c: onrampPurchaseCancelled({}) } },
      state: ready,
      loop: true,
      deps,
    })
    expect(calls).toEqual([])
    const opened = run.log.find((e) => e.type === 'onramp/purchaseOpened') as StampedEvent & { payload: { url: string } }
    const url = new URL(opened.payload.url)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      x: '1',
      publicKey: 'test-project',
      destinationCurrencyCode: 'USDC',
      walletAddress: ACCOUNT,
      externalCustomerId: ACCOUNT,
      network: 'eip155:1',
      amount: '100',
    })
    // Cancelled: nothing waited for any more.
    expect(run.state.onramp!.purchase).toBeNull()
    expect(types(run.log).filter((t) => t === 'balance/refreshRequested')).toHaveLength(0)
  })

  it('nothing arriving within 10 minutes fails the purchase', async () => {
    const { deps } = generator()
    const run = await runEffectAsync(buyFromProvider, {
      events: { marble: 'r', values: { r: onrampPurchaseRequested({ provider: 'gangwaypay' }, { requestId: 'p' }) } },
      state: ready,
      loop: true,
      deps,
      until: 11 * 60_000,
    })
    // Polled every 4 s for 10 minutes, then no more.
    expect(types(run.log).filter((t) => t === 'balance/refreshRequested')).toHaveLength(149)
    expect(run.state.onramp!.purchase).toMatchObject({ status: 'failed', error: { shortMessage: 'Something went wrong' } })
    expect(run.state.onramp!.purchase?.error?.details).toContain('no USDC arrived within 10 minutes')
  })
})
