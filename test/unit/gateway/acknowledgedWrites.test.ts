import { describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { chainClients } from '../../../dev/gateway/chainClients'
import { createControl } from '../../../dev/gateway/control'
import { DEFAULT_GATEWAY_LIMITS } from '../../../dev/gateway/gatewayLimits'
import { createNameStore } from '../../../dev/gateway/names'
import { createSessionStore } from '../../../dev/gateway/sessions'
import { memoryStorage, type GatewayStorage } from '../../../dev/gateway/storage'
import { HttpError } from '../../../dev/gateway/validate'
import { siweMessage, stackPerFile } from './harness'

// A write the storage has committed is answered as done: what follows the commit (the counts a
// gateway keeps for /_control/memory) may fail, as when the database goes away just then,
// without turning the answer into an error the client would retry.
// Only the first chain is used: the second would be a hardhat node started for nothing.
const stack = stackPerFile({ count: 1 })

/** A storage whose reads after a write fail as an unreachable database does (503), once `down` is set. */
function goesDownAfterWrites(inner: GatewayStorage) {
  const state = { down: false }
  const gone = async (): Promise<never> => {
    throw new HttpError(503, 'The database is unavailable', { 'retry-after': '1' })
  }
  const storage: GatewayStorage = {
    ...inner,
    names: { ...inner.names, count: () => (state.down ? gone() : inner.names.count()) },
    sessions: { ...inner.sessions, count: () => (state.down ? gone() : inner.sessions.count()) },
    analytics: { ...inner.analytics, size: () => (state.down ? gone() : inner.analytics.size()) },
  }
  return { storage, state }
}

const account = () => privateKeyToAccount(stack.dev.accounts[0]!.privateKey)

describe('a committed write is answered as done', () => {
  it('a name registration, its count failing after the commit', async () => {
    const { storage, state } = goesDownAfterWrites(memoryStorage())
    const names = createNameStore({ storage, maxNames: 10, clients: chainClients(stack.dev.chains) })
    const message = JSON.stringify({ name: 'gale.gangway', attributes: {}, timestamp: Math.floor(Date.now() / 1000) })
    const body = { coin_type: 60, address: account().address, message, signature: await account().signMessage({ message }) }
    state.down = true
    await expect(names.register(body)).resolves.toMatchObject({ name: 'gale.gangway' })
    expect(await storage.names.get('gale.gangway')).toMatchObject({ address: account().address })
  })

  it('a sign-in session, its count failing after the commit', async () => {
    const { storage, state } = goesDownAfterWrites(memoryStorage())
    const sessions = createSessionStore({ storage, clients: chainClients(stack.dev.chains), maxSessions: 10 })
    const message = siweMessage(account().address, stack.dev.chains[0]!.chainId)
    state.down = true
    const created = await sessions.create(account().address, { message, signature: await account().signMessage({ message }) })
    expect(await storage.sessions.get(account().address, created.id)).toMatchObject({ id: created.id })
  })

  it('an analytics event, the store size failing after the commit', async () => {
    const { storage, state } = goesDownAfterWrites(memoryStorage())
    const control = createControl(DEFAULT_GATEWAY_LIMITS, {}, () => {}, storage.analytics)
    state.down = true
    await control.recordAnalytics({ receivedAt: 1, query: { projectId: 'p', st: null, sv: null }, origin: null, body: { eventId: 'e1', props: {} } })
    expect((await storage.analytics.list()).map((r) => r.body.eventId)).toEqual(['e1'])
  })
})
