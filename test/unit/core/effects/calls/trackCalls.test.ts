import { describe, expect, it } from 'vitest'
import { trackCalls } from '../../../../../src/core/effects/calls/callsEffects'
import { CALLS_POLL_MS, PENDING_TRANSACTIONS_MAX } from '../../../../../src/core/domain/constants'
import { storageHydrated } from '../../../../../src/core/events/persistence/storage'
import { callsSendRequested, callsSent } from '../../../../../src/core/events/calls/calls'
import { connectionDisconnected } from '../../../../../src/core/events/connection/connection'
import { reply, runEffectAsync } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, HASH_A, HASH_B, TO, callsWallet, connectedOnOne } from './callsFakes'

const receipt = (hash: string, status = '0x1') => ({ status, transactionHash: hash, blockNumber: '0x10', gasUsed: '0x5208', logs: [], blockHash: `0x${'c'.repeat(64)}` })
const sending = (state = connectedOnOne()) => stateAfter([callsSendRequested({ calls: [{ to: TO }], atomicRequired: true }, { requestId: 'q' })], { from: state })
const sent = (payload: Partial<Parameters<typeof callsSent>[0]> = {}) =>
  callsSent({ id: '0xb1', caipNetworkId: 'eip155:1', from: ACCOUNT, count: 2, atomicRequired: true, ...payload }, { requestId: 'q' })

describe('trackCalls', () => {
  it('asks the wallet at once, then every CALLS_POLL_MS until the batch is done, reporting only changes', async () => {
    let asked = 0
    const wallet = callsWallet({
      wallet_getCallsStatus: () => (++asked < 3 ? { value: { version: '2.0.0', id: '0xb1', status: 100, atomic: true } } : { value: { version: '2.0.0', id: '0xb1', status: 200, atomic: true, receipts: [receipt(HASH_A)] } }),
    })
    const r = await runEffectAsync(trackCalls, { events: { marble: 's', values: { s: sent() } }, state: sending(), loop: true, deps: { adapters: { eip155: wallet.adapter } } })
    expect(wallet.requests).toEqual([['wallet_getCallsStatus', ['0xb1']], ['wallet_getCallsStatus', ['0xb1']], ['wallet_getCallsStatus', ['0xb1']]])
    const reports = r.messages.map((m) => [m.frame, (m.notification.value as { payload: { status: number } }).payload.status])
    // The first answer says the batch runs atomically; the second changes nothing and is not reported.
    expect(reports).toEqual([
      [0, 100],
      [2 * CALLS_POLL_MS, 200],
    ])
    expect(r.state.calls!.batches['0xb1']).toMatchObject({ status: 200, atomic: true, receipts: [{ status: 'success', transactionHash: HASH_A, blockNumber: '16', gasUsed: '21000' }] })
  })

  it('a wallet that fails or answers junk is asked again; nothing is asked while its account is not connected', async () => {
    let asked = 0
    const wallet = callsWallet({ wallet_getCallsStatus: () => (++asked === 1 ? { error: { code: -32603, message: 'busy' } } : asked === 2 ? { value: 'junk' } : { value: { status: 500, atomic: true, receipts: [receipt(HASH_A, '0x0')] } }) })
    const r = await runEffectAsync(trackCalls, { events: { marble: 's', values: { s: sent() } }, state: sending(), loop: true, deps: { adapters: { eip155: wallet.adapter } } })
    expect(asked).toBe(3)
    expect(r.state.calls!.batches['0xb1']).toMatchObject({ status: 500 })

    const away = callsWallet({ wallet_getCallsStatus: { value: { status: 200, atomic: true, receipts: [] } } })
    const gone = await runEffectAsync(trackCalls, {
      events: { marble: 'd 1ms s', values: { s: sent(), d: connectionDisconnected({ namespace: 'eip155' }) } },
      state: sending(),
      loop: true,
      until: 10 * CALLS_POLL_MS,
      deps: { adapters: { eip155: away.adapter } },
    })
    expect(away.requests).toEqual([])
    expect(gone.state.calls!.batches['0xb1']!.status).toBe(100)
  })

  it('follows a batch still pending in the state it starts from (a reload)', async () => {
    const pending = stateAfter([sent()], { from: sending() })
    const wallet = callsWallet({ wallet_getCallsStatus: { value: { status: 200, atomic: true, receipts: [receipt(HASH_A)] } } })
    const r = await runEffectAsync(trackCalls, { state: pending, loop: true, deps: { adapters: { eip155: wallet.adapter } } })
    expect(wallet.requests).toHaveLength(1)
    expect(r.state.calls!.batches['0xb1']!.status).toBe(200)
  })

  it(`stops asking about a batch the state let go: the oldest pending one beyond ${PENDING_TRANSACTIONS_MAX}`, async () => {
    const pending = stateAfter([sent()], { from: sending() })
    // A reload brings PENDING_TRANSACTIONS_MAX newer batches still pending: 0xb1 is one too many.
    const newer = Array.from({ length: PENDING_TRANSACTIONS_MAX }, (_, i) => ({ id: `0xc${i}`, caipNetworkId: 'eip155:1', from: ACCOUNT, count: 1, atomicRequired: true, status: 100, atomic: false, receipts: [], sentAt: 1 }))
    const wallet = callsWallet({ wallet_getCallsStatus: { value: { status: 100, atomic: true } } })
    const r = await runEffectAsync(trackCalls, {
      events: { marble: `${2.5 * CALLS_POLL_MS}ms h`, values: { h: storageHydrated({ calls: { batches: newer } }) } },
      state: pending,
      loop: true,
      until: 10 * CALLS_POLL_MS,
      deps: { adapters: { eip155: wallet.adapter } },
    })
    expect(r.state.calls!.batches['0xb1']).toBeUndefined()
    expect(r.state.calls!.order).toHaveLength(PENDING_TRANSACTIONS_MAX)
    // Asked at 0, 1 and 2 polls; never after it was let go.
    expect(wallet.requests.filter(([, params]) => params[0] === '0xb1')).toHaveLength(3)
  })

  it('a batch sent one call at a time: waits for its receipts, then 200, 600 (partly) or 500', async () => {
    const receipts: Record<string, 'success' | 'reverted'> = { [HASH_A]: 'success', [HASH_B]: 'reverted' }
    const wallet = callsWallet({}, { waitForReceipt: (hash) => reply({ status: receipts[hash]!, blockNumber: '7' }, 20) })
    const all = await runEffectAsync(trackCalls, { events: { marble: 's', values: { s: sent({ id: 'sequential-q', atomicRequired: false, count: 1, hashes: [HASH_A] }) } }, state: sending(), loop: true, deps: { adapters: { eip155: wallet.adapter } } })
    expect(all.state.calls!.batches['sequential-q']).toMatchObject({ status: 200, atomic: false, receipts: [{ status: 'success', transactionHash: HASH_A, blockNumber: '7' }] })
    const partly = await runEffectAsync(trackCalls, { events: { marble: 's', values: { s: sent({ id: 'sequential-q', atomicRequired: false, count: 2, hashes: [HASH_A, HASH_B] }) } }, state: sending(), loop: true, deps: { adapters: { eip155: wallet.adapter } } })
    expect(partly.state.calls!.batches['sequential-q']!.status).toBe(600)
    const none = await runEffectAsync(trackCalls, { events: { marble: 's', values: { s: sent({ id: 'sequential-q', atomicRequired: false, count: 2, hashes: [HASH_B] }) } }, state: sending(), loop: true, deps: { adapters: { eip155: wallet.adapter } } })
    expect(none.state.calls!.batches['sequential-q']!.status).toBe(500)
    expect(wallet.requests).toEqual([])
  })
})
