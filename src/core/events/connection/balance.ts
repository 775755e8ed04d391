import { defineEvent } from '../defineEvent.js'
import { boolean, object, optional, string } from '../schema.js'
import { serializedErrorSchema } from '../../errors/base.js'

/** Fetch the active account's native balance; `force` skips the 30 s cache. */
export const balanceRefreshRequested = defineEvent('balance/refreshRequested', object({ force: optional(boolean()) }))
/** A native balance, in whole units as a decimal string. */
export const balanceFetched = defineEvent(
  'balance/fetched',
  object({ caipAddress: string(), balance: string(), symbol: string() }),
)
/** A failed lookup leaves the balance unknown (null), not zero. */
export const balanceFailed = defineEvent(
  'balance/failed',
  object({ caipAddress: string(), error: serializedErrorSchema }),
)
