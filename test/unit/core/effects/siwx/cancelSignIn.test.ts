import { describe, expect, it } from 'vitest'
import { cancelSignIn } from '../../../../../src/core/effects/siwx/cancelSignIn'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { siwxSessionStored, siwxSignInCancelled } from '../../../../../src/core/events/siwx/siwx'
import { EffectScheduler, runEffect } from '../../../../support/runEffect'
import { evmNetwork, solanaNetwork, stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, SOLANA_ACCOUNT, SOLANA_MAINNET } from '../fakes'

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

describe('cancelSignIn with a Solana account', () => {
  const devnet = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
  const solana = (caipNetworkId: string, address = SOLANA_ACCOUNT) =>
    connectionSucceeded({ connectorId: 'Phantom', namespace: 'solana', accounts: [{ address, type: 'eoa' }], caipNetworkId })
  const required = { settings: { adapters: ['eip155', 'solana'] as never, networks: [evmNetwork(1), solanaNetwork(), solanaNetwork('EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'Devnet')], siwx: { required: true } } }
  const solOutcome = (state: ReturnType<typeof stateAfter>) => {
    const out: unknown[] = []
    new EffectScheduler().run(() => {
      runEffect(cancelSignIn, { events: { marble: 'c', values: { c: siwxSignInCancelled({ caipAddress: `${devnet}:${SOLANA_ACCOUNT}` }) } }, state }).subscribe((e) => out.push(e))
    })
    return out
  }

  it('when required: back to the cluster this address signed in on, else the Solana wallet is disconnected (the EVM one stays)', () => {
    const withSession = stateAfter([siwxSessionStored({ caipAddress: `${SOLANA_MAINNET}:${SOLANA_ACCOUNT}`, session: {} }), solana(devnet)], required)
    expect(solOutcome(withSession)).toMatchObject([{ type: 'network/switchRequested', payload: { namespace: 'solana', caipNetworkId: SOLANA_MAINNET } }])
    expect(solOutcome(stateAfter([solana(devnet)], required))).toMatchObject([{ type: 'connection/disconnectRequested', payload: { namespace: 'solana' } }])
    // Base58 is case-sensitive: an address differing in case is another account, no way back.
    const other = SOLANA_ACCOUNT.replace('So', 'sO')
    const caseOnly = stateAfter([siwxSessionStored({ caipAddress: `${SOLANA_MAINNET}:${other}`, session: {} }), solana(devnet)], required)
    expect(solOutcome(caseOnly)).toMatchObject([{ type: 'connection/disconnectRequested', payload: { namespace: 'solana' } }])
    // An EVM session is no way back for a Solana account.
    const evm = stateAfter([siwxSessionStored({ caipAddress: `eip155:1:${ACCOUNT}`, session: {} }), solana(devnet)], required)
    expect(solOutcome(evm)).toMatchObject([{ type: 'connection/disconnectRequested', payload: { namespace: 'solana' } }])
  })
})
