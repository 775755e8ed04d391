import { parseSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import type { BlockchainApi } from '../../../../../src/core/apiPorts'
import type { HostedSession } from '../../../../../src/core/domain/siwxSessions'
import { signInWithWallet } from '../../../../../src/core/effects/siwx/signInWithWallet'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { siwxSignInRequested } from '../../../../../src/core/events/siwx/siwx'
import { GangwayError } from '../../../../../src/core/errors/base'
import { EPOCH, reply, replyError, runEffectAsync } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, fakeAdapter, SOLANA_ACCOUNT, SOLANA_MAINNET } from '../fakes'
import { evmNetwork, solanaNetwork } from '../../../../support/stateAfter'
import { parseSiwxMessage } from '../../../../../src/core/domain/siwx'

const CAIP = `eip155:1:${ACCOUNT}`
const state = stateAfter(
  [connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' })],
  { settings: { siwx: { required: true, statement: 'Sign in to the Gangway demo' } } },
)
const request = siwxSignInRequested({ caipAddress: CAIP, nonce: 'abcdefgh12345678', domain: 'app.example', uri: 'https://app.example' }, { requestId: 's1' })

describe('signInWithWallet', () => {
  it('asks the wallet to sign an EIP-4361 message built from the event, stores the session and closes the modal', async () => {
    const { adapter, calls } = fakeAdapter({ signMessage: () => reply(`0x${'11'.repeat(65)}`, 10) })
    const run = await runEffectAsync(signInWithWallet, { events: { marble: 'r', values: { r: request } }, state, loop: true, deps: { adapters: { eip155: adapter } } })
    const message = (calls[0]![2] as { message: string }).message
    const parsed = parseSiweMessage(message)
    expect(parsed.address?.toLowerCase()).toBe(ACCOUNT.toLowerCase())
    expect(parsed).toMatchObject({ chainId: 1, domain: 'app.example', uri: 'https://app.example', nonce: 'abcdefgh12345678', version: '1', statement: 'Sign in to the Gangway demo' })
    expect(parsed.issuedAt?.getTime()).toBe(EPOCH)
    expect(parsed.expirationTime!.getTime() - parsed.issuedAt!.getTime()).toBe(24 * 3600 * 1000)
    expect(run.state.siwx.sessions[CAIP]).toMatchObject({ message, signature: `0x${'11'.repeat(65)}` })
    expect(run.state.siwxSignIn.status).toBe('idle')
    expect(run.messages.map((m) => (m.notification.value as { type: string }).type)).toEqual(['siwx/sessionStored', 'modal/closeRequested'])
  })

  it('needs the active address, its network among the app\'s and a client for it (spec §5), each failing in its own words before the wallet is asked', async () => {
    const connectedOn = (caipNetworkId: string) =>
      stateAfter([connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId })], { settings: { siwx: { required: true } } })
    const signIn = (caipAddress: string) => siwxSignInRequested({ caipAddress, nonce: 'abcdefgh12345678', domain: 'app.example', uri: 'https://app.example' }, { requestId: 's1' })
    const cases = [
      // Another address than the one connected.
      { state, request: signIn(`eip155:1:0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC`), adapters: true, message: 'No ActiveCaipAddress found' },
      // The wallet is on a network the app does not list.
      { state: connectedOn('eip155:999'), request: signIn(`eip155:999:${ACCOUNT}`), adapters: true, message: 'No ActiveCaipNetwork or client found' },
      // No chain adapter reaches the wallet.
      { state, request, adapters: false, message: 'No ConnectionController client found' },
    ]
    for (const c of cases) {
      const { adapter, calls } = fakeAdapter({ signMessage: () => reply(`0x${'11'.repeat(65)}`, 10) })
      const run = await runEffectAsync(signInWithWallet, { events: { marble: 'r', values: { r: c.request } }, state: c.state, loop: true, deps: { adapters: c.adapters ? { eip155: adapter } : {} } })
      expect(calls, c.message).toHaveLength(0)
      expect(run.state.siwxSignIn).toMatchObject({ status: 'failed', error: { shortMessage: c.message } })
    }
  })

  it("a refusal is 'Error signing message' and stores nothing; replaying the same event signs the same message", async () => {
    const refused = new GangwayError('Error signing message', { code: 4001 })
    const { adapter, calls } = fakeAdapter({ signMessage: () => replyError(refused, 5) })
    const run = await runEffectAsync(signInWithWallet, { events: { marble: 'r', values: { r: request } }, state, loop: true, deps: { adapters: { eip155: adapter } } })
    expect(run.state.siwx.sessions[CAIP]).toBeUndefined()
    expect(run.state.siwxSignIn).toMatchObject({ status: 'failed', error: { shortMessage: 'Error signing message' } })
    const replay = fakeAdapter({ signMessage: () => replyError(refused, 5) })
    const again = await runEffectAsync(signInWithWallet, { events: { marble: 'r', values: { r: request } }, state, loop: true, deps: { adapters: { eip155: replay.adapter } } })
    expect(again.state.siwxSignIn.status).toBe('failed')
    expect(calls).toHaveLength(1)
    // The message depends on the event alone (nonce, domain, URI carried; times from its stamp).
    expect(replay.calls[0]![2]).toEqual(calls[0]![2])
  })

  it("a field outside EIP-4361's grammar (a statement with a line separator, a domain with a scheme) fails before the wallet is asked", async () => {
    const cases = [
      { state: stateAfter([connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' })], { settings: { siwx: { required: true, statement: 'Sign in\u2028to the demo' } } }), request, field: 'statement' },
      { state, request: siwxSignInRequested({ caipAddress: CAIP, nonce: 'abcdefgh12345678', domain: 'https://app.example', uri: 'https://app.example' }, { requestId: 's1' }), field: 'domain' },
    ]
    for (const c of cases) {
      const { adapter, calls } = fakeAdapter({ signMessage: () => reply(`0x${'11'.repeat(65)}`, 10) })
      const run = await runEffectAsync(signInWithWallet, { events: { marble: 'r', values: { r: c.request } }, state: c.state, loop: true, deps: { adapters: { eip155: adapter } } })
      expect(calls).toHaveLength(0)
      expect(run.state.siwx.sessions[CAIP]).toBeUndefined()
      expect(run.state.siwxSignIn).toMatchObject({ status: 'failed', error: { shortMessage: 'Invalid SIWX message', details: expect.stringMatching(new RegExp(`^${c.field}: `)) } })
    }
  })

  describe('with the hosted session store', () => {
    const hosted = stateAfter(
      [connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' })],
      { settings: { siwx: { required: true, hosted: true } } },
    )
    const store = (createSession: (p: { message: string; signature: string }) => Promise<HostedSession>) => {
      const calls: unknown[] = []
      const api = { createSession: (p: { message: string; signature: string }) => (calls.push(p), createSession(p)) } as unknown as BlockchainApi
      return { api: { blockchain: api, directory: null, loadConfiguration: null }, calls }
    }
    const hostedSession: HostedSession = { id: 'h1', chainId: 'eip155:1', domain: 'app.example', uri: 'https://app.example', issuedAt: new Date(EPOCH).toISOString(), expirationTime: null }

    it("hands the signed message to the store and keeps the store's id with the session", async () => {
      const { adapter, calls } = fakeAdapter({ signMessage: () => reply('0xsig', 10) })
      const { api, calls: stored } = store(() => reply(hostedSession, 10))
      const run = await runEffectAsync(signInWithWallet, { events: { marble: 'r', values: { r: request } }, state: hosted, loop: true, deps: { adapters: { eip155: adapter }, api } })
      expect(stored).toEqual([{ address: ACCOUNT, message: (calls[0]![2] as { message: string }).message, signature: '0xsig' }])
      expect(run.state.siwx.sessions[CAIP]).toMatchObject({ id: 'h1', signature: '0xsig' })
      expect(run.state.siwxSignIn.status).toBe('idle')
    })

    it("a refusal by the store is 'Error signing message' with its reason, and nothing is kept", async () => {
      const { adapter } = fakeAdapter({ signMessage: () => reply('0xsig', 10) })
      const { api } = store(() => replyError(new GangwayError('Error signing message', { code: 401, details: 'Invalid signature' }), 10))
      const run = await runEffectAsync(signInWithWallet, { events: { marble: 'r', values: { r: request } }, state: hosted, loop: true, deps: { adapters: { eip155: adapter }, api } })
      expect(run.state.siwx.sessions[CAIP]).toBeUndefined()
      expect(run.state.siwxSignIn).toMatchObject({ status: 'failed', error: { shortMessage: 'Error signing message', details: 'Invalid signature' } })
    })

    it('without the data API it fails before the wallet is asked', async () => {
      const { adapter, calls } = fakeAdapter({ signMessage: () => reply('0xsig', 10) })
      const run = await runEffectAsync(signInWithWallet, {
        events: { marble: 'r', values: { r: request } },
        state: hosted,
        loop: true,
        deps: { adapters: { eip155: adapter }, api: { blockchain: null, directory: null, loadConfiguration: null } },
      })
      expect(calls).toEqual([])
      expect(run.state.siwxSignIn).toMatchObject({ status: 'failed', error: { shortMessage: 'Error signing message' } })
    })
  })

  describe('with a Solana account', () => {
    const SOL_CAIP = `${SOLANA_MAINNET}:${SOLANA_ACCOUNT}`
    const solState = (siwx: { hosted?: boolean } = {}) =>
      stateAfter(
        [
          connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' }),
          connectionSucceeded({ connectorId: 'Phantom', namespace: 'solana', accounts: [{ address: SOLANA_ACCOUNT, type: 'eoa' }], caipNetworkId: SOLANA_MAINNET }),
        ],
        { settings: { adapters: ['eip155', 'solana'], networks: [evmNetwork(1), solanaNetwork()], siwx: { required: true, statement: 'Sign in to the demo', ...siwx } } },
      )
    const solRequest = siwxSignInRequested({ caipAddress: SOL_CAIP, nonce: 'abcdefgh12345678', domain: 'app.example', uri: 'https://app.example' }, { requestId: 's2' })
    const signature = '5'.repeat(88)

    it('the Solana wallet signs a Sign-In With Solana message for its base58 address, stored under the solana account', async () => {
      const evm = fakeAdapter({ signMessage: () => reply(`0x${'11'.repeat(65)}`, 10) })
      const sol = fakeAdapter({ signMessage: () => reply(signature, 10) }, 'solana')
      const run = await runEffectAsync(signInWithWallet, { events: { marble: 'r', values: { r: solRequest } }, state: solState(), loop: true, deps: { adapters: { eip155: evm.adapter, solana: sol.adapter } } })
      expect(evm.calls).toEqual([])
      expect(sol.calls.map((c) => c.slice(0, 2))).toEqual([['signMessage', 'Phantom']])
      const message = (sol.calls[0]![2] as { address: string; message: string }).message
      expect((sol.calls[0]![2] as { address: string }).address).toBe(SOLANA_ACCOUNT)
      expect(message.split('\n').slice(0, 2)).toEqual(['app.example wants you to sign in with your Solana account:', SOLANA_ACCOUNT])
      expect(parseSiwxMessage(message)).toMatchObject({ accountAddress: SOLANA_ACCOUNT, chainId: SOLANA_MAINNET, domain: 'app.example', nonce: 'abcdefgh12345678', statement: 'Sign in to the demo', issuedAt: new Date(EPOCH).toISOString() })
      expect(run.state.siwx.sessions[SOL_CAIP]).toMatchObject({ message, signature, data: { accountAddress: SOLANA_ACCOUNT, chainId: SOLANA_MAINNET } })
      expect(run.state.siwx.sessions[`eip155:1:${ACCOUNT}`]).toBeUndefined()
      expect(run.messages.map((m) => (m.notification.value as { type: string }).type)).toEqual(['siwx/sessionStored', 'modal/closeRequested'])
    })

    it('hosted: the store gets the base58 address and signature', async () => {
      const sol = fakeAdapter({ signMessage: () => reply(signature, 10) }, 'solana')
      const calls: unknown[] = []
      const api = { createSession: (p: unknown) => (calls.push(p), reply({ id: 'h2', chainId: SOLANA_MAINNET, domain: 'app.example', uri: 'https://app.example', issuedAt: new Date(EPOCH).toISOString(), expirationTime: null }, 10)) } as unknown as BlockchainApi
      const run = await runEffectAsync(signInWithWallet, {
        events: { marble: 'r', values: { r: solRequest } },
        state: solState({ hosted: true }),
        loop: true,
        deps: { adapters: { solana: sol.adapter }, api: { blockchain: api, directory: null, loadConfiguration: null } },
      })
      expect(calls).toEqual([{ address: SOLANA_ACCOUNT, message: (sol.calls[0]![2] as { message: string }).message, signature }])
      expect(run.state.siwx.sessions[SOL_CAIP]).toMatchObject({ id: 'h2', signature })
    })

    it('fails without a Solana adapter, asking no wallet', async () => {
      const evm = fakeAdapter({ signMessage: () => reply(`0x${'11'.repeat(65)}`, 10) })
      const run = await runEffectAsync(signInWithWallet, { events: { marble: 'r', values: { r: solRequest } }, state: solState(), loop: true, deps: { adapters: { eip155: evm.adapter } } })
      expect(evm.calls).toEqual([])
      expect(run.state.siwxSignIn).toMatchObject({ status: 'failed', error: { shortMessage: 'No ConnectionController client found', details: 'no chain adapter serves solana' } })
    })
  })
})
