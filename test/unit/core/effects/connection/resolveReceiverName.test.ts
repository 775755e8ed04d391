import { beforeAll, describe, expect, it } from 'vitest'
import type { BlockchainApi, NameProfile } from '../../../../../src/core/apiPorts'
import { prepareSend } from '../../../../../src/core/effects/connection/prepareSend'
import { resolveReceiverName } from '../../../../../src/core/effects/connection/resolveReceiverName'
import { balanceFetched } from '../../../../../src/core/events/connection/balance'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { sendAmountSet, sendReceiverSet, sendTokenSet } from '../../../../../src/core/events/connection/send'
import { GangwayError } from '../../../../../src/core/errors/base'
import { reply, replyError, runEffectAsync } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, fakeAdapter } from '../fakes'

const BOBBY = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const form = (namespace: 'eip155' | 'solana' = 'eip155', chainId = 1) =>
  stateAfter([
    connectionSucceeded({ connectorId: 'a', namespace, accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: namespace === 'eip155' ? `eip155:${chainId}` : 'solana:x' }),
    balanceFetched({ caipAddress: `eip155:${chainId}:${ACCOUNT}`, balance: '2', symbol: 'ETH' }),
    sendTokenSet({ token: { symbol: 'ETH', decimals: 18 } }),
    sendAmountSet({ amount: '1' }),
  ])

function names(answer: (name: string) => Promise<NameProfile>) {
  const calls: string[] = []
  const api = { lookupName: ({ name }: { name: string }) => (calls.push(name), answer(name)) } as unknown as BlockchainApi
  return { deps: { adapters: {}, api: { blockchain: api, directory: null, loadConfiguration: null } }, calls }
}
const profile = (addresses: NameProfile['addresses']): NameProfile => ({ name: 'bobby.gangway', addresses })

beforeAll(async () => {
  await import('../../../../../src/core/effects/connection/prepareSend')
})

describe('resolveReceiverName', () => {
  it('resolves the name typed once typing pauses, only the last one; the send then goes to its address', async () => {
    const { deps, calls } = names(() => reply(profile({ '60': { address: BOBBY } }), 10))
    const events = {
      marble: 'a 50ms b 50ms c',
      values: { a: sendReceiverSet({ receiver: 'bob' }), b: sendReceiverSet({ receiver: 'bobby.gan' }), c: sendReceiverSet({ receiver: 'bobby.gangway ' }) },
    }
    const run = await runEffectAsync(resolveReceiverName, { events, state: form(), loop: true, deps })
    expect(calls).toEqual(['bobby.gangway'])
    expect(run.state.account.send.receiverName).toMatchObject({ name: 'bobby.gangway', status: 'resolved', address: BOBBY })
    const prepared = prepareSend(run.state, { eip155: fakeAdapter().adapter })
    expect(prepared).toMatchObject({ transfer: { receiver: BOBBY } })
  })

  it("prefers the chain's own coin type (ENSIP-11), then the EVM default, then Ethereum's", async () => {
    const own = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
    const evmDefault = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
    const ownCoin = String(0x80000000 + 10)
    const evmCoin = String(0x80000000)
    const cases: [NameProfile['addresses'], string][] = [
      [{ '60': { address: BOBBY }, [evmCoin]: { address: evmDefault }, [ownCoin]: { address: own } }, own],
      [{ '60': { address: BOBBY }, [evmCoin]: { address: evmDefault } }, evmDefault],
      [{ '60': { address: BOBBY } }, BOBBY],
    ]
    for (const [addresses, expected] of cases) {
      const { deps } = names(() => reply(profile(addresses), 5))
      const run = await runEffectAsync(resolveReceiverName, { events: { marble: 'a', values: { a: sendReceiverSet({ receiver: 'bobby.gangway' }) } }, state: form('eip155', 10), loop: true, deps })
      expect(run.state.account.send.receiverName).toMatchObject({ status: 'resolved', address: expected })
    }
  })

  it("a name that does not resolve, or has no EVM address, is 'Error resolving name' with the reason; the send is refused", async () => {
    const notFound = names(() => replyError(new GangwayError('Name not found', { code: 404 }), 5))
    const a = await runEffectAsync(resolveReceiverName, { events: { marble: 'a', values: { a: sendReceiverSet({ receiver: 'nobody.gangway' }) } }, state: form(), loop: true, deps: notFound.deps })
    expect(a.state.account.send.receiverName).toMatchObject({ status: 'failed', error: { shortMessage: 'Error resolving name', details: 'Name not found' } })
    const prepared = prepareSend(a.state, { eip155: fakeAdapter().adapter })
    expect('error' in prepared && (prepared.error as GangwayError).shortMessage).toBe('Invalid receiver address')

    const empty = names(() => reply(profile({ '0': { address: 'bc1q…' } }), 5))
    const b = await runEffectAsync(resolveReceiverName, { events: { marble: 'a', values: { a: sendReceiverSet({ receiver: 'bobby.gangway' }) } }, state: form(), loop: true, deps: empty.deps })
    expect(b.state.account.send.receiverName).toMatchObject({ status: 'failed', error: { details: 'bobby.gangway has no address for eip155:1' } })
  })

  it('addresses, Solana receivers and a name edited away ask nothing', async () => {
    const { deps, calls } = names(() => reply(profile({ '60': { address: BOBBY } }), 5))
    await runEffectAsync(resolveReceiverName, { events: { marble: 'a', values: { a: sendReceiverSet({ receiver: BOBBY }) } }, state: form(), loop: true, deps })
    await runEffectAsync(resolveReceiverName, { events: { marble: 'a', values: { a: sendReceiverSet({ receiver: 'bobby.gangway' }) } }, state: form('solana'), loop: true, deps })
    expect(calls).toEqual([])
    // Typed, resolved, then edited to an address: the resolution no longer stands.
    const run = await runEffectAsync(resolveReceiverName, {
      events: { marble: 'a 400ms b', values: { a: sendReceiverSet({ receiver: 'bobby.gangway' }), b: sendReceiverSet({ receiver: ACCOUNT }) } },
      state: form(),
      loop: true,
      deps,
    })
    expect(run.state.account.send.receiverName).toBeNull()
  })
})
