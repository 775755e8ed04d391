// @vitest-environment happy-dom
import { act } from 'react'
import { describe, expect, it } from 'vitest'
import { identityFetched } from '../../../../src/core/events/accountSheet/activity'
import { useGangwayAccount } from '../../../../src/react/hooks/useGangwayAccount'
import { ACCOUNT, actSettled, connect, renderHook, setupModal } from './support'

describe('useGangwayAccount', () => {
  it('not connected: no address, status disconnected', async () => {
    const { modal } = await setupModal({ chain: null })
    const { last } = renderHook(modal, useGangwayAccount)
    expect(last()).toEqual({
      address: null,
      caipAddress: null,
      status: 'disconnected',
      isConnected: false,
      namespace: 'eip155',
      connectorId: null,
      connectorName: null,
      connectorIcon: null,
      profileName: null,
      profileImage: null,
    })
  })

  it('follows a connect: connecting while the wallet is asked, then the account with its connector', async () => {
    const { modal, fake } = await setupModal({ chain: null })
    const { last } = renderHook(modal, useGangwayAccount)
    let connecting!: Promise<unknown>
    act(() => {
      connecting = modal.connect('a')
    })
    expect(last()).toMatchObject({ status: 'connecting', isConnected: false, address: null })
    await actSettled(() => fake.answer('connect', { accounts: [ACCOUNT], caipNetworkId: 'eip155:1' }))
    await connecting
    expect(last()).toEqual({
      address: ACCOUNT,
      caipAddress: `eip155:1:${ACCOUNT}`,
      status: 'connected',
      isConnected: true,
      namespace: 'eip155',
      connectorId: 'a',
      connectorName: 'Alpha Wallet',
      connectorIcon: 'https://img.test/alpha.png',
      profileName: null,
      profileImage: null,
    })
  })

  it("gives the account's profile name and avatar once they are looked up", async () => {
    const { modal } = await setupModal()
    const { last } = renderHook(modal, useGangwayAccount)
    await actSettled(() => modal.dispatch(identityFetched({ address: ACCOUNT.toLowerCase(), name: 'ada.gangway', avatar: 'https://example.com/ada.png' })))
    expect(last()).toMatchObject({ address: ACCOUNT, profileName: 'ada.gangway', profileImage: 'https://example.com/ada.png' })
  })

  it('a disconnect clears it', async () => {
    const { modal, fake } = await setupModal()
    const { last } = renderHook(modal, useGangwayAccount)
    expect(last().isConnected).toBe(true)
    let done!: Promise<unknown>
    act(() => {
      done = modal.disconnect()
    })
    await actSettled(() => fake.answer('disconnect', undefined))
    await done
    expect(last()).toMatchObject({ address: null, caipAddress: null, status: 'disconnected', isConnected: false, connectorName: null })
  })

  it('does not re-render when an unrelated part of the state changes', async () => {
    const { modal } = await setupModal()
    const { renders } = renderHook(modal, useGangwayAccount)
    const count = renders.length
    await actSettled(() => modal.open('Networks'))
    await actSettled(() => modal.setThemeMode('dark'))
    await actSettled(() => modal.showBanner('info', 'hello'))
    await actSettled(() => modal.setThemeVariables({ '--gw-accent': '#0a7' }))
    await actSettled(() => modal.close())
    expect(modal.getState().modal.open).toBe(false)
    expect(renders.length).toBe(count)
  })

  it('re-renders once the account changes, with a new value', async () => {
    const { modal, fake } = await setupModal({ chain: null })
    const { renders } = renderHook(modal, useGangwayAccount)
    const before = renders.length
    await act(async () => connect(modal, fake))
    expect(renders.length).toBeGreaterThan(before)
    expect(renders.at(-1)?.address).toBe(ACCOUNT)
  })
})
