import { describe, expect, it } from 'vitest'
import { endPermissionRequest } from '../../../../../src/core/effects/permissions/endPermissionRequest'
import { modalCloseRequested, modalOpenRequested } from '../../../../../src/core/events/modal/modal'
import { routerPushed, routerWentBack } from '../../../../../src/core/events/modal/router'
import { permissionsReviewApproved, permissionsReviewCancelled, permissionsWalletRefused } from '../../../../../src/core/events/permissions/permissions'
import type { EventInput } from '../../../../../src/core/events/defineEvent'
import type { ModalState } from '../../../../../src/core/state'
import { runEffectAsync } from '../../../../support/runEffect'
import { connectedWith, requested, reviewing } from './permissionsFakes'

const run = (events: Record<string, EventInput>, marble: string, state: ModalState) => runEffectAsync(endPermissionRequest, { events: { marble, values: events }, state, reduce: true })
const failures = (r: Awaited<ReturnType<typeof run>>) => r.messages.map((m) => m.notification.value as EventInput & { payload: { error: { kind?: string; shortMessage: string } } })
const refusal = permissionsWalletRefused({ error: { name: 'WalletRejectedError', shortMessage: 'User rejected the request', kind: 'WALLET_REJECTED', code: 4001 } }, { requestId: 'q' })

describe('endPermissionRequest', () => {
  it("Cancel ends the request as the visitor's rejection, or with the wallet's last refusal, once", async () => {
    const r = await run({ c: permissionsReviewCancelled({}, { requestId: 'q' }), x: modalCloseRequested({}) }, 'c-x', reviewing())
    expect(failures(r)).toEqual([{ type: 'permissions/requestFailed', requestId: 'q', payload: { error: expect.objectContaining({ kind: 'WALLET_REJECTED', code: 4001, details: 'the visitor cancelled the review' }) } }])
    const after = await run({ a: permissionsReviewApproved({}, { requestId: 'q' }), f: refusal, c: permissionsReviewCancelled({}, { requestId: 'q' }) }, 'afc', reviewing())
    expect(failures(after).map((e) => e.payload.error)).toEqual([refusal.payload.error])
  })

  it("closing the modal on the review ends it with 'Modal closed'; leaving the review for another view, as rejected", async () => {
    const closed = await run({ x: modalCloseRequested({}) }, 'x', reviewing())
    expect(failures(closed).map((e) => e.payload.error.kind)).toEqual(['MODAL_CLOSED'])
    const left = await run({ b: routerWentBack({}), p: routerPushed({ view: 'Networks' }) }, 'p', reviewing())
    expect(failures(left).map((e) => e.payload.error)).toEqual([expect.objectContaining({ kind: 'WALLET_REJECTED', details: 'the visitor left the review' })])
  })

  it("goes on while the wallet asks, while the visitor reads a refusal, and for a request nobody reviews until the wallet refuses it", async () => {
    const asking = await run({ a: permissionsReviewApproved({}, { requestId: 'q' }), x: modalCloseRequested({}) }, 'ax', reviewing())
    expect(failures(asking)).toEqual([])
    const shown = await run({ a: permissionsReviewApproved({}, { requestId: 'q' }), f: refusal }, 'af', reviewing())
    expect(failures(shown)).toEqual([])
    const unreviewed = await run({ r: requested(false), f: refusal }, 'rf', connectedWith())
    expect(failures(unreviewed).map((e) => e.payload.error)).toEqual([refusal.payload.error])
  })

  it("a review the modal could not show: 'Request was aborted'", async () => {
    const r = await run({ r: requested(true) }, 'r', connectedWith())
    expect(failures(r).map((e) => e.payload.error.kind)).toEqual(['REQUEST_ABORTED'])
    const shown = await run({ o: modalOpenRequested({ view: 'ReviewPermissions' }), r: requested(true) }, 'or', connectedWith())
    expect(failures(shown)).toEqual([])
  })
})
