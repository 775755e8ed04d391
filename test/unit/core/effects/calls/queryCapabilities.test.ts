import { describe, expect, it } from 'vitest'
import { queryCapabilities } from '../../../../../src/core/effects/calls/callsEffects'
import { callsCapabilitiesRequested } from '../../../../../src/core/events/calls/calls'
import { runEffectAsync } from '../../../../support/runEffect'
import { ACCOUNT, callsWallet, connectedOnOne } from './callsFakes'

describe('queryCapabilities', () => {
  it("asks for the active account's capabilities (for the chains named) and keeps them by 0x chain id", async () => {
    const wallet = callsWallet({ wallet_getCapabilities: { value: { '0x01': { atomic: { status: 'ready' } }, '0x7a69': { atomic: { status: 'supported' } } } } })
    const r = await runEffectAsync(queryCapabilities, { events: { marble: 'r', values: { r: callsCapabilitiesRequested({ chainIds: ['0x1', '0x7a69'] }) } }, state: connectedOnOne(), loop: true, deps: { adapters: { eip155: wallet.adapter } } })
    expect(wallet.requests).toEqual([['wallet_getCapabilities', [ACCOUNT, ['0x1', '0x7a69']]]])
    expect(r.state.calls!.capabilities).toMatchObject({ status: 'loaded', address: ACCOUNT, byChain: { '0x1': { atomic: { status: 'ready' } }, '0x7a69': { atomic: { status: 'supported' } } } })
  })

  it('a wallet without the method, or with junk, fails with the reason and keeps nothing', async () => {
    const none = await runEffectAsync(queryCapabilities, { events: { marble: 'r', values: { r: callsCapabilitiesRequested({}) } }, state: connectedOnOne(), loop: true, deps: { adapters: { eip155: callsWallet({}).adapter } } })
    expect(none.state.calls!.capabilities).toMatchObject({ status: 'failed', byChain: {}, error: { kind: 'WALLET_UNSUPPORTED_METHOD', code: 4200 } })
    const junk = await runEffectAsync(queryCapabilities, { events: { marble: 'r', values: { r: callsCapabilitiesRequested({}) } }, state: connectedOnOne(), loop: true, deps: { adapters: { eip155: callsWallet({ wallet_getCapabilities: { value: { mainnet: {} } } }).adapter } } })
    expect(junk.state.calls!.capabilities).toMatchObject({ status: 'failed', error: { kind: 'WALLET_INVALID_RESPONSE' } })
  })
})
