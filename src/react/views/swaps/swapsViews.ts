// The swaps feature's views: one chunk.
import { ApproveTransactionView } from './ApproveTransactionView.js'
import { SwapView } from './SwapView.js'
import type { ViewGroup } from '../viewProps.js'

export const swapsViews = {
  Swap: SwapView,
  ApproveTransaction: ApproveTransactionView,
} satisfies ViewGroup
