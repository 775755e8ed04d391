// The batched-calls feature's views: one chunk.
import { BatchApproveTransactionView } from './BatchReview.js'
import type { ViewGroup } from '../viewProps.js'

export const callsViews = {
  ApproveTransaction: BatchApproveTransactionView,
} satisfies ViewGroup
