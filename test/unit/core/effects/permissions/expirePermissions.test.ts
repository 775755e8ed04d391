import { describe, expect, it } from 'vitest'
import { expirePermissions, LONGEST_TIMER_MS } from '../../../../../src/core/effects/permissions/expirePermissions'
import { permissionExpired } from '../../../../../src/core/events/permissions/permissions'
import { EPOCH, runEffectAsync } from '../../../../support/runEffect'
import { storageHydrated } from '../../../../../src/core/events/persistence/storage'
import { stateAfter } from '../../../../support/stateAfter'
import { DAILY_GRANT, withGrant } from './permissionsFakes'

const inSeconds = (ms: number) => Math.floor((EPOCH + ms) / 1000)

describe('expirePermissions', () => {
  it('marks a grant expired when its expiry comes, from the modal\'s clock', async () => {
    const r = await runEffectAsync(expirePermissions, { state: withGrant({ expiry: inSeconds(60_000) }), loop: true })
    r.toBe('60000ms e', { e: permissionExpired({ context: '0xc00' }) })
    expect(r.state.permissions!.grants['0xc00']!.status).toBe('expired')
  })

  it('waits for a far expiry in steps no timer overflows; one that passed while the page was away expires at once; none without an expiry', async () => {
    const far = LONGEST_TIMER_MS + 5_000
    const r = await runEffectAsync(expirePermissions, { state: withGrant({ expiry: inSeconds(far) }), loop: true, until: far + 1_000 })
    expect(r.messages.map((m) => m.frame)).toEqual([inSeconds(far) * 1000 - EPOCH])
    // Granted already expired: nothing left to mark.
    const late = await runEffectAsync(expirePermissions, { state: withGrant({ expiry: inSeconds(-5_000) }), loop: true })
    expect(late.state.permissions!.grants['0xc00']!.status).toBe('expired')
    expect(late.messages).toEqual([])
    // Kept active by an earlier page, expired while it was away: at once.
    const stored = { ...DAILY_GRANT, expiry: inSeconds(-5_000), grantedAt: EPOCH - 60_000, status: 'active' as const, revokedAt: null }
    const away = await runEffectAsync(expirePermissions, { state: stateAfter([storageHydrated({ permissions: { grants: [stored] } })]), loop: true })
    away.toBe('e', { e: permissionExpired({ context: '0xc00' }) })
    expect(away.state.permissions!.grants['0xc00']!.status).toBe('expired')
    const none = await runEffectAsync(expirePermissions, { state: withGrant(), loop: true })
    expect(none.messages).toEqual([])
  })
})
