import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { permissionsGranted, permissionsRequested } from '../../../src/core/events/permissions/permissions'
import { PERMISSIONS_KEPT, hasExpired, isRequestOpen } from '../../../src/core/reducers/permissions/permissionsReducer'
import { initialState, rootReducer } from '../../../src/core/reducers/rootReducer'
import { fcParams } from '../fcSettings'
import { logArb, permissionsLogArb } from './arbitraries'

describe('the session-permissions slice', () => {
  it('lists exactly the grants it keeps, each once; a revoke under way is a grant revoking; no grant is active past its expiry once an event says so; one request at a time', () => {
    fc.assert(
      fc.property(fc.oneof(logArb, permissionsLogArb), (log) => {
        let state = initialState()
        for (const e of log) {
          const before = state.permissions
          state = rootReducer(state, e)
          const p = state.permissions!
          expect(Object.keys(p.grants).sort()).toEqual([...p.order].sort())
          expect(new Set(p.order).size).toBe(p.order.length)
          expect(p.order.length).toBeLessThanOrEqual(PERMISSIONS_KEPT)
          for (const [context, revoke] of Object.entries(p.revokes)) {
            expect(p.grants[context], context).toBeDefined()
            if (revoke.error === null) expect(p.grants[context]!.status).toBe('revoking')
          }
          for (const g of Object.values(p.grants)) if (g.status === 'revoking') expect(p.revokes[g.context]?.error).toBeNull()
          // A grant that joins now is already expired when its expiry has come.
          if (permissionsGranted.match(e)) for (const g of Object.values(p.grants)) if (!before?.grants[g.context] && g.status === 'active') expect(hasExpired(g, e.at)).toBe(false)
          // A request under way is not replaced by another.
          if (permissionsRequested.match(e) && isRequestOpen(before?.request)) expect(p.request).toBe(before!.request)
        }
      }),
      fcParams({ numRuns: 400 }),
    )
  })

  it('folds the same log to the same state, and an event it ignores leaves the slice as it was', () => {
    fc.assert(
      fc.property(permissionsLogArb, (log) => {
        let a = initialState()
        let b = initialState()
        for (const e of log) {
          const before = a.permissions
          a = rootReducer(a, e)
          b = rootReducer(b, JSON.parse(JSON.stringify(e)))
          expect(a.permissions).toEqual(b.permissions)
          // (The session's start makes every slice anew.)
          if (e.type !== 'session/started' && JSON.stringify(before) === JSON.stringify(a.permissions)) expect(a.permissions, e.type).toBe(before)
        }
      }),
      fcParams({ numRuns: 400 }),
    )
  })
})
