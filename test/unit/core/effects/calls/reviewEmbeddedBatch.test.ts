import { describe, expect, it } from 'vitest'
import { reviewEmbeddedBatch } from '../../../../../src/core/effects/calls/callsEffects'
import { callsSendFailed, callsSendRequested, callsSent } from '../../../../../src/core/events/calls/calls'
import { AUTH_CONNECTOR_ID } from '../../../../../src/core/events/embeddedWallet/embeddedWallet'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { modalOpenRequested } from '../../../../../src/core/events/modal/modal'
import { runEffectAsync } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, HASH_A, TO } from './callsFakes'

const onWallet = (connectorId: string, open: boolean) =>
  stateAfter([
    connectionSucceeded({ connectorId, namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' }),
    ...(open ? [modalOpenRequested({ view: 'Account' })] : []),
  ])
const asked = callsSendRequested({ calls: [{ to: TO, value: '0x1' }], atomicRequired: true }, { requestId: 'q' })
const sent = callsSent({ id: '0xb1', caipNetworkId: 'eip155:1', from: ACCOUNT, count: 1, atomicRequired: true }, { requestId: 'q' })

describe('reviewEmbeddedBatch', () => {
  it("opens ApproveTransaction over a closed modal while the embedded wallet asks, and closes it once it answered", async () => {
    const r = await runEffectAsync(reviewEmbeddedBatch, { events: { marble: 'a 10ms s', values: { a: asked, s: sent } }, state: onWallet(AUTH_CONNECTOR_ID, false), loop: true })
    const types = r.log.map((e) => e.type)
    expect(types).toEqual(['calls/sendRequested', 'modal/openRequested', 'calls/sent', 'modal/closeRequested'])
    expect(r.log[1]).toMatchObject({ payload: { view: 'ApproveTransaction' } })
  })

  it('pushes it onto an open modal and goes back after a refusal; an answer to another request does nothing', async () => {
    const other = callsSent({ id: '0xb2', caipNetworkId: 'eip155:1', from: ACCOUNT, count: 1, atomicRequired: true, hashes: [HASH_A] }, { requestId: 'other' })
    const failed = callsSendFailed({ error: { kind: 'USER_REJECTED', message: 'User rejected the request', code: 4001 } } as never, { requestId: 'q' })
    const r = await runEffectAsync(reviewEmbeddedBatch, { events: { marble: 'a 10ms o 10ms f', values: { a: asked, o: other, f: failed } }, state: onWallet(AUTH_CONNECTOR_ID, true), loop: true })
    expect(r.log.map((e) => e.type)).toEqual(['calls/sendRequested', 'router/pushed', 'calls/sent', 'calls/sendFailed', 'router/wentBack'])
  })

  it("shows nothing for another wallet's batch: that wallet asks in its own window", async () => {
    const r = await runEffectAsync(reviewEmbeddedBatch, { events: { marble: 'a 10ms s', values: { a: asked, s: sent } }, state: onWallet('injected', false), loop: true })
    expect(r.log.map((e) => e.type)).toEqual(['calls/sendRequested', 'calls/sent'])
  })
})
