import type { ViewName } from '../events/views.js'
import { DEFAULT_FEATURES, type Features, type ModalState, type SessionSettings } from '../state.js'
import { initialAccountState, initialNetworkState, initialWalletsState } from './connection/walletState.js'
import { initialApiState, initialTokenBalancesState, initialWalletListState } from './data/dataState.js'
import { initialWalletConnectState } from './walletConnect/walletConnectState.js'

/*
 * The values the base features' slices start from, apart from the slices: the first bundle
 * builds the state a modal starts in (what a host's first render and a server render show)
 * without the reducers, their events or immer, which load with the modal's engine.
 */

export function mergeFeatures(local: Partial<Features> | undefined, remote: Partial<Features> | null): Features {
  return { ...DEFAULT_FEATURES, ...local, ...remote }
}

/** A router showing `view` with nothing behind it. */
export function freshRouter(view: ViewName): ModalState['router'] {
  return { view, history: [view], data: undefined }
}

export const initialPreferences = (settings: SessionSettings): ModalState['preferences'] => ({
  themeMode: settings.themeMode ?? 'light',
  locale: settings.locale ?? 'en',
  preferredAccountType: {},
})

export const NO_THEME_VARIABLES: ModalState['theme']['variables'] = Object.freeze({})

export const SIWX_SIGN_IN_IDLE: ModalState['siwxSignIn'] = { status: 'idle', caipAddress: null, requestId: null, error: null }
export const SIWX_SESSIONS_IDLE: ModalState['siwxSessions'] = { caipAddress: null, status: 'idle', requestId: null, sessions: [], error: null, revoke: null }
export const EMAIL_LOGIN_IDLE: ModalState['emailLogin'] = { step: 'idle', email: null, requestId: null, error: null, lastRequestAt: null }
export const SOCIAL_LOGIN_IDLE: ModalState['socialLogin'] = { provider: null, step: 'idle', uri: null, clientUrl: null, requestId: null, error: null }
export const NO_EMBEDDED_USER: ModalState['embeddedUser'] = { email: null, username: null, sessionToken: null, accountTypeSwitch: null }
export const EMAIL_UPDATE_IDLE: ModalState['emailUpdate'] = { step: 'idle', email: null, code: null, requestId: null, error: null }

export const initialAccountSheetState = (): ModalState['accountSheet'] => ({ tab: 'tokens', nfts: {}, activity: {}, identities: {} })

/** Each base slice's initial value, by slice name, in the base features' order. */
export const BASE_INITIAL: { readonly [K in BaseSliceName]: (settings: SessionSettings) => ModalState[K] } = {
  // modal
  settings: (settings) => settings,
  injected: () => [],
  remoteFeatures: () => null,
  features: (settings) => mergeFeatures(settings.features, null),
  lastError: () => null,
  modal: () => ({ open: false, loading: false, shake: false, shakeStartedAt: null, namespace: null, connectFor: null, legalAccepted: false }),
  router: () => freshRouter('Connect'),
  banner: () => ({ open: false, variant: 'info', message: '', pending: null }),
  preferences: initialPreferences,
  theme: () => ({ variables: NO_THEME_VARIABLES }),
  // connection
  connection: (settings) => ({ activeNamespace: settings.defaultNamespace ?? settings.adapters[0] ?? null, byNamespace: {} }),
  wallets: initialWalletsState,
  network: initialNetworkState,
  account: initialAccountState,
  // siwx
  siwx: () => ({ sessions: {} }),
  siwxSignIn: () => ({ ...SIWX_SIGN_IN_IDLE }),
  siwxSessions: () => ({ ...SIWX_SESSIONS_IDLE }),
  // data
  walletList: initialWalletListState,
  tokenBalances: initialTokenBalancesState,
  api: initialApiState,
  // accountSheet, walletConnect, embeddedWallet
  accountSheet: initialAccountSheetState,
  walletConnect: initialWalletConnectState,
  emailLogin: () => ({ ...EMAIL_LOGIN_IDLE }),
  socialLogin: () => ({ ...SOCIAL_LOGIN_IDLE }),
  embeddedUser: () => ({ ...NO_EMBEDDED_USER }),
  emailUpdate: () => ({ ...EMAIL_UPDATE_IDLE }),
}

type BaseSliceName =
  | 'settings' | 'injected' | 'remoteFeatures' | 'features' | 'lastError' | 'modal' | 'router' | 'banner' | 'preferences' | 'theme'
  | 'connection' | 'wallets' | 'network' | 'account'
  | 'siwx' | 'siwxSignIn' | 'siwxSessions'
  | 'walletList' | 'tokenBalances' | 'api'
  | 'accountSheet' | 'walletConnect' | 'emailLogin' | 'socialLogin' | 'embeddedUser' | 'emailUpdate'

/**
 * The state a modal starts in before its engine has loaded: every base slice's initial value,
 * then those of the host's own feature modules (`modules` option). The engine starts from the
 * same state (a test compares them).
 */
export function baseInitialState(settings: SessionSettings, extra: readonly { name: string; initial: (settings: SessionSettings) => unknown }[] = []): ModalState {
  const state: Record<string, unknown> = {}
  for (const [name, initial] of Object.entries(BASE_INITIAL)) state[name] = (initial as (s: SessionSettings) => unknown)(settings)
  for (const s of extra) state[s.name] = s.initial(settings)
  return state as ModalState
}
