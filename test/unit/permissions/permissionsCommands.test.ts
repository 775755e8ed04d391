import { describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../../../src/adapters/storage/memoryStorage'
import { createModal } from '../../../src/createModal'
import { InvalidInputError } from '../../../src/core/errors/base'
import { FeatureNotIncludedError, ModalClosedError, NoActiveAddressError, UnsupportedNamespaceError } from '../../../src/core/errors/connection'
import { isUserRejection } from '../../../src/core/errors/isUserRejection'
import { PermissionsNotAllowedError, WalletPermissionsUnsupportedError } from '../../../src/core/errors/permissions'
import { WalletRejectedError } from '../../../src/core/errors/wallet'
import { remoteConfigLoaded } from '../../../src/core/events/modal/config'
import { permissionsReviewApproved, permissionsReviewCancelled } from '../../../src/core/events/permissions/permissions'
import { createPermissionsCommands } from '../../../src/core/events/permissions/permissionsCommands'
import { modalCloseRequested } from '../../../src/core/events/modal/modal'
import type { ModalState } from '../../../src/core/state'
import { stateAfter } from '../../support/stateAfter'
import { connectionSucceeded } from '../../../src/core/events/connection/connection'
import { ACCOUNT_A, MANAGER, SESSION, TOKEN, connectedModal, grantAll, refusingFirst } from './permissionsSupport'

const DAILY = { type: 'native-token-periodic', to: SESSION, amount: '0.01', period: 86_400, justification: 'Tip creators' } as const

/** Resolves once the modal shows the review of a request (its id), after the feature loaded. */
async function reviewing(t: Awaited<ReturnType<typeof connectedModal>>): Promise<string> {
  await t.modal.whenLoaded()
  await t.time.advanceBy(0)
  const request = t.modal.getState().permissions?.request
  expect(request?.status).toBe('reviewing')
  expect(t.modal.getState().modal.open).toBe(true)
  expect(t.modal.getState().router.view).toBe('ReviewPermissions')
  return request!.requestId!
}

describe('modal.requestPermissions', () => {
  it('opens the review, asks the wallet once the visitor approves, resolves with the grant, then closes the modal it opened', async () => {
    const t = await connectedModal({ wallet_requestExecutionPermissions: grantAll })
    const asked = t.modal.requestPermissions(DAILY)
    const requestId = await reviewing(t)
    // Nothing reaches the wallet before the visitor approves.
    expect(t.asked()).toEqual([])
    t.modal.dispatch(permissionsReviewApproved({}, { requestId }))
    const [grant] = await asked
    expect(t.requests.filter(([m]) => m === 'wallet_requestExecutionPermissions')).toEqual([
      [
        'wallet_requestExecutionPermissions',
        [
          {
            chainId: '0x1',
            from: ACCOUNT_A,
            to: SESSION,
            permission: { type: 'native-token-periodic', isAdjustmentAllowed: false, data: { periodAmount: '0x2386f26fc10000', periodDuration: 86_400, justification: 'Tip creators' } },
          },
        ],
      ],
    ])
    expect(grant).toMatchObject({
      context: '0xc00',
      delegationManager: MANAGER,
      dependencies: [],
      chainId: 1,
      account: ACCOUNT_A,
      to: SESSION,
      type: 'native-token-periodic',
      token: { address: null, symbol: 'ETH', decimals: 18 },
      amount: 10n ** 16n,
      period: 86_400,
      start: null,
      expiry: null,
      justification: 'Tip creators',
      status: 'active',
    })
    expect(t.modal.getState().router.view).toBe('ReviewPermissions')
    await t.time.advanceBy(1_500)
    expect(t.modal.getState().modal.open).toBe(false)
    expect(await t.modal.getPermissions()).toEqual([grant])
    t.modal.destroy()
  })

  it('over a view the modal shows, goes back to it once granted', async () => {
    const t = await connectedModal({ wallet_requestExecutionPermissions: grantAll })
    t.modal.open('Account')
    const asked = t.modal.requestPermissions(DAILY)
    const requestId = await reviewing(t)
    t.modal.dispatch(permissionsReviewApproved({}, { requestId }))
    await asked
    await t.time.advanceBy(1_500)
    expect(t.modal.getState().router.view).toBe('Account')
    expect(t.modal.getState().modal.open).toBe(true)
    t.modal.destroy()
  })

  it("Cancel refuses as the visitor's rejection, closing the modal, without asking the wallet; closing the modal refuses with 'Modal closed'", async () => {
    const t = await connectedModal({ wallet_requestExecutionPermissions: grantAll })
    const cancelled = t.modal.requestPermissions(DAILY).catch((e: unknown) => e)
    t.modal.dispatch(permissionsReviewCancelled({}, { requestId: await reviewing(t) }))
    const error = await cancelled
    expect(error).toBeInstanceOf(WalletRejectedError)
    expect(isUserRejection(error)).toBe(true)
    expect(t.modal.getState().modal.open).toBe(false)

    const closed = t.modal.requestPermissions(DAILY).catch((e: unknown) => e)
    await reviewing(t)
    t.modal.dispatch(modalCloseRequested({}))
    expect(await closed).toBeInstanceOf(ModalClosedError)
    expect(t.asked()).toEqual([])
    expect(t.modal.getState().permissions!.request).toBeNull()
    t.modal.destroy()
  })

  it("the wallet's refusal shows with a retry; the retry asks again and grants", async () => {
    const wallet = refusingFirst(grantAll)
    const t = await connectedModal({ wallet_requestExecutionPermissions: wallet.answer })
    const asked = t.modal.requestPermissions(DAILY)
    const requestId = await reviewing(t)
    t.modal.dispatch(permissionsReviewApproved({}, { requestId }))
    await t.time.advanceBy(0)
    expect(t.modal.getState().permissions!.request).toMatchObject({ status: 'failed', error: { kind: 'WALLET_REJECTED', shortMessage: 'User rejected the request' } })
    wallet.accept()
    t.modal.dispatch(permissionsReviewApproved({}, { requestId }))
    expect(await asked).toHaveLength(1)
    expect(t.asked()).toEqual(['wallet_requestExecutionPermissions', 'wallet_requestExecutionPermissions'])
    t.modal.destroy()
  })

  it("a wallet that knows only wallet_grantPermissions is asked by that name; one that knows neither: 'This wallet cannot grant permissions'", async () => {
    const old = await connectedModal({ wallet_grantPermissions: grantAll })
    await expect(old.modal.requestPermissions(DAILY, { review: false })).resolves.toHaveLength(1)
    expect(old.asked()).toEqual(['wallet_requestExecutionPermissions', 'wallet_grantPermissions'])
    old.modal.destroy()

    const none = await connectedModal({})
    const error = await none.modal.requestPermissions(DAILY, { review: false }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WalletPermissionsUnsupportedError)
    expect(error).toMatchObject({ shortMessage: 'This wallet cannot grant permissions', code: 4200 })
    // Reviewed: the review says so, without a retry; Cancel then refuses with it.
    const reviewed = none.modal.requestPermissions(DAILY).catch((e: unknown) => e)
    const requestId = await reviewing(none)
    none.modal.dispatch(permissionsReviewApproved({}, { requestId }))
    await none.time.advanceBy(0)
    expect(none.modal.getState().permissions!.request).toMatchObject({ status: 'failed', error: { kind: 'WALLET_PERMISSIONS_UNSUPPORTED' } })
    none.modal.dispatch(permissionsReviewCancelled({}, { requestId }))
    expect(await reviewed).toBeInstanceOf(WalletPermissionsUnsupportedError)
    none.modal.destroy()
  })

  it('refuses bad arguments before anything is dispatched or asked', async () => {
    const t = await connectedModal({ wallet_requestExecutionPermissions: grantAll })
    const seen: string[] = []
    const sub = t.modal.event$.subscribe((e) => seen.push(e.type))
    const before = t.modal.getState()
    for (const [input, field] of [
      [[], 'requests must hold at least one'],
      [{ ...DAILY, to: 'nope' }, 'request.to'],
      [{ ...DAILY, amount: 0.01 }, 'request.amount'],
      [{ ...DAILY, amount: '0.0000000000000000001' }, 'request.amount'],
      [{ ...DAILY, period: 0 }, 'request.period'],
      [{ ...DAILY, type: 'native-token-stream' }, 'request.type'],
      [{ ...DAILY, chainId: 8453 }, 'request.chainId'],
      [{ ...DAILY, expiry: Date.now() }, 'looks like milliseconds'],
      [{ ...DAILY, token: TOKEN }, 'request.token'],
      [{ type: 'erc20-token-allowance', to: SESSION, amount: '5', token: TOKEN }, "the token's decimals are unknown"],
      [[DAILY, { ...DAILY, sneaky: 1 }], 'requests[1].sneaky is not a known field'],
    ] as const) {
      const e = await t.modal.requestPermissions(input as never).catch((x: unknown) => x)
      expect(e, field).toBeInstanceOf(InvalidInputError)
      expect((e as InvalidInputError).details, field).toContain(field)
    }
    await expect(t.modal.requestPermissions(DAILY, { review: 'yes' } as never)).rejects.toBeInstanceOf(InvalidInputError)
    sub.unsubscribe()
    expect(seen).toEqual([])
    expect(t.modal.getState()).toBe(before)
    expect(t.asked()).toEqual([])
    t.modal.destroy()
  })

  it("an ERC-20 allowance with the token's decimals given: 'Spend up to 5 GUSD in total'", async () => {
    const t = await connectedModal({ wallet_requestExecutionPermissions: grantAll })
    const [grant] = await t.modal.requestPermissions(
      { type: 'erc20-token-allowance', to: SESSION, amount: '5', token: { address: TOKEN, symbol: 'GUSD', decimals: 6 }, expiry: 4_102_444_800, start: new Date(1_800_000_000_000) },
      { review: false },
    )
    expect(t.requests.at(-1)![1]).toEqual([
      {
        chainId: '0x1',
        from: ACCOUNT_A,
        to: SESSION,
        permission: { type: 'erc20-token-allowance', isAdjustmentAllowed: false, data: { allowanceAmount: '0x4c4b40', startTime: 1_800_000_000, tokenAddress: TOKEN } },
        rules: [{ type: 'expiry', data: { timestamp: 4_102_444_800 } }],
      },
    ])
    expect(grant).toMatchObject({ token: { address: TOKEN, symbol: 'GUSD', decimals: 6 }, amount: 5_000_000n, period: null, expiry: new Date(4_102_444_800_000), start: new Date(1_800_000_000_000) })
    t.modal.destroy()
  })

  it("refuses with 'Action not allowed' while the project's configuration turns session permissions off, locally or remotely", async () => {
    const local = await connectedModal({ wallet_requestExecutionPermissions: grantAll }, { features: { smartSessions: false } })
    const e = await local.modal.requestPermissions(DAILY).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(PermissionsNotAllowedError)
    expect(e).toMatchObject({ shortMessage: 'Action not allowed' })
    local.modal.destroy()

    const remote = await connectedModal({ wallet_requestExecutionPermissions: grantAll })
    expect(remote.modal.getState().features.smartSessions).toBe(true)
    remote.modal.dispatch(remoteConfigLoaded({ features: { smartSessions: false } }))
    await expect(remote.modal.requestPermissions(DAILY)).rejects.toBeInstanceOf(PermissionsNotAllowedError)
    expect(remote.asked()).toEqual([])
    remote.modal.destroy()
  })

  it('without the smartSessions() module each command says so, and no feature code loads', async () => {
    const modal = createModal({ projectId: 'p', adapters: ['eip155'], storage: createMemoryStorage(), persistLog: false })
    await modal.ready
    for (const call of [() => modal.requestPermissions(DAILY), () => modal.revokePermission('0xc0'), () => modal.getPermissions()]) {
      const e = await call().catch((x: unknown) => x)
      expect(e).toBeInstanceOf(FeatureNotIncludedError)
      expect(e).toMatchObject({ shortMessage: 'Session permissions are not enabled', details: "pass smartSessions() of 'gangway-kit/features' in the modal's modules" })
    }
    expect(modal.getState().permissions).toBeUndefined()
    expect(modal.getState().features.smartSessions).toBe(false)
    modal.destroy()
  })

  it('refuses on a non-EVM chain, and with no EVM account', async () => {
    const store = (state: ModalState) => ({ getState: () => state, dispatch: () => undefined, event$: { pipe: () => ({ subscribe: () => ({ unsubscribe: () => undefined }) }) } as never })
    const on = { settings: { adapters: ['eip155', 'solana'] as ('eip155' | 'solana')[], features: { smartSessions: true } } }
    const connected = stateAfter([connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT_A, type: 'eoa' }], caipNetworkId: 'eip155:1' })], on)
    const solana = { ...connected, connection: { ...connected.connection, activeNamespace: 'solana' as const } }
    await expect(createPermissionsCommands(store(solana)).requestPermissions(DAILY)).rejects.toBeInstanceOf(UnsupportedNamespaceError)
    await expect(createPermissionsCommands(store(solana)).requestPermissions(DAILY)).rejects.toMatchObject({ shortMessage: 'Unsupported chain namespace' })
    await expect(createPermissionsCommands(store(stateAfter([], on))).requestPermissions(DAILY)).rejects.toBeInstanceOf(NoActiveAddressError)
  })
})

describe('modal.revokePermission', () => {
  it("asks the wallet to revoke it (ERC-7715's method, then the older name), and it shows as revoked; a refusal leaves it active", async () => {
    const wallet = refusingFirst(() => ({}))
    const t = await connectedModal({ wallet_requestExecutionPermissions: grantAll, wallet_revokeExecutionPermission: wallet.answer })
    const [grant] = await t.modal.requestPermissions(DAILY, { review: false })
    const refused = await t.modal.revokePermission(grant!.context).catch((e: unknown) => e)
    expect(isUserRejection(refused)).toBe(true)
    expect(t.modal.getState().permissions!.grants[grant!.context]!.status).toBe('active')
    expect(t.modal.getState().permissions!.revokes[grant!.context]!.error).toMatchObject({ kind: 'WALLET_REJECTED' })
    wallet.accept()
    await t.modal.revokePermission(grant!.context)
    expect(t.requests.filter(([m]) => m === 'wallet_revokeExecutionPermission').at(-1)).toEqual(['wallet_revokeExecutionPermission', { permissionContext: grant!.context }])
    expect((await t.modal.getPermissions())[0]!.status).toBe('revoked')
    // Revoked already; one the modal does not know.
    await expect(t.modal.revokePermission(grant!.context)).rejects.toBeInstanceOf(InvalidInputError)
    await expect(t.modal.revokePermission('0xdead')).rejects.toBeInstanceOf(InvalidInputError)
    t.modal.destroy()

    const old = await connectedModal({ wallet_requestExecutionPermissions: grantAll, wallet_revokePermissions: () => null })
    const [g] = await old.modal.requestPermissions(DAILY, { review: false })
    await old.modal.revokePermission(g!.context)
    expect(old.requests.at(-1)).toEqual(['wallet_revokePermissions', [{ permissionContext: g!.context }]])
    old.modal.destroy()
  })
})

describe('granted permissions across a reload', () => {
  it('are kept, and the wallet is asked what it holds once it is back: what it no longer holds shows as revoked', async () => {
    const first = await connectedModal({ wallet_requestExecutionPermissions: grantAll })
    await first.modal.requestPermissions([DAILY, { ...DAILY, amount: '0.02' }], { review: false })
    await first.time.advanceBy(1_000)
    expect((first.kv.dump()['gangway:durable'] as { permissions?: { grants: unknown[] } }).permissions?.grants).toHaveLength(2)
    first.modal.destroy()

    // The wallet still holds the first one only.
    const held = grantAll([{ chainId: '0x1', from: ACCOUNT_A, to: SESSION, permission: { type: 'native-token-periodic', isAdjustmentAllowed: false, data: { periodAmount: '0x2386f26fc10000', periodDuration: 86_400 } } }])
    const second = await connectedModal({ wallet_getGrantedExecutionPermissions: () => held }, {}, first.kv)
    expect(second.requests.map(([m]) => m).filter((m) => m !== 'wallet_getCapabilities')).toEqual(['wallet_getGrantedExecutionPermissions'])
    const statuses = (await second.modal.getPermissions()).map((p) => [p.context, p.status])
    expect(statuses).toEqual([
      ['0xc00', 'active'],
      ['0xc01', 'revoked'],
    ])
    second.modal.destroy()
  })

  it('a wallet without wallet_getGrantedExecutionPermissions (4200) changes nothing and reports nothing', async () => {
    const t = await connectedModal({})
    expect(t.requests.map(([m]) => m)).toContain('wallet_getGrantedExecutionPermissions')
    const types = t.modal.timeTravel.log.snapshot().events.map((e) => e.type)
    expect(types.filter((type) => type.startsWith('permissions/'))).toEqual([])
    expect(t.modal.getState().lastError).toBeNull()
    t.modal.destroy()
  })
})
