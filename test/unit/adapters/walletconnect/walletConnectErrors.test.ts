import { describe, expect, it } from 'vitest'
import { toWalletConnectError } from '../../../../src/adapters/walletconnect/walletConnectErrors'

const shape = (e: { name: string; shortMessage: string; code?: number | string | undefined }) => ({ name: e.name, shortMessage: e.shortMessage, code: e.code })

describe('toWalletConnectError', () => {
  it('maps the SDK codes to the spec messages', () => {
    expect(shape(toWalletConnectError({ code: 5000, message: 'User rejected.' }, 'connect'))).toMatchInlineSnapshot(`
      {
        "code": 4001,
        "name": "WalletRejectedError",
        "shortMessage": "Connection rejected",
      }
    `)
    expect(shape(toWalletConnectError({ code: 5100, message: 'Unsupported chains.' }, 'connect'))).toMatchInlineSnapshot(`
      {
        "code": 5100,
        "name": "WalletConnectUnsupportedChainsError",
        "shortMessage": "The connector does not support any of the requested chains",
      }
    `)
    // sign-client rejects authenticate() with a bare string.
    expect(toWalletConnectError('User rejected.', 'connect').shortMessage).toBe('Connection rejected')
  })

  it('wallet answers to requests read like any EVM wallet', () => {
    expect(toWalletConnectError({ code: 4001, message: 'User rejected' }, 'signMessage').shortMessage).toBe('Error signing message')
    expect(toWalletConnectError(new Error('Proposal expired'), 'connect').shortMessage).toBe('Failed to connect')
  })
})
