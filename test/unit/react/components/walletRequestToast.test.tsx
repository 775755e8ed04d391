// @vitest-environment happy-dom
import { act } from 'react'
import { describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../../../../src/adapters/storage/memoryStorage'
import { connectionSucceeded } from '../../../../src/core/events/connection/connection'
import { createModal } from '../../../../src/createModal'
import { batchedCalls } from '../../../../src/features/batchedCalls'
import { createFakeChainAdapter } from '../../../support/fakeChainAdapter'
import { modalUiPerFile } from '../../../support/modalUi'

const mount = modalUiPerFile()
/** A signature as wallets answer one: 0x and 65 bytes. */
const SIGNATURE = `0x${'1b'.repeat(65)}`

async function setup() {
  const { adapter, answer } = createFakeChainAdapter()
  const modal = createModal({ projectId: 'p', adapters: [adapter], storage: createMemoryStorage(), persistLog: false })
  await modal.ready
  const ui = mount(modal)
  // The toast lives in the modal's UI; open and close it once so the UI is there.
  await act(async () => modal.open())
  await act(async () => modal.close())
  return { modal, answer, ...ui }
}

describe('the wallet request toast', () => {
  it("shows nothing for a host's request made while no wallet is connected: the host's promise carries the failure", async () => {
    const { modal, byTestId } = await setup()
    let failure: unknown
    await act(async () => {
      failure = await modal.signMessage('hello').catch((e: unknown) => e)
    })
    expect((failure as Error).name).toBe('NoActiveAddressError')
    expect(modal.getState().account.signature?.status).toBe('failed')
    expect(byTestId('gw-request-toast')).toBeNull()
  })

  it("shows nothing for a connected wallet's request the host did not ask feedback for: the promise reports it", async () => {
    const { modal, byTestId, answer } = await setup()
    act(() => modal.dispatch(connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: '0x00000000000000000000000000000000000000A1', type: 'eoa' }], caipNetworkId: 'eip155:1' })))
    let signing: Promise<unknown> = Promise.resolve()
    await act(async () => {
      signing = modal.signMessage('hello').catch((e: unknown) => e)
    })
    expect(modal.getState().account.signature?.status).toBe('signing')
    expect(byTestId('gw-request-toast')).toBeNull()
    await act(async () => {
      answer('signMessage', SIGNATURE)
      expect(await signing).toBe(SIGNATURE)
    })
    expect(byTestId('gw-request-toast')).toBeNull()
  })

  it('refuses a feedback option that is not a boolean, dispatching nothing', async () => {
    const { modal } = await setup()
    const before = modal.getState().account
    const error = await modal.signMessage('hello', { feedback: 'yes' } as never).catch((e: unknown) => e)
    expect((error as Error).message).toMatch(/^Invalid signMessage arguments/)
    expect((error as Error).message).toContain('options.feedback must be a boolean')
    expect(modal.getState().account).toBe(before)
  })

  it('with { feedback: true }, shows the request to a connected wallet: approve in the wallet, then the outcome', async () => {
    const { modal, byTestId, answer } = await setup()
    act(() => modal.dispatch(connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: '0x00000000000000000000000000000000000000A1', type: 'eoa' }], caipNetworkId: 'eip155:1' })))
    let signing: Promise<unknown> = Promise.resolve()
    await act(async () => {
      signing = modal.signMessage('hello', { feedback: true }).catch((e: unknown) => e)
    })
    expect(byTestId('gw-request-toast-title')?.textContent).toMatch(/^Approve in/)
    await act(async () => {
      answer('signMessage', SIGNATURE)
      await signing
    })
    expect(byTestId('gw-request-toast-title')?.textContent).toBe('Signed')
  })

  it('with { feedback: true }, follows a batch of calls: approve in the wallet, pending, then confirmed or failed in the wallet\'s words', async () => {
    const status = { value: { status: 100, atomic: true } as unknown }
    const answers: Record<string, () => unknown> = {
      wallet_sendCalls: () => ({ id: '0xb1' }),
      wallet_getCallsStatus: () => status.value,
    }
    let release: () => void = () => undefined
    const provider = {
      request: async ({ method }: { method: string }) => {
        if (method === 'wallet_sendCalls') await new Promise<void>((r) => (release = r))
        return answers[method]!()
      },
    }
    const { adapter } = createFakeChainAdapter()
    ;(adapter.evm as { getProvider?: unknown }).getProvider = async () => provider
    const modal = createModal({ projectId: 'p', adapters: [adapter], storage: createMemoryStorage(), persistLog: false, modules: [batchedCalls()] })
    await modal.ready
    const { byTestId } = mount(modal)
    await act(async () => modal.open())
    await act(async () => modal.close())
    act(() => modal.dispatch(connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: '0x00000000000000000000000000000000000000A1', type: 'eoa' }], caipNetworkId: 'eip155:1' })))
    let sending: Promise<unknown> = Promise.resolve()
    await act(async () => {
      sending = modal.sendCalls([{ to: '0x00000000000000000000000000000000000000b2' }], { atomicRequired: true, feedback: true })
      // The feature's chunk loads on this first command.
      for (let i = 0; i < 200 && !modal.getState().calls?.send; i++) await new Promise((r) => setTimeout(r, 5))
    })
    expect(byTestId('gw-request-toast-title')?.textContent).toMatch(/^Approve in/)
    expect(byTestId('gw-request-toast-text')?.textContent).toBe('Confirm the calls in your wallet.')
    await act(async () => {
      release()
      await sending
    })
    expect(byTestId('gw-request-toast-title')?.textContent).toBe('Calls pending')
    status.value = { status: 500, atomic: true, receipts: [{ status: '0x0', transactionHash: `0x${'c'.repeat(64)}`, blockNumber: '0x2' }] }
    await act(async () => {
      await new Promise((r) => setTimeout(r, 1200))
    })
    expect(byTestId('gw-request-toast-title')?.textContent).toBe('Calls failed')
    expect(byTestId('gw-request-toast-text')?.textContent).toBe('None of the calls took effect.')
    expect(byTestId('gw-request-toast')?.getAttribute('role')).toBe('alert')
    modal.destroy()
  })
})
