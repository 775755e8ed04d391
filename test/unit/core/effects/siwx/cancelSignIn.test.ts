import { describe, expect, it } from 'vitest'
import { cancelSignIn } from '../../../../../src/core/effects/siwx/cancelSignIn'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { siwxSessionStored, siwxSignInCancelled } from '../../../../../src/core/events/siwx/siwx'
import { EffectScheduler, runEffect } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT } from '../fakes'

const connect = (caipNetworkId: string) =>
  connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId })
const cancel = siwxSignInCancelled({ caipAddress: `eip155:2:${ACCOUNT}` })

function outcome(state: ReturnType<typeof stateAfter>): unknown[] {
  const out: unknown[] = []
  new EffectScheduler().run(() => {
    runEffect(cancelSignIn, { events: { marble: 'c', values: { c: cancel } }, state }).subscribe((e) => out.push(e))
  })
  return out
}

describe('cancelSignIn', () => {
  it('closes the modal when sign-in is not required', () => {
    expect(outcome(stateAfter([connect('eip155:2')], { settings: { siwx: { required: false } } }))).toMatchObject([{ type: 'modal/closeRequested' }])
  })

  it('when required: back to a network this address has a session on, else disconnect', () => {
    const required = { settings: { siwx: { required: true } } }
    const withSession = stateAfter([siwxSessionStored({ caipAddress: `eip155:1:${ACCOUNT}`, session: {} }), connect('eip155:2')], required)
    expect(outcome(withSession)).toMatchObject([{ type: 'network/switchRequested', payload: { namespace: 'eip155', caipNetworkId: 'eip155:1' } }])
    expect(outcome(stateAfter([connect('eip155:2')], required))).toMatchObject([{ type: 'connection/disconnectRequested', payload: { namespace: 'eip155' } }])
    // A session of another address is no way back for this one.
    const other = stateAfter([siwxSessionStored({ caipAddress: 'eip155:1:0x00000000000000000000000000000000000000b2', session: {} }), connect('eip155:2')], required)
    expect(outcome(other)).toMatchObject([{ type: 'connection/disconnectRequested' }])
  })
})
