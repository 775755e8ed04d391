import { sliceOf } from '../../selectors.js'
import { catchError, concat, defer, filter, from, merge, mergeMap, of, type Observable } from 'rxjs'
import { SWAP_SLIPPAGE_TOLERANCE } from '../../domain/constants.js'
import { isNativeSwapToken } from '../../domain/swap.js'
import { GangwayError, serializeError } from '../../errors/base.js'
import { activityPageRequested } from '../../events/accountSheet/activity.js'
import { balanceRefreshRequested } from '../../events/connection/balance.js'
import type { EventInput } from '../../events/defineEvent.js'
import { routerPushed, routerWentBack } from '../../events/modal/router.js'
import {
  swapApprovalRequired,
  swapApproveRequested,
  swapApproveSubmitted,
  swapApproved,
  swapConfirmed,
  swapFailed,
  swapRequested,
  swapSubmitted,
  swapWalletRequested,
} from '../../events/swaps/swap.js'
import { isSwapStep } from '../../reducers/swaps/swapReducer.js'
import { selectActiveConnection, selectActiveNetwork, selectCaipAddress } from '../../selectors.js'
import type { ModalState } from '../../state.js'
import type { ApiDeps } from '../shared/dataDeps.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'
import type { WalletDeps } from '../shared/walletDeps.js'

/** The message of a swap the router refused because the price moved past the slippage allowed. */
export const SWAP_SLIPPAGE_MESSAGE = `The price moved more than the ${SWAP_SLIPPAGE_TOLERANCE} % slippage allowed: nothing was swapped`

/** Whether an error (or a revert) is the router's slippage check. */
function isSlippageRevert(error: unknown): boolean {
  return /INSUFFICIENT_OUTPUT_AMOUNT|EXCESSIVE_INPUT_AMOUNT/.test(JSON.stringify(serializeError(error)))
}

type Wallet = {
  send: (tx: { to: string; data: `0x${string}`; value?: string | undefined }) => Promise<string>
  wait: (hash: string) => Promise<{ status: 'success' | 'reverted'; blockNumber: string }>
  caipAddress: string
}

/** The active EVM account's wallet, or the spec's error saying what is missing. */
function activeWallet(state: ModalState, deps: WalletDeps): Wallet | GangwayError {
  const caipAddress = selectCaipAddress(state)
  const connection = selectActiveConnection(state, 'eip155')
  const network = selectActiveNetwork(state)
  const address = caipAddress?.split(':')[2]
  const evm = deps.adapters.eip155?.evm
  if (!caipAddress?.startsWith('eip155:') || !connection || !address) return new GangwayError('No ActiveCaipAddress found')
  if (!network || !evm) return new GangwayError('No ActiveCaipNetwork or client found')
  const adapter = deps.adapters.eip155!
  return {
    caipAddress,
    send: (tx) => evm.sendTransaction(connection.connectorId, network, { from: address, to: tx.to, data: tx.data, ...(tx.value ? { value: tx.value } : {}) }),
    wait: (hash) => adapter.waitForReceipt(network, hash),
  }
}

/** Builds the swap for the step's form, has the wallet send it and waits for it to be mined. */
function sendSwap(state: ModalState, wallet: Wallet, deps: ApiDeps, meta: { requestId: string | undefined }): Observable<EventInput> {
  const step = sliceOf(state, 'swap').step!
  const api = deps.api.blockchain!
  const fail = (error: unknown, hash?: string) =>
    swapFailed({ ...(hash ? { hash } : {}), error: serializeError(isSlippageRevert(error) ? new GangwayError(SWAP_SLIPPAGE_MESSAGE, { cause: error }) : error) }, meta)
  return defer(() =>
    api.buildSwapTransaction({ amount: step.amount, userAddress: wallet.caipAddress, from: step.from, to: step.to, slippage: SWAP_SLIPPAGE_TOLERANCE }),
  ).pipe(
    mergeMap((tx) =>
      // The progress says the wallet asks from the moment it does, not while the allowance was checked.
      concat(
        of(swapWalletRequested({}, meta)),
        defer(() => wallet.send({ to: tx.to, data: tx.data, value: tx.value })).pipe(
          mergeMap((hash) =>
            concat(
              of(swapSubmitted({ hash }, meta)),
              from(wallet.wait(hash)).pipe(
                mergeMap((receipt) => {
                  if (receipt.status !== 'success') return of(fail(new GangwayError(SWAP_SLIPPAGE_MESSAGE, { details: 'the swap reverted on chain' }), hash))
                  // The balances and the activity list show the swap.
                  const activity = state.accountSheet?.activity[wallet.caipAddress]
                    ? [activityPageRequested({ caipAddress: wallet.caipAddress, cursor: null })]
                    : []
                  return of(swapConfirmed({ hash, blockNumber: receipt.blockNumber }, meta), balanceRefreshRequested({ force: true }), ...activity)
                }),
                catchError((error: unknown) => of(fail(error, hash))),
              ),
            ),
          ),
        ),
      ),
    ),
    catchError((error: unknown) => of(fail(error))),
  )
}

/**
 * A swap of what the Swap form holds (spec §4): selling a token, the router's allowance is
 * checked first (`/v1/convert/allowance`); when short, ApproveTransaction asks the visitor, the
 * wallet sends the approval (`/v1/convert/build-approve`) and, once mined, the swap goes ahead.
 * The swap itself is built by the API (`/v1/convert/build-transaction`, 1 % slippage), then the
 * wallet is asked (`swap/walletRequested`, so the progress shows it), sends it, and it is waited for; balances and activity are then fetched again. A refusal, a revert
 * or an API error fails the step with its message; nothing else changes.
 */
export const executeSwap: Effect<WalletDeps & ApiDeps> = (event$, state$, deps) => {
  const swaps = event$.pipe(
    ofType(swapRequested),
    filter((e) => isSwapStep(sliceOf(state$.value, 'swap'), e.requestId, 'checking')),
    mergeMap((e) => {
      const meta = { requestId: e.requestId }
      const state = state$.value
      const step = sliceOf(state, 'swap').step!
      const api = deps.api.blockchain
      const wallet = activeWallet(state, deps)
      if (wallet instanceof GangwayError) return of(swapFailed({ error: serializeError(wallet) }, meta))
      if (!api) return of(swapFailed({ error: serializeError(new GangwayError('Network not supported for Swaps', { details: 'no apiUrl' })) }, meta))
      if (isNativeSwapToken(step.from)) return sendSwap(state, wallet, deps, meta)
      return defer(() => api.getSwapAllowance({ tokenAddress: step.from, userAddress: wallet.caipAddress })).pipe(
        mergeMap((allowance) =>
          /^\d+$/.test(allowance) && BigInt(allowance) >= BigInt(step.amount)
            ? sendSwap(state$.value, wallet, deps, meta)
            : of(swapApprovalRequired({ token: step.from, allowance: /^\d+$/.test(allowance) ? allowance : '0' }, meta), routerPushed({ view: 'ApproveTransaction' })),
        ),
        catchError((error: unknown) => of(swapFailed({ error: serializeError(error) }, meta))),
      )
    }),
  )
  const approvals = event$.pipe(
    ofType(swapApproveRequested),
    filter((e) => isSwapStep(sliceOf(state$.value, 'swap'), e.requestId, 'approving')),
    mergeMap((e) => {
      const meta = { requestId: e.requestId }
      const step = sliceOf(state$.value, 'swap').step!
      const api = deps.api.blockchain
      const wallet = activeWallet(state$.value, deps)
      if (wallet instanceof GangwayError) return of(swapFailed({ error: serializeError(wallet) }, meta))
      if (!api) return of(swapFailed({ error: serializeError(new GangwayError('Network not supported for Swaps', { details: 'no apiUrl' })) }, meta))
      return defer(() => api.buildApproveTransaction({ userAddress: wallet.caipAddress, from: step.from, to: step.to })).pipe(
        mergeMap((tx) => wallet.send({ to: tx.to, data: tx.data, value: tx.value && tx.value !== '0' ? tx.value : undefined })),
        mergeMap((hash) =>
          concat(
            of(swapApproveSubmitted({ hash }, meta)),
            from(wallet.wait(hash)).pipe(
              mergeMap((receipt) =>
                receipt.status === 'success'
                  ? // Back on Swap, which shows the swap going ahead.
                    concat(of(swapApproved({ hash }, meta), routerWentBack({})), defer(() => sendSwap(state$.value, wallet, deps, meta)))
                  : of(swapFailed({ hash, error: serializeError(new GangwayError('Something went wrong', { details: 'the approval reverted' })) }, meta)),
              ),
              catchError((error: unknown) => of(swapFailed({ hash, error: serializeError(error) }, meta))),
            ),
          ),
        ),
        catchError((error: unknown) => of(swapFailed({ error: serializeError(error) }, meta))),
      )
    }),
  )
  return merge(swaps, approvals)
}
