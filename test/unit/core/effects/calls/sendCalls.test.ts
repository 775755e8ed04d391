import { describe, expect, it } from 'vitest'
import { sendCalls } from '../../../../../src/core/effects/calls/callsEffects'
import { callsSendRequested } from '../../../../../src/core/events/calls/calls'
import { runEffectAsync } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, HASH_A, HASH_B, TO, callsWallet, connectedOnOne } from './callsFakes'

const calls = [
  { to: TO, value: '0x1' },
  { to: TO, data: '0xa9059cbb' },
]
const run = (request: ReturnType<typeof callsSendRequested>, wallet: ReturnType<typeof callsWallet>, state = connectedOnOne()) =>
  runEffectAsync(sendCalls, { events: { marble: 'r', values: { r: request } }, state, loop: true, deps: { adapters: { eip155: wallet.adapter } } })

describe('sendCalls', () => {
  it("asks the active wallet with EIP-5792's request on its chain and keeps the batch it took as pending", async () => {
    const wallet = callsWallet({ wallet_sendCalls: { value: { id: '0xb1', capabilities: { atomic: { status: 'supported' } } }, ms: 5 } })
    const r = await run(callsSendRequested({ calls, atomicRequired: true }, { requestId: 'q' }), wallet)
    expect(wallet.requests).toEqual([['wallet_sendCalls', [{ version: '2.0.0', from: ACCOUNT, chainId: '0x1', atomicRequired: true, calls }]]])
    expect(r.log.at(-1)).toMatchObject({ type: 'calls/sent', requestId: 'q', payload: { id: '0xb1', caipNetworkId: 'eip155:1', from: ACCOUNT, count: 2, atomicRequired: true, capabilities: { atomic: { status: 'supported' } } } })
    expect(r.state.calls!.send).toBeNull()
    expect(r.state.calls!.batches['0xb1']).toMatchObject({ status: 100, count: 2, receipts: [] })
    expect(r.state.calls!.order).toEqual(['0xb1'])
  })

  it("a refusal or an EIP-5792 code fails with its class and words, and nothing is kept", async () => {
    const rejected = await run(callsSendRequested({ calls, atomicRequired: false }), callsWallet({ wallet_sendCalls: { error: { code: 4001, message: 'User rejected the request.' } } }))
    expect(rejected.state.calls!.send).toMatchObject({ status: 'failed', error: { kind: 'WALLET_REJECTED', code: 4001, shortMessage: 'User rejected the request', details: 'User rejected the request.' } })
    const atomic = await run(callsSendRequested({ calls, atomicRequired: true }), callsWallet({ wallet_sendCalls: { error: { code: 5760, message: 'no 7702 here' } } }))
    expect(atomic.state.calls!.send!.error).toMatchObject({ kind: 'WALLET_ATOMICITY_NOT_SUPPORTED', code: 5760, shortMessage: 'Atomicity not supported' })
    for (const [code, kind] of [[5700, 'WALLET_UNSUPPORTED_CAPABILITY'], [5710, 'WALLET_UNSUPPORTED_CHAIN_ID'], [5720, 'WALLET_DUPLICATE_BATCH_ID'], [5740, 'WALLET_BATCH_TOO_LARGE'], [5750, 'WALLET_UPGRADE_REJECTED']] as const) {
      const r = await run(callsSendRequested({ calls, atomicRequired: false }), callsWallet({ wallet_sendCalls: { error: { code, message: 'no' } } }))
      expect(r.state.calls!.send!.error!.kind).toBe(kind)
      expect(r.state.calls!.batches).toEqual({})
    }
  })

  it("one transaction per call only when the host asked and the wallet has no wallet_sendCalls; never for an atomic batch", async () => {
    const hashes = [HASH_A, HASH_B]
    const wallet = callsWallet({}, { sendTransaction: async () => hashes.shift()! })
    const r = await run(callsSendRequested({ calls, atomicRequired: false, fallback: 'sequential' }, { requestId: 'q' }), wallet)
    expect(wallet.sent).toEqual([
      { from: ACCOUNT, to: TO, value: '1' },
      { from: ACCOUNT, to: TO, data: '0xa9059cbb' },
    ])
    expect(r.state.calls!.batches['sequential-q']).toMatchObject({ hashes: [HASH_A, HASH_B], count: 2, status: 100 })

    const unasked = callsWallet({}, { sendTransaction: async () => HASH_A })
    const refused = await run(callsSendRequested({ calls, atomicRequired: false }), unasked)
    expect(unasked.sent).toEqual([])
    expect(refused.state.calls!.send!.error).toMatchObject({ kind: 'WALLET_UNSUPPORTED_METHOD', code: 4200 })

    const atomic = callsWallet({}, { sendTransaction: async () => HASH_A })
    const r2 = await run(callsSendRequested({ calls, atomicRequired: true, fallback: 'sequential' }), atomic)
    expect(atomic.sent).toEqual([])
    expect(r2.state.calls!.send!.status).toBe('failed')
  })

  it('one call at a time stops at the first refusal: nothing sent fails the batch, something sent keeps it', async () => {
    let n = 0
    const second = callsWallet({}, { sendTransaction: async () => (n++ === 0 ? HASH_A : Promise.reject({ code: 4001, message: 'User rejected the request.' })) })
    const r = await run(callsSendRequested({ calls, atomicRequired: false, fallback: 'sequential' }, { requestId: 'q' }), second)
    expect(r.state.calls!.batches['sequential-q']).toMatchObject({ hashes: [HASH_A], count: 2 })
    const first = callsWallet({}, { sendTransaction: () => Promise.reject({ code: 4001, message: 'User rejected the request.' }) })
    const r2 = await run(callsSendRequested({ calls, atomicRequired: false, fallback: 'sequential' }), first)
    expect(r2.state.calls!.send!.error).toMatchObject({ kind: 'WALLET_REJECTED' })
    expect(r2.state.calls!.batches).toEqual({})
  })

  it('fails before asking anyone when nothing is connected in eip155, and on an answer that is not a batch id', async () => {
    const wallet = callsWallet({ wallet_sendCalls: { value: { id: '0xb1' } } })
    const r = await run(callsSendRequested({ calls, atomicRequired: false }), wallet, stateAfter([]))
    expect(wallet.requests).toEqual([])
    expect(r.state.calls!.send!.error).toMatchObject({ kind: 'NO_ACTIVE_ADDRESS' })
    const junk = await run(callsSendRequested({ calls, atomicRequired: false }), callsWallet({ wallet_sendCalls: { value: { id: 7 } } }))
    expect(junk.state.calls!.send!.error).toMatchObject({ kind: 'WALLET_INVALID_RESPONSE', shortMessage: 'Something went wrong' })
  })

  it('takes one batch at a time: a second request while the wallet asks about the first is not sent', async () => {
    const wallet = callsWallet({ wallet_sendCalls: { value: { id: '0xb1' }, ms: 50 } })
    const r = await runEffectAsync(sendCalls, {
      events: { marble: 'a 9ms b', values: { a: callsSendRequested({ calls, atomicRequired: false }, { requestId: 'a' }), b: callsSendRequested({ calls, atomicRequired: false }, { requestId: 'b' }) } },
      state: connectedOnOne(),
      loop: true,
      deps: { adapters: { eip155: wallet.adapter } },
    })
    expect(wallet.requests).toHaveLength(1)
    expect(r.log.filter((e) => e.type === 'calls/sent').map((e) => e.requestId)).toEqual(['a'])
  })
})
