import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createMemoryKeyValue } from '../../src/adapters/storage/memoryKeyValue'
import { GangwayError, InvalidInputError } from '../../src/core/errors/base'
import { builtInCatalogue } from '../../src/core/reducers/rootReducer'
import { batchedCalls } from '../../src/features/batchedCalls'
import { createTestModal } from '../support/testModal'
import { settle } from '../support/virtualTime'
import { junkArb } from '../unit/core/junkValues'
import { fuzzParams } from './fuzzParams'

type TestModal = Awaited<ReturnType<typeof createTestModal>>['modal']

/** Every host command, called with the arguments given. */
const COMMANDS: Record<string, (m: TestModal, a: unknown[]) => unknown> = {
  dispatch: (m, a) => m.dispatch(a[0] as never),
  open: (m, a) => m.open(a[0] as never),
  close: (m) => m.close(),
  shake: (m) => m.shake(),
  push: (m, a) => m.push(a[0] as never, a[1]),
  back: (m) => m.back(),
  setThemeMode: (m, a) => m.setThemeMode(a[0] as never),
  setPreferredAccountType: (m, a) => m.setPreferredAccountType(a[0] as never, a[1] as never),
  showBanner: (m, a) => m.showBanner(a[0] as never, a[1] as never),
  closeBanner: (m) => m.closeBanner(),
  connect: (m, a) => m.connect(a[0] as never, a[1] as never),
  disconnect: (m, a) => m.disconnect(a[0] as never),
  switchNetwork: (m, a) => m.switchNetwork(a[0] as never),
  switchConnection: (m, a) => m.switchConnection(a[0] as never, a[1] as never, a[2] as never),
  signMessage: (m, a) => m.signMessage(a[0] as never),
  signTypedData: (m, a) => m.signTypedData(a[0]),
  send: (m, a) => m.send(a[0] as never),
  refreshBalance: (m, a) => m.refreshBalance(a[0] as never),
  walletImageUrl: (m, a) => m.walletImageUrl(a[0] as never),
  sendCalls: (m, a) => m.sendCalls(a[0] as never, a[1] as never),
  getCallsStatus: (m, a) => m.getCallsStatus(a[0] as never),
  getCapabilities: (m, a) => m.getCapabilities(a[0] as never),
  showCallsStatus: (m, a) => m.showCallsStatus(a[0] as never),
}

const types = [...builtInCatalogue.keys()]
/** A dispatch-shaped value: a known type with a junk payload, or junk altogether. */
const eventLikeArb = fc.oneof(
  fc.record({ type: fc.constantFrom(...types), payload: junkArb }),
  fc.record({ type: fc.constantFrom(...types), payload: junkArb, requestId: junkArb }, { requiredKeys: ['type', 'payload'] }),
  junkArb,
)
/** Junk, or an options object shaped like a command's, with junk in its fields (`disconnect({ all })` among them). */
const argArb = fc.oneof(junkArb, fc.record({ all: junkArb, namespace: junkArb, connectorId: junkArb }, { requiredKeys: [] }), fc.constant({ all: true }))
const callArb = fc.tuple(fc.constantFrom(...Object.keys(COMMANDS)), fc.array(argArb, { maxLength: 3 }), eventLikeArb)

/** Calls a command; returns what it threw or rejected with quickly (undefined when accepted). */
async function outcome(fn: () => unknown): Promise<unknown> {
  let result: unknown
  try {
    result = fn()
  } catch (error) {
    return error
  }
  if (result instanceof Promise) {
    result.catch(() => undefined)
    return Promise.race([result.then(() => undefined, (e: unknown) => e), settle(2).then(() => undefined)])
  }
  return undefined
}

describe('host commands with arbitrary arguments', () => {
  it('are accepted, or refused with an InvalidInputError that changes nothing; the modal stays usable and storage keeps its data', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(callArb, { minLength: 1, maxLength: 6 }), async (calls) => {
        const kv = createMemoryKeyValue()
        const { modal, time } = await createTestModal({ modules: [batchedCalls()] }, kv)
        modal.setThemeMode('dark')
        await time.advanceBy(1000)
        for (const [name, args, event] of calls) {
          // An earlier accepted event of a feature still loading finishes first: what a refused
          // command must not change is the state it found.
          await modal.whenLoaded()
          const before = modal.getState()
          const size = modal.timeTravel.log.events.length
          const stored = JSON.stringify(kv.dump())
          const command = COMMANDS[name] as (m: TestModal, a: unknown[]) => unknown
          const error = await outcome(() => command(modal, name === 'dispatch' ? [event] : args))
          if (error !== undefined) expect(error).toBeInstanceOf(GangwayError)
          if (error instanceof InvalidInputError) {
            expect(modal.getState()).toBe(before)
            expect(modal.timeTravel.log.events.length).toBe(size)
            expect(JSON.stringify(kv.dump())).toBe(stored)
          }
        }
        // Still usable, and nothing stored was lost (once a feature the last call asked for has
        // loaded: the commands below wait behind its events, in order).
        await modal.whenLoaded()
        modal.close()
        modal.open('Networks')
        expect(modal.getState().modal.open || modal.getState().modal.shake).toBe(true)
        await time.advanceBy(1000)
        const durable = kv.dump()['gangway:durable'] as { preferences: { themeMode: string } }
        expect(['light', 'dark']).toContain(durable.preferences.themeMode)
        expect(modal.timeTravel.log.isTimeTravelling).toBe(false)
        modal.destroy()
      }),
      fuzzParams('hostCommands', 50),
    )
  })
})
