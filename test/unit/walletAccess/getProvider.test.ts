import { describe, expect, it } from 'vitest'
import { InvalidInputError } from '../../../src/core/errors/base'
import type { Eip1193Provider } from '../../../src/core/ports'
import { settle } from '../../support/virtualTime'
import { ACCOUNT_B, setup } from './support'

describe('modal.getProvider', () => {
  it('resolves undefined while nothing is connected, without asking the adapter', async () => {
    const { modal, asked } = await setup()
    await expect(modal.getProvider()).resolves.toBeUndefined()
    await expect(modal.getProvider('eip155')).resolves.toBeUndefined()
    expect(asked).toEqual([])
  })

  it("is the active connector's provider, asked of the adapter by connector id: the wallet's, the same each time", async () => {
    const { modal, wallets, asked, connect } = await setup()
    await connect('a')
    const provider = (await modal.getProvider()) as typeof wallets.a.provider
    expect(await modal.getProvider('eip155')).toBe(provider)
    expect(asked).toEqual(['a', 'a'])
    // Its requests and properties are the wallet's.
    expect(provider.name).toBe('a')
    expect('name' in provider).toBe(true)
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1')
    expect(wallets.a.requests).toEqual([{ method: 'eth_chainId' }])
  })

  it('follows the active connection: another wallet connected is the one handed out; none after disconnect', async () => {
    const { modal, wallets, fake, connect } = await setup()
    await connect('a')
    await connect('b', [ACCOUNT_B])
    expect(modal.getState().connection.byNamespace.eip155?.activeConnectorId).toBe('b')
    expect(((await modal.getProvider()) as typeof wallets.b.provider).name).toBe('b')
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

  describe('the spec §5 rules stand in front of the wallet', () => {
    const FROM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const TO = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
    const HASH = `0x${'ab'.repeat(32)}`
    const SIGNATURE = `0x${'1b'.repeat(65)}`
    const KEY = `0x${'00'.repeat(32)}`

    async function connected() {
      const t = await setup()
      await t.connect('a')
      const provider = (await t.modal.getProvider())!
      const sent = () => t.wallets.a.requests.filter((r) => r.method !== 'eth_chainId')
      return { ...t, provider, sent }
    }

    it("refuses a transaction breaking a fee, access-list or blob rule in the rule's words, before the wallet is asked", async () => {
      const { provider, sent } = await connected()
      const refused = async (tx: Record<string, unknown>) => {
        const error = await provider.request({ method: 'eth_sendTransaction', params: [{ from: FROM, to: TO, ...tx }] }).then(
          () => null,
          (e: unknown) => e as { name: string; shortMessage: string; code: number },
        )
        expect(error, JSON.stringify(tx)).toMatchObject({ name: 'TransactionRuleError', code: -32602 })
        return error!.shortMessage
      }
      expect(await refused({ gasPrice: '0x1', maxFeePerGas: '0x2' })).toMatch(/^Cannot specify both a `gasPrice` and a `maxFeePerGas`/)
      expect(await refused({ maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x2' })).toMatch(/^The provided tip \(`maxPriorityFeePerGas` = .*\) cannot be higher than the fee cap/)
      expect(await refused({ maxFeePerGas: `0x1${'0'.repeat(64)}` })).toMatch(/cannot be higher than the maximum allowed value \(2\^256-1\)/)
      expect(await refused({ chainId: '0x0', gasPrice: '0x1' })).toBe('Chain ID "0" is invalid.')
      expect(await refused({ accessList: [{ address: TO, storageKeys: ['0x01'] }] })).toBe('Size for storage key "0x01" is invalid. Expected 32 bytes. Got 1 bytes.')
      expect(await refused({ accessList: { address: TO } })).toBe('Invalid `accessList`: expected a list of { address, storageKeys }')
      expect(await refused({ blobs: ['0x'] })).toBe('Blob data must not be empty.')
      expect(await refused({ blobVersionedHashes: [`0x02${'00'.repeat(31)}`] })).toBe(`Versioned hash "0x02${'00'.repeat(31)}" version is invalid.`)
      expect(sent()).toEqual([])
    })

    it("refuses wallet_sendCalls whose calls are malformed with 'Invalid wallet_sendCalls request', before the wallet is asked", async () => {
      const { provider, sent } = await connected()
      for (const params of [[{ calls: [] }], [{ calls: [{ to: 'abc' }] }], [{ calls: [{ to: TO, data: 'ff' }] }], undefined]) {
        await expect(provider.request({ method: 'wallet_sendCalls', params: params as never }), JSON.stringify(params)).rejects.toMatchObject({
          name: 'InvalidSendCallsError',
          shortMessage: 'Invalid wallet_sendCalls request',
          code: -32602,
        })
      }
      expect(sent()).toEqual([])
    })

    it('passes a well-formed request to the wallet unchanged, and its answer back', async () => {
      const { provider, sent, wallets } = await connected()
      const tx = { from: FROM, to: TO, value: '0x1', maxFeePerGas: '0x2', maxPriorityFeePerGas: '0x1', chainId: '0x1', accessList: [{ address: TO, storageKeys: [KEY] }], type: '0x2' }
      const params = [tx]
      expect(await provider.request({ method: 'eth_sendTransaction', params })).toBe(HASH)
      expect(sent()[0]!.params).toBe(params)
      expect(params).toEqual([{ ...tx }])
      wallets.a.answer('wallet_sendCalls', { id: 'batch-1' })
      expect(await provider.request({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', from: FROM, chainId: '0x1', atomicRequired: false, calls: [{ to: TO, data: '0x' }] }] })).toEqual({ id: 'batch-1' })
      wallets.a.answer('personal_sign', SIGNATURE)
      expect(await provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', FROM] })).toBe(SIGNATURE)
      // Methods no rule covers are the wallet's business.
      wallets.a.answer('wallet_watchAsset', true)
      expect(await provider.request({ method: 'wallet_watchAsset', params: { type: 'ERC20' } })).toBe(true)
      expect(sent().map((r) => r.method)).toEqual(['eth_sendTransaction', 'wallet_sendCalls', 'personal_sign', 'wallet_watchAsset'])
    })

    it("fails a request whose answer is no transaction hash ('Something went wrong') or no signature ('Error signing message')", async () => {
      const { provider, wallets } = await connected()
      wallets.a.answer('eth_sendTransaction', '0x1234')
      await expect(provider.request({ method: 'eth_sendTransaction', params: [{ from: FROM, to: TO }] })).rejects.toMatchObject({ name: 'WalletInvalidResponseError', shortMessage: 'Something went wrong' })
      wallets.a.answer('personal_sign', { signature: SIGNATURE })
      await expect(provider.request({ method: 'personal_sign', params: ['0x00', FROM] })).rejects.toMatchObject({ name: 'WalletInvalidResponseError', shortMessage: 'Error signing message' })
      wallets.a.answer('eth_signTypedData_v4', '0x')
      await expect(provider.request({ method: 'eth_signTypedData_v4', params: [FROM, '{}'] })).rejects.toMatchObject({ shortMessage: 'Error signing message' })
      // The wallet's own refusal is passed on as it was.
      const refusal = Object.assign(new Error('User rejected the request.'), { code: 4001 })
      wallets.a.answer('personal_sign', () => refusal)
      await expect(provider.request({ method: 'personal_sign', params: ['0x00', FROM] })).rejects.toBe(refusal)
    })

    it("keeps the wallet's other properties and listeners: on and removeListener reach the wallet", async () => {
      const t = await setup()
      const listeners: unknown[] = []
      Object.assign(t.wallets.a.provider, {
        on(this: unknown, _event: string, listener: unknown) {
          if (this !== t.wallets.a.provider) throw new Error('called on another object')
          listeners.push(listener)
        },
        removeListener(_event: string, listener: unknown) {
          listeners.splice(listeners.indexOf(listener), 1)
        },
        session: { topic: 't' },
      })
      await t.connect('a')
      const provider = (await t.modal.getProvider()) as Eip1193Provider & { session?: unknown }
      const listener = () => undefined
      provider.on!('accountsChanged', listener)
      expect(listeners).toEqual([listener])
      provider.removeListener!('accountsChanged', listener)
      expect(listeners).toEqual([])
      expect(provider.on).toBe(provider.on)
      expect(provider.session).toEqual({ topic: 't' })
    })
  })
})
