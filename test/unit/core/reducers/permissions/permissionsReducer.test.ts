import { afterEach, describe, expect, it, vi } from 'vitest'
import { selectDurable } from '../../../../../src/core/durable'
import { readDurable } from '../../../../../src/core/readDurable'
import { storageHydrated } from '../../../../../src/core/events/persistence/storage'
import {
  permissionExpired,
  permissionRevokeFailed,
  permissionRevokeRequested,
  permissionRevoked,
  permissionsGranted,
  permissionsListed,
  permissionsRequestFailed,
  permissionsReviewApproved,
  permissionsReviewCancelled,
  permissionsWalletRefused,
} from '../../../../../src/core/events/permissions/permissions'
import type { EventInput } from '../../../../../src/core/events/defineEvent'
import { PERMISSIONS_KEPT } from '../../../../../src/core/reducers/permissions/permissionsReducer'
import { EPOCH } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, DAILY, DAILY_GRANT, connectedWith, requested } from '../../effects/permissions/permissionsFakes'

const refused = permissionsWalletRefused({ error: { name: 'WalletRejectedError', shortMessage: 'User rejected the request', kind: 'WALLET_REJECTED', code: 4001 } }, { requestId: 'q' })
const grantedQ = (grant: Partial<typeof DAILY_GRANT> = {}) => permissionsGranted({ grants: [{ ...DAILY_GRANT, ...grant }] }, { requestId: 'q' })
const at = (event: EventInput, frame: number) => [event, frame] as const
const stored = (context: string, status: 'active' | 'revoking' | 'revoked' | 'expired' = 'active') => ({ ...DAILY_GRANT, context, grantedAt: EPOCH, status, revokedAt: null })

afterEach(() => vi.restoreAllMocks())

describe('the permissions slice', () => {
  it('is pure: the same log folds to the same state, and reading no clock', () => {
    const log = [requested(), permissionsReviewApproved({}, { requestId: 'q' }), refused, permissionsReviewApproved({}, { requestId: 'q' }), at(grantedQ({ expiry: Math.floor(EPOCH / 1000) + 60 }), 5), at(permissionExpired({ context: '0xc00' }), 60_000)] as const
    vi.spyOn(Date, 'now').mockImplementation(() => {
      throw new Error('a reducer read the clock')
    })
    const a = connectedWith()
    const once = stateAfter(log, { from: a })
    const twice = stateAfter(log, { from: a })
    expect(once.permissions).toEqual(twice.permissions)
    expect(once.permissions!.grants['0xc00']).toMatchObject({ status: 'expired', grantedAt: EPOCH + 5 })
    // States are frozen: a case cannot have written one in place.
    expect(Object.isFrozen(once.permissions!.grants['0xc00'])).toBe(true)
    // The state before the log is untouched.
    expect(a.permissions).toEqual({ request: null, grants: {}, order: [], revokes: {} })
  })

  it('takes one request at a time, and only its own outcomes', () => {
    const open = connectedWith([requested()])
    const second = stateAfter([{ ...requested(), requestId: 'q2' }], { from: open })
    expect(second.permissions!.request!.requestId).toBe('q')
    const stale = stateAfter([permissionsReviewApproved({}, { requestId: 'q2' }), permissionsGranted({ grants: [DAILY_GRANT] }, { requestId: 'q2' })], { from: open })
    expect(stale.permissions).toBe(open.permissions)
    // Granted only while the wallet asks; a refusal waits for the visitor; Cancel; the end.
    expect(stateAfter([grantedQ()], { from: open }).permissions!.grants).toEqual({})
    const failed = stateAfter([permissionsReviewApproved({}, { requestId: 'q' }), refused], { from: open })
    expect(failed.permissions!.request).toMatchObject({ status: 'failed', error: { kind: 'WALLET_REJECTED' } })
    const cancelled = stateAfter([permissionsReviewCancelled({}, { requestId: 'q' })], { from: failed })
    expect(cancelled.permissions!.request).toMatchObject({ status: 'cancelled', error: { kind: 'WALLET_REJECTED' } })
    expect(stateAfter([permissionsRequestFailed({ error: refused.payload.error }, { requestId: 'q' })], { from: cancelled }).permissions!.request).toBeNull()
  })

  it('a grant is active from its event, expired already when its expiry has come by then, and expires only when due', () => {
    const now = Math.floor(EPOCH / 1000)
    const past = connectedWith([requested(false), grantedQ({ expiry: now - 1 })])
    expect(past.permissions!.grants['0xc00']!.status).toBe('expired')
    const future = connectedWith([requested(false), grantedQ({ expiry: now + 60 })])
    expect(future.permissions!.grants['0xc00']!.status).toBe('active')
    expect(stateAfter([at(permissionExpired({ context: '0xc00' }), 59_000)], { from: future }).permissions!.grants['0xc00']!.status).toBe('active')
    expect(stateAfter([at(permissionExpired({ context: '0xc00' }), 60_000)], { from: future }).permissions!.grants['0xc00']!.status).toBe('expired')
  })

  it('revoking: the status to go back to is kept; a refusal restores it, the wallet revoking it ends it', () => {
    const granted = connectedWith([requested(false), grantedQ()])
    const revoking = stateAfter([permissionRevokeRequested({ context: '0xc00' }, { requestId: 'r' })], { from: granted })
    expect(revoking.permissions!.grants['0xc00']!.status).toBe('revoking')
    // One revoke at a time.
    expect(stateAfter([permissionRevokeRequested({ context: '0xc00' }, { requestId: 'r2' })], { from: revoking }).permissions).toBe(revoking.permissions)
    const back = stateAfter([permissionRevokeFailed({ context: '0xc00', error: refused.payload.error }, { requestId: 'r' })], { from: revoking })
    expect(back.permissions!.grants['0xc00']!.status).toBe('active')
    expect(back.permissions!.revokes['0xc00']).toMatchObject({ requestId: null, error: { kind: 'WALLET_REJECTED' } })
    expect(stateAfter([permissionRevoked({ context: '0xc00' }, { requestId: 'other' })], { from: revoking }).permissions).toBe(revoking.permissions)
    const done = stateAfter([at(permissionRevoked({ context: '0xc00' }, { requestId: 'r' }), 7)], { from: revoking })
    expect(done.permissions!.grants['0xc00']).toMatchObject({ status: 'revoked', revokedAt: EPOCH + 7 })
  })

  it('a grant the wallet gives again while its revoke is under way stays revoking; a refusal of the revoke leaves it granted', () => {
    const granted = connectedWith([requested(false), grantedQ()])
    const revoking = stateAfter([permissionRevokeRequested({ context: '0xc00' }, { requestId: 'r' })], { from: granted })
    const regranted = stateAfter([requested(false), grantedQ({ amount: '7' })], { from: revoking })
    expect(regranted.permissions!.grants['0xc00']).toMatchObject({ status: 'revoking', amount: '7' })
    expect(regranted.permissions!.revokes['0xc00']).toMatchObject({ requestId: 'r', error: null, from: 'active' })
    const back = stateAfter([permissionRevokeFailed({ context: '0xc00', error: refused.payload.error }, { requestId: 'r' })], { from: regranted })
    expect(back.permissions!.grants['0xc00']).toMatchObject({ status: 'active', amount: '7' })
  })

  it("the wallet's list: unknown grants join, known ones keep their time, the account's others are revoked", () => {
    const granted = connectedWith([at(requested(false), 0), at(grantedQ(), 3)])
    const listed = stateAfter([at(permissionsListed({ account: ACCOUNT.toUpperCase().replace('0X', '0x'), grants: [{ ...DAILY_GRANT, context: '0xc09' }, { ...DAILY_GRANT, amount: '1' }] }), 9)], { from: granted })
    expect(listed.permissions!.grants['0xc00']).toMatchObject({ status: 'active', amount: '1', grantedAt: EPOCH + 3 })
    expect(listed.permissions!.grants['0xc09']).toMatchObject({ status: 'active', grantedAt: EPOCH + 9 })
    const emptied = stateAfter([permissionsListed({ account: ACCOUNT, grants: [] })], { from: listed })
    expect(Object.values(emptied.permissions!.grants).map((g) => g.status)).toEqual(['revoked', 'revoked'])
    // Another account's list leaves these alone.
    expect(stateAfter([permissionsListed({ account: '0x00000000000000000000000000000000000000b2', grants: [] })], { from: listed }).permissions!.grants['0xc00']!.status).toBe('active')
  })

  it(`keeps the ${PERMISSIONS_KEPT} newest grants; hydration brings stored ones back, a revoke the page left unanswered as it was`, () => {
    const many = Array.from({ length: PERMISSIONS_KEPT + 3 }, (_, i) => ({ ...DAILY_GRANT, context: `0x${(i + 16).toString(16)}` }))
    const full = connectedWith([requested(false), permissionsGranted({ grants: many }, { requestId: 'q' })])
    expect(full.permissions!.order).toHaveLength(PERMISSIONS_KEPT)
    expect(full.permissions!.order[0]).toBe('0x13')
    const hydrated = stateAfter([storageHydrated({ permissions: { grants: [stored('0xa1', 'revoking'), stored('0xa2', 'revoked')] } })])
    expect(hydrated.permissions!.order).toEqual(['0xa1', '0xa2'])
    expect(hydrated.permissions!.grants['0xa1']!.status).toBe('active')
    // Nothing stored: the slice is left as it was.
    const none = stateAfter([])
    expect(stateAfter([storageHydrated({})], { from: none }).permissions).toBe(none.permissions)
  })

  it('the grants are durable: written with the durable state, read back one by one (a malformed one dropped)', () => {
    const granted = connectedWith([requested(false), grantedQ()])
    const durable = selectDurable(granted)
    expect(durable.permissions!.grants).toEqual([granted.permissions!.grants['0xc00']])
    const read = readDurable(JSON.parse(JSON.stringify({ permissions: { grants: [durable.permissions!.grants[0], { ...durable.permissions!.grants[0], amount: 7 }, null] } })))
    expect(read.durable.permissions!.grants).toEqual(durable.permissions!.grants)
    expect(read.dropped).toEqual(['permissions.grants[1]', 'permissions.grants[2]'])
    expect(readDurable({ permissions: 'x' }).dropped).toEqual(['permissions'])
    expect(selectDurable(connectedWith()).permissions).toBeUndefined()
    expect(DAILY.permission.type).toBe(durable.permissions!.grants[0]!.type)
  })
})
