import { describe, expect, it } from 'vitest'
import { NoActiveAddressError } from '../../../../../src/core/errors/connection'
import { signWithWallet } from '../../../../../src/core/effects/connection/signWithWallet'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { signatureFailed, signatureRequested, signatureSucceeded } from '../../../../../src/core/events/connection/signature'
import { GangwayError, serializeError } from '../../../../../src/core/errors/base'
import { EffectScheduler, reply, replyError, runEffect } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, fakeAdapter } from '../fakes'

const connected = stateAfter([
  connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' }),
])
const sign = (requestId: string, message = 'hello') => signatureRequested({ kind: 'message', message }, { requestId })
const fail = (error: unknown, requestId: string) => signatureFailed({ error: serializeError(error, 'Error signing message') }, { requestId })

describe('signWithWallet', () => {
  it('the active wallet signs the message with the active account', () => {
    const { adapter, calls } = fakeAdapter({ signMessage: () => reply('0xsig', 40) })
    new EffectScheduler().run(({ expectObservable }) => {
      const out = runEffect(signWithWallet, { events: { marble: 's', values: { s: sign('q1') } }, state: connected, reduce: true, deps: { adapters: { eip155: adapter } } })
      expectObservable(out).toBe('40ms d', { d: signatureSucceeded({ address: ACCOUNT, signature: '0xsig' }, { requestId: 'q1' }) })
    })
    expect(calls).toEqual([['signMessage', 'a', { address: ACCOUNT, message: 'hello' }]])
  })

  it('typed data goes to the EVM capability', () => {
    const typedData = { primaryType: 'Mail', message: { x: 1 } }
    const { adapter, calls } = fakeAdapter({ evm: { signTypedData: () => reply('0xtyped', 5), sendTransaction: () => replyError(new Error('unused')) } })
    new EffectScheduler().run(({ expectObservable }) => {
      const s = signatureRequested({ kind: 'typedData', typedData }, { requestId: 'q1' })
      const out = runEffect(signWithWallet, { events: { marble: 's', values: { s } }, state: connected, reduce: true, deps: { adapters: { eip155: adapter } } })
      expectObservable(out).toBe('5ms d', { d: signatureSucceeded({ address: ACCOUNT, signature: '0xtyped' }, { requestId: 'q1' }) })
    })
    expect(calls).toEqual([['evm.signTypedData', 'a', { address: ACCOUNT, typedData }]])
  })

  it('a refusal is signature/failed, and the next request still signs', () => {
    let n = 0
    const refused = new GangwayError('User rejected the request', { code: 4001 })
    const { adapter } = fakeAdapter({ signMessage: () => (++n === 1 ? replyError(refused, 5) : reply('0xsig', 5)) })
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'a 9ms b', values: { a: sign('q1'), b: sign('q2') } }
      const out = runEffect(signWithWallet, { events, state: connected, reduce: true, deps: { adapters: { eip155: adapter } } })
      expectObservable(out).toBe('5ms f 9ms d', { f: fail(refused, 'q1'), d: signatureSucceeded({ address: ACCOUNT, signature: '0xsig' }, { requestId: 'q2' }) })
    })
  })

  it("without a connected account it fails with 'No ActiveCaipAddress found' and asks no wallet", () => {
    const { adapter, calls } = fakeAdapter()
    new EffectScheduler().run(({ expectObservable }) => {
      const out = runEffect(signWithWallet, { events: { marble: 's', values: { s: sign('q1') } }, state: stateAfter(), reduce: true, deps: { adapters: { eip155: adapter } } })
      expectObservable(out).toBe('f', { f: fail(new NoActiveAddressError(), 'q1') })
    })
    expect(calls).toEqual([])
  })
})
