import { describe, expect, it } from 'vitest'
import type { BlockchainApi } from '../../../../../src/core/apiPorts'
import { revokeSessionMessage, type HostedSession } from '../../../../../src/core/domain/siwxSessions'
import { revokeSession } from '../../../../../src/core/effects/siwx/revokeSession'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { siwxRevokeRequested, siwxSessionsFetched, siwxSessionsRequested, siwxSessionStored } from '../../../../../src/core/events/siwx/siwx'
import { GangwayError } from '../../../../../src/core/errors/base'
import { reply, replyError, runEffectAsync } from '../../../../support/runEffect'
import { solanaNetwork, stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, fakeAdapter, SOLANA_ACCOUNT, SOLANA_MAINNET } from '../fakes'

const CAIP = `eip155:1:${ACCOUNT}`
const session = (id: string): HostedSession => ({ id, chainId: 'eip155:1', domain: 'app.example', uri: 'https://app.example', issuedAt: '2026-01-01T00:00:00.000Z', expirationTime: null })
const listed = stateAfter(
  [
    connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' }),
    siwxSessionStored({ caipAddress: CAIP, session: { message: 'm', signature: '0x', id: 's1' } }),
    siwxSessionsRequested({ caipAddress: CAIP }, { requestId: 'q' }),
    siwxSessionsFetched({ caipAddress: CAIP, sessions: [session('s1'), session('s2')] }, { requestId: 'q' }),
  ],
  { settings: { siwx: { required: false, hosted: true } } },
)

function store(revoke: () => Promise<void>) {
  const calls: unknown[] = []
  const api = { revokeSession: (params: unknown) => (calls.push(params), revoke()) } as unknown as BlockchainApi
  return { api: { blockchain: api, directory: null, loadConfiguration: null }, calls }
}

describe('revokeSession', () => {
  it("signs the revocation in the wallet, hands it to the store, and drops the session; revoking this page's session signs the page out", async () => {
    const { adapter, calls: signed } = fakeAdapter({ signMessage: () => reply('0xsig', 5) })
    const { api, calls } = store(() => reply(undefined, 5))
    const events = { marble: 'r', values: { r: siwxRevokeRequested({ caipAddress: CAIP, id: 's1' }, { requestId: 'v1' }) } }
    const run = await runEffectAsync(revokeSession, { events, state: listed, loop: true, deps: { adapters: { eip155: adapter }, api } })
    expect(signed[0]![2]).toEqual({ address: ACCOUNT, message: revokeSessionMessage(ACCOUNT, 's1') })
    expect(calls).toEqual([{ address: ACCOUNT, pci: 's1', signature: '0xsig' }])
    expect(run.state.siwxSessions.sessions.map((s) => s.id)).toEqual(['s2'])
    expect(run.state.siwxSessions.revoke).toBeNull()
    expect(run.state.siwx.sessions[CAIP]).toBeUndefined()
  })

  it("another session's revocation keeps this page signed in", async () => {
    const { adapter } = fakeAdapter({ signMessage: () => reply('0xsig', 5) })
    const { api } = store(() => reply(undefined, 5))
    const events = { marble: 'r', values: { r: siwxRevokeRequested({ caipAddress: CAIP, id: 's2' }, { requestId: 'v1' }) } }
    const run = await runEffectAsync(revokeSession, { events, state: listed, loop: true, deps: { adapters: { eip155: adapter }, api } })
    expect(run.state.siwxSessions.sessions.map((s) => s.id)).toEqual(['s1'])
    expect(run.state.siwx.sessions[CAIP]).toMatchObject({ id: 's1' })
  })

  it('a refusal in the wallet or by the store keeps the session, with the error on it', async () => {
    const refused = new GangwayError('User rejected the request.', { code: 4001 })
    const wallet = fakeAdapter({ signMessage: () => replyError(refused, 5) })
    const untouched = store(() => reply(undefined, 5))
    const events = { marble: 'r', values: { r: siwxRevokeRequested({ caipAddress: CAIP, id: 's1' }, { requestId: 'v1' }) } }
    const a = await runEffectAsync(revokeSession, { events, state: listed, loop: true, deps: { adapters: { eip155: wallet.adapter }, api: untouched.api } })
    expect(untouched.calls).toEqual([])
    expect(a.state.siwxSessions.revoke).toMatchObject({ id: 's1', status: 'failed', error: { shortMessage: 'User rejected the request.' } })
    expect(a.state.siwxSessions.sessions).toHaveLength(2)

    const signer = fakeAdapter({ signMessage: () => reply('0xsig', 5) })
    const refusing = store(() => replyError(new GangwayError('Invalid signature', { code: 401 }), 5))
    const b = await runEffectAsync(revokeSession, { events, state: listed, loop: true, deps: { adapters: { eip155: signer.adapter }, api: refusing.api } })
    expect(b.state.siwxSessions.revoke).toMatchObject({ id: 's1', status: 'failed', error: { shortMessage: 'Invalid signature' } })
    expect(b.state.siwx.sessions[CAIP]).toMatchObject({ id: 's1' })
  })

  it('a second revocation while one is under way, or of a session not listed, is not run', async () => {
    const { adapter, calls: signed } = fakeAdapter({ signMessage: () => reply('0xsig', 10) })
    const { api } = store(() => reply(undefined, 5))
    const events = {
      marble: 'a 2ms b 2ms c',
      values: {
        a: siwxRevokeRequested({ caipAddress: CAIP, id: 's1' }, { requestId: 'v1' }),
        b: siwxRevokeRequested({ caipAddress: CAIP, id: 's2' }, { requestId: 'v2' }),
        c: siwxRevokeRequested({ caipAddress: CAIP, id: 'unknown' }, { requestId: 'v3' }),
      },
    }
    const run = await runEffectAsync(revokeSession, { events, state: listed, loop: true, deps: { adapters: { eip155: adapter }, api } })
    expect(signed).toHaveLength(1)
    expect(run.state.siwxSessions.sessions.map((s) => s.id)).toEqual(['s2'])
  })
})

describe('revokeSession with a Solana account', () => {
  it('the Solana wallet signs the revocation naming its base58 address as it is', async () => {
    const SOL_CAIP = `${SOLANA_MAINNET}:${SOLANA_ACCOUNT}`
    const state = stateAfter(
      [
        connectionSucceeded({ connectorId: 'Phantom', namespace: 'solana', accounts: [{ address: SOLANA_ACCOUNT, type: 'eoa' }], caipNetworkId: SOLANA_MAINNET }),
        siwxSessionStored({ caipAddress: SOL_CAIP, session: { message: 'm', signature: 'sig', id: 's1' } }),
        siwxSessionsRequested({ caipAddress: SOL_CAIP }, { requestId: 'q' }),
        siwxSessionsFetched({ caipAddress: SOL_CAIP, sessions: [{ ...session('s1'), chainId: SOLANA_MAINNET }] }, { requestId: 'q' }),
      ],
      { settings: { adapters: ['solana'], networks: [solanaNetwork()], siwx: { required: false, hosted: true } } },
    )
    const { adapter, calls: signed } = fakeAdapter({ signMessage: () => reply('5sig', 5) }, 'solana')
    const { api, calls } = store(() => reply(undefined, 5))
    const events = { marble: 'r', values: { r: siwxRevokeRequested({ caipAddress: SOL_CAIP, id: 's1' }, { requestId: 'v1' }) } }
    const run = await runEffectAsync(revokeSession, { events, state, loop: true, deps: { adapters: { solana: adapter }, api } })
    expect(signed[0]![2]).toEqual({ address: SOLANA_ACCOUNT, message: `Revoke sign-in session s1\nAddress: ${SOLANA_ACCOUNT}` })
    expect(calls).toEqual([{ address: SOLANA_ACCOUNT, pci: 's1', signature: '5sig' }])
    expect(run.state.siwx.sessions[SOL_CAIP]).toBeUndefined()
  })
})
