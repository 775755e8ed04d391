import { describe, expect, it } from 'vitest'
import type { BlockchainApi } from '../../../../../src/core/apiPorts'
import { fetchOnrampOptions } from '../../../../../src/core/effects/onramp/fetchOnrampOptions'
import { onrampCurrencySelected, onrampOptionsRequested } from '../../../../../src/core/events/onramp/onramp'
import { reply, replyError, runEffectAsync } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'

const usdc = { id: 'USDC', name: 'USD Coin', symbol: 'USDC', networks: [{ name: 'local', display_name: 'Local', chain_id: '1', contract_address: '0xa' }] }
const eur = { id: 'EUR', payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }] }
const provider = { name: 'gangwaypay', label: 'Gangway Pay', url: 'https://pay.example/' }

const deps = (getOnrampOptions: BlockchainApi['getOnrampOptions'] | null) => ({
  api: { blockchain: getOnrampOptions ? ({ getOnrampOptions } as unknown as BlockchainApi) : null, directory: null, loadConfiguration: null },
})

describe('fetchOnrampOptions', () => {
  it("keeps the API's currencies and providers; a choice the options lack goes back to the default, else the first listed", async () => {
    const state = stateAfter([onrampCurrencySelected({ kind: 'payment', id: 'GBP' })])
    const run = await runEffectAsync(fetchOnrampOptions, {
      events: { marble: 'r', values: { r: onrampOptionsRequested({}) } },
      state,
      loop: true,
      deps: deps(() => reply({ paymentCurrencies: [eur], purchaseCurrencies: [usdc], providers: [provider] }, 5)),
    })
    expect(run.state.onramp!.options).toEqual({ status: 'loaded', paymentCurrencies: [eur], purchaseCurrencies: [usdc], providers: [provider] })
    expect(run.state.onramp!.paymentCurrency).toBe('EUR')
    expect(run.state.onramp!.purchaseCurrency).toBe('USDC')
  })

  it('without the API, or when it fails, the built-in USD / EUR defaults and no provider (spec §7)', async () => {
    for (const d of [deps(null), deps(() => replyError(new Error('boom'), 5))]) {
      const run = await runEffectAsync(fetchOnrampOptions, { events: { marble: 'r', values: { r: onrampOptionsRequested({}) } }, state: stateAfter(), loop: true, deps: d })
      expect(run.state.onramp!.options?.paymentCurrencies.map((c) => c.id)).toEqual(['USD', 'EUR'])
      expect(run.state.onramp!.options?.purchaseCurrencies.map((c) => c.id)).toEqual(['USDC'])
      expect(run.state.onramp!.options?.providers).toEqual([])
      expect([run.state.onramp!.purchaseCurrency, run.state.onramp!.paymentCurrency]).toEqual(['USDC', 'USD'])
    }
  })
})
