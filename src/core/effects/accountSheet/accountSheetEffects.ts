import type { NamedEffect } from '../../features/defineFeature.js'
import type { DataDeps } from '../shared/dataDeps.js'
import { fetchActivity } from './fetchActivity.js'
import { fetchIdentity } from './fetchIdentity.js'
import { fetchNfts } from './fetchNfts.js'

/** The effects of the account sheet: history pages, NFTs and identities from the blockchain data API. */
export const accountSheetEffects: NamedEffect<DataDeps>[] = [
  { name: 'fetchActivity', effect: fetchActivity },
  { name: 'fetchIdentity', effect: fetchIdentity },
  { name: 'fetchNfts', effect: fetchNfts },
]
