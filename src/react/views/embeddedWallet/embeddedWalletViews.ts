// The embedded wallet's views (e-mail, social and Farcaster login, e-mail update): one chunk.
import { ConnectingFarcasterView } from './ConnectingFarcasterView.js'
import { ConnectingSocialView } from './ConnectingSocialView.js'
import { EmailLoginView } from './EmailLoginView.js'
import { UpdateEmailWalletView } from './UpdateEmailWalletView.js'
import type { ViewGroup } from '../viewProps.js'

export const embeddedWalletViews = {
  EmailLogin: EmailLoginView,
  UpdateEmailWallet: UpdateEmailWalletView,
  ConnectingSocial: ConnectingSocialView,
  ConnectingFarcaster: ConnectingFarcasterView,
} satisfies ViewGroup
