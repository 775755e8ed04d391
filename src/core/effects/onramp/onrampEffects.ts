import type { NamedEffect } from '../../features/defineFeature.js'
import { buyFromProvider } from './buyFromProvider.js'
import type { DataDeps } from '../shared/dataDeps.js'
import { fetchOnrampActivity } from './fetchOnrampActivity.js'
import { fetchOnrampOptions } from './fetchOnrampOptions.js'
import { quoteOnramp } from './quoteOnramp.js'

/** The effects of buying crypto. */
export const onrampEffects: NamedEffect<DataDeps>[] = [
  { name: 'fetchOnrampOptions', effect: fetchOnrampOptions },
  { name: 'quoteOnramp', effect: quoteOnramp },
  { name: 'buyFromProvider', effect: buyFromProvider },
  { name: 'fetchOnrampActivity', effect: fetchOnrampActivity },
]
