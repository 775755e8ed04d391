// @vitest-environment happy-dom
import { act } from 'react'
import { describe, expect, it } from 'vitest'
import { InvalidInputError } from '../../../../src/core/errors/base'
import { useGangwayModal } from '../../../../src/react/hooks/useGangwayModal'
import { actSettled, renderHook, setupModal } from './support'

describe('useGangwayModal', () => {
  it('open() follows the opening rules, open(view) opens that view, close() closes; isOpen follows', async () => {
    const { modal } = await setupModal({ chain: null })
    const { last } = renderHook(modal, useGangwayModal)
    expect(last().isOpen).toBe(false)
    act(() => last().open())
    expect(last().isOpen).toBe(true)
    expect(modal.getState().router.view).toBe('Connect')
    act(() => last().close())
    expect(last().isOpen).toBe(false)
    act(() => last().open('Networks'))
    expect(modal.getState().router.view).toBe('Networks')
    expect(last().isOpen).toBe(true)
  })

  it('connected, open() shows Account', async () => {
    const { modal } = await setupModal()
    const { last } = renderHook(modal, useGangwayModal)
    act(() => last().open())
    expect(modal.getState().router.view).toBe('Account')
  })

  it('a view that does not exist is refused with InvalidInputError and nothing opens', async () => {
    const { modal } = await setupModal({ chain: null })
    const { last } = renderHook(modal, useGangwayModal)
    expect(() => last().open('Nowhere' as never)).toThrow(InvalidInputError)
    expect(last().isOpen).toBe(false)
  })

  it('re-renders only when isOpen changes; open and close keep their identity', async () => {
    const { modal } = await setupModal()
    const { renders } = renderHook(modal, useGangwayModal)
    const count = renders.length
    await actSettled(() => modal.setThemeMode('dark'))
    await actSettled(() => modal.showBanner('info', 'hi'))
    await actSettled(() => modal.refreshBalance(true))
    expect(renders.length).toBe(count)
    await actSettled(() => modal.open())
    await actSettled(() => modal.push('Networks'))
    expect(renders.length).toBe(count + 1)
    expect(new Set(renders.map((r) => r.open)).size).toBe(1)
    expect(new Set(renders.map((r) => r.close)).size).toBe(1)
  })
})
