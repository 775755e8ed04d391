import { describe, expect, it } from 'vitest'
import { signInAnalytics } from '../../../../../src/core/effects/siwx/signInAnalytics'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { siwxSessionStored, siwxSignInFailed, siwxSignInRequested } from '../../../../../src/core/events/siwx/siwx'
import type { EventInput } from '../../../../../src/core/events/defineEvent'
import type { AnalyticsEvent } from '../../../../../src/core/ports'
import { runEffectAsync } from '../../../../support/runEffect'
import { solanaNetwork, evmNetwork, stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, SOLANA_ACCOUNT, SOLANA_MAINNET } from '../fakes'

const EVM = `eip155:1:${ACCOUNT}`
const SOL = `${SOLANA_MAINNET}:${SOLANA_ACCOUNT}`
const state = stateAfter(
  [
    connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' }),
    connectionSucceeded({ connectorId: 'Phantom', namespace: 'solana', accounts: [{ address: SOLANA_ACCOUNT, type: 'eoa' }], caipNetworkId: SOLANA_MAINNET }),
  ],
  { settings: { adapters: ['eip155', 'solana'], networks: [evmNetwork(1), solanaNetwork()], siwx: { required: false } } },
)
const request = (caipAddress: string, requestId: string) => siwxSignInRequested({ caipAddress, nonce: 'abcdefgh12345678', domain: 'app.example', uri: 'https://app.example' }, { requestId })
const error = { name: 'WalletRejectedError', shortMessage: 'Error signing message' }

async function tracked(values: Record<string, EventInput>, marble: string) {
  const events: AnalyticsEvent[] = []
  await runEffectAsync(signInAnalytics, { events: { marble, values }, state, reduce: true, deps: { analytics: { track: (e: AnalyticsEvent) => void events.push(e) } } })
  return events
}

describe('signInAnalytics', () => {
  it("tracks SIWX_AUTH_SUCCESS when the sign-in's session is stored and SIWX_AUTH_ERROR when it fails, with the network", async () => {
    expect(await tracked({ r: request(SOL, 's1'), s: siwxSessionStored({ caipAddress: SOL, session: {} }, { requestId: 's1' }) }, 'rs')).toEqual([
      { event: 'SIWX_AUTH_SUCCESS', properties: { network: SOLANA_MAINNET } },
    ])
    expect(await tracked({ r: request(EVM, 's2'), f: siwxSignInFailed({ caipAddress: EVM, error }, { requestId: 's2' }) }, 'rf')).toEqual([
      { event: 'SIWX_AUTH_ERROR', properties: { network: 'eip155:1', message: 'Error signing message' } },
    ])
  })

  it('not for a session no sign-in here asked for, nor for the outcome of an older attempt', async () => {
    // WalletConnect's one-step sign-in hands a session over without SIWXSignMessage.
    expect(await tracked({ s: siwxSessionStored({ caipAddress: EVM, session: {} }) }, 's')).toEqual([])
    // A failure of request s1 after the visitor tried again (s2): only s2's outcome counts.
    const events = await tracked(
      { a: request(EVM, 's1'), f: siwxSignInFailed({ caipAddress: EVM, error }, { requestId: 's1' }), b: request(EVM, 's2'), g: siwxSignInFailed({ caipAddress: EVM, error }, { requestId: 's1' }), s: siwxSessionStored({ caipAddress: EVM, session: {} }, { requestId: 's2' }) },
      'afbgs',
    )
    expect(events.map((e) => e.event)).toEqual(['SIWX_AUTH_ERROR', 'SIWX_AUTH_SUCCESS'])
  })

  it('an analytics sink that throws changes nothing', async () => {
    const run = await runEffectAsync(signInAnalytics, {
      events: { marble: 'rf', values: { r: request(EVM, 's1'), f: siwxSignInFailed({ caipAddress: EVM, error }, { requestId: 's1' }) } },
      state,
      reduce: true,
      deps: {
        analytics: {
          track: () => {
            throw new Error('sink down')
          },
        },
      },
    })
    expect(run.state.siwxSignIn.status).toBe('failed')
  })
})
