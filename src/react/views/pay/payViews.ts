// Pay's view: one chunk.
import { PayView } from './PayView.js'
import type { ViewGroup } from '../viewProps.js'

export const payViews = {
  Pay: PayView,
} satisfies ViewGroup
