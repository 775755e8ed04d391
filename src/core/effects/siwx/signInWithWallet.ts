import { catchError, concat, defer, filter, map, mergeMap, of } from 'rxjs'
import { SIWX_SESSION_MS } from '../../domain/constants.js'
import { createSiwxMessage, siwxAccountOf } from '../../domain/siwx.js'
import { modalCloseRequested } from '../../events/modal/modal.js'
import { siwxSessionStored, siwxSignInFailed, siwxSignInRequested } from '../../events/siwx/siwx.js'
import { GangwayError, serializeError } from '../../errors/base.js'
import { selectActiveConnection, selectActiveNetwork, selectCaipAddress } from '../../selectors.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'
import type { WalletDeps } from '../shared/walletDeps.js'
import type { ApiDeps } from '../shared/dataDeps.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'

/**
 * Signs in: a CAIP-122 message (`createSiwxMessage`: EIP-4361 for an EVM account, Sign-In With
 * Solana for a Solana one; nonce, domain and URI carried in the event, times from its stamp)
 * signed by the active wallet of the account's namespace (`personal_sign`,
 * `solana:signMessage`), stored as the session; then the
 * modal closes. With `siwx.hosted` the signed message first goes to the gateway's session store,
 * which verifies it; the stored session carries the store's id. A refusal or failure (the
 * wallet's, or the store's) is `siwx/signInFailed`, with the spec's 'Error signing message'
 * unless the failure has a spec message of its own ('Server Error').
 */
export const signInWithWallet: Effect<WalletDeps & Partial<ApiDeps>> = (event$, state$, deps) =>
  event$.pipe(
    ofType(siwxSignInRequested),
    filter((e) => state$.value.siwxSignIn.status === 'signing' && isCurrentRequest(state$.value.siwxSignIn.requestId, e)),
    mergeMap((e) => {
      const meta = { requestId: e.requestId }
      const { caipAddress, nonce, domain, uri } = e.payload
      const state = state$.value
      const fail = (error: unknown) => siwxSignInFailed({ caipAddress, error: serializeError(error, 'Error signing message') }, meta)
      // Spec §5: sign-in needs the active address, its network (one the host lists) and the client
      // that reaches its wallet (the namespace's chain adapter), each failing with its own words.
      const account = siwxAccountOf(caipAddress)
      const connection = account ? selectActiveConnection(state, account.namespace) : null
      if (!account || !connection || selectCaipAddress(state) !== caipAddress) {
        return of(fail(new GangwayError('No ActiveCaipAddress found', { details: caipAddress })))
      }
      if (selectActiveNetwork(state)?.caipNetworkId !== account.caipNetworkId) {
        return of(fail(new GangwayError('No ActiveCaipNetwork or client found', { details: `${account.caipNetworkId} is not one of the app's networks` })))
      }
      const adapter = deps.adapters[account.namespace]
      if (!adapter) return of(fail(new GangwayError('No ConnectionController client found', { details: `no chain adapter serves ${account.namespace}` })))
      const statement = state.settings.siwx?.statement
      const store = state.settings.siwx?.hosted ? (deps.api?.blockchain ?? null) : null
      if (state.settings.siwx?.hosted && !store) {
        return of(fail(new GangwayError('Error signing message', { details: 'siwx.hosted needs the blockchain data API (apiUrl)' })))
      }
      const { address, caipNetworkId } = account
      // Built by the checked builder, not viem's createSiweMessage, which lets a statement with a
      // line separator through: a field outside EIP-4361's grammar fails here as 'Invalid SIWX
      // message' before any wallet is asked. For every accepted EVM field the text is viem's.
      return defer(() => {
        const issuedAt = new Date(e.at).toISOString()
        const expirationTime = new Date(e.at + SIWX_SESSION_MS).toISOString()
        const fields = { accountAddress: address, chainId: caipNetworkId, domain, uri, version: '1', nonce, issuedAt, expirationTime }
        return of({ fields, message: createSiwxMessage({ ...fields, ...(statement ? { statement } : {}) }).serializedMessage as string })
      }).pipe(
        mergeMap(({ fields, message }) => {
          const hand = (signature: string) =>
            store
              ? defer(() => store.createSession({ address, message, signature })).pipe(map((hosted) => ({ signature, id: hosted.id as string | undefined })))
              : of({ signature, id: undefined })
          return defer(() => adapter.signMessage(connection.connectorId, { address, message })).pipe(
            mergeMap(hand),
            mergeMap(({ signature, id }) =>
              concat(
                of(
                  siwxSessionStored(
                    {
                      caipAddress,
                      session: {
                        data: { accountAddress: fields.accountAddress, chainId: fields.chainId, domain, uri, nonce, issuedAt: fields.issuedAt, expirationTime: fields.expirationTime },
                        message,
                        signature,
                        ...(id !== undefined ? { id } : {}),
                      },
                    },
                    meta,
                  ),
                ),
                of(modalCloseRequested({})),
              ),
            ),
          )
        }),
        catchError((error: unknown) => of(fail(error))),
      )
    }),
  )

