import { describe, expect, it } from 'vitest'
import { createModal } from '../../../src/createModal'
import { createMemoryStorage } from '../../../src/adapters/storage/memoryStorage'
import { InvalidInputError } from '../../../src/core/errors/base'
import { WalletAtomicityNotSupportedError } from '../../../src/core/errors/calls'
import { FeatureNotIncludedError } from '../../../src/core/errors/connection'
import { InvalidSendCallsError } from '../../../src/core/errors/domain'
import type { Eip1193Provider } from '../../../src/core/ports'
import { batchedCalls } from '../../../src/features/batchedCalls'
import { createFakeChainAdapter } from '../../support/fakeChainAdapter'
import { createTestModal } from '../../support/testModal'
import { ACCOUNT_A, NETWORKS } from '../connection/support'

const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** A modal with batchedCalls(), connected to fake wallet 'a', whose provider answers from `answers`. */
async function connected(answers: Record<string, (params: unknown[]) => unknown>) {
  const requests: [string, unknown][] = []
  const provider: Eip1193Provider = {
    request: async ({ method, params }) => {
      requests.push([method, params])
      const answer = answers[method]
      if (!answer) throw { code: 4200, message: 'unsupported' }
      return answer(params as unknown[])
    },
  }
  const fake = createFakeChainAdapter()
  ;(fake.adapter.evm as { getProvider?: unknown }).getProvider = async () => provider
  const t = await createTestModal({ adapters: [fake.adapter], networks: NETWORKS, modules: [batchedCalls()] })
  const c = t.modal.connect('a')
  fake.answer('connect', { accounts: [ACCOUNT_A], caipNetworkId: 'eip155:1' })
  await c
  return { ...t, requests }
}

describe('the batched-calls commands', () => {
  it('sendCalls resolves with the batch id, getCallsStatus / getCapabilities / showCallsStatus with what the wallet says', async () => {
    const { modal, requests } = await connected({
      wallet_sendCalls: () => ({ id: '0xb1' }),
      wallet_getCallsStatus: () => ({ status: 200, atomic: true, receipts: [{ status: '0x1', transactionHash: `0x${'a'.repeat(64)}`, blockNumber: '0x3' }] }),
      wallet_getCapabilities: () => ({ '0x1': { atomic: { status: 'supported' } } }),
      wallet_showCallsStatus: () => null,
    })
    await expect(modal.sendCalls([{ to: TO, value: 10n }, { to: TO, data: '0x1234' }], { atomicRequired: true })).resolves.toEqual({ id: '0xb1' })
    // Besides the host's calls, the modal asked once whether the wallet lists its assets (EIP-7811): it does not.
    expect(requests.filter(([method]) => method !== 'wallet_sendCalls')).toEqual([['wallet_getCapabilities', [ACCOUNT_A, ['0x1']]]])
    expect(requests.find(([method]) => method === 'wallet_sendCalls')).toEqual(['wallet_sendCalls', [{ version: '2.0.0', from: ACCOUNT_A, chainId: '0x1', atomicRequired: true, calls: [{ to: TO, value: '0xa' }, { to: TO, data: '0x1234' }] }]])
    await expect(modal.getCallsStatus('0xb1')).resolves.toEqual({ id: '0xb1', status: 200, statusKind: 'confirmed', atomic: true, receipts: [{ status: 'success', transactionHash: `0x${'a'.repeat(64)}`, blockNumber: '3' }] })
    await expect(modal.getCapabilities({ chainIds: [1] })).resolves.toEqual({ 1: { atomic: { status: 'supported' } } })
    await expect(modal.showCallsStatus('0xb1')).resolves.toBeUndefined()
    expect(modal.getState().calls!.batches['0xb1']!.status).toBe(200)
    modal.destroy()
  })

  it("rejects with the wallet's error class, and bad arguments before anything is dispatched", async () => {
    const { modal, requests } = await connected({ wallet_sendCalls: () => Promise.reject({ code: 5760, message: 'cannot' }) })
    const error = await modal.sendCalls([{ to: TO }], { atomicRequired: true }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WalletAtomicityNotSupportedError)
    expect(error).toMatchObject({ shortMessage: 'Atomicity not supported', code: 5760 })
    const seen: string[] = []
    const sub = modal.event$.subscribe((e) => seen.push(e.type))
    const asked = requests.length
    for (const [calls, options] of [
      [[], undefined],
      [[{ to: 'nope' }], undefined],
      [[{ to: TO, value: -1n }], undefined],
      [[{ to: TO, data: '0x1' }], undefined],
      [[{ to: TO, gas: 1 }], undefined],
      ['0x', undefined],
      [[{ to: TO }], { atomicRequired: 'yes' }],
      [[{ to: TO }], { fallback: 'parallel' }],
      [[{ to: TO }], { paymaster: 'x' }],
    ] as const) {
      const e = await modal.sendCalls(calls as never, options as never).catch((x: unknown) => x)
      expect(e, JSON.stringify(calls, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))).toBeInstanceOf(InvalidInputError)
    }
    await expect(modal.sendCalls([{ to: 'nope' }])).rejects.toBeInstanceOf(InvalidSendCallsError)
    await expect(modal.getCallsStatus('')).rejects.toBeInstanceOf(InvalidInputError)
    await expect(modal.getCapabilities({ chainIds: [0] })).rejects.toBeInstanceOf(InvalidInputError)
    sub.unsubscribe()
    expect(seen).toEqual([])
    expect(requests.length).toBe(asked)
    modal.destroy()
  })

  it("without the batchedCalls() module each command says so, and the feature's code is never loaded", async () => {
    const modal = createModal({ projectId: 'p', adapters: ['eip155'], storage: createMemoryStorage(), persistLog: false })
    await modal.ready
    for (const call of [() => modal.sendCalls([{ to: TO }]), () => modal.getCallsStatus('0x1'), () => modal.getCapabilities(), () => modal.showCallsStatus('0x1')]) {
      const e = await call().catch((x: unknown) => x)
      expect(e).toBeInstanceOf(FeatureNotIncludedError)
      expect(e).toMatchObject({ shortMessage: 'Batched calls are not enabled', details: "pass batchedCalls() of 'gangway-kit/features' in the modal's modules" })
    }
    expect(modal.getState().calls).toBeUndefined()
    modal.destroy()
  })
})
