import { describe, expect, it } from 'vitest'
import { reenterEmbeddedLogin } from '../../../../src/core/effects/embeddedWallet/reenterEmbeddedLogin'
import { connectionSucceeded } from '../../../../src/core/events/connection/connection'
import { connectionSwitchRequested, disconnectRequested } from '../../../../src/core/events/connection/connectionLifecycle'
import { AUTH_CONNECTOR_ID, emailLoginReset, socialLoginRequested } from '../../../../src/core/events/embeddedWallet/embeddedWallet'
import { routerPushed } from '../../../../src/core/events/modal/router'
import { EffectScheduler, minted, runEffect } from '../../../support/runEffect'
import { stateAfter } from '../../../support/stateAfter'
import { ACCOUNT } from './fakes'

/** The state after the embedded wallet connected with `auth` (and the visitor left it): its recent entry remembers the login. */
const after = (auth?: string) =>
  stateAfter([
    connectionSucceeded({ connectorId: AUTH_CONNECTOR_ID, namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1', ...(auth ? { auth } : {}) }),
    disconnectRequested({ namespace: 'eip155' }),
  ])
const reenter = (connectorId = AUTH_CONNECTOR_ID, status = 'disconnected') => connectionSwitchRequested({ namespace: 'eip155', connectorId, status }, { requestId: 'q' })

describe('reenterEmbeddedLogin', () => {
  it('remembers how the embedded wallet was logged in, with the recent wallet', () => {
    expect(after('github').wallets.memory.recent).toEqual([expect.objectContaining({ id: AUTH_CONNECTOR_ID, auth: 'github' })])
  })

  it('a social login reopens that provider in ConnectingSocial; Farcaster its sign-in view', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      expectObservable(runEffect(reenterEmbeddedLogin, { events: { marble: 's', values: { s: reenter() } }, state: after('github') })).toBe('(ab)', {
        a: minted(socialLoginRequested({ provider: 'github' })),
        b: routerPushed({ view: 'ConnectingSocial' }),
      })
    })
    new EffectScheduler().run(({ expectObservable }) => {
      expectObservable(runEffect(reenterEmbeddedLogin, { events: { marble: 's', values: { s: reenter() } }, state: after('farcaster') })).toBe('(ab)', {
        a: minted(socialLoginRequested({ provider: 'farcaster' })),
        b: routerPushed({ view: 'ConnectingFarcaster' }),
      })
    })
  })

  it('an e-mail login (or one not remembered) reopens EmailLogin from its first step', () => {
    for (const auth of ['email', undefined]) {
      new EffectScheduler().run(({ expectObservable }) => {
        expectObservable(runEffect(reenterEmbeddedLogin, { events: { marble: 's', values: { s: reenter() } }, state: after(auth) })).toBe('(ab)', {
          a: emailLoginReset({}),
          b: routerPushed({ view: 'EmailLogin' }),
        })
      })
    }
  })

  it('leaves other wallets and other statuses to switchConnection', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'abc', values: { a: reenter('io.metamask'), b: reenter(AUTH_CONNECTOR_ID, 'connected'), c: reenter(AUTH_CONNECTOR_ID, 'active') } }
      expectObservable(runEffect(reenterEmbeddedLogin, { events, state: after('github') })).toBe('')
    })
  })
})
