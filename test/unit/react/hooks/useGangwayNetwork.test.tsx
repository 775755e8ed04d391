// @vitest-environment happy-dom
import { act } from 'react'
import { describe, expect, it } from 'vitest'
import { InvalidInputError } from '../../../../src/core/errors/base'
import { useGangwayNetwork } from '../../../../src/react/hooks/useGangwayNetwork'
import { NETWORKS, actSettled, renderHook, setupModal } from './support'

describe('useGangwayNetwork', () => {
  it('the active network (id, name, CAIP-2 id, namespace) and the host networks', async () => {
    const { modal } = await setupModal()
    const { last } = renderHook(modal, useGangwayNetwork)
    expect(last().network).toEqual({ id: 1, name: 'One', caipNetworkId: 'eip155:1', namespace: 'eip155', network: NETWORKS[0] })
    expect(last().networks).toEqual(NETWORKS)
    expect(last()).toMatchObject({ isUnsupported: false, isWrongNetwork: false, isSwitching: false })
  })

  it('switchNetwork takes a network or its id, goes through the wallet, and the hook follows', async () => {
    const { modal, fake } = await setupModal()
    const { last } = renderHook(modal, useGangwayNetwork)
    let switching!: Promise<void>
    act(() => {
      switching = last().switchNetwork(NETWORKS[1]!)
    })
    expect(fake.calls().at(-1)).toEqual({ method: 'switchNetwork', args: ['a', 'eip155:2'] })
    expect(last().isSwitching).toBe(true)
    await actSettled(() => fake.answer('switchNetwork', undefined))
    await switching
    expect(last().network).toMatchObject({ id: 2, name: 'Two', caipNetworkId: 'eip155:2' })
    expect(last().isSwitching).toBe(false)

    act(() => {
      switching = last().switchNetwork('eip155:1')
    })
    await actSettled(() => fake.answer('switchNetwork', undefined))
    await switching
    expect(last().network?.caipNetworkId).toBe('eip155:1')
  })

  it('switchNetwork rejects a bad network with InvalidInputError and asks nothing', async () => {
    const { modal, fake } = await setupModal()
    const { last } = renderHook(modal, useGangwayNetwork)
    const before = fake.calls().length
    await expect(last().switchNetwork('not-a-chain')).rejects.toBeInstanceOf(InvalidInputError)
    await expect(last().switchNetwork({} as never)).rejects.toBeInstanceOf(InvalidInputError)
    expect(fake.calls().length).toBe(before)
  })

  it('a network the host does not list: unsupported, and a wrong network unless the host allows it', async () => {
    const { modal } = await setupModal({ chain: 'eip155:5' })
    const { last } = renderHook(modal, useGangwayNetwork)
    expect(last().network).toEqual({ id: 5, name: null, caipNetworkId: 'eip155:5', namespace: 'eip155', network: null })
    expect(last()).toMatchObject({ isUnsupported: true, isWrongNetwork: true })

    const allowed = await setupModal({ chain: 'eip155:5', allowUnsupportedChain: true })
    const other = renderHook(allowed.modal, useGangwayNetwork)
    expect(other.last()).toMatchObject({ isUnsupported: true, isWrongNetwork: false })
  })

  it('does not re-render when an unrelated part of the state changes; switchNetwork keeps its identity', async () => {
    const { modal } = await setupModal()
    const { renders } = renderHook(modal, useGangwayNetwork)
    const count = renders.length
    await actSettled(() => modal.open('Account'))
    await actSettled(() => modal.showBanner('error', 'oops'))
    await actSettled(() => modal.setThemeMode('dark'))
    await actSettled(() => modal.refreshBalance(true))
    expect(renders.length).toBe(count)
    expect(new Set(renders.map((r) => r.switchNetwork)).size).toBe(1)
  })
})
