import { catchError, defer, filter, groupBy, map, mergeMap, of, switchMap } from 'rxjs'
import type { GetWalletsParams } from '../../apiPorts.js'
import { RECOMMENDED_WALLETS_COUNT, WALLET_SEARCH_ENTRIES, WALLETS_PAGE_SIZE } from '../../domain/constants.js'
import type { WalletRecord } from '../../domain/entities.js'
import { walletListPageFailed, walletListPageLoaded, walletListPageRequested, walletListRequestId } from '../../events/data/walletList.js'
import { GangwayError, serializeError } from '../../errors/base.js'
import type { ListedWallet, WalletListName } from '../../reducers/data/dataState.js'
import type { ModalState } from '../../state.js'
import type { Effect } from '../runtime/runEffects.js'
import { ofType } from '../runtime/ofType.js'
import { fromAbortable, type DataDeps } from '../shared/dataDeps.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'

/**
 * Loads the page a wallet list asked for (the reducer decides whether a request is taken and
 * which page it is). Per list, a newer request supersedes an older one, whose call is aborted.
 */
export const fetchWalletPages: Effect<DataDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(walletListPageRequested),
    filter((e) => isCurrentRequest(state$.value.walletList.lists[e.payload.list].pending?.requestId, walletListRequestId(e))),
    groupBy((e) => e.payload.list),
    mergeMap((requests$) =>
      requests$.pipe(
        switchMap((e) => {
          const { list } = e.payload
          const requestId = walletListRequestId(e)
          const state = state$.value
          const page = state.walletList.lists[list].pending?.page ?? 1
          const directory = deps.api.directory
          return defer(() => {
            if (!directory) throw new GangwayError('Something went wrong', { details: 'No wallet directory is configured' })
            return fromAbortable((signal) => directory.getWallets(walletQuery(state, list, page), { signal }))
          }).pipe(
            map(({ data, count }) => walletListPageLoaded({ list, page, wallets: data.map(listedWallet), count }, { requestId })),
            catchError((error: unknown) => of(walletListPageFailed({ list, page, error: serializeError(error) }, { requestId }))),
          )
        }),
      ),
    ),
  )

/**
 * The directory query of one page of a list (spec §9: 40 per page, 100 per search, 4
 * recommended). Lists keep to the host's networks and include / exclude ids; featured wallets
 * are listed first by the view, so the listing and the recommendations leave them out.
 *
 * @example
 * walletQuery(state, 'search', 1) // { page: 1, entries: 100, search: 'vault', chains: ['eip155:31337'], … }
 */
export function walletQuery(state: ModalState, list: WalletListName, page: number): GetWalletsParams {
  const filters = state.settings.walletFilters ?? {}
  const featured = filters.featured ?? []
  const include = filters.include ?? []
  const exclude = filters.exclude ?? []
  const chains = [...new Set((state.settings.networks ?? []).map((n) => n.caipNetworkId))]
  const scope: Pick<GetWalletsParams, 'include' | 'chains'> = {}
  if (include.length) scope.include = include
  if (chains.length) scope.chains = chains
  const withExclude = (ids: readonly string[]) => (ids.length ? { exclude: [...new Set(ids)] } : {})
  switch (list) {
    case 'all':
      return { page, entries: WALLETS_PAGE_SIZE, ...scope, ...withExclude([...exclude, ...featured]) }
    case 'search':
      return { page, entries: WALLET_SEARCH_ENTRIES, search: state.walletList.lists.search.query, ...scope, ...withExclude(exclude) }
    case 'featured':
      // The host named these wallets: they are shown whatever the network filter says.
      return { page, entries: Math.max(featured.length, 1), include: featured, ...withExclude(exclude) }
    case 'excluded':
      // The records of the wallets the host excludes by id, whatever the network filter says.
      return { page, entries: Math.max(exclude.length, 1), include: exclude }
    case 'recommended': {
      // Wallets hidden by rdns or name are left out after the answer: ask for as many more.
      const hidden = (filters.excludeRdns?.length ?? 0) + (filters.excludeNames?.length ?? 0)
      return { page, entries: Math.min(RECOMMENDED_WALLETS_COUNT + hidden, WALLETS_PAGE_SIZE), ...scope, ...withExclude([...exclude, ...featured]) }
    }
  }
}

/** The fields of a directory record the lists keep; the rest would only swell the event log. */
export function listedWallet(record: WalletRecord): ListedWallet {
  const out: ListedWallet = { id: record.id, name: record.name }
  if (record.image_id) out.image_id = record.image_id
  if (record.image_url) out.image_url = record.image_url
  if (record.mobile_link) out.mobile_link = record.mobile_link
  if (record.desktop_link) out.desktop_link = record.desktop_link
  if (record.webapp_link) out.webapp_link = record.webapp_link
  if (record.rdns) out.rdns = record.rdns
  if (record.badge_type) out.badge_type = record.badge_type
  // Where to get the wallet ("Get <wallet>"): web pages only (checked when the record was read).
  for (const key of ['homepage', 'chrome_store', 'app_store', 'play_store'] as const) if (record[key]) out[key] = record[key]
  // The chain families, not every chain id: all a namespace Connect needs, at a fraction of the size.
  if (Array.isArray(record.chains)) out.namespaces = [...new Set(record.chains.flatMap((c) => (typeof c === 'string' && c.includes(':') ? [c.slice(0, c.indexOf(':'))] : [])))]
  return out
}
