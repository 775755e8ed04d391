import { DEFAULT_CONNECTOR_ORDER, DEFAULT_SOCIALS, DEFAULT_WALLET_ACTIONS, type ConnectMethod } from './domain/constants.js'
import type { BannerVariant } from './events/modal/banner.js'
import type { Namespace, ViewName } from './events/views.js'
import type { Network } from './domain/entities.js'
import type { AccountState, NetworkState, WalletMemory, WalletsState } from './reducers/connection/walletState.js'
import type { ApiState, TokenBalancesState, WalletListState } from './reducers/data/dataState.js'
import type { AccountSheetState } from './reducers/accountSheet/accountSheetReducer.js'
import type { SiwxSignInState } from './reducers/siwx/siwxSignInReducer.js'
import type { SiwxSessionsState } from './reducers/siwx/siwxSessionsReducer.js'
import type { NameRegistrationState } from './reducers/names/nameRegistrationReducer.js'
import type { SwapState } from './reducers/swaps/swapReducer.js'
import type { OnrampState } from './reducers/onramp/onrampReducer.js'
import type { CallsBatch, CallsState } from './reducers/calls/callsReducer.js'
import type { PermissionGrant, PermissionsState } from './reducers/permissions/permissionsReducer.js'
import type { PayState } from './reducers/pay/payReducer.js'
import type { EmailLoginState } from './reducers/embeddedWallet/emailLoginReducer.js'
import type { SocialLoginState } from './reducers/embeddedWallet/socialLoginReducer.js'
import type { EmailUpdateState, EmbeddedUserState } from './reducers/embeddedWallet/emailUpdateReducer.js'
import type { WalletConnectState } from './reducers/walletConnect/walletConnectState.js'
import type { ThemeState } from './reducers/modal/themeReducer.js'

/** Feature flags of spec §1. Local defaults < host options < remote project configuration. */
export type Features = {
  receive: boolean
  send: boolean
  swaps: boolean
  onramp: boolean
  email: boolean
  socials: string[] | false
  activity: boolean
  multiWallet: boolean
  analytics: boolean
  allWallets: boolean
  legalCheckbox: boolean
  smartSessions: boolean
  collapseWallets: boolean
  pay: boolean
  connectorOrder: string[]
  walletActionOrder: string[]
}

export const DEFAULT_FEATURES: Features = {
  receive: true,
  send: true,
  swaps: true,
  onramp: true,
  email: true,
  socials: [...DEFAULT_SOCIALS],
  activity: true,
  multiWallet: false,
  analytics: true,
  allWallets: true,
  legalCheckbox: false,
  smartSessions: false,
  collapseWallets: false,
  pay: false,
  connectorOrder: [...DEFAULT_CONNECTOR_ORDER],
  walletActionOrder: [...DEFAULT_WALLET_ACTIONS],
}

export type ThemeMode = 'light' | 'dark'
export type AccountType = 'eoa' | 'smartAccount'
export type ConnectionStatus = 'disconnected' | 'connecting' | 'reconnecting' | 'connected'

/** What a page load starts with: host options as data plus what the environment told us. */
export type SessionSettings = {
  projectId: string
  features?: Partial<Features>
  themeMode?: ThemeMode
  /** Namespaces that have a chain adapter (WalletConnect alone serves eip155). */
  adapters: Namespace[]
  /** The host passed no chain adapter: wallets come only through WalletConnect (spec §2 opening rule). */
  noChainAdapters?: boolean
  defaultNamespace?: Namespace
  /** The host drives WalletConnect itself. */
  manualControl?: boolean
  /** Embedded mode: the modal is part of the page, closing shows Account when connected. */
  embedded?: boolean
  isMobile?: boolean
  /** The page runs inside a messaging mini-app (Telegram): some social logins are left out there. */
  miniApp?: 'telegram'
  /** Sign-in with a wallet: `required` keeps SIWXSignMessage open until a session exists; `statement` is the message's line to the visitor. */
  siwx?: { required: boolean; statement?: string; hosted?: boolean }
  /** The app's terms of service and privacy policy: Connect links them (and asks for consent with the legalCheckbox feature). */
  legal?: { termsUrl?: string; privacyUrl?: string }
  /** The modal's language at start (BCP 47, canonical). */
  locale?: string
  /** The EIP-155 networks (CAIP-2) swaps are offered on; the 12 default ones when absent. */
  swapChains?: string[]
  smartAccounts?: { enabled: boolean }
  allowUnsupportedChain?: boolean
  enableNetworkSwitch?: boolean
  /** The networks the host supports (spec §3 Network data), in the host's order. */
  networks?: Network[]
  /** Reconnect previously authorised wallets on load (default true). */
  reconnect?: boolean
  /** Which HTTP services (spec §7) the host configured; without one, nothing is requested from it. */
  services?: { walletDirectory?: boolean; blockchainApi?: boolean }
  /**
   * Wallet directory ids: featured first, only `include`d ones listed, `exclude`d ones hidden;
   * wallets (directory wallets and the browser's alike) hidden by rdns or by name (spec §5).
   */
  walletFilters?: { featured?: string[]; include?: string[]; exclude?: string[]; excludeRdns?: string[]; excludeNames?: string[] }
  /** The host's order of Connect's ways to connect; the methods it leaves out follow in spec §1's order. */
  connectMethodsOrder?: ConnectMethod[]
  /**
   * The optional features whose modules the host passed (`swaps()`, `onramp()`, `names()` in
   * `modules`): one not listed stays off whatever the feature flags say, its code not in the build.
   */
  optionalFeatures?: string[]
}

/** A connected account; Bitcoin's carry their public key (hex) and derivation path when the wallet told them. */
export type Account = { address: string; type: AccountType | 'payment' | 'ordinal'; publicKey?: string; path?: string }
export type Connection = {
  connectorId: string
  accounts: Account[]
  caipNetworkId: string
  auth?: string
}
export type NamespaceConnection = {
  status: ConnectionStatus
  connections: Connection[]
  activeConnectorId: string | null
}

/**
 * The whole state: one key per slice of the built-in features (a test checks it equals the state
 * their slices make).
 */
export type ModalState = {
  settings: SessionSettings
  /** The features loaded on first need that have joined the state (`feature/injected`), in order. */
  injected: readonly string[]
  features: Features
  /** Remote configuration as fetched; kept to re-merge when local options change. */
  remoteFeatures: Partial<Features> | null
  modal: {
    open: boolean
    loading: boolean
    shake: boolean
    shakeStartedAt: number | null
    namespace: Namespace | null
    /**
     * Connect was opened for this namespace (a switch to a chain family with no connection, or
     * `open({ view: 'Connect', namespace })`): it lists only that namespace's wallets. Null: all.
     */
    connectFor: Namespace | null
    /** The visitor ticked the legal checkbox (legalCheckbox feature) during this page's session. */
    legalAccepted: boolean
  }
  router: { view: ViewName; history: ViewName[]; data: unknown }
  banner: {
    open: boolean
    variant: BannerVariant
    message: string
    pending: { variant: BannerVariant; message: string; seq: number } | null
  }
  connection: {
    activeNamespace: Namespace | null
    byNamespace: Partial<Record<Namespace, NamespaceConnection>>
  }
  preferences: {
    themeMode: ThemeMode
    /** The modal's language (BCP 47, or 'auto' for the browser's, resolved where it shows): the `locale` option, then `setLocale`; English without a translation. */
    locale: string
    preferredAccountType: Partial<Record<Namespace, AccountType>>
  }
  /** Theme variables set at run time (`setThemeVariables`), laid over the `themeVariables` option. */
  theme: ThemeState
  siwx: { sessions: Record<string, unknown> }
  /** The sign-in under way (SIWXSignMessage). */
  siwxSignIn: SiwxSignInState
  siwxSessions: SiwxSessionsState
  // The slices below, up to the e-mail login, belong to features that join when first needed
  // (LAZY_FEATURES): a state before their `feature/injected` event has none of them.
  nameRegistration?: NameRegistrationState
  swap?: SwapState
  onramp?: OnrampState
  /** Batched calls (EIP-5792): batches sent and where they are, the account's capabilities. */
  calls?: CallsState
  /** Session permissions (ERC-7715): the request under way, the grants and their status. */
  permissions?: PermissionsState
  /** Pay: the payment a host asked for (`modal.pay`) and where it is. */
  pay?: PayState
  /** The e-mail login under way (EmailLogin). */
  emailLogin: EmailLoginState
  /** The social or Farcaster login under way (ConnectingSocial, ConnectingFarcaster). */
  socialLogin: SocialLoginState
  /** The embedded wallet's user once connected (its e-mail and user name). */
  embeddedUser: EmbeddedUserState
  /** The e-mail update under way (UpdateEmailWallet). */
  emailUpdate: EmailUpdateState
  wallets: WalletsState
  network: NetworkState
  account: AccountState
  /** Wallet-directory lists: AllWallets pages, search, featured and recommended wallets. */
  walletList: WalletListState
  /** Token balances from the blockchain data API. */
  tokenBalances: TokenBalancesState
  api: ApiState
  /** The Account view's tab, the account's activity pages and identities. */
  accountSheet: AccountSheetState
  /** The WalletConnect pairing: its URI, expiry and the wallet it is for. */
  walletConnect: WalletConnectState
  lastError: { source: string; shortMessage: string; code?: number | string | undefined; at: number } | null
}

/** The slices persistence keeps across reloads. */
export type DurableState = {
  /** The visitor's preferences; the language is the host's to set on each load, not kept. */
  preferences: Omit<ModalState['preferences'], 'locale'>
  siwx: ModalState['siwx']
  wallets?: WalletMemory
  /** The embedded wallet's session, e-mail, user name and last e-mail login (spec §9's stored keys). */
  embeddedWallet?: { email?: string | null; username?: string | null; sessionToken?: string | null; lastEmailLoginAt?: number | null }
  /** Batched calls still pending (EIP-5792), followed again after a reload. */
  calls?: { batches: CallsBatch[] }
  /** Granted session permissions (ERC-7715), so they outlive the page. */
  permissions?: { grants: PermissionGrant[] }
  /** The network last in use (spec §9's "last used chain"), CAIP-2. */
  network?: { lastUsed: string }
}
