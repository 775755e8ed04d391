import { defineEvent } from '../defineEvent.js'
import { defineIntent } from '../requestLifecycle.js'
import { array, boolean, literal, object, optional, string } from '../schema.js'
import { namespaceSchema } from '../views.js'
import { serializedErrorSchema } from '../../errors/base.js'
import { accountSchema } from './connection.js'

/** On load, previously authorised connectors are tried one at a time, most recent first. */
export const reconnectStarted = defineIntent(
  'connection/reconnectStarted',
  object({ namespace: namespaceSchema, connectorIds: array(string()) }),
)
/**
 * The reconnect run is over; without a connection the namespace is disconnected and forgotten
 * (`remembered`: still remembered, for a run that followed another tab's connect: that tab's
 * wallet answers there, and its next load reconnects it).
 */
export const reconnectFinished = defineEvent('connection/reconnectFinished', object({ namespace: namespaceSchema, remembered: optional(literal(true)) }))

/** The visitor or the host asks to disconnect a connector (the active one when none is named). */
export const disconnectRequested = defineIntent(
  'connection/disconnectRequested',
  object({ namespace: namespaceSchema, connectorId: optional(string()) }),
)
/** The wallet could not be disconnected ('Failed to disconnect'). */
export const disconnectFailed = defineEvent(
  'connection/disconnectFailed',
  object({ namespace: namespaceSchema, connectorId: string(), error: serializedErrorSchema }),
)

/** The wallet now exposes other accounts (EIP-1193 `accountsChanged` with accounts). */
export const accountsChanged = defineEvent(
  'connection/accountsChanged',
  object({ namespace: namespaceSchema, connectorId: string(), accounts: array(accountSchema) }),
)

/** A wallet sent a malformed event (say `chainChanged('0xzz')`); it was ignored, and this says why. */
export const walletEventIgnored = defineEvent(
  'connection/walletEventIgnored',
  object({ namespace: namespaceSchema, connectorId: string(), event: string(), reason: string() }),
)

/**
 * The disconnect event: the last connection of a namespace is gone. The account is reset
 * (address, balance, profile cleared; the preferred account type kept).
 */
export const accountDisconnected = defineEvent('account/disconnected', object({ namespace: namespaceSchema }))

/**
 * Make a stored connection current (ProfileWallets). `status` is what the list shows for it:
 * connected or active reconnect it, disconnected opens its connect flow again; anything else
 * fails with 'Invalid connection status: {status}'.
 */
export const connectionSwitchRequested = defineIntent(
  'connection/switchRequested',
  object({ namespace: namespaceSchema, connectorId: string(), status: string() }),
)
/** The switch is done; says whether the account or the wallet changed. */
export const connectionSwitched = defineEvent(
  'connection/switched',
  object({
    namespace: namespaceSchema,
    connectorId: string(),
    accounts: array(accountSchema),
    caipNetworkId: string(),
    accountChanged: boolean(),
    walletChanged: boolean(),
  }),
)
export const connectionSwitchFailed = defineEvent(
  'connection/switchFailed',
  object({ namespace: namespaceSchema, connectorId: string(), error: serializedErrorSchema }),
)
