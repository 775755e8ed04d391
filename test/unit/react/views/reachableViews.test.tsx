// @vitest-environment happy-dom
// The views fetched ahead of a visitor's click are those the modal can reach from where it is:
// the connect and account views at once, the account sheet's features once a wallet is
// connected, the embedded wallet's and sign-in's only when the host set them up.
import { describe, expect, it, vi } from 'vitest'
import { createMemoryStorage } from '../../../../src/adapters/storage/memoryStorage'
import { connectionSucceeded } from '../../../../src/core/events/connection/connection'
import { AUTH_CONNECTOR_ID } from '../../../../src/core/events/embeddedWallet/embeddedWallet'
import { initialState } from '../../../../src/core/reducers/rootReducer'
import type { ModalState } from '../../../../src/core/state'
import { createModal } from '../../../../src/createModal'
import { embeddedWallet } from '../../../../src/features/embeddedWallet'
import { siwx as siwxFeature } from '../../../../src/features/siwx'
import { prefetchReachableViews, reachableViewGroups, registerFeatureViews, VIEW_COMPONENTS, viewComponent } from '../../../../src/react/views/viewRegistry'
import { OPTIONAL_MODULES } from '../../../support/lazyFeatures'

const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
/** A view whose module has loaded (not its lazy stand-in, nor what a feature the host did not bring shows). */
const isLoaded = (view: keyof typeof VIEW_COMPONENTS) => {
  const component = viewComponent(view)
  return component !== VIEW_COMPONENTS[view] && !component.displayName?.startsWith('Missing(')
}

function connected(state: ModalState): ModalState {
  return {
    ...state,
    connection: {
      ...state.connection,
      activeNamespace: 'eip155',
      byNamespace: { eip155: { status: 'connected', activeConnectorId: 'w', connections: [{ connectorId: 'w', accounts: [{ address: EVM, type: 'eoa' }], caipNetworkId: 'eip155:1' }] } },
    },
  }
}

// The registry is the page's: these run in order, the features' views registered as a host brings them.
describe('reachableViewGroups', () => {
  const fresh = initialState({ projectId: 'p', adapters: ['eip155'] })

  it('a visitor with no wallet connected reaches the connect and account views only', () => {
    expect(reachableViewGroups(fresh)).toEqual(['connect', 'account'])
  })

  it('a feature the host did not bring is never reachable, connected or not', () => {
    expect(reachableViewGroups(connected(fresh))).toEqual(['connect', 'account'])
  })
})

describe('prefetchReachableViews', () => {
  it("loads the connect views at once and the account sheet's features once a wallet connects", async () => {
    const modal = createModal({ projectId: 'p', adapters: ['eip155'], storage: createMemoryStorage(), persistLog: false, modules: OPTIONAL_MODULES })
    await modal.ready
    const stop = prefetchReachableViews(modal)
    await vi.waitFor(() => expect(isLoaded('AllWallets') && isLoaded('Receive')).toBe(true), { timeout: 10_000 })
    expect(isLoaded('Swap')).toBe(false)
    modal.dispatch(connectionSucceeded({ connectorId: 'w', namespace: 'eip155', accounts: [{ address: EVM, type: 'eoa' }], caipNetworkId: 'eip155:1' }))
    await vi.waitFor(() => expect(isLoaded('Swap') && isLoaded('OnRamp') && isLoaded('RegisterAccountName')).toBe(true), { timeout: 10_000 })
    // Never set up here: the embedded wallet's and WalletConnect's views stay unfetched.
    expect(isLoaded('EmailLogin')).toBe(false)
    expect(isLoaded('ConnectingWalletConnect')).toBe(false)
    stop()
    modal.destroy()
  })
})

describe('reachableViewGroups, features brought', () => {
  const fresh = initialState({ projectId: 'p', adapters: ['eip155'] })

  it("a connected wallet adds the account sheet's features the host brought", () => {
    expect(reachableViewGroups(connected(fresh))).toEqual(['connect', 'account', 'swaps', 'onramp', 'names'])
  })

  it('sign-in views when the host set up sign-in; e-mail and social views when it set up an embedded wallet', () => {
    registerFeatureViews({ siwx: siwxFeature(), embeddedWallet: embeddedWallet({ frameUrl: 'https://auth.example/frame/' }) })
    const siwx = initialState({ projectId: 'p', adapters: ['eip155'], siwx: { required: false } })
    expect(reachableViewGroups(siwx)).toEqual(['connect', 'account', 'siwx'])
    const auth = { ...fresh, wallets: { ...fresh.wallets, connectors: [{ id: AUTH_CONNECTOR_ID, name: 'Email', type: 'AUTH', chain: 'eip155' }] } } as ModalState
    expect(reachableViewGroups(auth)).toEqual(['connect', 'account', 'embeddedWallet'])
  })
})
