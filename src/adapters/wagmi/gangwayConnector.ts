import { ChainNotConfiguredError, ConnectorNotConnectedError, createConnector } from '@wagmi/core'
import { getAddress, isAddress, SwitchChainError, UserRejectedRequestError, type Address } from 'viem'
import type { Modal } from '../../createModal.js'
import { RPC_TIMEOUT_MS } from '../../core/domain/constants.js'
import { ModalClosedError } from '../../core/errors/connection.js'
import { isUserRejection } from '../../core/errors/isUserRejection.js'
import type { Eip1193Provider } from '../../core/ports.js'
import { selectActiveCaipNetworkId } from '../../core/selectors.js'
import type { ModalState } from '../../core/state.js'
import { evmChainIdOf, gangwayConnection, sameAccounts, type GangwayConnection } from './gangwayConnection.js'

/** What the connector uses of a Gangway modal (`createModal(…)` gives all of it). */
export type GangwayModal = Pick<Modal, 'ready' | 'getState' | 'subscribe' | 'open' | 'getProvider' | 'switchNetwork' | 'disconnect'>

export type GangwayConnectorOptions = {
  /** wagmi's connector id (default `'gangway'`); wagmi remembers the last one used by it. */
  id?: string
  /** The name wagmi shows (default `'Gangway'`). */
  name?: string
  icon?: string
}

/**
 * A wagmi connector whose wallet is the one connected in a Gangway modal, whichever it is (an
 * injected or EIP-6963 wallet, or WalletConnect). wagmi's `connect()` opens the modal and
 * resolves once the visitor has connected there, or rejects with viem's
 * `UserRejectedRequestError` (code 4001, its cause Gangway's `ModalClosedError`) when the modal
 * closes first. It follows Gangway both ways: a connect, an account change, a network switch or a
 * disconnect made in the modal reach wagmi as its `connect` / `change` / `disconnect` events;
 * wagmi's `switchChain` and `disconnect` are the modal's `switchNetwork` and `disconnect` (every
 * eip155 connection). Requests go to `modal.getProvider()`.
 *
 * @example
 * const modal = createModal({ projectId, networks: networksFromChains(chains), adapters: [createEvmAdapter()] })
 * const config = createConfig({ chains, connectors: [gangwayConnector(modal)], transports, multiInjectedProviderDiscovery: false })
 */
export function gangwayConnector(modal: GangwayModal, options: GangwayConnectorOptions = {}) {
  type Provider = Eip1193Provider | undefined
  return createConnector<Provider>((config) => {
    // The connection wagmi was last told about; `connection` is the slice it was read from.
    let told: GangwayConnection | null = null
    let seen: ModalState['connection'] | undefined
    let unsubscribe: (() => void) | undefined
    // wagmi's own disconnect cleans its state up itself: no `disconnect` event for it.
    let disconnecting = false

    const follow = (state: ModalState) => {
      // Optimization: every Gangway state reaches this; only a new connection slice can matter.
      if (disconnecting || state.connection === seen) return
      seen = state.connection
      const next = gangwayConnection(state)
      const previous = told
      told = next
      if (!previous && next) config.emitter.emit('connect', { accounts: next.accounts, chainId: next.chainId })
      else if (previous && !next) config.emitter.emit('disconnect')
      else if (previous && next) {
        const change: { accounts?: readonly Address[]; chainId?: number } = {}
        if (!sameAccounts(previous.accounts, next.accounts)) change.accounts = next.accounts
        if (previous.chainId !== next.chainId) change.chainId = next.chainId
        if (change.accounts || change.chainId !== undefined) config.emitter.emit('change', change)
      }
    }

    /**
     * Resolves once Gangway's stored data is applied and its reconnect on load (if any) is over,
     * so wagmi's own reconnect sees the connection Gangway restores.
     */
    const settled = async (): Promise<ModalState> => {
      await modal.ready
      const reconnecting = (s: ModalState) => s.wallets.reconnect.eip155 !== undefined
      if (!reconnecting(modal.getState())) return modal.getState()
      await new Promise<void>((resolve) => {
        // A wallet that never answers Gangway's reconnect must not hold wagmi's up for ever.
        const timer = setTimeout(done, RPC_TIMEOUT_MS)
        const stop = modal.subscribe((s) => void (reconnecting(s) || done()))
        function done() {
          clearTimeout(timer)
          stop()
          resolve()
        }
      })
      return modal.getState()
    }

    /** Opens the modal; resolves with the connection the visitor makes, rejects when it closes first. */
    const connectInModal = () =>
      new Promise<GangwayConnection>((resolve, reject) => {
        let opened = false
        let over = false
        const stop = modal.subscribe(check)
        function check(state: ModalState) {
          if (over) return
          const connection = gangwayConnection(state)
          if (connection) finish(() => resolve(connection))
          else if (state.modal.open) opened = true
          else if (opened) finish(() => reject(new UserRejectedRequestError(new ModalClosedError())))
        }
        function finish(settle: () => void) {
          over = true
          stop()
          settle()
        }
        try {
          modal.open({ namespace: 'eip155' })
        } catch (error) {
          finish(() => reject(error))
          return
        }
        // Before the session starts the open waits; once it started it may already be applied.
        check(modal.getState())
      })

    return {
      id: options.id ?? 'gangway',
      name: options.name ?? 'Gangway',
      ...(options.icon ? { icon: options.icon } : {}),
      type: gangwayConnector.type,
      async setup() {
        if (unsubscribe) return
        unsubscribe = modal.subscribe(follow)
        // A connection Gangway already has is announced once wagmi's config is built (it is
        // not yet while connectors are set up).
        queueMicrotask(() => follow(modal.getState()))
      },
      async connect({ chainId, isReconnecting, withCapabilities } = {}) {
        let connection: GangwayConnection | null
        if (isReconnecting) {
          connection = gangwayConnection(await settled())
          if (!connection) throw new ConnectorNotConnectedError()
        } else {
          connection = gangwayConnection(modal.getState()) ?? (await connectInModal())
        }
        if (chainId !== undefined && connection.chainId !== chainId) {
          try {
            await this.switchChain!({ chainId })
          } catch (error) {
            if (error instanceof UserRejectedRequestError) throw error
            // Connected all the same, on the wallet's chain.
          }
          connection = gangwayConnection(modal.getState()) ?? connection
        }
        return {
          accounts: (withCapabilities ? connection.accounts.map((address) => ({ address, capabilities: {} })) : connection.accounts) as never,
          chainId: connection.chainId,
        }
      },
      async disconnect() {
        disconnecting = true
        try {
          // wagmi's disconnect leaves nothing connected here: every eip155 connection goes, the
          // one Gangway falls back to after the active one included.
          for (let left = connectionCount(modal.getState()); left > 0 && connectionCount(modal.getState()) > 0; left--) {
            await modal.disconnect({ namespace: 'eip155' })
          }
        } finally {
          disconnecting = false
          const state = modal.getState()
          if (gangwayConnection(state)) follow(state) // a failed disconnect: wagmi stays connected, told of any change
          else {
            told = null
            seen = state.connection
          }
        }
      },
      async getAccounts() {
        return gangwayConnection(await settled())?.accounts ?? []
      },
      async getChainId() {
        const state = await settled()
        return gangwayConnection(state)?.chainId ?? evmChainIdOf(selectActiveCaipNetworkId(state, 'eip155')) ?? config.chains[0].id
      },
      async getProvider() {
        await settled()
        return modal.getProvider('eip155')
      },
      async isAuthorized() {
        return gangwayConnection(await settled()) !== null
      },
      async switchChain({ chainId }) {
        const chain = config.chains.find((c) => c.id === chainId)
        if (!chain) throw new SwitchChainError(new ChainNotConfiguredError())
        if (gangwayConnection(modal.getState())?.chainId === chainId) return chain
        try {
          await modal.switchNetwork(`eip155:${chainId}`)
        } catch (error) {
          if (isUserRejection(error)) throw new UserRejectedRequestError(error as Error)
          throw new SwitchChainError(error as Error)
        }
        return chain
      },
      // Gangway listens to the wallet itself and its state reaches wagmi through `follow`; these
      // serve a caller that forwards a provider's EIP-1193 events by hand.
      onAccountsChanged(accounts) {
        const valid = accounts.filter((a) => isAddress(a, { strict: false }))
        if (valid.length === 0) config.emitter.emit('disconnect')
        else config.emitter.emit('change', { accounts: valid.map((a) => getAddress(a)) })
      },
      onChainChanged(chain) {
        const chainId = Number(chain)
        if (Number.isSafeInteger(chainId) && chainId > 0) config.emitter.emit('change', { chainId })
      },
      onDisconnect() {
        config.emitter.emit('disconnect')
      },
    }
  })
}

gangwayConnector.type = 'gangway' as const

function connectionCount(state: ModalState): number {
  return state.connection.byNamespace.eip155?.connections.length ?? 0
}
