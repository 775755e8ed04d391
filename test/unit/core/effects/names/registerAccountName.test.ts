import { describe, expect, it } from 'vitest'
import type { BlockchainApi } from '../../../../../src/core/apiPorts'
import { registrationMessage } from '../../../../../src/core/domain/names'
import { registerAccountName } from '../../../../../src/core/effects/names/registerAccountName'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { nameRegisterRequested } from '../../../../../src/core/events/names/names'
import { routerPushed } from '../../../../../src/core/events/modal/router'
import { GangwayError } from '../../../../../src/core/errors/base'
import { EPOCH, reply, replyError, runEffectAsync } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, fakeAdapter } from '../fakes'

const connected = stateAfter([
  connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:10' }),
  routerPushed({ view: 'RegisterAccountName' }),
])
const request = nameRegisterRequested({ name: 'alice.gangway' }, { requestId: 'r1' })

function store(register: () => Promise<boolean>) {
  const calls: unknown[] = []
  const api = { registerName: (params: unknown) => (calls.push(params), register()) } as unknown as BlockchainApi
  return { api: { blockchain: api, directory: null, loadConfiguration: null }, calls }
}

describe('registerAccountName', () => {
  it("signs the registration message built from the event, registers it with the chain's coin type, and shows the success view", async () => {
    const { adapter, calls: signed } = fakeAdapter({ signMessage: () => reply('0xsig', 5) })
    const { api, calls } = store(() => reply(true, 5))
    const run = await runEffectAsync(registerAccountName, { events: { marble: 'r', values: { r: request } }, state: connected, loop: true, deps: { adapters: { eip155: adapter }, api } })
    const message = registrationMessage('alice.gangway', EPOCH)
    expect(JSON.parse(message)).toEqual({ name: 'alice.gangway', attributes: {}, timestamp: EPOCH / 1000 })
    expect(signed[0]![2]).toEqual({ address: ACCOUNT, message })
    expect(calls).toEqual([{ name: 'alice.gangway', coinType: 0x80000000 + 10, address: ACCOUNT, message, signature: '0xsig' }])
    expect(run.state.nameRegistration).toMatchObject({ register: null, registered: 'alice.gangway' })
    expect(run.state.router.view).toBe('RegisterAccountNameSuccess')
    expect(run.state.accountSheet!.identities[ACCOUNT.toLowerCase()]?.name).toBe('alice.gangway')
  })

  it('a refusal (the wallet, or the name API with its reason) stays on the form with the error', async () => {
    const wallet = fakeAdapter({ signMessage: () => replyError(new GangwayError('Error signing message', { code: 4001 }), 5) })
    const untouched = store(() => reply(true, 5))
    const a = await runEffectAsync(registerAccountName, { events: { marble: 'r', values: { r: request } }, state: connected, loop: true, deps: { adapters: { eip155: wallet.adapter }, api: untouched.api } })
    expect(untouched.calls).toEqual([])
    expect(a.state.nameRegistration!.register).toMatchObject({ status: 'failed', error: { shortMessage: 'Error signing message' } })
    expect(a.state.router.view).toBe('RegisterAccountName')

    const signer = fakeAdapter({ signMessage: () => reply('0xsig', 5) })
    const taken = store(() => replyError(new GangwayError('Name is already taken', { code: 409 }), 5))
    const b = await runEffectAsync(registerAccountName, { events: { marble: 'r', values: { r: request } }, state: connected, loop: true, deps: { adapters: { eip155: signer.adapter }, api: taken.api } })
    expect(b.state.nameRegistration!.register).toMatchObject({ status: 'failed', error: { shortMessage: 'Name is already taken' } })
    expect(b.state.nameRegistration!.registered).toBeNull()
  })

  it('without a connected EVM account or the name API it fails before the wallet is asked', async () => {
    const { adapter, calls } = fakeAdapter({ signMessage: () => reply('0xsig', 5) })
    const run = await runEffectAsync(registerAccountName, {
      events: { marble: 'r', values: { r: request } },
      state: connected,
      loop: true,
      deps: { adapters: { eip155: adapter }, api: { blockchain: null, directory: null, loadConfiguration: null } },
    })
    expect(calls).toEqual([])
    expect(run.state.nameRegistration!.register).toMatchObject({ status: 'failed', error: { shortMessage: 'Error registering name alice.gangway' } })
  })
})
