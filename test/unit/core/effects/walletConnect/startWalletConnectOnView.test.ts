import { describe, expect, it } from 'vitest'
import { RETRY_MIN_INTERVAL_MS } from '../../../../../src/core/domain/constants'
import { startWalletConnectOnView } from '../../../../../src/core/effects/walletConnect/startWalletConnectOnView'
import { connectionFailed, connectionRequested, connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { modalOpenRequested } from '../../../../../src/core/events/modal/modal'
import { connectorsChanged } from '../../../../../src/core/events/connection/connectors'
import { routerPushed, routerReset } from '../../../../../src/core/events/modal/router'
import { WALLET_CONNECT_CONNECTOR_ID, walletConnectWalletSelected } from '../../../../../src/core/events/walletConnect/walletConnect'
import { serializeError } from '../../../../../src/core/errors/base'
import { EffectScheduler, minted, runEffect } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, fakeWalletConnect } from '../fakes'

const open = stateAfter([modalOpenRequested({})])
const basic = routerPushed({ view: 'ConnectingWalletConnectBasic' })
const vault = { id: 'vault', name: 'Vault', mobile_link: 'vault://' }
const forWallet = (wallet: { id: string; name: string }) => routerPushed({ view: 'ConnectingWalletConnect', data: { wallet } })
const request = minted(connectionRequested({ connectorId: WALLET_CONNECT_CONNECTOR_ID, namespace: 'eip155' }))
const walletConnect = () => fakeWalletConnect().port

describe('startWalletConnectOnView', () => {
  it('arriving on ConnectingWalletConnectBasic starts a WalletConnect connect, once', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: '10ms b 9ms b', values: { b: basic } }
      const out = runEffect(startWalletConnectOnView, { events, state: open, loop: true, deps: { walletConnect: walletConnect() } })
      expectObservable(out).toBe('10ms r', { r: request })
    })
  })

  it('ConnectingWalletConnect for a directory wallet selects the wallet, then pairs for it', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const out = runEffect(startWalletConnectOnView, { events: { marble: 'w', values: { w: forWallet(vault) } }, state: open, reduce: true, deps: { walletConnect: walletConnect() } })
      expectObservable(out).toBe('(sr)', { s: walletConnectWalletSelected({ wallet: vault }), r: request })
    })
  })

  it('another wallet while a connect waits only changes the wallet: the pairing is kept', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const rain = { id: 'rain', name: 'Rain' }
      const events = { marble: 'w 9ms h 9ms x', values: { w: forWallet(vault), h: routerReset({ view: 'Connect' }), x: forWallet(rain) } }
      const out = runEffect(startWalletConnectOnView, { events, state: open, loop: true, deps: { walletConnect: walletConnect() } })
      expectObservable(out).toBe('(sr) 16ms x', { s: walletConnectWalletSelected({ wallet: vault }), r: request, x: walletConnectWalletSelected({ wallet: rain }) })
    })
  })

  it('a retry sooner than 1 s after the last WalletConnect attempt waits until the second has passed', () => {
    const failedAt0 = stateAfter([
      modalOpenRequested({}),
      [connectionRequested({ connectorId: WALLET_CONNECT_CONNECTOR_ID, namespace: 'eip155' }, { requestId: 'r0' }), 0],
      [connectionFailed({ connectorId: WALLET_CONNECT_CONNECTOR_ID, namespace: 'eip155', error: serializeError(new Error('no')) }, { requestId: 'r0' }), 100],
      routerReset({ view: 'Connect' }),
    ])
    expect(failedAt0.wallets.attempt?.status).toBe('failed')
    new EffectScheduler().run(({ expectObservable }) => {
      const out = runEffect(startWalletConnectOnView, { events: { marble: '300ms b', values: { b: basic } }, state: failedAt0, loop: true, deps: { walletConnect: walletConnect() } })
      expectObservable(out).toBe(`${RETRY_MIN_INTERVAL_MS}ms r`, { r: request })
    })
  })

  it('leaving the view before the wait is over starts nothing', () => {
    const failedAt0 = stateAfter([
      modalOpenRequested({}),
      [connectionRequested({ connectorId: WALLET_CONNECT_CONNECTOR_ID, namespace: 'eip155' }, { requestId: 'r0' }), 0],
      [connectionFailed({ connectorId: WALLET_CONNECT_CONNECTOR_ID, namespace: 'eip155', error: serializeError(new Error('no')) }, { requestId: 'r0' }), 100],
      routerReset({ view: 'Connect' }),
    ])
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: '300ms b 99ms c', values: { b: basic, c: routerReset({ view: 'Connect' }) } }
      const out = runEffect(startWalletConnectOnView, { events, state: failedAt0, loop: true, deps: { walletConnect: walletConnect() } })
      expectObservable(out, '^ 3000ms !').toBe('')
    })
  })

  it('no WalletConnect port, or a wallet already connected on the basic view: nothing starts', () => {
    const connected = stateAfter(
      [connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' }), modalOpenRequested({})],
    )
    new EffectScheduler().run(({ expectObservable }) => {
      expectObservable(runEffect(startWalletConnectOnView, { events: { marble: 'b', values: { b: basic } }, state: open, reduce: true })).toBe('')
      expectObservable(runEffect(startWalletConnectOnView, { events: { marble: 'b', values: { b: basic } }, state: connected, reduce: true, deps: { walletConnect: walletConnect() } })).toBe('')
    })
  })

  it('on a Connect opened for Solana, the connect is asked in Solana when WalletConnect serves it there (the switch stays); else in EVM', () => {
    const wc = (chain: 'eip155' | 'solana') => ({ id: WALLET_CONNECT_CONNECTOR_ID, name: 'WalletConnect', chain, type: 'WALLET_CONNECT' as const })
    const settings = { adapters: ['eip155', 'solana'] as const }
    const both = stateAfter(
      [
        connectorsChanged({ namespace: 'eip155', connectors: [wc('eip155')] }),
        connectorsChanged({ namespace: 'solana', connectors: [wc('solana')] }),
        modalOpenRequested({ view: 'Connect', namespace: 'solana' }),
      ],
      { settings: { adapters: [...settings.adapters] } },
    )
    expect(both.modal.connectFor).toBe('solana')
    const evmOnly = stateAfter([connectorsChanged({ namespace: 'eip155', connectors: [wc('eip155')] }), modalOpenRequested({ view: 'Connect', namespace: 'solana' })], {
      settings: { adapters: [...settings.adapters] },
    })
    const inSolana = minted(connectionRequested({ connectorId: WALLET_CONNECT_CONNECTOR_ID, namespace: 'solana' }))
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'w', values: { w: forWallet(vault) } }
      expectObservable(runEffect(startWalletConnectOnView, { events, state: both, reduce: true, deps: { walletConnect: walletConnect() } })).toBe('(sr)', {
        s: walletConnectWalletSelected({ wallet: vault }),
        r: inSolana,
      })
      expectObservable(runEffect(startWalletConnectOnView, { events, state: evmOnly, reduce: true, deps: { walletConnect: walletConnect() } })).toBe('(sr)', {
        s: walletConnectWalletSelected({ wallet: vault }),
        r: request,
      })
    })
  })
})
