import { describe, expect, it } from 'vitest'
import { queryCallsStatus } from '../../../../../src/core/effects/calls/callsEffects'
import { callsSendRequested, callsSent, callsStatusRequested } from '../../../../../src/core/events/calls/calls'
import { runEffectAsync } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, HASH_A, TO, callsWallet, connectedOnOne } from './callsFakes'

describe('queryCallsStatus', () => {
  it("answers with the wallet's status now, for any batch id (one sent outside the modal too)", async () => {
    const wallet = callsWallet({ wallet_getCallsStatus: { value: { status: 'CONFIRMED', receipts: [{ status: '0x1', transactionHash: HASH_A, blockNumber: '0x2' }] } } })
    const r = await runEffectAsync(queryCallsStatus, { events: { marble: 'r', values: { r: callsStatusRequested({ id: '0xelsewhere' }, { requestId: 'q' }) } }, state: connectedOnOne(), loop: true, deps: { adapters: { eip155: wallet.adapter } } })
    expect(wallet.requests).toEqual([['wallet_getCallsStatus', ['0xelsewhere']]])
    expect(r.log.at(-1)).toMatchObject({ type: 'calls/statusReceived', requestId: 'q', payload: { id: '0xelsewhere', status: 200, atomic: false, receipts: [{ status: 'success', blockNumber: '2' }] } })
    expect(r.state.calls!.batches).toEqual({})
  })

  it('an unknown id fails with 5730; nothing connected fails without asking', async () => {
    const unknown = await runEffectAsync(queryCallsStatus, {
      events: { marble: 'r', values: { r: callsStatusRequested({ id: '0xnope' }) } },
      state: connectedOnOne(),
      loop: true,
      deps: { adapters: { eip155: callsWallet({ wallet_getCallsStatus: { error: { code: 5730, message: 'unknown' } } }).adapter } },
    })
    expect(unknown.log.at(-1)).toMatchObject({ type: 'calls/statusFailed', payload: { id: '0xnope', error: { kind: 'WALLET_UNKNOWN_BATCH_ID', code: 5730, shortMessage: 'Unknown bundle id' } } })
    const wallet = callsWallet({})
    const none = await runEffectAsync(queryCallsStatus, { events: { marble: 'r', values: { r: callsStatusRequested({ id: '0xb1' }) } }, state: stateAfter([]), loop: true, deps: { adapters: { eip155: wallet.adapter } } })
    expect(wallet.requests).toEqual([])
    expect(none.log.at(-1)).toMatchObject({ type: 'calls/statusFailed', payload: { error: { kind: 'NO_ACTIVE_ADDRESS' } } })
  })

  it('a batch sent one call at a time is answered from what the modal knows, not asked of the wallet', async () => {
    const state = stateAfter(
      [
        callsSendRequested({ calls: [{ to: TO }], atomicRequired: false }, { requestId: 'q' }),
        callsSent({ id: 'sequential-q', caipNetworkId: 'eip155:1', from: ACCOUNT, count: 1, atomicRequired: false, hashes: [HASH_A] }, { requestId: 'q' }),
      ],
      { from: connectedOnOne() },
    )
    const wallet = callsWallet({})
    const r = await runEffectAsync(queryCallsStatus, { events: { marble: 'r', values: { r: callsStatusRequested({ id: 'sequential-q' }) } }, state, loop: true, deps: { adapters: { eip155: wallet.adapter } } })
    expect(wallet.requests).toEqual([])
    expect(r.log.at(-1)).toMatchObject({ type: 'calls/statusReceived', payload: { id: 'sequential-q', status: 100, atomic: false } })
  })
})
