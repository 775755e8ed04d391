// Whatever a host passes to getProvider / getWalletClient, the answer is a provider, a client,
// undefined or a Gangway error: nothing thrown synchronously, nothing dispatched, no wallet asked.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { GangwayError, InvalidInputError } from '../../../src/core/errors/base'
import { NetworkNotFoundError } from '../../../src/core/errors/connection'
import { fuzzParams } from '../../fuzz/fuzzParams'
import { setup } from './support'

const junk = fc.oneof(
  fc.anything(),
  fc.record({ chainId: fc.oneof(fc.integer({ min: -3, max: 5 }), fc.double(), fc.string(), fc.bigInt(), fc.anything()) }, { requiredKeys: [] }),
  fc.constantFrom('eip155', 'solana', 'tron', '__proto__', 'constructor', 'toString'),
)

describe('getProvider and getWalletClient with any input', () => {
  it('settle with a value or a Gangway error, change nothing and ask no wallet', async () => {
    const { modal, wallets, connect } = await setup()
    await connect('a')
    const seq = modal.timeTravel.log.events.length
    await fc.assert(
      fc.asyncProperty(junk, async (input) => {
        const provider = await modal.getProvider(input as never).then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        )
        if ('error' in provider) expect(provider.error).toBeInstanceOf(InvalidInputError)
        else expect([undefined, 'a']).toContain((provider.value as { name?: string } | undefined)?.name)
        if (input === 'eip155') expect((provider as { value?: { name?: string } }).value?.name).toBe('a')

        const client = await modal.getWalletClient(input as never).then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        )
        if ('error' in client) {
          expect(client.error).toBeInstanceOf(GangwayError)
          expect([InvalidInputError, NetworkNotFoundError].some((c) => client.error instanceof c)).toBe(true)
        } else expect([1, 2]).toContain(client.value.chain.id)
      }),
      fuzzParams('walletAccess.hostInput', 150),
    )
    expect(modal.timeTravel.log.events.length).toBe(seq)
    expect(wallets.a.requests).toEqual([])
  })
})
