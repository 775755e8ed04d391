import { describe, expect, it } from 'vitest'
import type { BlockchainApi, HistoryParams } from '../../../../../src/core/apiPorts'
import type { Transaction } from '../../../../../src/core/domain/entities'
import { fetchOnrampActivity } from '../../../../../src/core/effects/onramp/fetchOnrampActivity'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { onrampActivityRequested, onrampReset } from '../../../../../src/core/events/onramp/onramp'
import { GangwayError } from '../../../../../src/core/errors/base'
import { reply, replyError, runEffectAsync } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT } from '../fakes'

const CAIP = `eip155:1:${ACCOUNT}`
const connected = stateAfter([connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' })])
const delivery = {
  id: '0xd1',
  metadata: { operationType: 'receive', hash: `0x${'d1'.repeat(32)}`, minedAt: '2026-01-01T00:00:00.000Z', sentFrom: '0x1', sentTo: ACCOUNT, status: 'confirmed', nonce: 1, chain: 'eip155:1' },
  transfers: [{ direction: 'in', quantity: { numeric: '98.9' }, fungible_info: { symbol: 'USDC', name: 'USD Coin' } }],
} as unknown as Transaction

function history(answer: () => Promise<{ data: Transaction[]; next: string | null }>) {
  const calls: HistoryParams[] = []
  const blockchain = { getHistory: (p: HistoryParams) => (calls.push(p), answer()) } as unknown as BlockchainApi
  return { deps: { api: { blockchain, directory: null, loadConfiguration: null } }, calls }
}

describe('fetchOnrampActivity', () => {
  it("asks the account's history with onramp=coinbase on its network, and keeps what on-ramps delivered", async () => {
    const { deps, calls } = history(() => reply({ data: [delivery], next: null }, 10))
    const run = await runEffectAsync(fetchOnrampActivity, {
      events: { marble: 'a', values: { a: onrampActivityRequested({ caipAddress: CAIP }, { requestId: 'o' }) } },
      state: connected,
      loop: true,
      deps,
    })
    expect(calls).toEqual([{ address: ACCOUNT, chainId: 'eip155:1', onramp: 'coinbase' }])
    expect(run.state.onramp!.activity).toMatchObject({ caipAddress: CAIP, status: 'loaded', transactions: [delivery] })
  })

  it("a failure is 'Failed to fetch transactions' with the reason; an answer after a reset is dropped", async () => {
    const failing = history(() => replyError(new GangwayError('Server Error'), 10))
    const failed = await runEffectAsync(fetchOnrampActivity, {
      events: { marble: 'a', values: { a: onrampActivityRequested({ caipAddress: CAIP }, { requestId: 'o' }) } },
      state: connected,
      loop: true,
      deps: failing.deps,
    })
    expect(failed.state.onramp!.activity).toMatchObject({ status: 'failed', error: { shortMessage: 'Failed to fetch transactions', details: 'Server Error' } })
    const late = history(() => reply({ data: [delivery], next: null }, 10))
    const reset = await runEffectAsync(fetchOnrampActivity, {
      events: { marble: 'a 5ms r', values: { a: onrampActivityRequested({ caipAddress: CAIP }, { requestId: 'o' }), r: onrampReset({}) } },
      state: connected,
      loop: true,
      deps: late.deps,
    })
    expect(reset.state.onramp!.activity).toBeNull()
  })
})
