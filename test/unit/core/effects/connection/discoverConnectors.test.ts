import { describe, it } from 'vitest'
import { discoverConnectors } from '../../../../../src/core/effects/connection/discoverConnectors'
import { connectorsChanged } from '../../../../../src/core/events/connection/connectors'
import { effectFailed } from '../../../../../src/core/events/modal/effects'
import { sessionStarted } from '../../../../../src/core/events/modal/session'
import type { Connector } from '../../../../../src/core/domain/entities'
import { GangwayError, serializeError } from '../../../../../src/core/errors/base'
import { EffectScheduler, runEffect } from '../../../../support/runEffect'
import { TEST_SETTINGS } from '../../../../support/stateAfter'
import { fakeAdapter } from '../fakes'

const connector = (id: string, chain: 'eip155' | 'solana' = 'eip155'): Connector => ({ id, name: id, chain, type: 'ANNOUNCED', installed: true })
const start = sessionStarted(TEST_SETTINGS)

describe('discoverConnectors', () => {
  it("after the session starts, every adapter's connector lists become events, as they change", () => {
    new EffectScheduler().run(({ cold, expectObservable }) => {
      const evm = fakeAdapter({ connectors: () => cold('a 49ms b', { a: [connector('x')], b: [connector('x'), connector('y')] }) })
      const sol = fakeAdapter({ connectors: () => cold('10ms p', { p: [connector('phantom', 'solana')] }) }, 'solana')
      const out = runEffect(discoverConnectors, { events: { marble: '5ms s', values: { s: start } }, deps: { adapters: { eip155: evm.adapter, solana: sol.adapter } } })
      expectObservable(out).toBe('5ms a 9ms p 39ms b', {
        a: connectorsChanged({ namespace: 'eip155', connectors: [connector('x')] }),
        p: connectorsChanged({ namespace: 'solana', connectors: [connector('phantom', 'solana')] }),
        b: connectorsChanged({ namespace: 'eip155', connectors: [connector('x'), connector('y')] }),
      })
    })
  })

  it('nothing is discovered before the session starts, and a second start does not subscribe twice', () => {
    new EffectScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const list = cold('a', { a: [connector('x')] })
      const evm = fakeAdapter({ connectors: () => list })
      const out = runEffect(discoverConnectors, { events: { marble: '20ms s 9ms s', values: { s: start } }, deps: { adapters: { eip155: evm.adapter } } })
      expectObservable(out).toBe('20ms a', { a: connectorsChanged({ namespace: 'eip155', connectors: [connector('x')] }) })
      expectSubscriptions(list.subscriptions).toBe('20ms ^')
    })
  })

  it("an adapter whose discovery fails reports effect/failed; the others keep reporting", () => {
    new EffectScheduler().run(({ cold, expectObservable }) => {
      const broken = fakeAdapter({ connectors: () => cold('5ms #', undefined, new GangwayError('Boom')) }, 'solana')
      const evm = fakeAdapter({ connectors: () => cold('a 9ms b', { a: [], b: [connector('x')] }) })
      const out = runEffect(discoverConnectors, { events: { marble: 's', values: { s: start } }, deps: { adapters: { solana: broken.adapter, eip155: evm.adapter } } })
      expectObservable(out).toBe('a 4ms f 4ms b', {
        a: connectorsChanged({ namespace: 'eip155', connectors: [] }),
        f: effectFailed({ effect: 'discoverConnectors(solana)', error: serializeError(new GangwayError('Boom')) }),
        b: connectorsChanged({ namespace: 'eip155', connectors: [connector('x')] }),
      })
    })
  })
})
