import { describe, expect, it } from 'vitest'
import { PAIRING_EXPIRY_MS } from '../../../src/core/domain/constants'
import { connectionFailed, connectionRequested } from '../../../src/core/events/connection/connection'
import type { EventInput, StampedEvent } from '../../../src/core/events/defineEvent'
import { modalCloseRequested, modalOpenRequested } from '../../../src/core/events/modal/modal'
import { routerPushed, routerWentBack } from '../../../src/core/events/modal/router'
import { sessionStarted } from '../../../src/core/events/modal/session'
import {
  pairingPrefetchRequested,
  pairingRefreshRequested,
  pairingUriReceived,
  walletConnectProviderLoaded,
  walletConnectWalletSelected,
} from '../../../src/core/events/walletConnect/walletConnect'
import { rootReducer } from '../../../src/core/reducers/rootReducer'
import { type ModalState } from '../../../src/core/state'
import { initialState } from '../../../src/core/reducers/rootReducer'

let seq = 0
function fold(events: (EventInput | [EventInput, number])[], from: ModalState = initialState()): ModalState {
  return events.reduce<ModalState>((s, item) => {
    const [e, at] = Array.isArray(item) ? item : [item, 1_000 + seq]
    return rootReducer(s, { ...e, seq: ++seq, at } as StampedEvent)
  }, from)
}

const start = () => fold([sessionStarted({ projectId: 'p', adapters: ['eip155'] }), modalOpenRequested({})])
const wcRequested = (requestId: string) => connectionRequested({ connectorId: 'walletConnect', namespace: 'eip155' }, { requestId })
const uri = (n: number) => `wc:${String(n).repeat(64).slice(0, 64)}@2?relay-protocol=irn&symKey=${'a'.repeat(64)}`

describe('walletConnectReducer', () => {
  it('a WalletConnect connect waits on ConnectingWalletConnect; its URI expires 4 min after it arrived', () => {
    const s = fold([wcRequested('r1'), [pairingUriReceived({ uri: uri(1) }, { requestId: 'r1' }), 50_000]], start())
    expect(s.router).toMatchObject({ view: 'ConnectingWalletConnect', history: ['Connect', 'ConnectingWalletConnect'] })
    expect(s.walletConnect.pairing).toEqual({ uri: uri(1), requestId: 'r1', receivedAt: 50_000, expiresAt: 50_000 + PAIRING_EXPIRY_MS })
  })

  it('ignores a URI for another request, and one with no attempt waiting', () => {
    const s = fold([wcRequested('r1'), pairingUriReceived({ uri: uri(1) }, { requestId: 'old' })], start())
    expect(s.walletConnect.pairing).toBeNull()
    expect(fold([pairingUriReceived({ uri: uri(2) })], start()).walletConnect.pairing).toBeNull()
  })

  it('a refresh request drops the URI (it counts as expired) and counts; the next URI replaces it', () => {
    let s = fold([wcRequested('r1'), pairingUriReceived({ uri: uri(1) }, { requestId: 'r1' }), pairingRefreshRequested({}, { requestId: 'r1' })], start())
    expect(s.walletConnect).toMatchObject({ pairing: null, refreshes: 1 })
    s = fold([pairingUriReceived({ uri: uri(2) }, { requestId: 'r1' })], s)
    expect(s.walletConnect.pairing?.uri).toBe(uri(2))
  })

  it('closing resets the pairing URI and the wallet; a failed attempt drops its URI', () => {
    const waiting = fold([walletConnectWalletSelected({ wallet: { id: 'w', name: 'W' } }), wcRequested('r1'), pairingUriReceived({ uri: uri(1) }, { requestId: 'r1' })], start())
    expect(waiting.walletConnect.wallet).toEqual({ id: 'w', name: 'W' })
    const closed = fold([modalCloseRequested({})], waiting)
    expect(closed.walletConnect).toMatchObject({ pairing: null, wallet: null })
    expect(closed.router.view).toBe('Connect')
    const failed = fold([connectionFailed({ connectorId: 'walletConnect', namespace: 'eip155', error: { name: 'E', shortMessage: 'Connection rejected' } }, { requestId: 'r1' })], waiting)
    expect(failed.walletConnect.pairing).toBeNull()
    expect(failed.router.view).toBe('ConnectingWalletConnect')
  })

  it('from ConnectingWalletConnectBasic, or again from the QR view, the view stays', () => {
    const basic = fold([sessionStarted({ projectId: 'p', adapters: [] }), modalOpenRequested({}), wcRequested('r1')])
    expect(basic.router.history).toEqual(['ConnectingWalletConnectBasic'])
    const again = fold([wcRequested('r1'), routerWentBack({}), routerPushed({ view: 'ConnectingWalletConnect' }), wcRequested('r2')], start())
    expect(again.router.history).toEqual(['Connect', 'ConnectingWalletConnect'])
  })

  it('a pairing made ahead (mobile) is kept while the modal is open and adopted by the next connect', () => {
    let s = fold([pairingPrefetchRequested({}), pairingUriReceived({ uri: uri(3) })], start())
    expect(s.walletConnect).toMatchObject({ prefetching: true, pairing: { uri: uri(3), requestId: null } })
    s = fold([wcRequested('r9')], s)
    expect(s.walletConnect).toMatchObject({ prefetching: false, pairing: { uri: uri(3), requestId: 'r9' } })
    const closedFirst = fold([pairingPrefetchRequested({}), pairingUriReceived({ uri: uri(3) }), modalCloseRequested({})], start())
    expect(closedFirst.walletConnect).toMatchObject({ prefetching: false, pairing: null })
  })

  it('the provider state follows its load', () => {
    expect(fold([walletConnectProviderLoaded({})], start()).walletConnect.provider).toBe('ready')
  })
})
