import { describe, expect, it } from 'vitest'
import { showCallsStatus } from '../../../../../src/core/effects/calls/callsEffects'
import { callsSendRequested, callsSent, callsShowStatusRequested } from '../../../../../src/core/events/calls/calls'
import { runEffectAsync } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, HASH_A, TO, callsWallet, connectedOnOne } from './callsFakes'

describe('showCallsStatus', () => {
  it("asks the wallet to show the batch; its refusal is the request's outcome", async () => {
    const wallet = callsWallet({ wallet_showCallsStatus: { value: null } })
    const r = await runEffectAsync(showCallsStatus, { events: { marble: 'r', values: { r: callsShowStatusRequested({ id: '0xb1' }, { requestId: 'q' }) } }, state: connectedOnOne(), loop: true, deps: { adapters: { eip155: wallet.adapter } } })
    expect(wallet.requests).toEqual([['wallet_showCallsStatus', ['0xb1']]])
    expect(r.log.at(-1)).toMatchObject({ type: 'calls/statusShown', requestId: 'q', payload: { id: '0xb1' } })
    const unknown = await runEffectAsync(showCallsStatus, { events: { marble: 'r', values: { r: callsShowStatusRequested({ id: '0xb1' }) } }, state: connectedOnOne(), loop: true, deps: { adapters: { eip155: callsWallet({ wallet_showCallsStatus: { error: { code: 5730, message: 'no' } } }).adapter } } })
    expect(unknown.log.at(-1)).toMatchObject({ type: 'calls/showStatusFailed', payload: { error: { kind: 'WALLET_UNKNOWN_BATCH_ID' } } })
  })

  it('a batch sent one call at a time is not the wallet\'s to show', async () => {
    const state = stateAfter(
      [callsSendRequested({ calls: [{ to: TO }], atomicRequired: false }, { requestId: 'q' }), callsSent({ id: 'sequential-q', caipNetworkId: 'eip155:1', from: ACCOUNT, count: 1, atomicRequired: false, hashes: [HASH_A] }, { requestId: 'q' })],
      { from: connectedOnOne() },
    )
    const wallet = callsWallet({ wallet_showCallsStatus: { value: null } })
    const r = await runEffectAsync(showCallsStatus, { events: { marble: 'r', values: { r: callsShowStatusRequested({ id: 'sequential-q' }) } }, state, loop: true, deps: { adapters: { eip155: wallet.adapter } } })
    expect(wallet.requests).toEqual([])
    expect(r.log.at(-1)).toMatchObject({ type: 'calls/showStatusFailed', payload: { error: { kind: 'WALLET_UNKNOWN_BATCH_ID', code: 5730 } } })
  })
})
