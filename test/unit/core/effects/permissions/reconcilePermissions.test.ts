import { describe, expect, it } from 'vitest'
import { reconcilePermissions } from '../../../../../src/core/effects/permissions/reconcilePermissions'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { remoteConfigLoaded } from '../../../../../src/core/events/modal/config'
import type { ModalState } from '../../../../../src/core/state'
import { runEffectAsync } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, DAILY, DAILY_GRANT, connectedWith, fakeWallet, granted, withGrant } from './permissionsFakes'

const connect = connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' })
const run = (wallet: ReturnType<typeof fakeWallet>, state: ModalState, marble = '') =>
  runEffectAsync(reconcilePermissions, { ...(marble ? { events: { marble, values: { c: connect } } } : {}), state, loop: true, deps: { adapters: { eip155: wallet.adapter } } })

describe('reconcilePermissions', () => {
  it('asks the connected wallet what it granted (no params): what it lists joins, what it no longer holds is revoked', async () => {
    const second = { ...DAILY, to: '0x00000000000000000000000000000000000000c3' }
    const wallet = fakeWallet({ wallet_getGrantedExecutionPermissions: { value: granted([second]).map((g) => ({ ...g, context: '0xc09' })) } })
    const r = await run(wallet, withGrant())
    expect(wallet.requests).toEqual([['wallet_getGrantedExecutionPermissions', []]])
    expect(r.log.at(-1)).toMatchObject({ type: 'permissions/listed', payload: { account: ACCOUNT, grants: [{ ...DAILY_GRANT, context: '0xc09', to: second.to }] } })
    expect(Object.fromEntries(Object.values(r.state.permissions!.grants).map((g) => [g.context, g.status]))).toEqual({ '0xc00': 'revoked', '0xc09': 'active' })
  })

  it('asks again as a wallet connects; a wallet without the method (4200) reports nothing; other failures are reported', async () => {
    const none = fakeWallet({})
    const r = await run(none, stateAfter([], { settings: { features: { smartSessions: true } } }), '-c')
    expect(none.requests.map(([m]) => m)).toEqual(['wallet_getGrantedExecutionPermissions'])
    expect(r.messages).toEqual([])
    const failing = await run(fakeWallet({ wallet_getGrantedExecutionPermissions: { error: { code: -32603, message: 'down' } } }), connectedWith())
    expect(failing.log.at(-1)).toMatchObject({ type: 'permissions/listFailed', payload: { account: ACCOUNT, error: { kind: 'WALLET_INTERNAL_ERROR' } } })
    const junk = await run(fakeWallet({ wallet_getGrantedExecutionPermissions: { value: 'nope' } }), connectedWith())
    expect(junk.log.at(-1)).toMatchObject({ type: 'permissions/listFailed', payload: { error: { kind: 'WALLET_INVALID_RESPONSE' } } })
  })

  it("asks nothing while the project's configuration turns session permissions off", async () => {
    const wallet = fakeWallet({ wallet_getGrantedExecutionPermissions: { value: [] } })
    await run(wallet, stateAfter([remoteConfigLoaded({ features: { smartSessions: false } })], { from: connectedWith() }), '-c')
    expect(wallet.requests).toEqual([])
  })
})
