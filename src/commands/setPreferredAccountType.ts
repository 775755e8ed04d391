import { accountTypePreferred } from '../core/events/modal/preferences.js'
import type { Namespace } from '../core/events/views.js'
import type { AccountType } from '../core/state.js'
import type { Store } from '../core/store.js'
import { hostCommand } from './hostCommand.js'

/**
 * `modal.setPreferredAccountType`: the account type (eoa or smartAccount) preferred in a
 * namespace, or in the active one.
 *
 * @example
 * modal.setPreferredAccountType('smartAccount', 'eip155')
 */
export function setPreferredAccountType(store: Pick<Store, 'dispatch'>): (type: AccountType, namespace?: Namespace) => void {
  return (type, namespace) =>
    hostCommand(store, 'setPreferredAccountType', () => accountTypePreferred(namespace !== undefined ? { type, namespace } : { type }))
}
