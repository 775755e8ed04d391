import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createMemoryKeyValue } from '../../../src/adapters/storage/memoryKeyValue'
import { EventLog } from '../../../src/core/eventLog'
import { modalReducer } from '../../support/modalReducer'
import { createTestModal } from '../../support/testModal'
import { fcParams } from '../fcSettings'
import { eventArb } from './arbitraries'
import { OPTIONAL_MODULES } from '../../support/lazyFeatures'

/** The logs drawn hold every built-in feature's events: the modal has every optional module. */
const EVERY = { modules: OPTIONAL_MODULES }

describe('replaying the log gives the live state', () => {
  it('with effects answering on virtual time in between', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(eventArb, fc.nat(600)), { maxLength: 30 }), async (steps) => {
        const { modal, time } = await createTestModal(EVERY, createMemoryKeyValue())
        for (const [event, wait] of steps) {
          modal.dispatch(event)
          await modal.whenLoaded()
          await time.advanceBy(wait)
        }
        const { reducer, initial } = await modalReducer()
        const replayed = new EventLog(reducer, initial)
        replayed.load(JSON.parse(JSON.stringify(modal.timeTravel.exportLog())))
        expect(replayed.presentState).toEqual(modal.getState())
        modal.destroy()
      }),
      fcParams({ numRuns: 25 }),
    )
  })
})
