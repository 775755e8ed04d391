import { describe, expect, it } from 'vitest'
import type { BlockchainApi } from '../../../../../src/core/apiPorts'
import type { HostedSession } from '../../../../../src/core/domain/siwxSessions'
import { fetchSessions } from '../../../../../src/core/effects/siwx/fetchSessions'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { siwxSessionsFetched, siwxSessionsRequested, siwxSessionStored } from '../../../../../src/core/events/siwx/siwx'
import { GangwayError } from '../../../../../src/core/errors/base'
import { EffectScheduler, reply, replyError, runEffect } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, SOLANA_ACCOUNT, SOLANA_MAINNET } from '../fakes'

const CAIP = `eip155:1:${ACCOUNT}`
const connected = stateAfter([connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' })])
const session: HostedSession = { id: 's1', chainId: 'eip155:1', domain: 'app.example', uri: 'https://app.example', issuedAt: '2026-01-01T00:00:00.000Z', expirationTime: null }

function store(answer: () => Promise<HostedSession[]>) {
  const calls: unknown[] = []
  const api = { getSessions: (params: unknown) => (calls.push(params), answer()) } as unknown as BlockchainApi
  return { deps: { api: { blockchain: api, directory: null, loadConfiguration: null } }, calls }
}

describe('fetchSessions', () => {
  it("lists the address's hosted sessions", () => {
    const { deps, calls } = store(() => reply([session], 10))
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'r', values: { r: siwxSessionsRequested({ caipAddress: CAIP }, { requestId: 'q1' }) } }
      expectObservable(runEffect(fetchSessions, { events, state: connected, reduce: true, deps })).toBe('10ms f', {
        f: siwxSessionsFetched({ caipAddress: CAIP, sessions: [session] }, { requestId: 'q1' }),
      })
    })
    expect(calls).toEqual([{ address: ACCOUNT }])
  })

  it('a failure keeps the reason and the sessions listed before; a request while one loads is not run twice', () => {
    let answer: () => Promise<HostedSession[]> = () => reply([session], 5)
    const { deps, calls } = store(() => answer())
    const out: unknown[] = []
    new EffectScheduler().run(() => {
      const events = {
        marble: 'a 9ms b 1ms c',
        values: {
          a: siwxSessionsRequested({ caipAddress: CAIP }, { requestId: 'q1' }),
          b: siwxSessionsRequested({ caipAddress: CAIP }, { requestId: 'q2' }),
          c: siwxSessionsRequested({ caipAddress: CAIP }, { requestId: 'q3' }),
        },
      }
      runEffect(fetchSessions, { events, state: connected, loop: true, deps }).subscribe((e) => {
        out.push(e)
        answer = () => replyError(new GangwayError('Server Error', { details: 'HTTP 500' }), 5)
      })
    })
    expect(calls).toHaveLength(2)
    expect(out).toMatchObject([
      { type: 'siwx/sessionsFetched', payload: { sessions: [session] }, requestId: 'q1' },
      { type: 'siwx/sessionsFailed', payload: { error: { shortMessage: 'Server Error', details: 'HTTP 500' } }, requestId: 'q2' },
    ])
  })

  it("a list without this page's session (revoked elsewhere) signs the page out; one with it keeps it", () => {
    const signedIn = stateAfter([
      connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' }),
      siwxSessionStored({ caipAddress: CAIP, session: { message: 'm', signature: '0x', id: 's1' } }),
    ])
    for (const [listed, kept] of [[[session], true], [[{ ...session, id: 'other' }], false]] as const) {
      const { deps } = store(() => reply([...listed], 5))
      let run: ReturnType<typeof runEffect> | undefined
      new EffectScheduler().run(() => {
        const events = { marble: 'r', values: { r: siwxSessionsRequested({ caipAddress: CAIP }, { requestId: 'q1' }) } }
        run = runEffect(fetchSessions, { events, state: signedIn, loop: true, deps })
        run.subscribe()
      })
      expect(run!.state.siwx.sessions[CAIP] !== undefined).toBe(kept)
    }
  })

  it('without the data API, or for a Solana address, fails without a request', () => {
    const none = { api: { blockchain: null, directory: null, loadConfiguration: null } }
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'r', values: { r: siwxSessionsRequested({ caipAddress: CAIP }, { requestId: 'q1' }) } }
      expectObservable(runEffect(fetchSessions, { events, state: connected, reduce: true, deps: none })).toBe('r', {
        r: expect.objectContaining({ type: 'siwx/sessionsFailed', payload: expect.objectContaining({ error: expect.objectContaining({ shortMessage: 'Something went wrong' }) }) }),
      })
    })
  })
})

describe('fetchSessions for a Solana account', () => {
  it("asks the store for the base58 address's sessions; an account of a namespace without sign-in is refused unasked", () => {
    const SOL_CAIP = `${SOLANA_MAINNET}:${SOLANA_ACCOUNT}`
    const { deps, calls } = store(() => reply([{ ...session, chainId: SOLANA_MAINNET }], 10))
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'r', values: { r: siwxSessionsRequested({ caipAddress: SOL_CAIP }, { requestId: 'q1' }) } }
      expectObservable(runEffect(fetchSessions, { events, state: connected, reduce: true, deps })).toBe('10ms f', {
        f: siwxSessionsFetched({ caipAddress: SOL_CAIP, sessions: [{ ...session, chainId: SOLANA_MAINNET }] }, { requestId: 'q1' }),
      })
    })
    expect(calls).toEqual([{ address: SOLANA_ACCOUNT }])
    const out: { type: string }[] = []
    new EffectScheduler().run(() => {
      const events = { marble: 'r', values: { r: siwxSessionsRequested({ caipAddress: 'bip122:000000000019d6689c085ae165831e93:bc1qxyz' }, { requestId: 'q2' }) } }
      runEffect(fetchSessions, { events, state: connected, reduce: true, deps }).subscribe((e) => out.push(e as { type: string }))
    })
    expect(out.map((e) => e.type)).toEqual(['siwx/sessionsFailed'])
    expect(calls).toHaveLength(1)
  })
})
