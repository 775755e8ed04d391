// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { modalOpenRequested } from '../../../../src/core/events/modal/modal'
import { useGangwayPermissions } from '../../../../src/react/hooks/useGangwayPermissions'
import { SESSION, connectedModal, grantAll } from '../../permissions/permissionsSupport'
import { actSettled, renderHook } from './support'

describe('useGangwayPermissions', () => {
  it('the grants as modal.getPermissions() gives them, re-rendering only when a grant changes', async () => {
    const t = await connectedModal({ wallet_requestExecutionPermissions: grantAll, wallet_revokeExecutionPermission: () => ({}) })
    const { last, renders } = renderHook(t.modal, useGangwayPermissions)
    expect(last()).toEqual([])
    const asked = t.modal.requestPermissions({ type: 'native-token-allowance', to: SESSION, amount: '1' }, { review: false })
    await actSettled(() => asked)
    const granted = await asked
    expect(last()).toEqual(granted)
    expect(last()).toEqual(await t.modal.getPermissions())
    expect(last()[0]).toMatchObject({ amount: 10n ** 18n, period: null, status: 'active' })
    const count = renders.length
    // Something else changes: no render.
    await actSettled(() => t.modal.dispatch(modalOpenRequested({})))
    expect(renders).toHaveLength(count)
    const revoked = t.modal.revokePermission(granted[0]!.context)
    await actSettled(() => revoked)
    await revoked
    expect(last()[0]!.status).toBe('revoked')
    t.modal.destroy()
  })
})
