import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { connectionDisconnected, connectionFailed, connectionRequested, connectionSucceeded } from '../../../src/core/events/connection/connection'
import { accountsChanged, reconnectFinished, reconnectStarted } from '../../../src/core/events/connection/connectionLifecycle'
import type { EventInput, StampedEvent } from '../../../src/core/events/defineEvent'
import { modalCloseRequested, modalOpenRequested } from '../../../src/core/events/modal/modal'
import { networkChanged, networkSwitched, networkSwitchFailed, networkSwitchRequested } from '../../../src/core/events/connection/network'
import { sessionStarted } from '../../../src/core/events/modal/session'
import { rootReducer } from '../../../src/core/reducers/rootReducer'
import { createTestModal } from '../../support/testModal'
import { settle } from '../../support/virtualTime'
import { createFakeChainAdapter, connectorOf } from '../../support/fakeChainAdapter'
import { NETWORKS } from '../../unit/connection/support'
import { fcParams } from '../fcSettings'
import { statesOf } from '../../support/foldLog'

const connector = fc.constantFrom('a', 'b', 'c')
const requestId = fc.option(fc.constantFrom('r1', 'r2', 'r3', 'run'), { nil: undefined })
const address = fc.constantFrom('0x00000000000000000000000000000000000000a1', '0x00000000000000000000000000000000000000b2')
const chain = fc.constantFrom('eip155:1', 'eip155:2', 'eip155:99')
const meta = (rid: string | undefined) => (rid === undefined ? {} : { requestId: rid })

/** Connect, disconnect, reconnect, switch and wallet events, in any order, with stale ids mixed in. */
const walletEvent: fc.Arbitrary<EventInput> = fc.oneof(
  fc.tuple(connector, requestId).map(([c, r]) => connectionRequested({ connectorId: c, namespace: 'eip155' }, meta(r))),
  fc.tuple(connector, requestId, fc.array(address, { maxLength: 2 }), chain).map(([c, r, accounts, id]) =>
    connectionSucceeded({ connectorId: c, namespace: 'eip155', accounts: accounts.map((a) => ({ address: a, type: 'eoa' as const })), caipNetworkId: id }, meta(r)),
  ),
  fc.tuple(connector, requestId).map(([c, r]) =>
    connectionFailed({ connectorId: c, namespace: 'eip155', error: { name: 'WalletRejectedError', shortMessage: 'Connection rejected', code: 4001 } }, meta(r)),
  ),
  fc.option(connector, { nil: undefined }).map((c) => connectionDisconnected(c ? { namespace: 'eip155', connectorId: c } : { namespace: 'eip155' })),
  fc.array(connector, { maxLength: 3 }).map((ids) => reconnectStarted({ namespace: 'eip155', connectorIds: ids }, { requestId: 'run' })),
  fc.constant(reconnectFinished({ namespace: 'eip155' }, { requestId: 'run' })),
  fc.tuple(connector, address).map(([c, a]) => accountsChanged({ namespace: 'eip155', connectorId: c, accounts: [{ address: a, type: 'eoa' }] })),
  fc.tuple(chain, requestId).map(([id, r]) => networkSwitchRequested({ namespace: 'eip155', caipNetworkId: id }, meta(r))),
  fc.tuple(chain, requestId).map(([id, r]) => networkSwitched({ namespace: 'eip155', caipNetworkId: id }, meta(r))),
  fc.tuple(chain, requestId).map(([id, r]) => networkSwitchFailed({ namespace: 'eip155', caipNetworkId: id, error: { name: 'E', shortMessage: 'User rejected the request', code: 4001 } }, meta(r))),
  fc.tuple(connector, chain).map(([c, id]) => networkChanged({ namespace: 'eip155', connectorId: c, caipNetworkId: id })),
  fc.constant(modalOpenRequested({})),
  fc.constant(modalCloseRequested({})),
)

const sessionArb = fc.tuple(fc.boolean(), fc.array(fc.tuple(walletEvent, fc.nat(1_500)), { maxLength: 50 })).map(([multiWallet, items]) => {
  let at = 1_000
  const events: StampedEvent[] = [{ ...sessionStarted({ projectId: 'p', adapters: ['eip155'], networks: NETWORKS, features: { multiWallet } }), seq: 1, at }]
  items.forEach(([e, dt], i) => {
    at += dt
    events.push({ ...e, seq: i + 2, at })
  })
  return { multiWallet, events }
})


describe('connection laws over any sequence of connect / disconnect / switch events', () => {
  it('are deterministic and JSON-safe: the same log folds to the same state, which survives a JSON round trip', () => {
    fc.assert(
      fc.property(sessionArb, ({ events }) => {
        const a = statesOf(events).at(-1)
        expect(statesOf(structuredClone(events)).at(-1)).toEqual(a)
        expect(JSON.parse(JSON.stringify(a))).toEqual(a)
      }),
      fcParams(),
    )
  })

  it('connected implies an account; every connection has accounts; the active one exists; no duplicates', () => {
    fc.assert(
      fc.property(sessionArb, ({ multiWallet, events }) => {
        for (const s of statesOf(events)) {
          const ns = s.connection.byNamespace.eip155
          if (!ns) continue
          if (ns.status === 'connected') expect(ns.connections.some((c) => c.accounts.length > 0)).toBe(true)
          for (const c of ns.connections) expect(c.accounts.length).toBeGreaterThan(0)
          const ids = ns.connections.map((c) => c.connectorId)
          expect(new Set(ids).size).toBe(ids.length)
          if (ns.activeConnectorId !== null) expect(ids).toContain(ns.activeConnectorId)
          if (!multiWallet) expect(ns.connections.length).toBeLessThanOrEqual(1)
          expect(['disconnected', 'connecting', 'reconnecting', 'connected']).toContain(ns.status)
        }
      }),
      fcParams(),
    )
  })

  it('recent wallets never exceed 2 and never repeat; reconnect memory never repeats (one entry without multiWallet)', () => {
    fc.assert(
      fc.property(sessionArb, ({ multiWallet, events }) => {
        for (const s of statesOf(events)) {
          const recent = s.wallets.memory.recent.map((r) => r.id)
          expect(recent.length).toBeLessThanOrEqual(2)
          expect(new Set(recent).size).toBe(recent.length)
          const remembered = s.wallets.memory.connected.eip155 ?? []
          expect(new Set(remembered).size).toBe(remembered.length)
          if (!multiWallet) expect(remembered.length).toBeLessThanOrEqual(1)
        }
      }),
      fcParams(),
    )
  })

  it('a stale outcome (a requestId that is neither the attempt\'s nor the reconnect run\'s) changes no connection state', () => {
    fc.assert(
      fc.property(sessionArb, fc.boolean(), connector, address, ({ events }, success, c, a) => {
        const before = statesOf(events).at(-1)!
        const last = events.at(-1)!
        const stale = success
          ? connectionSucceeded({ connectorId: c, namespace: 'eip155', accounts: [{ address: a, type: 'eoa' }], caipNetworkId: 'eip155:1' }, { requestId: 'never-issued' })
          : connectionFailed({ connectorId: c, namespace: 'eip155', error: { name: 'E', shortMessage: 'Connection rejected' } }, { requestId: 'never-issued' })
        const after = rootReducer(before, { ...stale, seq: last.seq + 1, at: last.at + 1 })
        expect(after.connection).toBe(before.connection)
        expect(after.wallets).toBe(before.wallets)
        expect(after.router).toBe(before.router)
        expect(after.modal).toBe(before.modal)
      }),
      fcParams(),
    )
  })

  it('a connect request for the same wallet within 1 s of its last attempt is never taken up', () => {
    fc.assert(
      fc.property(sessionArb, fc.nat(999), fc.constantFrom('x1', 'x2'), ({ events }, dt, rid) => {
        const before = statesOf(events).at(-1)!
        const attempt = before.wallets.attempt
        fc.pre(attempt !== null)
        const last = events.at(-1)!
        const at = Math.max(last.at, attempt!.startedAt + dt)
        fc.pre(at - attempt!.startedAt < 1_000)
        const after = rootReducer(before, { ...connectionRequested({ connectorId: attempt!.connectorId, namespace: 'eip155' }, { requestId: rid }), seq: last.seq + 1, at })
        expect(after.wallets.attempt).toEqual(attempt)
      }),
      fcParams(),
    )
  })
})

describe('reconnect order on load', () => {
  it('asks remembered connectors one at a time, most recent first, until one answers (all of them with multiWallet)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 4 }),
        fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
        fc.boolean(),
        async (remembered, answers, multiWallet) => {
          const { createMemoryKeyValue } = await import('../../../src/adapters/storage/memoryKeyValue')
          const kv = createMemoryKeyValue({
            'gangway:schema': 1,
            'gangway:durable': { wallets: { recent: [], connected: { eip155: remembered } } },
          })
          const fake = createFakeChainAdapter(['a', 'b', 'c', 'd'].map((id) => connectorOf(id)))
          const { modal } = await createTestModal({ adapters: [fake.adapter], networks: NETWORKS, persistLog: false, features: { multiWallet } }, kv)
          const asked: string[] = []
          for (let i = 0; i < remembered.length; i++) {
            const pending = fake.calls().filter((c) => c.method === 'reconnect')
            if (pending.length === asked.length) break
            expect(pending).toHaveLength(asked.length + 1) // one at a time
            const id = pending.at(-1)!.args[0] as string
            asked.push(id)
            fake.answer('reconnect', answers[i] ? { accounts: [`0x${String(i + 1).padStart(40, '0')}`], caipNetworkId: 'eip155:1' } : null)
            await settle()
          }
          const firstSuccess = remembered.findIndex((_, i) => answers[i])
          const expected = multiWallet || firstSuccess < 0 ? remembered : remembered.slice(0, firstSuccess + 1)
          expect(asked).toEqual(expected)
          const reconnected = remembered.filter((_, i) => answers[i] && i < expected.length)
          const ns = modal.getState().connection.byNamespace.eip155
          expect(ns?.connections.map((c) => c.connectorId) ?? []).toEqual(reconnected)
          expect(ns?.status ?? 'disconnected').toBe(reconnected.length > 0 ? 'connected' : 'disconnected')
          modal.destroy()
        },
      ),
      fcParams({ numRuns: 40 }),
    )
  })
})
