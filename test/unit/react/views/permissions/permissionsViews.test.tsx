// @vitest-environment happy-dom
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { isUserRejection } from '../../../../../src/core/errors/isUserRejection'
import { remoteConfigLoaded } from '../../../../../src/core/events/modal/config'
import { prefetchViews, registerFeatureViews } from '../../../../../src/react/views/viewRegistry'
import { modalUiPerFile, viewDriver } from '../../../../support/modalUi'
import { ACCOUNT_A, SESSION, connectedModal, grantAll, refusingFirst, type Answer } from '../../../permissions/permissionsSupport'

const mount = modalUiPerFile()

const DAILY = { type: 'native-token-periodic', to: SESSION, amount: '0.01', period: 86_400, justification: 'Tip creators' } as const

/** A wallet answer the test gives when it wants: `release()` answers with what `answer` makes. */
function held(answer: Answer) {
  let release!: () => void
  const fn: Answer = (params) => new Promise((resolve, reject) => (release = () => void Promise.resolve().then(() => answer(params)).then(resolve, reject)))
  return { fn, release: () => release() }
}

async function setup(answers: Record<string, Answer>) {
  const t = await connectedModal(answers)
  registerFeatureViews(t.modal.options)
  await prefetchViews()
  const ui = mount(t.modal)
  return { ...t, ...ui, ...viewDriver(t.time, ui) }
}

describe('ReviewPermissions', () => {
  it('shows what the app asks for, for whom, until when and why; Approve in wallet waits for the wallet, then says granted and closes', async () => {
    const wallet = held(grantAll)
    const t = await setup({ wallet_requestExecutionPermissions: wallet.fn })
    let result: unknown
    void t.modal.requestPermissions(DAILY).then((r) => (result = r))
    await t.shown('permission-terms')
    expect(t.view()).toBe('ReviewPermissions')
    expect(t.text('permission-terms')).toBe('Spend up to 0.01 ETH every day')
    expect(t.text('permission-to')).toBe('0x70…dc79C8')
    expect(t.q('permission-to')!.title).toBe(SESSION)
    expect(t.text('permission-network')).toBe('One')
    expect(t.text('permission-start')).toBe('Now')
    expect(t.text('permission-expiry')).toBe('No end date')
    expect(t.text('permission-justification')).toBe('Tip creators')
    expect(t.q('permission-account')!.title).toBe(ACCOUNT_A)
    expect(t.asked()).toEqual([])

    await t.click('permissions-approve')
    await t.settle()
    expect(t.text('permissions-waiting')).toBe('Approve in your wallet')
    expect(t.q('permissions-progress')!.getAttribute('data-active')).toBe('true')
    expect((t.q('permissions-approve') as HTMLButtonElement).disabled).toBe(true)
    expect(t.asked()).toEqual(['wallet_requestExecutionPermissions'])

    wallet.release()
    await t.shown('permissions-granted')
    expect(t.text('permissions-granted')).toBe('Permission granted')
    expect(result).toHaveLength(1)
    await act(() => t.time.advanceBy(1_500))
    expect(t.modal.getState().modal.open).toBe(false)
    t.modal.destroy()
  })

  it("Cancel refuses the host's request as the visitor's, asking the wallet nothing", async () => {
    const t = await setup({ wallet_requestExecutionPermissions: grantAll })
    const asked = t.modal.requestPermissions(DAILY).catch((e: unknown) => e)
    await t.shown('permissions-cancel')
    await t.click('permissions-cancel')
    expect(isUserRejection(await asked)).toBe(true)
    expect(t.asked()).toEqual([])
    t.modal.destroy()
  })

  it("the wallet's refusal in the spec's words, with a retry", async () => {
    const wallet = refusingFirst(grantAll)
    const t = await setup({ wallet_requestExecutionPermissions: wallet.answer })
    const asked = t.modal.requestPermissions(DAILY)
    await t.shown('permissions-approve')
    await t.click('permissions-approve')
    await t.shown('permissions-error')
    expect(t.text('permissions-error')).toBe('User rejected the request')
    expect(t.text('permissions-approve')).toBe('Try again')
    wallet.accept()
    await t.click('permissions-approve')
    await expect(asked).resolves.toHaveLength(1)
    t.modal.destroy()
  })

  it('a wallet without session permissions says so, without a retry', async () => {
    const none = await setup({})
    const refused = none.modal.requestPermissions(DAILY).catch((e: unknown) => e)
    await none.shown('permissions-approve')
    await none.click('permissions-approve')
    await none.shown('permissions-error')
    expect(none.text('permissions-error')).toBe('This wallet cannot grant permissions')
    expect(none.q('permissions-approve')).toBeNull()
    await none.click('permissions-cancel')
    expect(await refused).toMatchObject({ kind: 'WALLET_PERMISSIONS_UNSUPPORTED' })
    none.modal.destroy()
  })
})

describe('Permissions in Account', () => {
  it("lists the account's grants with what, to whom, until when and status; Revoke asks the wallet, and a refusal leaves it active", async () => {
    const wallet = refusingFirst(() => ({}))
    const t = await setup({ wallet_requestExecutionPermissions: grantAll, wallet_revokeExecutionPermission: wallet.answer })
    await t.modal.requestPermissions({ ...DAILY, expiry: new Date('2031-01-01T00:00:00Z') }, { review: false })
    act(() => t.modal.open('Account'))
    await t.shown('account-permissions')
    expect(t.text('account-permissions-count')).toBe('1 active')
    await t.click('account-permissions')
    await t.shown('permission-revoke')
    expect(t.view()).toBe('Permissions')
    expect(t.text('permission-terms')).toBe('Spend up to 0.01 ETH every day')
    expect(t.text('permission-status')).toBe('Active')
    expect(t.text('permission-expiry')).toMatch(/^Until Jan 1, 2031/)

    await t.click('permission-revoke')
    await t.shown('permission-revoke-error')
    expect(t.text('permission-revoke-error')).toBe('User rejected the request')
    expect(t.text('permission-status')).toBe('Active')
    wallet.accept()
    await t.click('permission-revoke')
    await vi.waitFor(async () => {
      await t.settle()
      expect(t.text('permission-status')).toBe('Revoked')
    })
    expect(t.q('permission-revoke')).toBeNull()

    // The project turning session permissions off hides them from Account.
    act(() => t.modal.back())
    await t.shown('account-permissions')
    act(() => t.modal.dispatch(remoteConfigLoaded({ features: { smartSessions: false } })))
    expect(t.q('account-permissions')).toBeNull()
    t.modal.destroy()
  })
})
