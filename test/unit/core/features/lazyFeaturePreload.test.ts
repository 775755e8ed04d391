// The lazy features a host configured (swaps, on-ramp, names with a data API) are fetched ahead
// of need once the page is idle and a wallet is connected: their views open from the account
// sheet, so before a connection they would be requests a visitor's first click never needs.
import { describe, expect, it } from 'vitest'
import { connectionSucceeded } from '../../../../src/core/events/connection/connection'
import { LAZY_FEATURE_DESCRIPTIONS } from '../../../../src/core/features/lazyFeatureDescriptions'
import { initialState, rootReducer } from '../../../../src/core/reducers/rootReducer'
import type { ModalState, SessionSettings } from '../../../../src/core/state'
import { preloadLazyFeatures } from '../../../../src/preloadLazyFeatures'

const WITH_API: SessionSettings = { projectId: 'p', adapters: ['eip155'], services: { blockchainApi: true }, optionalFeatures: ['swaps', 'onramp', 'names'] }
const CONNECTED = connectionSucceeded({ connectorId: 'w', namespace: 'eip155', accounts: [{ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', type: 'eoa' }], caipNetworkId: 'eip155:1' })

/** A store whose state the test moves, and the feature loads asked for. */
function setUp(settings: SessionSettings) {
  let state = initialState(settings)
  const listeners = new Set<(s: ModalState) => void>()
  const loads: string[] = []
  const store = {
    getState: () => state,
    subscribe(listener: (s: ModalState) => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
  const composed = { lazy: LAZY_FEATURE_DESCRIPTIONS, load: async (name: string) => void loads.push(name) }
  return {
    store,
    composed,
    loads,
    listeners,
    connect() {
      state = rootReducer(state, { ...CONNECTED, at: 1, seq: 1 } as never)
      for (const l of [...listeners]) l(state)
    },
  }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('preloadLazyFeatures', () => {
  it('waits for an idle page and a connected wallet, then loads the configured features once', async () => {
    const t = setUp(WITH_API)
    let idle!: (v: boolean) => void
    preloadLazyFeatures(t.store, t.composed, WITH_API, new Promise((r) => (idle = r)))
    idle(true)
    await tick()
    expect(t.loads).toEqual([])
    t.connect()
    expect(t.loads.sort()).toEqual(['names', 'onramp', 'swaps'])
    // Done: it no longer listens.
    expect(t.listeners.size).toBe(0)
    t.connect()
    expect(t.loads).toHaveLength(3)
  })

  it('loads at once on an idle page whose wallet is already connected (a returning visitor)', async () => {
    const t = setUp(WITH_API)
    t.connect()
    preloadLazyFeatures(t.store, t.composed, WITH_API, Promise.resolve(true))
    await tick()
    expect(t.loads.sort()).toEqual(['names', 'onramp', 'swaps'])
  })

  it('loads nothing without a data API, without the modules, off a browser (never idle), or once stopped', async () => {
    const bare = setUp({ projectId: 'p', adapters: ['eip155'] })
    preloadLazyFeatures(bare.store, bare.composed, { projectId: 'p', adapters: ['eip155'] }, Promise.resolve(true))
    bare.connect()
    await tick()
    expect(bare.loads).toEqual([])

    // The data API alone: the host passed no module, so no feature is on.
    const apiOnly: SessionSettings = { ...WITH_API, optionalFeatures: undefined }
    const unbrought = setUp(apiOnly)
    unbrought.connect()
    preloadLazyFeatures(unbrought.store, unbrought.composed, apiOnly, Promise.resolve(true))
    await tick()
    expect(unbrought.loads).toEqual([])

    const server = setUp(WITH_API)
    server.connect()
    preloadLazyFeatures(server.store, server.composed, WITH_API, Promise.resolve(false))
    await tick()
    expect(server.loads).toEqual([])

    const stopped = setUp(WITH_API)
    const stop = preloadLazyFeatures(stopped.store, stopped.composed, WITH_API, Promise.resolve(true))
    await tick()
    stop()
    stopped.connect()
    expect(stopped.loads).toEqual([])
  })
})
