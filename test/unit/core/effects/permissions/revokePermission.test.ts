import { describe, expect, it } from 'vitest'
import { revokePermission } from '../../../../../src/core/effects/permissions/revokePermission'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { permissionRevokeRequested } from '../../../../../src/core/events/permissions/permissions'
import type { ModalState } from '../../../../../src/core/state'
import { runEffectAsync } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { fakeWallet, withGrant } from './permissionsFakes'

const run = (wallet: ReturnType<typeof fakeWallet>, state: ModalState = withGrant(), requestId = 'r') =>
  runEffectAsync(revokePermission, { events: { marble: 'e', values: { e: permissionRevokeRequested({ context: '0xc00' }, { requestId }) } }, state, loop: true, deps: { adapters: { eip155: wallet.adapter } } })

describe('revokePermission', () => {
  it('asks the wallet to revoke it (wallet_revokeExecutionPermission with its context); revoked once it answers', async () => {
    const wallet = fakeWallet({ wallet_revokeExecutionPermission: { value: {}, ms: 30 } })
    const r = await run(wallet)
    expect(wallet.requests).toEqual([['wallet_revokeExecutionPermission', { permissionContext: '0xc00' }]])
    expect(r.state.permissions!.grants['0xc00']).toMatchObject({ status: 'revoked', revokedAt: r.log.at(-1)!.at })
    expect(r.state.permissions!.revokes).toEqual({})
  })

  it('a wallet that knows the older name is asked wallet_revokePermissions([{ permissionContext }]); one that knows neither says so', async () => {
    const old = fakeWallet({ wallet_revokePermissions: { value: null } })
    expect((await run(old)).state.permissions!.grants['0xc00']!.status).toBe('revoked')
    expect(old.requests).toEqual([
      ['wallet_revokeExecutionPermission', { permissionContext: '0xc00' }],
      ['wallet_revokePermissions', [{ permissionContext: '0xc00' }]],
    ])
    const none = await run(fakeWallet({}))
    expect(none.state.permissions!.revokes['0xc00']!.error).toMatchObject({ kind: 'WALLET_PERMISSIONS_UNSUPPORTED', shortMessage: 'This wallet cannot revoke permissions' })
  })

  it('a refusal rolls it back to active, with why', async () => {
    const r = await run(fakeWallet({ wallet_revokeExecutionPermission: { error: { code: 4001, message: 'User rejected the request.' } } }))
    expect(r.state.permissions!.grants['0xc00']!.status).toBe('active')
    expect(r.state.permissions!.revokes['0xc00']).toMatchObject({ requestId: null, from: 'active', error: { kind: 'WALLET_REJECTED' } })
  })

  it("asks nothing of another account's wallet", async () => {
    const wallet = fakeWallet({ wallet_revokeExecutionPermission: { value: {} } })
    const other = stateAfter([connectionSucceeded({ connectorId: 'b', namespace: 'eip155', accounts: [{ address: '0x00000000000000000000000000000000000000b2', type: 'eoa' }], caipNetworkId: 'eip155:1' })], { from: withGrant() })
    const r = await run(wallet, other)
    expect(wallet.requests).toEqual([])
    expect(r.state.permissions!.grants['0xc00']!.status).toBe('active')
    expect(r.state.permissions!.revokes['0xc00']!.error).toMatchObject({ shortMessage: 'Address or auth connector not found' })
  })
})
