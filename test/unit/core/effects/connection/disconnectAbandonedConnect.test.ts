import { describe, expect, it } from 'vitest'
import { disconnectAbandonedConnect } from '../../../../../src/core/effects/connection/disconnectAbandonedConnect'
import { serializeError } from '../../../../../src/core/errors/base'
import { ModalClosedError } from '../../../../../src/core/errors/connection'
import { WalletRejectedError } from '../../../../../src/core/errors/wallet'
import { connectionFailed, connectionRequested, connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { modalCloseRequested, modalOpenRequested } from '../../../../../src/core/events/modal/modal'
import { EffectScheduler, reply, replyError, runEffect } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, fakeAdapter } from '../fakes'

const open = modalOpenRequested({})
const close = modalCloseRequested({})
const request = (connectorId: string, requestId: string) => connectionRequested({ connectorId, namespace: 'eip155' }, { requestId })
const succeeded = (connectorId: string, requestId: string) =>
  connectionSucceeded({ connectorId, namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' }, { requestId })
const closedOn = (connectorId: string, requestId: string) =>
  connectionFailed({ connectorId, namespace: 'eip155', error: serializeError(new ModalClosedError()) }, { requestId })
const rejected = (connectorId: string, requestId: string) =>
  connectionFailed({ connectorId, namespace: 'eip155', error: serializeError(new WalletRejectedError('Connection rejected', { code: 4001 })) }, { requestId })

function run(marble: string, values: Record<string, unknown>, disconnect: () => Promise<void> = () => reply(undefined, 5)) {
  const { adapter, calls } = fakeAdapter({ disconnect })
  let out!: ReturnType<typeof runEffect>
  new EffectScheduler().run(({ expectObservable }) => {
    out = runEffect(disconnectAbandonedConnect, { events: { marble, values: values as never }, state: stateAfter(), reduce: true, deps: { adapters: { eip155: adapter } } })
    // It tells the app nothing: the app never had the session.
    expectObservable(out).toBe('')
  })
  return { calls, state: out.state }
}

describe('disconnectAbandonedConnect', () => {
  it('a wallet approving after the visitor closed the modal on its connect is disconnected, and the app stays disconnected', () => {
    const { calls, state } = run('o r c f 99ms s', { o: open, r: request('a', 'r1'), c: close, f: closedOn('a', 'r1'), s: succeeded('a', 'r1') })
    expect(calls).toEqual([['disconnect', 'a']])
    expect(state.connection.byNamespace.eip155?.connections ?? []).toEqual([])
  })

  it('the late approval still ends the session after the visitor reopened and picked another wallet', () => {
    const { calls } = run('o r c f o t 99ms s', { o: open, r: request('a', 'r1'), c: close, f: closedOn('a', 'r1'), t: request('b', 'r2'), s: succeeded('a', 'r1') })
    expect(calls).toEqual([['disconnect', 'a']])
  })

  it('a success of the current attempt, or a stale one after a retry (not a close), disconnects nothing', () => {
    expect(run('o r s', { o: open, r: request('a', 'r1'), s: succeeded('a', 'r1') }).calls).toEqual([])
    const retried = run('o r f 1999ms t 9ms s', { o: open, r: request('a', 'r1'), f: rejected('a', 'r1'), t: request('a', 'r2'), s: succeeded('a', 'r1') })
    expect(retried.calls).toEqual([])
  })

  it('a connector the app connected again meanwhile keeps its session', () => {
    const values = { o: open, r: request('a', 'r1'), c: close, f: closedOn('a', 'r1'), t: request('a', 'r2'), u: succeeded('a', 'r2'), s: succeeded('a', 'r1') }
    const { calls, state } = run('o r c f 1999ms o t u s', values)
    expect(calls).toEqual([])
    expect(state.connection.byNamespace.eip155?.connections.map((c) => c.connectorId)).toEqual(['a'])
  })

  it('a wallet refusing the disconnect is no error the visitor sees', () => {
    const { calls } = run('o r c f s', { o: open, r: request('a', 'r1'), c: close, f: closedOn('a', 'r1'), s: succeeded('a', 'r1') }, () => replyError(new Error('gone'), 1))
    expect(calls).toEqual([['disconnect', 'a']])
  })
})
