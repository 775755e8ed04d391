import { describe, expect, it } from 'vitest'
import { InvalidInputError } from '../../../src/core/errors/base'
import { settle } from '../../support/virtualTime'
import { ACCOUNT_B, setup } from './support'

describe('modal.getProvider', () => {
  it('resolves undefined while nothing is connected, without asking the adapter', async () => {
    const { modal, asked } = await setup()
    await expect(modal.getProvider()).resolves.toBeUndefined()
    await expect(modal.getProvider('eip155')).resolves.toBeUndefined()
    expect(asked).toEqual([])
  })

  it("is the active connector's provider, asked of the adapter by connector id", async () => {
    const { modal, wallets, asked, connect } = await setup()
    await connect('a')
    expect(await modal.getProvider()).toBe(wallets.a.provider)
    expect(await modal.getProvider('eip155')).toBe(wallets.a.provider)
    expect(asked).toEqual(['a', 'a'])
  })

  it('follows the active connection: another wallet connected is the one handed out; none after disconnect', async () => {
    const { modal, wallets, fake, connect } = await setup()
    await connect('a')
    await connect('b', [ACCOUNT_B])
    expect(modal.getState().connection.byNamespace.eip155?.activeConnectorId).toBe('b')
    expect(await modal.getProvider()).toBe(wallets.b.provider)
    const done = modal.disconnect()
    fake.answer('disconnect', undefined)
    await done
    await settle()
    expect(modal.getState().connection.byNamespace.eip155?.status).toBe('disconnected')
    await expect(modal.getProvider()).resolves.toBeUndefined()
  })

  it('another namespace has no EIP-1193 provider: undefined', async () => {
    const { modal, connect } = await setup()
    await connect('a')
    await expect(modal.getProvider('solana')).resolves.toBeUndefined()
  })

  it('an adapter that hands out no provider: undefined, not an error', async () => {
    const { modal, connect } = await setup({ withGetProvider: false })
    await connect('a')
    await expect(modal.getProvider()).resolves.toBeUndefined()
  })

  it('a namespace Gangway does not know rejects with InvalidInputError', async () => {
    const { modal, connect } = await setup()
    await connect('a')
    for (const bad of ['tron', '__proto__', 42, null]) {
      const error = await modal.getProvider(bad as never).catch((e: unknown) => e)
      expect(error, String(bad)).toBeInstanceOf(InvalidInputError)
      expect(error).toMatchObject({ shortMessage: 'Invalid getProvider arguments' })
    }
  })
})
