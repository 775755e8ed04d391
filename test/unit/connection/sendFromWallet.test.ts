import { describe, expect, it, vi } from 'vitest'
import { WalletRejectedError } from '../../../src/core/errors/wallet'
import { sendAmountSet, sendReset } from '../../../src/core/events/connection/send'
import { settle } from '../../support/virtualTime'
import { ACCOUNT_A, setupConnected } from './support'

const A = ACCOUNT_A
const RECEIVER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const HASH = `0x${'ab'.repeat(32)}`
const ETH = { symbol: 'ETH', decimals: 18 }

const setup = setupConnected

/** The send reaches the wallet once the form's checks have loaded (with the first send, a module import). */
const transferAsked = (fake: Awaited<ReturnType<typeof setup>>['fake']) =>
  vi.waitFor(() => expect(fake.hasPending('sendTransfer')).toBe(true), { timeout: 5_000 })

describe('sendFromWallet', () => {
  it('sends native units, then waits for the receipt; the balance is fetched again', async () => {
    const { modal, fake } = await setup()
    fake.answer('getBalance', '0')
    const sending = modal.send({ token: ETH, amount: '0.01', receiver: RECEIVER })
    await transferAsked(fake)
    expect(fake.calls().at(-1)).toEqual({ method: 'sendTransfer', args: ['a', 'eip155:1', { from: A, receiver: RECEIVER, amount: '10000000000000000' }] })
    fake.answer('sendTransfer', HASH)
    await settle()
    expect(modal.getState().account.send).toMatchObject({ status: 'pending', hash: HASH })
    fake.answer('waitForReceipt', { status: 'success', blockNumber: '7' })
    await expect(sending).resolves.toEqual({ hash: HASH, blockNumber: '7' })
    expect(modal.getState().account.send.status).toBe('confirmed')
    expect(fake.calls().filter((c) => c.method === 'getBalance')).toHaveLength(2)
  })

  it('a token amount goes in the token\'s units to its contract', async () => {
    const { modal, fake } = await setup()
    void modal.send({ token: { symbol: 'GUSD', decimals: 6, address: TOKEN }, amount: '12.5', receiver: RECEIVER })
    await transferAsked(fake)
    expect(fake.calls().at(-1)?.args[2]).toEqual({ from: A, receiver: RECEIVER, amount: '12500000', token: TOKEN, decimals: 6 })
  })

  it('the form\'s errors are the spec\'s', async () => {
    const { modal } = await setup()
    await expect(modal.send({ token: ETH, amount: '', receiver: RECEIVER })).rejects.toMatchObject({ shortMessage: 'An amount and receiver address are required' })
    await expect(modal.send({ token: ETH, amount: '1', receiver: '' })).rejects.toMatchObject({ shortMessage: 'An amount and receiver address are required' })
    await expect(modal.send({ token: null as never, amount: '1', receiver: RECEIVER })).rejects.toMatchObject({ shortMessage: 'A token is required' })
    await expect(modal.send({ token: ETH, amount: '1', receiver: '0x12' })).rejects.toMatchObject({ shortMessage: 'Invalid receiver address' })
  })

  it('not connected: "No ActiveCaipAddress found"', async () => {
    const { modal } = await setup(false)
    await expect(modal.send({ token: ETH, amount: '1', receiver: RECEIVER })).rejects.toMatchObject({ shortMessage: 'No ActiveCaipAddress found' })
  })

  it("a wallet answer that is not a transaction hash fails the send with 'Something went wrong'; nothing is pending", async () => {
    const { modal, fake } = await setup()
    for (const junk of ['0x1234', `${HASH}ff`, HASH.slice(2), { hash: HASH }, null]) {
      const sending = modal.send({ token: ETH, amount: '1', receiver: RECEIVER })
      await transferAsked(fake)
      fake.answer('sendTransfer', junk)
      await expect(sending, JSON.stringify(junk)).rejects.toMatchObject({ name: 'WalletInvalidResponseError', shortMessage: 'Something went wrong' })
      expect(modal.getState().account.send).toMatchObject({ status: 'failed', hash: null })
    }
    // No transaction was recorded as submitted, nor its receipt waited for.
    expect(modal.timeTravel.log.events.map((e) => e.type)).not.toContain('send/submitted')
    expect(fake.calls().map((c) => c.method)).not.toContain('waitForReceipt')
  })

  it('a rejected or reverted transaction fails the send; the form cannot change while in flight', async () => {
    const { modal, fake } = await setup()
    const rejected = modal.send({ token: ETH, amount: '1', receiver: RECEIVER })
    await transferAsked(fake)
    modal.dispatch(sendAmountSet({ amount: '999' }))
    expect(modal.getState().account.send.amount).toBe('1')
    fake.fail('sendTransfer', new WalletRejectedError('User rejected the request', { code: 4001 }))
    await expect(rejected).rejects.toMatchObject({ code: 4001 })
    const reverted = modal.send({ token: ETH, amount: '1', receiver: RECEIVER })
    await transferAsked(fake)
    fake.answer('sendTransfer', HASH)
    await settle()
    fake.answer('waitForReceipt', { status: 'reverted', blockNumber: '8' })
    await expect(reverted).rejects.toMatchObject({ shortMessage: 'Something went wrong', details: 'the transaction reverted' })
    expect(modal.getState().account.send).toMatchObject({ status: 'failed', hash: HASH })
    modal.dispatch(sendReset({}))
    expect(modal.getState().account.send).toMatchObject({ status: 'idle', token: null, amount: null, receiver: null })
  })
})
