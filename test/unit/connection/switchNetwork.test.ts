import { describe, expect, it } from 'vitest'
import { WalletRejectedError, WalletUnrecognizedChainError } from '../../../src/core/errors/wallet'
import { selectActiveCaipNetworkId } from '../../../src/core/selectors'
import { settle } from '../../support/virtualTime'
import { setupConnected } from './support'


const setup = setupConnected

describe('switchNetwork', () => {
  it('without a wallet the choice is just taken', async () => {
    const { modal, fake } = await setup(false)
    expect(selectActiveCaipNetworkId(modal.getState())).toBe('eip155:1')
    await modal.switchNetwork('eip155:2')
    expect(selectActiveCaipNetworkId(modal.getState())).toBe('eip155:2')
    expect(fake.calls().filter((c) => c.method === 'switchNetwork')).toEqual([])
  })

  it('asks the wallet, shows SwitchNetwork, and success goes back to the view before the list', async () => {
    const { modal, fake } = await setup()
    modal.open()
    modal.push('Networks')
    const switching = modal.switchNetwork('eip155:2')
    expect(modal.getState().router).toMatchObject({ view: 'SwitchNetwork', history: ['Account', 'Networks', 'SwitchNetwork'], data: { caipNetworkId: 'eip155:2' } })
    expect(fake.calls().at(-1)).toEqual({ method: 'switchNetwork', args: ['a', 'eip155:2'] })
    fake.answer('switchNetwork', undefined)
    await switching
    expect(modal.getState().router.history).toEqual(['Account'])
    expect(modal.getState().connection.byNamespace.eip155?.connections[0]?.caipNetworkId).toBe('eip155:2')
  })

  it('success without the network list in history closes the modal', async () => {
    const { modal, fake } = await setup()
    modal.open('UnsupportedChain')
    const switching = modal.switchNetwork('eip155:2')
    fake.answer('switchNetwork', undefined)
    await switching
    expect(modal.getState().modal.open).toBe(false)
  })

  it('a failed switch goes back one view and keeps the error there', async () => {
    const { modal, fake } = await setup()
    modal.open()
    modal.push('Networks')
    const switching = modal.switchNetwork('eip155:2')
    fake.fail('switchNetwork', new WalletRejectedError('User rejected the request', { code: 4001 }))
    await expect(switching).rejects.toMatchObject({ name: 'WalletRejectedError', code: 4001 })
    expect(modal.getState().router.view).toBe('Networks')
    expect(modal.getState().network.switch).toMatchObject({ status: 'failed', caipNetworkId: 'eip155:2', error: { code: 4001 } })
    expect(selectActiveCaipNetworkId(modal.getState())).toBe('eip155:1')
  })

  it('a network the host does not list: "Network not found", the wallet is not asked', async () => {
    const { modal, fake } = await setup()
    await expect(modal.switchNetwork('eip155:77')).rejects.toMatchObject({ shortMessage: 'Network not found' })
    expect(fake.calls().filter((c) => c.method === 'switchNetwork')).toEqual([])
  })

  it('an older switch answering after a newer one is ignored', async () => {
    const { modal, fake } = await setup()
    const first = modal.switchNetwork('eip155:2')
    const second = modal.switchNetwork('eip155:2')
    fake.fail('switchNetwork', new WalletUnrecognizedChainError('Unrecognized chain', { code: 4902 }))
    await expect(first).rejects.toMatchObject({ code: 4902 })
    expect(modal.getState().network.switch).toMatchObject({ status: 'switching' })
    fake.answer('switchNetwork', undefined)
    await second
    await settle()
    expect(modal.getState().network.switch).toBeNull()
  })
})
