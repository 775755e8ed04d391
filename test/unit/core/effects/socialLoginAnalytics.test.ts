import { describe, expect, it } from 'vitest'
import { socialLoginAnalytics } from '../../../../src/core/effects/embeddedWallet/socialLogin'
import { connectionSucceeded } from '../../../../src/core/events/connection/connection'
import { socialLoginFailed, socialLoginRequested, socialLoginResultReceived, socialLoginUriReceived } from '../../../../src/core/events/embeddedWallet/embeddedWallet'
import type { AnalyticsEvent } from '../../../../src/core/ports'
import { runEffectAsync } from '../../../support/runEffect'
import { stateAfter } from '../../../support/stateAfter'

const meta = { requestId: 's1' }
const account = { address: '0x00000000000000000000000000000000000000a1', type: 'eoa' as const }

describe('socialLoginAnalytics', () => {
  it('tracks started, success and error with the provider', async () => {
    const tracked: AnalyticsEvent[] = []
    const analytics = { track: (e: AnalyticsEvent) => void tracked.push(e) }
    await runEffectAsync(socialLoginAnalytics, {
      events: {
        marble: 'abcd',
        values: {
          a: socialLoginRequested({ provider: 'github' }, meta),
          b: socialLoginUriReceived({ uri: 'http://x' }, meta),
          c: socialLoginResultReceived({ resultUri: 'http://x/r' }, meta),
          d: connectionSucceeded({ connectorId: 'auth', namespace: 'eip155', accounts: [account], caipNetworkId: 'eip155:1', auth: 'github' }, meta),
        },
      },
      state: stateAfter([]),
      reduce: true,
      deps: { analytics },
    })
    await runEffectAsync(socialLoginAnalytics, {
      events: { marble: 'ab', values: { a: socialLoginRequested({ provider: 'x' }, meta), b: socialLoginFailed({ error: { name: 'E', shortMessage: 'Popup closed' } }, meta) } },
      state: stateAfter([]),
      reduce: true,
      deps: { analytics },
    })
    expect(tracked).toEqual([
      { event: 'SOCIAL_LOGIN_STARTED', properties: { provider: 'github' } },
      { event: 'SOCIAL_LOGIN_SUCCESS', properties: { provider: 'github' } },
      { event: 'SOCIAL_LOGIN_STARTED', properties: { provider: 'x' } },
      { event: 'SOCIAL_LOGIN_ERROR', properties: { provider: 'x', message: 'Popup closed' } },
    ])
  })
})
