// Sign-in with a wallet's views: one chunk.
import { SiwxSessionsView } from './SiwxSessionsView.js'
import { SiwxSignMessageView } from './SiwxSignMessageView.js'
import type { ViewGroup } from '../viewProps.js'

export const siwxViews = {
  SIWXSignMessage: SiwxSignMessageView,
  SiwxSessions: SiwxSessionsView,
} satisfies ViewGroup
