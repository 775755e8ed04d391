import { defineEvent } from '../defineEvent.js'
import { empty, nullable, object, optional, string } from '../schema.js'
import { serializedErrorSchema } from '../../errors/base.js'

/** The id of the WalletConnect connector (type WALLET_CONNECT) in the eip155 namespace. */
export const WALLET_CONNECT_CONNECTOR_ID = 'walletConnect'

/** The wallet a WalletConnect pairing is meant for: its icon sits in the QR code, its links open it. */
export type WalletConnectWallet = {
  id: string
  name: string
  imageUrl?: string
  mobile_link?: string | null
  desktop_link?: string | null
  webapp_link?: string | null
}

const walletSchema = object({
  id: string(),
  name: string(),
  imageUrl: optional(string()),
  mobile_link: optional(nullable(string())),
  desktop_link: optional(nullable(string())),
  webapp_link: optional(nullable(string())),
})

/** The WalletConnect provider is loaded and ready (prefetched when the modal opened, or on first use). */
export const walletConnectProviderLoaded = defineEvent('walletConnect/providerLoaded', empty())
/** The WalletConnect provider could not be loaded or started. */
export const walletConnectProviderFailed = defineEvent(
  'walletConnect/providerFailed',
  object({ error: serializedErrorSchema }),
)

/**
 * The visitor picked a wallet to connect over WalletConnect (from the wallet directory), or none
 * for the plain WalletConnect entry. Sent before the `connection/requested` it belongs to.
 */
export const walletConnectWalletSelected = defineEvent(
  'walletConnect/walletSelected',
  object({ wallet: nullable(walletSchema) }),
)

/**
 * A pairing URI for the connect attempt of the same requestId. It counts as expired 4 min after
 * it arrived (spec §9), and is refreshed once 10 s or less are left (spec §5).
 */
export const pairingUriReceived = defineEvent('walletConnect/pairingUriReceived', object({ uri: string() }))

/** The pairing URI is about to expire (or the visitor asked): a fresh one replaces it. */
export const pairingRefreshRequested = defineEvent('walletConnect/pairingRefreshRequested', empty())

/**
 * Make a pairing before the visitor picks a wallet (mobile), so the wallet's deep link can open
 * from their tap with the URI already there.
 */
export const pairingPrefetchRequested = defineEvent('walletConnect/pairingPrefetchRequested', empty())

/** The WalletConnect events, for the catalogue. */
export const WALLET_CONNECT_EVENTS = [
  walletConnectProviderLoaded,
  walletConnectProviderFailed,
  walletConnectWalletSelected,
  pairingPrefetchRequested,
  pairingUriReceived,
  pairingRefreshRequested,
] as const
