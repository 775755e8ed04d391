import { describe, expect, it } from 'vitest'
import { createMemoryKeyValue } from '../../../src/adapters/storage/memoryKeyValue'
import { readDurable } from '../../../src/core/readDurable'
import type { Eip1193Provider } from '../../../src/core/ports'
import { batchedCalls } from '../../../src/features/batchedCalls'
import { createFakeChainAdapter } from '../../support/fakeChainAdapter'
import { createTestModal } from '../../support/testModal'
import { ACCOUNT_A, NETWORKS } from '../connection/support'

const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const receipt = { status: '0x1', transactionHash: `0x${'a'.repeat(64)}`, blockNumber: '0x9' }

/** A page: a modal on `kv` whose wallet answers a batch's status as `status()` says. */
async function page(kv: ReturnType<typeof createMemoryKeyValue>, status: () => unknown) {
  const provider: Eip1193Provider = { request: async ({ method }) => (method === 'wallet_sendCalls' ? { id: '0xb1' } : status()) }
  const fake = createFakeChainAdapter()
  ;(fake.adapter.evm as { getProvider?: unknown }).getProvider = async () => provider
  return { ...(await createTestModal({ adapters: [fake.adapter], networks: NETWORKS, modules: [batchedCalls()] }, kv)), fake }
}

describe('batched calls across a reload', () => {
  it('a batch still pending when the page goes away is restored and followed to its end once the wallet is back', async () => {
    const kv = createMemoryKeyValue()
    const first = await page(kv, () => ({ status: 100, atomic: true }))
    const c = first.modal.connect('a')
    first.fake.answer('connect', { accounts: [ACCOUNT_A], caipNetworkId: 'eip155:1' })
    await c
    await first.modal.sendCalls([{ to: TO }], { atomicRequired: true })
    await first.time.advanceBy(2000)
    expect(first.modal.getState().calls!.batches['0xb1']!.status).toBe(100)
    expect((kv.dump()['gangway:durable'] as { calls?: unknown }).calls).toMatchObject({ batches: [{ id: '0xb1', status: 100 }] })
    first.modal.destroy()

    const second = await page(kv, () => ({ status: 200, atomic: true, receipts: [receipt] }))
    // Restored before the wallet is back; nothing is asked until it is.
    expect(second.modal.getState().calls!.batches['0xb1']).toMatchObject({ status: 100, from: ACCOUNT_A })
    second.fake.answer('reconnect', { accounts: [ACCOUNT_A], caipNetworkId: 'eip155:1' })
    await second.time.advanceBy(2000)
    expect(second.modal.getState().calls!.batches['0xb1']).toMatchObject({ status: 200, receipts: [{ status: 'success', blockNumber: '9' }] })
    // Done: no longer kept for the next reload.
    await second.time.advanceBy(1000)
    expect((kv.dump()['gangway:durable'] as { calls?: unknown }).calls).toBeUndefined()
    second.modal.destroy()
  })

  it('stored batches are read one by one: a malformed one is dropped, the others kept', () => {
    const good = { id: '0xb1', caipNetworkId: 'eip155:1', from: ACCOUNT_A, count: 1, atomicRequired: true, status: 100, atomic: false, receipts: [], sentAt: 1 }
    const read = readDurable({ calls: { batches: [good, { ...good, id: 7 }, { ...good, receipts: [{ status: 'maybe' }] }, null] } })
    expect(read.durable.calls).toEqual({ batches: [good] })
    expect(read.dropped).toEqual(['calls.batches[1]', 'calls.batches[2]', 'calls.batches[3]'])
    expect(readDurable({ calls: 'x' }).dropped).toEqual(['calls'])
  })
})
