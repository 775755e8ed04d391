import type { SessionNamespace } from '../../core/domain/entities.js'
import { missingPeer } from '../optionalPeer.js'

/** A WalletConnect session as the provider keeps it (the fields the adapter reads). */
export type WalletConnectSession = {
  topic: string
  /** Seconds since the epoch. */
  expiry?: number
  namespaces: Record<string, { accounts: string[]; chains?: string[]; methods: string[]; events: string[] }>
  authentication?: unknown[]
  /** What the wallet added to the session (strings; Bitcoin wallets put `bip122_getAccountAddresses` here). */
  sessionProperties?: Record<string, unknown>
}

/** What a connect asks the wallet for. */
export type WalletConnectConnectParams = {
  optionalNamespaces: Record<string, SessionNamespace>
  authentication?: { domain: string; uri: string; nonce: string; chains: string[]; statement?: string; ttl?: number }[]
}

/**
 * The part of `@walletconnect/universal-provider` the adapter uses. Tests pass a fake with the
 * same shape; the product loads the real one lazily.
 */
export interface WalletConnectProvider {
  session?: WalletConnectSession | undefined
  connect(params: WalletConnectConnectParams): Promise<WalletConnectSession | undefined>
  request<T = unknown>(args: { method: string; params?: unknown }, chain?: string): Promise<T>
  disconnect(): Promise<void>
  setDefaultChain(chain: string, rpcUrl?: string): void
  on(event: string, listener: (...args: any[]) => void): void
  removeListener(event: string, listener: (...args: any[]) => void): void
  /** The SDK's client; its relayer reports a socket the relay refused as `relayer_error`. */
  client?: { core?: { relayer?: { on(event: string, listener: (error: unknown) => void): unknown } } }
}

/** What the provider is started with. */
export type WalletConnectProviderInit = {
  projectId: string
  relayUrl?: string
  metadata?: { name: string; description: string; url: string; icons: string[] }
  customStoragePrefix: string
  /** A key-value storage of the SDK's shape; its own IndexedDB storage when absent. */
  storage?: unknown
}

/**
 * Loads `@walletconnect/universal-provider` with a dynamic import, so it is a chunk of its own
 * that host pages fetch only when WalletConnect is used or prefetched, and starts it.
 *
 * @example
 * const provider = await loadUniversalProvider({ projectId, relayUrl, customStoragePrefix: 'gangway' })
 */
export async function loadUniversalProvider(init: WalletConnectProviderInit): Promise<WalletConnectProvider> {
  let loaded: typeof import('@walletconnect/universal-provider')
  // In a try block of its own: webpack and Turbopack then build a host that did not install it.
  try {
    loaded = await import('@walletconnect/universal-provider')
  } catch (error) {
    throw missingPeer(error, ['@walletconnect/universal-provider', '@walletconnect/utils'], 'WalletConnect')
  }
  const { UniversalProvider } = loaded
  const provider = await UniversalProvider.init({
    projectId: init.projectId,
    ...(init.relayUrl ? { relayUrl: init.relayUrl } : {}),
    ...(init.metadata ? { metadata: init.metadata } : {}),
    customStoragePrefix: init.customStoragePrefix,
    ...(init.storage ? { storage: init.storage as never } : {}),
    logger: 'error',
  })
  return provider as unknown as WalletConnectProvider
}
