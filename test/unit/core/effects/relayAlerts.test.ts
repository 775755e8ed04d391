// The relay's refusals are alerts (spec §8): the banner shows the spec's message once.
import { describe, expect, it } from 'vitest'
import { relayAlerts } from '../../../../src/core/effects/walletConnect/relayAlerts'
import { connectionFailed } from '../../../../src/core/events/connection/connection'
import { bannerShowRequested } from '../../../../src/core/events/modal/banner'
import { walletConnectProviderFailed } from '../../../../src/core/events/walletConnect/walletConnect'
import { GangwayError, serializeError } from '../../../../src/core/errors/base'
import { WalletConnectRelayRefusedError } from '../../../../src/core/errors/walletConnect'
import { runEffectAsync } from '../../../support/runEffect'
import { stateAfter } from '../../../support/stateAfter'

const refused = (message: 'Invalid App Configuration' | 'Session Expired' | 'Invalid Project ID') =>
  serializeError(new WalletConnectRelayRefusedError(message, 'closed with 3000'))

describe('relayAlerts', () => {
  it('a connect or a provider start the relay refused shows its alert in the banner', async () => {
    const run = await runEffectAsync(relayAlerts, {
      events: {
        marble: 'a 9ms b',
        values: {
          a: connectionFailed({ connectorId: 'walletConnect', namespace: 'eip155', error: refused('Invalid Project ID') }),
          b: walletConnectProviderFailed({ error: refused('Session Expired') }),
        },
      },
      state: stateAfter(),
    })
    run.toBe('a 9ms b', {
      a: bannerShowRequested({ variant: 'error', message: 'Invalid Project ID' }),
      b: bannerShowRequested({ variant: 'error', message: 'Session Expired' }),
    })
  })

  it('other failures, and an alert the banner already shows, show nothing', async () => {
    const showing = stateAfter([bannerShowRequested({ variant: 'error', message: 'Invalid App Configuration' })])
    expect(showing.banner.open).toBe(true)
    const run = await runEffectAsync(relayAlerts, {
      events: {
        marble: 'a b',
        values: {
          a: connectionFailed({ connectorId: 'walletConnect', namespace: 'eip155', error: serializeError(new GangwayError('Connection rejected')) }),
          b: connectionFailed({ connectorId: 'walletConnect', namespace: 'eip155', error: refused('Invalid App Configuration') }),
        },
      },
      state: showing,
    })
    run.toBe('')
  })
})
