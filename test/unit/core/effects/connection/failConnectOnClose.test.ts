import { describe, it } from 'vitest'
import { failConnectOnClose } from '../../../../../src/core/effects/connection/failConnectOnClose'
import { connectionFailed, connectionRequested } from '../../../../../src/core/events/connection/connection'
import { modalCloseRequested, modalOpenRequested } from '../../../../../src/core/events/modal/modal'
import { serializeError } from '../../../../../src/core/errors/base'
import { ModalClosedError } from '../../../../../src/core/errors/connection'
import { EffectScheduler, runEffect } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'

const open = modalOpenRequested({})
const close = modalCloseRequested({})
const request = connectionRequested({ connectorId: 'a', namespace: 'eip155' }, { requestId: 'r1' })
const closed = connectionFailed({ connectorId: 'a', namespace: 'eip155', error: serializeError(new ModalClosedError()) }, { requestId: 'r1' })

describe('failConnectOnClose', () => {
  it("closing the modal while a wallet connects fails that connect with 'Modal closed', for its request", () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'o 9ms r 99ms c', values: { o: open, r: request, c: close } }
      expectObservable(runEffect(failConnectOnClose, { events, state: stateAfter(), reduce: true })).toBe('110ms f', { f: closed })
    })
  })

  it('closing with nothing connecting, or closing a closed modal, fails nothing', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'o 9ms c 9ms r 9ms c', values: { o: open, r: request, c: close } }
      expectObservable(runEffect(failConnectOnClose, { events, state: stateAfter(), reduce: true })).toBe('')
    })
  })

  it('a connect that already failed is not failed again on close', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const rejected = connectionFailed({ connectorId: 'a', namespace: 'eip155', error: serializeError(new Error('no')) }, { requestId: 'r1' })
      const events = { marble: 'o r f c', values: { o: open, r: request, f: rejected, c: close } }
      expectObservable(runEffect(failConnectOnClose, { events, state: stateAfter(), reduce: true })).toBe('')
    })
  })
})
