import { catchError, defer, EMPTY, map, of, switchMap, timeout, type Observable } from 'rxjs'
import { numberToHex } from 'viem'
import { isFeatureSupported } from '../../domain/constants.js'
import type { Network, TokenBalance } from '../../domain/entities.js'
import { isFresh } from '../../domain/timing.js'
import { supportsAssetDiscovery, walletAssetBalances } from '../../domain/walletAssets.js'
import { tokenBalancesFailed, tokenBalancesFetched } from '../../events/data/tokenBalances.js'
import { GangwayError, serializeError } from '../../errors/base.js'
import type { ChainDeps } from '../../ports.js'
import { selectActiveConnection, selectActiveNetwork, selectAddress, selectCaipAddress } from '../../selectors.js'
import type { Effect } from '../runtime/runEffects.js'
import { balanceTriggers } from './balanceTriggers.js'
import { fromAbortable, type ApiDeps, type DataDeps } from './dataDeps.js'
import { evmWalletRequest } from './evmWallet.js'
import type { ModalState } from '../../state.js'

/** How long a wallet may take to say what it can do before the data API is asked instead. */
export const CAPABILITIES_TIMEOUT_MS = 3_000

/**
 * Fetches the active account's token balances when the account or network changes, when the
 * modal opens, on request and after a confirmed send (forced). A result younger than 30 s is kept
 * unless forced, and so is a failure, which leaves the balance unknown so the views fall back to
 * the RPC balance (spec §7, §9). An EVM wallet that says it discovers assets on the network
 * (`wallet_getCapabilities`: `assetDiscovery`, EIP-7811) gives them itself (`wallet_getAssets`);
 * otherwise, or when it fails, the blockchain data API is asked. What the capabilities said is
 * asked once per wallet, account and network: a wallet that does not discover assets (or does not
 * answer within 3 s) is not asked again, one that does is asked for its assets straight away.
 */
export const fetchTokenBalances: Effect<DataDeps & Partial<ChainDeps>> = (event$, state$, deps) => {
  /** Whether the wallet discovers assets, by connector and account, once its capabilities said. */
  const discovers = new Map<string, boolean>()
  return balanceTriggers(event$, state$, { onOpen: true }).pipe(
    switchMap((force) => {
      const state = state$.value
      const caipAddress = selectCaipAddress(state)
      const address = selectAddress(state)
      if (!caipAddress || !address) return EMPTY
      const cached = state.tokenBalances.byAccount[caipAddress]
      if (!force && cached && isFresh(deps.clock.now(), cached.timestamp, 'balance')) return EMPTY
      const fromApi$ = fromDataApi(state, deps, caipAddress, address, force)
      const wallet = discoveringWallet(state, deps)
      const key = wallet ? `${wallet.connectorId}|${caipAddress.toLowerCase()}` : ''
      const known = discovers.get(key)
      if (!wallet || known === false) return fromApi$
      return walletAssets(deps, wallet, address, known === true).pipe(
        switchMap((balances) => {
          discovers.set(key, balances !== 'unsupported')
          return Array.isArray(balances) ? of(tokenBalancesFetched({ caipAddress, balances, source: 'wallet' })) : fromApi$
        }),
      )
    }),
  )
}

/** The active EVM connection whose wallet may list its assets: its connector and network. */
type DiscoveringWallet = { connectorId: string; network: Network }

function discoveringWallet(state: ModalState, deps: Partial<ChainDeps>): DiscoveringWallet | null {
  if (state.connection.activeNamespace !== 'eip155' || !deps.adapters?.eip155?.evm?.getProvider) return null
  const connection = selectActiveConnection(state, 'eip155')
  const network = selectActiveNetwork(state)
  return connection && network?.chainNamespace === 'eip155' ? { connectorId: connection.connectorId, network } : null
}

/**
 * The wallet's own balances on the network (`wallet_getAssets` once its capabilities say
 * `assetDiscovery`, or at once when they said so before: `discovers`); 'unsupported' when they do not (or the wallet does not answer them), null
 * when the assets request fails or its answer is malformed (the data API answers this time).
 */
function walletAssets(deps: Partial<ChainDeps> & DataDeps, wallet: DiscoveringWallet, address: string, discovers: boolean): Observable<TokenBalance[] | 'unsupported' | null> {
  const chainIdHex = numberToHex(Number(wallet.network.id))
  const walletDeps = { ...deps, adapters: deps.adapters ?? {} }
  const capabilities$ = discovers ? of(true) : defer(() => evmWalletRequest(walletDeps, wallet.connectorId, 'wallet_getCapabilities', [address, [chainIdHex]])).pipe(
    timeout({ first: CAPABILITIES_TIMEOUT_MS, scheduler: deps.scheduler }),
    map((answer) => supportsAssetDiscovery(answer, chainIdHex)),
    catchError(() => of(false)),
  )
  return capabilities$.pipe(
    switchMap((supported) =>
      !supported
        ? of('unsupported' as const)
        : defer(() => evmWalletRequest(walletDeps, wallet.connectorId, 'wallet_getAssets', [{ account: address, chainFilter: [chainIdHex] }])).pipe(
            map((answer) => walletAssetBalances(answer, wallet.network)),
            catchError(() => of(null)),
          ),
    ),
  )
}

/** The balances from the blockchain data API, where it serves this namespace. */
function fromDataApi(state: ModalState, deps: DataDeps, caipAddress: string, address: string, force: boolean): Observable<ReturnType<typeof tokenBalancesFetched> | ReturnType<typeof tokenBalancesFailed>> {
  const api = deps.api.blockchain
  if (!api || !apiServesBalances(state, deps)) return EMPTY
  const chainId = caipAddress.slice(0, caipAddress.length - address.length - 1)
  return fromAbortable((signal) => api.getBalance({ address, chainId, currency: 'usd', ...(force ? { forceUpdate: true } : {}) }, { signal })).pipe(
    map((balances) =>
      balances
        ? tokenBalancesFetched({ caipAddress, balances })
        : tokenBalancesFailed({ caipAddress, error: serializeError(new GangwayError('Token Balance Unavailable', { details: caipAddress })) }),
    ),
    catchError((error: unknown) =>
      // An aborted lookup is not a failure: recording one would hold the balance unknown for 30 s.
      isAborted(error) ? EMPTY : of(tokenBalancesFailed({ caipAddress, error: serializeError(error, 'Token Balance Unavailable') })),
    ),
  )
}

function isAborted(error: unknown): boolean {
  return error instanceof GangwayError && error.code === 'ABORTED'
}

/** Whether the blockchain data API looks up this account's balances (else the RPC is asked directly). */
export function apiServesBalances(state: ModalState, deps: Partial<ApiDeps>): boolean {
  const namespace = state.connection.activeNamespace
  return !!deps.api?.blockchain && !!namespace && isFeatureSupported('balances', namespace)
}
