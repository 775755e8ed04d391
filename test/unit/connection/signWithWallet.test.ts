import { describe, expect, it } from 'vitest'
import { toEvmError } from '../../../src/adapters/evm/evmErrors'
import { ACCOUNT_A, setupConnected } from './support'

const A = ACCOUNT_A
const SIGNATURE = `0x${'1b'.repeat(65)}`

const setup = setupConnected

describe('signWithWallet', () => {
  it('signs a message with the active account', async () => {
    const { modal, fake } = await setup()
    const signing = modal.signMessage('hello')
    expect(fake.calls().at(-1)).toEqual({ method: 'signMessage', args: ['a', { address: A, message: 'hello' }] })
    fake.answer('signMessage', SIGNATURE)
    await expect(signing).resolves.toBe(SIGNATURE)
    expect(modal.getState().account.signature).toMatchObject({ status: 'signed', signature: SIGNATURE })
  })

  it('signs typed data as given', async () => {
    const { modal, fake } = await setup()
    const typedData = { domain: { name: 'G' }, types: { M: [{ name: 'x', type: 'uint256' }] }, primaryType: 'M', message: { x: '1' } }
    void modal.signTypedData(typedData)
    expect(fake.calls().at(-1)).toEqual({ method: 'signTypedData', args: ['a', { address: A, typedData }] })
  })

  it('an answer that is not a signature is refused with "Error signing message", for messages and typed data alike', async () => {
    const { modal, fake } = await setup()
    const message = modal.signMessage('hello')
    fake.answer('signMessage', '0xsig')
    await expect(message).rejects.toMatchObject({ name: 'WalletInvalidResponseError', shortMessage: 'Error signing message' })
    expect(modal.getState().account.signature).toMatchObject({ status: 'failed', signature: null })
    const typed = modal.signTypedData({ domain: {}, types: {}, primaryType: 'M', message: {} })
    fake.answer('signTypedData', { signature: SIGNATURE })
    await expect(typed).rejects.toMatchObject({ name: 'WalletInvalidResponseError', shortMessage: 'Error signing message' })
  })

  it('a rejection is "Error signing message" with code 4001', async () => {
    const { modal, fake } = await setup()
    const signing = modal.signMessage('hello')
    fake.fail('signMessage', toEvmError({ code: 4001, message: 'User rejected the request.' }, 'signMessage'))
    await expect(signing).rejects.toMatchObject({ shortMessage: 'Error signing message', code: 4001, details: 'User rejected the request.' })
  })

  it('not connected: "No ActiveCaipAddress found"', async () => {
    const { modal } = await setup(false)
    await expect(modal.signMessage('hello')).rejects.toMatchObject({ shortMessage: 'No ActiveCaipAddress found' })
  })
})
