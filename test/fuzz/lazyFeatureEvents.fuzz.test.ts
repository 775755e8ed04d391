import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { InvalidInputError } from '../../src/core/errors/base'
import { EventLog } from '../../src/core/eventLog'
import { LAZY_FEATURES } from '../support/lazyFeatures'
import { namesFeature } from '../../src/core/features/names'
import { onrampFeature } from '../../src/core/features/onramp'
import { swapsFeature } from '../../src/core/features/swaps'
import { modalReducer } from '../support/modalReducer'
import { createTestModal } from '../support/testModal'
import { settle } from '../support/virtualTime'
import { junkArb } from '../unit/core/junkValues'
import { fuzzParams } from './fuzzParams'

// The boundary: a host (or an effect) dispatches an event of a feature whose chunk has not
// loaded, so its schema is not there yet. The payload is taken as JSON data at once (anything
// else is refused on the spot), and checked against the schema once the chunk has loaded: a bad
// one is reported and changes nothing; the log still replays to the live state.
const LAZY_TYPES = [swapsFeature, onrampFeature, namesFeature].flatMap((f) => f.events.map((e) => e.type))

const dispatchArb = fc.array(
  fc.oneof(
    fc.record({ type: fc.constantFrom(...LAZY_TYPES), payload: junkArb }),
    fc.record({ type: fc.constantFrom(...LAZY_TYPES), payload: junkArb, requestId: junkArb }, { requiredKeys: ['type', 'payload'] }),
    fc.constantFrom({ type: 'modal/openRequested', payload: {} }, { type: 'router/pushed', payload: { view: 'Swap' } }, { type: 'modal/closeRequested', payload: {} }),
  ),
  { minLength: 1, maxLength: 8 },
)

describe('events of features not loaded yet', () => {
  it('are refused at once (not JSON data), or wait for their chunk and then apply or are reported; the log replays to the live state', async () => {
    const { reducer, initial } = await modalReducer()
    await fc.assert(
      fc.asyncProperty(dispatchArb, async (inputs) => {
        const { modal } = await createTestModal()
        let accepted = 0
        for (const input of inputs) {
          try {
            modal.dispatch(input as never)
            accepted++
          } catch (error) {
            expect(error).toBeInstanceOf(InvalidInputError)
          }
        }
        await modal.whenLoaded()
        await settle()
        const events = modal.timeTravel.log.snapshot().events
        // Every accepted event is in the log, or reported by name as refused by its schema.
        const reported = events.filter((e) => e.type === 'effect/failed' && /^dispatch\(/.test((e.payload as { effect: string }).effect)).length
        const logged = events.filter((e) => inputs.some((i) => i.type === e.type)).length
        expect(logged + reported).toBeGreaterThanOrEqual(accepted)
        // A feature is injected at most once, before any event of it.
        const injected = events.filter((e) => e.type === 'feature/injected').map((e) => (e.payload as { feature: string }).feature)
        expect(new Set(injected).size).toBe(injected.length)
        for (const name of injected) expect(LAZY_FEATURES.some((f) => f.name === name)).toBe(true)
        const exported = JSON.parse(JSON.stringify(modal.timeTravel.exportLog()))
        const replayed = new EventLog(reducer, initial)
        replayed.load(exported)
        expect(replayed.presentState).toEqual(modal.getState())
        // What was logged passes every check an import makes: no payload slipped past its schema.
        const { modal: other } = await createTestModal()
        await other.timeTravel.prepareImport(exported)
        other.timeTravel.importLog(exported)
        expect(other.getState()).toEqual(modal.getState())
        other.destroy()
        modal.destroy()
      }),
      fuzzParams('lazy feature events', 20),
    )
  })
})
