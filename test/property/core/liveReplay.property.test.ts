import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createMemoryKeyValue } from '../../../src/adapters/storage/memoryKeyValue'
import { EventLog } from '../../../src/core/eventLog'
import { rootReducer } from '../../../src/core/reducers/rootReducer'
import { initialState } from '../../../src/core/reducers/rootReducer'
import { createTestModal } from '../../support/testModal'
import { fcParams } from '../fcSettings'
import { eventArb } from './arbitraries'

describe('replaying the log gives the live state', () => {
  it('with effects answering on virtual time in between', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(eventArb, fc.nat(600)), { maxLength: 30 }), async (steps) => {
        const { modal, time } = await createTestModal({}, createMemoryKeyValue())
        for (const [event, wait] of steps) {
          modal.dispatch(event)
          await time.advanceBy(wait)
        }
        const replayed = new EventLog(rootReducer, initialState())
        replayed.load(JSON.parse(JSON.stringify(modal.timeTravel.exportLog())))
        expect(replayed.presentState).toEqual(modal.getState())
        modal.destroy()
      }),
      fcParams({ numRuns: 25 }),
    )
  })
})
