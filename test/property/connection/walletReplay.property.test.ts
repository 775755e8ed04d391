import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createMemoryKeyValue } from '../../../src/adapters/storage/memoryKeyValue'
import { EventLog } from '../../../src/core/eventLog'
import { redactValue } from '../../../src/core/redact'
import { modalReducer } from '../../support/modalReducer'
import { createFakeChainAdapter } from '../../support/fakeChainAdapter'
import { createTestModal } from '../../support/testModal'
import { settle } from '../../support/virtualTime'
import { NETWORKS } from '../../unit/connection/support'
import { fcParams } from '../fcSettings'

const ADDRESSES = ['0x00000000000000000000000000000000000000a1', '0x00000000000000000000000000000000000000b2']

/** What a visitor, a wallet and time can do to a live modal. */
const stepArb = fc.oneof(
  fc.constant({ kind: 'open' as const }),
  fc.constant({ kind: 'close' as const }),
  fc.constantFrom('a', 'b').map((id) => ({ kind: 'connect' as const, id })),
  fc.constant({ kind: 'disconnect' as const }),
  fc.constantFrom('eip155:1', 'eip155:2').map((caip) => ({ kind: 'switch' as const, caip })),
  fc.constant({ kind: 'sign' as const }),
  fc.tuple(fc.constantFrom('connect', 'reconnect', 'disconnect', 'switchNetwork', 'signMessage', 'getBalance'), fc.boolean(), fc.nat(1)).map(([method, ok, who]) => ({ kind: 'answer' as const, method, ok, who })),
  fc.tuple(fc.constantFrom('a', 'b'), fc.nat(1)).map(([id, who]) => ({ kind: 'accountsChanged' as const, id, who })),
  fc.nat(1500).map((ms) => ({ kind: 'wait' as const, ms })),
)

describe('wallet sessions replay', () => {
  it('replaying the log of any wallet session gives the live state', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { maxLength: 25 }), async (steps) => {
        const fake = createFakeChainAdapter()
        const { modal, time } = await createTestModal({ adapters: [fake.adapter], networks: NETWORKS }, createMemoryKeyValue())
        const ignore = () => undefined
        for (const step of steps) {
          if (step.kind === 'open') modal.open()
          else if (step.kind === 'close') modal.close()
          else if (step.kind === 'connect') modal.connect(step.id).catch(ignore)
          else if (step.kind === 'disconnect') modal.disconnect().catch(ignore)
          else if (step.kind === 'switch') modal.switchNetwork(step.caip).catch(ignore)
          else if (step.kind === 'sign') modal.signMessage('hello').catch(ignore)
          else if (step.kind === 'accountsChanged') fake.emit(step.id, { type: 'accountsChanged', accounts: [ADDRESSES[step.who] as string] })
          else if (step.kind === 'wait') await time.advanceBy(step.ms)
          else if (fake.hasPending(step.method)) {
            const value =
              step.method === 'connect' || step.method === 'reconnect'
                ? { accounts: [ADDRESSES[step.who]], caipNetworkId: 'eip155:1' }
                : step.method === 'signMessage'
                  ? `0x${'ab'.repeat(65)}`
                  : step.method === 'getBalance'
                    ? '1000000000000000000'
                    : undefined
            if (step.ok) fake.answer(step.method, value)
            else fake.fail(step.method, Object.assign(new Error('User rejected the request.'), { code: 4001 }))
          }
          await settle(2)
        }
        await settle()
        const { reducer, initial } = await modalReducer()
        const replayed = new EventLog(reducer, initial)
        replayed.load(JSON.parse(JSON.stringify(modal.timeTravel.exportLog())))
        // An export carries no secrets (a signature the wallet gave is redacted in it), so its
        // replay is the live state with the same secrets redacted, and nothing else differs.
        expect(replayed.presentState).toEqual(redactValue(modal.getState()))
        modal.destroy()
      }),
      fcParams({ numRuns: 30 }),
    )
  })
})
