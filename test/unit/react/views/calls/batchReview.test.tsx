// @vitest-environment happy-dom
import { encodeFunctionData, erc20Abi } from 'viem'
import { act } from 'react'
import { describe, expect, it } from 'vitest'
import type { Eip1193Provider } from '../../../../../src/core/ports'
import { batchedCalls } from '../../../../../src/features/batchedCalls'
import { prefetchViews, registerFeatureViews } from '../../../../../src/react/views/viewRegistry'
import { createFakeChainAdapter, connectorOf } from '../../../../support/fakeChainAdapter'
import { modalUiPerFile, viewDriver } from '../../../../support/modalUi'
import { createTestModal } from '../../../../support/testModal'
import { ACCOUNT_A, NETWORKS } from '../../../connection/support'

const mount = modalUiPerFile()

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SPENDER = '0xdb9B1e94B5b69Df7e401DDbedE43491141047dB3'

/** A modal with batchedCalls() only (no swaps) connected through `connectorId`, whose wallet holds its wallet_sendCalls answer until `release()`. */
async function setup(connectorId: string) {
  let release!: () => void
  const asked: string[] = []
  const provider: Eip1193Provider = {
    request: async ({ method }) => {
      asked.push(method)
      if (method === 'wallet_sendCalls') {
        await new Promise<void>((resolve) => (release = resolve))
        return { id: '0xba7c4' }
      }
      if (method === 'wallet_getCallsStatus') return { version: '2.0.0', id: '0xba7c4', chainId: '0x1', status: 100, atomic: true }
      throw { code: 4200, message: `unsupported: ${method}` }
    },
  }
  const fake = createFakeChainAdapter([connectorOf(connectorId, 'Wallet')])
  ;(fake.adapter.evm as { getProvider?: unknown }).getProvider = async () => provider
  const t = await createTestModal({ adapters: [fake.adapter], networks: NETWORKS, modules: [batchedCalls()] })
  const c = t.modal.connect(connectorId)
  fake.answer('connect', { accounts: [ACCOUNT_A], caipNetworkId: 'eip155:1' })
  await c
  await t.modal.whenLoaded()
  registerFeatureViews(t.modal.options)
  await prefetchViews()
  const ui = mount(t.modal)
  return { ...t, ...ui, ...viewDriver(t.time, ui), asked, release: () => release() }
}

const CALLS = [
  { to: ALICE, value: 1_500_000_000_000_000_000n },
  { to: TOKEN, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [ALICE, 5n] }) },
  { to: TOKEN, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, 7n] }) },
  { to: SPENDER, data: '0xdeadbeef00' },
]

describe("ApproveTransaction: the embedded wallet's batch", () => {
  it('lists each call (method where the ABI is known, shortened target, value) while the wallet asks; the modal closes once it answered', async () => {
    const t = await setup('auth')
    expect(t.modal.getState().modal.open).toBe(false)
    let sending!: Promise<unknown>
    await act(async () => void (sending = t.modal.sendCalls(CALLS)))
    await t.shown('batch-calls')
    expect(t.view()).toBe('ApproveTransaction')
    const rows = [...t.shadow().querySelectorAll('[data-testid="batch-call"]')]
    const cell = (row: Element, id: string) => row.querySelector(`[data-testid="${id}"]`)!
    expect(rows.map((r) => cell(r, 'batch-call-method').textContent)).toEqual(['Send', 'transfer', 'approve', 'Contract call'])
    expect(rows.map((r) => cell(r, 'batch-call-to').textContent)).toEqual(['To 0x70…dc79C8', 'To 0x5F…180aa3', 'To 0x5F…180aa3', 'To 0xdb…047dB3'])
    expect(rows.map((r) => cell(r, 'batch-call-to').getAttribute('title'))).toEqual([ALICE, TOKEN, TOKEN, SPENDER])
    expect(rows.map((r) => cell(r, 'batch-call-value').textContent)).toEqual(['1.5 ETH', '0 ETH', '0 ETH', '0 ETH'])
    expect(t.text('view-approve')).toContain('Review 4 calls')

    await act(async () => {
      t.release()
      expect(await sending).toMatchObject({ id: '0xba7c4' })
    })
    await t.settle()
    expect(t.modal.getState().modal.open).toBe(false)
    t.modal.destroy()
  })

  it("another wallet's batch opens nothing: that wallet shows its own", async () => {
    const t = await setup('io.metamask')
    let sending!: Promise<unknown>
    await act(async () => void (sending = t.modal.sendCalls(CALLS.slice(0, 1))))
    await t.settle()
    expect(t.asked).toContain('wallet_sendCalls')
    expect(t.modal.getState().modal.open).toBe(false)
    expect(t.modal.getState().calls?.send?.review).toBeUndefined()
    await act(async () => t.release())
    await sending
    t.modal.destroy()
  })
})
