import { describe, expect, it } from 'vitest'
import { grantPermissions } from '../../../../../src/core/effects/permissions/grantPermissions'
import { connectionDisconnected } from '../../../../../src/core/events/connection/connection'
import { permissionsReviewApproved } from '../../../../../src/core/events/permissions/permissions'
import type { EventInput } from '../../../../../src/core/events/defineEvent'
import type { ModalState } from '../../../../../src/core/state'
import { runEffectAsync } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { DAILY, DAILY_GRANT, connectedWith, fakeWallet, granted, requested, reviewing } from './permissionsFakes'

const run = (event: EventInput, wallet: ReturnType<typeof fakeWallet>, state: ModalState) =>
  runEffectAsync(grantPermissions, { events: { marble: 'e', values: { e: event } }, state, loop: true, deps: { adapters: { eip155: wallet.adapter } } })
const approved = permissionsReviewApproved({}, { requestId: 'q' })

describe('grantPermissions', () => {
  it('asks the wallet (wallet_requestExecutionPermissions) once the visitor approved the review; its grants land in the state', async () => {
    const wallet = fakeWallet({ wallet_requestExecutionPermissions: (params) => ({ value: granted(params as never), ms: 20 }) })
    const r = await run(approved, wallet, reviewing())
    expect(wallet.requests).toEqual([['wallet_requestExecutionPermissions', [DAILY]]])
    expect(r.log.at(-1)).toMatchObject({ type: 'permissions/granted', requestId: 'q', payload: { grants: [DAILY_GRANT] } })
    expect(r.state.permissions!.request).toMatchObject({ status: 'granted', granted: ['0xc00'] })
    expect(r.state.permissions!.grants['0xc00']).toMatchObject({ status: 'active', grantedAt: r.log.at(-1)!.at })
  })

  it('asks at once for a request nobody reviews; the review alone asks nothing', async () => {
    const wallet = fakeWallet({ wallet_requestExecutionPermissions: (params) => ({ value: granted(params as never) }) })
    await run(requested(false), wallet, connectedWith())
    expect(wallet.requests).toHaveLength(1)
    const idle = fakeWallet({ wallet_requestExecutionPermissions: (params) => ({ value: granted(params as never) }) })
    await run(requested(true), idle, connectedWith())
    // A stale approval (another request's) asks nothing either.
    await run(permissionsReviewApproved({}, { requestId: 'other' }), idle, reviewing())
    expect(idle.requests).toEqual([])
  })

  it("tries wallet_grantPermissions for a wallet without ERC-7715's current name; a wallet with neither: 'This wallet cannot grant permissions'", async () => {
    const old = fakeWallet({ wallet_grantPermissions: (params) => ({ value: granted(params as never) }) })
    const r = await run(approved, old, reviewing())
    expect(old.requests.map(([m]) => m)).toEqual(['wallet_requestExecutionPermissions', 'wallet_grantPermissions'])
    expect(r.state.permissions!.request!.status).toBe('granted')

    const none = fakeWallet({ wallet_requestExecutionPermissions: { error: { code: -32601, message: 'Method not found' } } })
    const refused = await run(approved, none, reviewing())
    expect(none.requests.map(([m]) => m)).toEqual(['wallet_requestExecutionPermissions', 'wallet_grantPermissions'])
    expect(refused.state.permissions!.request).toMatchObject({ status: 'failed', error: { kind: 'WALLET_PERMISSIONS_UNSUPPORTED', code: 4200, shortMessage: 'This wallet cannot grant permissions' } })
    // The wallet's own words say why (the embedded wallet's EOA asks to switch to the smart account).
    const eoa = fakeWallet({ wallet_requestExecutionPermissions: { error: { code: 4200, message: 'wallet_requestExecutionPermissions needs the smart account: switch to it first' } }, wallet_grantPermissions: { error: { code: 4200, message: 'wallet_grantPermissions needs the smart account: switch to it first' } } })
    expect((await run(approved, eoa, reviewing())).state.permissions!.request!.error!.details).toBe(
      'the wallet refused wallet_requestExecutionPermissions and wallet_grantPermissions as unsupported: wallet_grantPermissions needs the smart account: switch to it first',
    )
  })

  it("the wallet's refusal or junk answer is permissions/walletRefused, nothing granted", async () => {
    const rejected = await run(approved, fakeWallet({ wallet_requestExecutionPermissions: { error: { code: 4001, message: 'User rejected the request.' } } }), reviewing())
    expect(rejected.state.permissions!.request).toMatchObject({ status: 'failed', error: { kind: 'WALLET_REJECTED', code: 4001, shortMessage: 'User rejected the request' } })
    expect(rejected.state.permissions!.grants).toEqual({})
    const junk = await run(approved, fakeWallet({ wallet_requestExecutionPermissions: { value: [{ context: 42 }] } }), reviewing())
    expect(junk.state.permissions!.request!.error).toMatchObject({ kind: 'WALLET_INVALID_RESPONSE', shortMessage: 'Something went wrong' })
    // A grant for fewer requests than asked is junk too.
    const short = await run(approved, fakeWallet({ wallet_requestExecutionPermissions: { value: [] } }), reviewing())
    expect(short.state.permissions!.request!.error).toMatchObject({ kind: 'WALLET_INVALID_RESPONSE' })
  })

  it('asks nothing once the account is gone: it says why', async () => {
    const wallet = fakeWallet({ wallet_requestExecutionPermissions: (params) => ({ value: granted(params as never) }) })
    const gone = stateAfter([connectionDisconnected({ namespace: 'eip155', connectorId: 'a' })], { from: reviewing() })
    const r = await run(approved, wallet, gone)
    expect(wallet.requests).toEqual([])
    expect(r.state.permissions!.request!.error).toMatchObject({ kind: 'NO_ACTIVE_ADDRESS' })
  })
})
