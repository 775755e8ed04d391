// The embedded wallet, once connected, is asked where its users get a smart account (spec §3
// smartAccountEnabledNetworks); the answer lands in the network state.
import { describe, expect, it } from 'vitest'
import { fetchSmartAccountNetworks } from '../../../../src/core/effects/embeddedWallet/smartAccountNetworks'
import { connectionSucceeded } from '../../../../src/core/events/connection/connection'
import { GangwayError } from '../../../../src/core/errors/base'
import { reply, replyError, runEffectAsync } from '../../../support/runEffect'
import { stateAfter } from '../../../support/stateAfter'
import { fakeAuth } from './authFake'

const A = '0x00000000000000000000000000000000000000A1'
const accounts = [{ address: A, type: 'eoa' as const }]

describe('fetchSmartAccountNetworks', () => {
  const embedded = connectionSucceeded({ connectorId: 'auth', namespace: 'eip155', accounts, caipNetworkId: 'eip155:1', auth: 'email' })

  it('the embedded wallet, once connected, is asked; its answer is the state (unique positive chain ids)', async () => {
    const fake = fakeAuth({ getSmartAccountEnabledNetworks: () => reply([8453, 1, 8453], 5) })
    const result = await runEffectAsync(fetchSmartAccountNetworks, { events: { marble: 'a', values: { a: embedded } }, state: stateAfter(), loop: true, deps: { auth: fake.auth } })
    expect(fake.calls.map(([name]) => name)).toEqual(['getSmartAccountEnabledNetworks'])
    expect(result.state.network.smartAccountEnabledNetworks).toEqual([8453, 1])
  })

  it('another wallet asks nothing; a failure or a wallet that cannot tell leaves the list as it was', async () => {
    const other = fakeAuth({ getSmartAccountEnabledNetworks: () => reply([1]) })
    const mm = connectionSucceeded({ connectorId: 'mm', namespace: 'eip155', accounts, caipNetworkId: 'eip155:1' })
    await runEffectAsync(fetchSmartAccountNetworks, { events: { marble: 'a', values: { a: mm } }, state: stateAfter(), loop: true, deps: { auth: other.auth } })
    expect(other.calls).toEqual([])
    const failing = fakeAuth({ getSmartAccountEnabledNetworks: () => replyError(new GangwayError('Something went wrong'), 5) })
    const failed = await runEffectAsync(fetchSmartAccountNetworks, { events: { marble: 'a', values: { a: embedded } }, state: stateAfter(), loop: true, deps: { auth: failing.auth } })
    expect(failed.state.network.smartAccountEnabledNetworks).toEqual([])
    const { getSmartAccountEnabledNetworks: _, ...older } = fakeAuth().auth
    const none = await runEffectAsync(fetchSmartAccountNetworks, { events: { marble: 'a', values: { a: embedded } }, state: stateAfter(), loop: true, deps: { auth: older } })
    expect(none.messages.filter((m) => m.notification.kind === 'N')).toEqual([])
  })
})
