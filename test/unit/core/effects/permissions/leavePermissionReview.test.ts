import { describe, expect, it } from 'vitest'
import { leavePermissionReview, PERMISSIONS_GRANTED_SHOWN_MS } from '../../../../../src/core/effects/permissions/leavePermissionReview'
import { modalCloseRequested, modalOpenRequested } from '../../../../../src/core/events/modal/modal'
import { routerPushed, routerWentBack } from '../../../../../src/core/events/modal/router'
import { permissionsGranted, permissionsReviewApproved, permissionsReviewCancelled } from '../../../../../src/core/events/permissions/permissions'
import type { EventInput } from '../../../../../src/core/events/defineEvent'
import type { ModalState } from '../../../../../src/core/state'
import { runEffectAsync } from '../../../../support/runEffect'
import { connectedWith, DAILY_GRANT, requested, reviewing } from './permissionsFakes'

const run = (events: Record<string, EventInput>, marble: string, state: ModalState) => runEffectAsync(leavePermissionReview, { events: { marble, values: events }, state, reduce: true })
const approved = permissionsReviewApproved({}, { requestId: 'q' })
const granted = permissionsGranted({ grants: [DAILY_GRANT] }, { requestId: 'q' })

describe('leavePermissionReview', () => {
  it('closes the modal it opened PERMISSIONS_GRANTED_SHOWN_MS after the grant, and at once on Cancel', async () => {
    const r = await run({ a: approved, g: granted }, 'a 9ms g', reviewing())
    r.toBe(`- 9ms - ${PERMISSIONS_GRANTED_SHOWN_MS - 1}ms c`, { c: modalCloseRequested({}) })
    const cancelled = await run({ c: permissionsReviewCancelled({}, { requestId: 'q' }) }, 'c', reviewing())
    cancelled.toBe('c', { c: modalCloseRequested({}) })
  })

  it('goes back to the view the review was pushed over', async () => {
    const over = connectedWith([modalOpenRequested({ view: 'Account' }), routerPushed({ view: 'ReviewPermissions' }), requested()])
    const r = await run({ a: approved, g: granted }, 'ag', over)
    expect(r.messages.map((m) => m.notification.value)).toEqual([routerWentBack({})])
  })

  it('stays where a visitor who moved on is', async () => {
    const r = await run({ a: approved, g: granted, p: routerPushed({ view: 'Networks' }) }, 'ag 9ms p', reviewing())
    expect(r.messages).toEqual([])
    // A stale cancel (another request's) moves nothing.
    const stale = await run({ c: permissionsReviewCancelled({}, { requestId: 'other' }) }, 'c', reviewing())
    expect(stale.messages).toEqual([])
  })
})
