import { readPermissionRequests, type PermissionRequestInput } from '../../domain/permissions/permissionRequests.js'
import { InvalidInputError } from '../../errors/base.js'
import { NoActiveAddressError, RequestAbortedError, UnsupportedNamespaceError } from '../../errors/connection.js'
import { PermissionsNotAllowedError } from '../../errors/permissions.js'
import { activeEvmWallet } from '../../effects/shared/evmWallet.js'
import { grantOf, isRequestOpen } from '../../reducers/permissions/permissionsReducer.js'
import { selectPermissionRequestContext } from '../../reducers/permissions/permissionSelectors.js'
import { selectSessionPermissions, toSessionPermission, type SessionPermission } from '../../reducers/permissions/sessionPermissions.js'
import type { ModalState } from '../../state.js'
import { createCatalogue } from '../catalogue.js'
import { hostRequest, optionsArg, text, type RequestArgs, type StoreLike } from '../hostRequest.js'
import { modalOpenRequested } from '../modal/modal.js'
import { routerPushed, routerReplaced } from '../modal/router.js'
import { isCurrentRequest } from '../requestLifecycle.js'
import { show } from '../schema.js'
import {
  PERMISSIONS_EVENTS,
  permissionRevokeFailed,
  permissionRevokeRequested,
  permissionRevoked,
  permissionsGranted,
  permissionsRequestFailed,
  permissionsRequested,
} from './permissions.js'

/** `requestPermissions` options. */
export type RequestPermissionsOptions = {
  /**
   * Show the visitor the request in the modal first (ReviewPermissions: what, for whom, until
   * when, why), and ask the wallet once they approve; default true. `false` asks the wallet at
   * once (its own prompt still asks the visitor).
   */
  review?: boolean
}

/**
 * Host commands for session permissions (ERC-7715), with the `smartSessions()` module of
 * `gangway-kit/features`. They reject with `PermissionsNotAllowedError` ('Action not allowed')
 * while the project's configuration turns session permissions off, `UnsupportedNamespaceError`
 * while a non-EVM chain is active, `NoActiveAddressError` with no EVM wallet connected, an
 * `InvalidInputError` for a bad argument (and then nothing was dispatched nor sent), or the
 * wallet's error.
 */
export type PermissionsCommands = {
  /**
   * Asks the visitor for session permissions: the modal shows what the app asks for
   * (ReviewPermissions), then the connected wallet asks them to grant it
   * (`wallet_requestExecutionPermissions`). Resolves with the grants, in the order asked; rejects
   * with `WalletRejectedError` when the visitor cancels or refuses (`isUserRejection`),
   * `WalletPermissionsUnsupportedError` ('This wallet cannot grant permissions') for a wallet
   * without ERC-7715, `ModalClosedError` when the modal closes on the review.
   *
   * @example
   * const [permission] = await modal.requestPermissions({
   *   type: 'native-token-periodic',
   *   to: sessionAccount,
   *   amount: '0.01', // ETH, every period
   *   period: 86_400, // a day
   *   expiry: new Date(Date.now() + 30 * 86_400_000),
   *   justification: 'Tip creators up to 0.01 ETH a day',
   * })
   * // permission.context and permission.delegationManager: what the session account redeems with
   */
  requestPermissions(requests: PermissionRequestInput | readonly PermissionRequestInput[], options?: RequestPermissionsOptions): Promise<SessionPermission[]>
  /**
   * Revokes a granted permission: the wallet that granted it (connected with its account) asks the
   * visitor, then disables it (`wallet_revokeExecutionPermission`).
   *
   * @example
   * await modal.revokePermission(permission.context)
   */
  revokePermission(context: string): Promise<void>
  /**
   * The session permissions the modal knows (granted here, kept across reloads, or listed by the
   * wallet as it connects), oldest first, with their status: 'active', 'revoking', 'revoked' or
   * 'expired'. Nothing is asked of the wallet.
   *
   * @example
   * const active = (await modal.getPermissions()).filter((p) => p.status === 'active')
   */
  getPermissions(): Promise<SessionPermission[]>
}

// The feature's events, and those that show the review.
const catalogue = createCatalogue([...PERMISSIONS_EVENTS, modalOpenRequested, routerPushed, routerReplaced])
const CONTEXT = /^0x[0-9a-fA-F]{2,}$/

/**
 * Refuses what the modal may not do now: permissions turned off by the project's configuration,
 * a non-EVM chain active, no EVM wallet connected.
 */
function assertPermissionsAllowed(state: ModalState): void {
  if (!state.features.smartSessions) throw new PermissionsNotAllowedError()
  const namespace = state.connection.activeNamespace
  if (namespace !== null && namespace !== 'eip155') throw new UnsupportedNamespaceError(namespace, 'session permissions (ERC-7715) are for EVM accounts')
  if (!activeEvmWallet(state)) throw new NoActiveAddressError()
}

/**
 * The session-permission commands of a modal's store; `ready` resolves once the session has
 * started (what is stored is restored).
 *
 * @example
 * const commands = createPermissionsCommands(store, modal.ready)
 */
export function createPermissionsCommands(store: StoreLike & { whenLoaded?(): Promise<void> }, ready: Promise<void> = Promise.resolve()): PermissionsCommands {
  const request = <T>(...args: RequestArgs<T>) => hostRequest<T>(store, catalogue, ...args)
  return {
    requestPermissions: (requests, options) =>
      request<SessionPermission[]>(
        'requestPermissions',
        () => {
          const state = store.getState()
          assertPermissionsAllowed(state)
          const o = optionsArg(options, ['review'])
          if (o.review !== undefined && typeof o.review !== 'boolean') {
            throw new InvalidInputError('Invalid options argument', { details: `options.review must be a boolean, got ${show(o.review)}` })
          }
          if (isRequestOpen(state.permissions?.request)) throw new RequestAbortedError('a request for permissions is already under way')
          const read = readPermissionRequests(requests, selectPermissionRequestContext(state)!)
          const review = o.review !== false
          const intent = permissionsRequested({ ...read, review })
          if (!review) return [intent]
          // The review over the view the modal shows (it goes back there after), or the modal opened on it (it closes after).
          const opening = !state.modal.open
            ? modalOpenRequested({ view: 'ReviewPermissions' })
            : state.router.view === 'ReviewPermissions'
              ? routerReplaced({ view: 'ReviewPermissions' })
              : routerPushed({ view: 'ReviewPermissions' })
          return [opening, intent]
        },
        (e) =>
          permissionsGranted.match(e)
            ? { ok: e.payload.grants.map((g) => toSessionPermission(grantOf(g, e.at))) }
            : permissionsRequestFailed.match(e)
              ? { error: e.payload.error }
              : null,
        (s, intent) => isRequestOpen(s.permissions?.request) && isCurrentRequest(s.permissions.request.requestId, intent),
      ),
    revokePermission: (context) =>
      request<void>(
        'revokePermission',
        () => {
          const state = store.getState()
          assertPermissionsAllowed(state)
          text('context', context)
          if (!CONTEXT.test(context)) throw new InvalidInputError('Invalid context argument', { details: `context must be a permission's context (0x-hex), got ${show(context)}` })
          const grant = state.permissions?.grants[context]
          if (!grant) throw new InvalidInputError('Invalid context argument', { details: 'context is not a permission this modal knows (see getPermissions())' })
          if (grant.status === 'revoked') throw new InvalidInputError('Invalid context argument', { details: 'the permission is revoked already' })
          if (grant.status === 'revoking') throw new RequestAbortedError('the permission is being revoked')
          return [permissionRevokeRequested({ context })]
        },
        (e) => (permissionRevoked.match(e) ? { ok: undefined } : permissionRevokeFailed.match(e) ? { error: e.payload.error } : null),
        (s, intent) => {
          const { context } = intent.payload as { context: string }
          return s.permissions?.grants[context]?.status === 'revoking' && isCurrentRequest(s.permissions.revokes[context]?.requestId, intent)
        },
      ),
    // Once stored grants are restored (their feature joined): what a reload kept is there.
    getPermissions: () =>
      ready
        .then(() => store.whenLoaded?.())
        .then(() => selectSessionPermissions(store.getState())),
  }
}
