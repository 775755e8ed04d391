import { defineEvent } from '../defineEvent.js'
import { defineIntent } from '../requestLifecycle.js'
import { object, optional, string } from '../schema.js'
import { namespaceSchema } from '../views.js'
import { serializedErrorSchema } from '../../errors/base.js'

/** Switch the namespace to a network of the host's list; the wallet is asked when connected. */
export const networkSwitchRequested = defineIntent(
  'network/switchRequested',
  object({ namespace: namespaceSchema, caipNetworkId: string() }),
)
export const networkSwitched = defineEvent(
  'network/switched',
  object({ namespace: namespaceSchema, caipNetworkId: string() }),
)
export const networkSwitchFailed = defineEvent(
  'network/switchFailed',
  object({ namespace: namespaceSchema, caipNetworkId: string(), error: serializedErrorSchema }),
)
/** The wallet moved to another chain on its own (EIP-1193 `chainChanged`). */
export const networkChanged = defineEvent(
  'network/changed',
  object({ namespace: namespaceSchema, connectorId: optional(string()), caipNetworkId: string() }),
)
