// The network last in use survives a reload: whatever switches, connects and wallet moves came
// before, a fresh session hydrated with the stored durable state chooses the same network.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { selectDurable } from '../../../src/core/durable'
import { connectionSucceeded } from '../../../src/core/events/connection/connection'
import { networkChanged, networkSwitched, networkSwitchRequested } from '../../../src/core/events/connection/network'
import { storageHydrated } from '../../../src/core/events/persistence/storage'
import type { EventInput } from '../../../src/core/events/defineEvent'
import { readDurable } from '../../../src/core/readDurable'
import { selectActiveCaipNetworkId } from '../../../src/core/selectors'
import { evmNetwork, stateAfter } from '../../support/stateAfter'
import { fcParams } from '../fcSettings'

const settings = { networks: [evmNetwork(1), evmNetwork(2), evmNetwork(3)] }
const A = '0x00000000000000000000000000000000000000A1'
const idArb = fc.constantFrom('eip155:1', 'eip155:2', 'eip155:3')

/** A step and the network it puts in use, if any (`whenConnected`: only once a wallet is connected). */
type Step = { events: EventInput[]; uses: string | null; whenConnected?: true; connects?: true }
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  idArb.map((id) => ({
    events: [networkSwitchRequested({ namespace: 'eip155', caipNetworkId: id }, { requestId: `s-${id}` }), networkSwitched({ namespace: 'eip155', caipNetworkId: id }, { requestId: `s-${id}` })],
    uses: id,
  })),
  idArb.map((id) => ({ events: [connectionSucceeded({ connectorId: 'mm', namespace: 'eip155', accounts: [{ address: A, type: 'eoa' }], caipNetworkId: id })], uses: id, connects: true as const })),
  // The wallet moving on its own: a wallet must be connected for it to move.
  idArb.map((id) => ({ events: [networkChanged({ namespace: 'eip155', caipNetworkId: id })], uses: id, whenConnected: true as const })),
  // A switch the wallet never finished, and a move of another wallet: neither is in use.
  idArb.map((id) => ({ events: [networkSwitchRequested({ namespace: 'eip155', caipNetworkId: id }, { requestId: 'pending' })], uses: null })),
  idArb.map((id) => ({ events: [networkChanged({ namespace: 'eip155', connectorId: 'not-active', caipNetworkId: id })], uses: null })),
)

describe('the network last in use, across a reload', () => {
  it('is the last one put in use, is stored, and a reload chooses it again', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 12 }), (steps) => {
        const state = stateAfter(steps.flatMap((s) => s.events), { settings })
        let connected = false
        let expected: string | null = null
        for (const step of steps) {
          connected ||= step.connects === true
          if (step.uses !== null && (connected || !step.whenConnected)) expected = step.uses
        }
        expect(state.network.lastUsed).toBe(expected)
        // Through storage as it is read back (a JSON copy, checked field by field).
        const stored = readDurable(JSON.parse(JSON.stringify(selectDurable(state))))
        expect(stored.dropped).toEqual([])
        const reloaded = stateAfter([storageHydrated(stored.durable)], { settings })
        expect(selectActiveCaipNetworkId(reloaded)).toBe(expected ?? 'eip155:1')
        expect(reloaded.network.lastUsed).toBe(expected)
      }),
      fcParams({ numRuns: 200 }),
    )
  })
})
