import { catchError, concat, defer, filter, from, mergeMap, of } from 'rxjs'
import { SIWX_SESSION_MS } from '../domain/constants.js'
import { modalCloseRequested } from '../events/modal.js'
import { siwxSessionStored, siwxSignInFailed, siwxSignInRequested } from '../events/siwx.js'
import { GangwayError, serializeError } from '../errors/base.js'
import { selectActiveConnection, selectCaipAddress } from '../selectors.js'
import { ofType } from './ofType.js'
import type { Effect } from './runEffects.js'
import type { WalletDeps } from './walletDeps.js'

/**
 * Signs in: an EIP-4361 message (viem's `createSiweMessage`; nonce, domain and URI carried in
 * the event, times from its stamp) signed by the active wallet, stored as the session; then the
 * modal closes. A refusal or failure is `siwx/signInFailed` with the spec's 'Error signing message'.
 */
export const signInWithWallet: Effect<WalletDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(siwxSignInRequested),
    filter((e) => state$.value.siwxSignIn.status === 'signing' && state$.value.siwxSignIn.requestId === (e.requestId ?? null)),
    mergeMap((e) => {
      const meta = { requestId: e.requestId }
      const { caipAddress, nonce, domain, uri } = e.payload
      const state = state$.value
      const fail = (error: unknown) => siwxSignInFailed({ caipAddress, error: serializeError(error, 'Error signing message') }, meta)
      const connection = selectActiveConnection(state, 'eip155')
      const [, chainId, address] = caipAddress.split(':')
      const adapter = deps.adapters.eip155
      if (!connection || !adapter || !address || selectCaipAddress(state) !== caipAddress) {
        return of(fail(new GangwayError('No ActiveCaipAddress found', { details: caipAddress })))
      }
      const statement = state.settings.siwx?.statement
      return from(import('viem/siwe')).pipe(
        mergeMap(({ createSiweMessage }) => {
          const issuedAt = new Date(e.at)
          const message = createSiweMessage({
            address: address as `0x${string}`,
            chainId: Number(chainId),
            domain,
            nonce,
            uri,
            version: '1',
            issuedAt,
            expirationTime: new Date(e.at + SIWX_SESSION_MS),
            ...(statement ? { statement } : {}),
          })
          return defer(() => adapter.signMessage(connection.connectorId, { address, message })).pipe(
            mergeMap((signature) =>
              concat(
                of(
                  siwxSessionStored(
                    { caipAddress, session: { data: { accountAddress: address, chainId: `eip155:${chainId}`, domain, uri, nonce, issuedAt: issuedAt.toISOString(), expirationTime: new Date(e.at + SIWX_SESSION_MS).toISOString() }, message, signature } },
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

