import { describe, expect, it } from 'vitest'
import { readPermissionRequests, type PermissionRequestContext } from '../../../../../src/core/domain/permissions/permissionRequests'
import { InvalidInputError } from '../../../../../src/core/errors/base'

const ACCOUNT = '0x00000000000000000000000000000000000000a1'
const SESSION = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const GUSD = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const context: PermissionRequestContext = {
  account: ACCOUNT,
  chainId: 31337,
  networks: [
    { chainId: 31337, symbol: 'ETH', decimals: 18 },
    { chainId: 8453, symbol: 'ETH', decimals: 18 },
  ],
  tokens: [{ chainId: 31337, address: GUSD.toLowerCase(), symbol: 'GUSD', decimals: 6 }],
}

/** The details of the InvalidInputError `input` is refused with. */
function refusal(input: unknown): string {
  try {
    readPermissionRequests(input, context)
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidInputError)
    expect((error as InvalidInputError).shortMessage).toBe('Invalid requestPermissions arguments')
    return (error as InvalidInputError).details!
  }
  throw new Error(`accepted ${JSON.stringify(input)}`)
}

describe('readPermissionRequests', () => {
  it('reads the friendly form into ERC-7715 params: chain as a number or CAIP-2, whole units or base units, Dates or seconds', () => {
    const read = readPermissionRequests(
      [
        { type: 'native-token-periodic', to: SESSION, amount: '0.01', period: 86_400 },
        { type: 'erc20-token-allowance', to: SESSION, amount: '5', token: GUSD, chainId: 'eip155:31337', start: new Date(1_800_000_000_999), expiry: 1_900_000_000, justification: '  Pay the bills  ', isAdjustmentAllowed: true },
        { type: 'erc20-token-periodic', to: SESSION, amount: 10n, token: { address: '0x0000000000000000000000000000000000000abc', symbol: 'XYZ' }, period: 60, chainId: 8453 },
      ],
      context,
    )
    expect(read.requests).toEqual([
      { chainId: '0x7a69', from: ACCOUNT, to: SESSION, permission: { type: 'native-token-periodic', isAdjustmentAllowed: false, data: { periodAmount: '0x2386f26fc10000', periodDuration: 86_400 } } },
      {
        chainId: '0x7a69',
        from: ACCOUNT,
        to: SESSION,
        permission: { type: 'erc20-token-allowance', isAdjustmentAllowed: true, data: { allowanceAmount: '0x4c4b40', startTime: 1_800_000_000, tokenAddress: GUSD, justification: 'Pay the bills' } },
        rules: [{ type: 'expiry', data: { timestamp: 1_900_000_000 } }],
      },
      { chainId: '0x2105', from: ACCOUNT, to: SESSION, permission: { type: 'erc20-token-periodic', isAdjustmentAllowed: false, data: { periodAmount: '0xa', periodDuration: 60, tokenAddress: '0x0000000000000000000000000000000000000abc' } } },
    ])
    // The token as the modal shows it: the network's coin, the modal's token data, what the host said.
    expect(read.tokens).toEqual([
      { symbol: 'ETH', decimals: 18 },
      { symbol: 'GUSD', decimals: 6 },
      { symbol: 'XYZ', decimals: null },
    ])
  })

  it('refuses what is wrong, naming the field', () => {
    const daily = { type: 'native-token-periodic', to: SESSION, amount: '0.01', period: 86_400 }
    expect(refusal(null)).toBe('requests must be a permission request or a list of them, got null')
    expect(refusal([])).toBe('requests must hold at least one permission request')
    expect(refusal(Array(11).fill(daily))).toBe('requests holds at most 10 permission requests, got 11')
    expect(refusal({ ...daily, type: 'erc20-token-stream' })).toMatch(/^request\.type must be one of/)
    expect(refusal({ ...daily, to: SESSION.toLowerCase().replace('0x', '') })).toMatch(/^request\.to must be an EVM address/)
    expect(refusal({ ...daily, to: '0x70997970c51812dc3A010C7d01b50e0d17dc79C8' })).toMatch(/checksummed/)
    expect(refusal({ ...daily, chainId: 10 })).toBe("request.chainId must be one of the modal's networks (eip155:31337, eip155:8453), got eip155:10")
    expect(refusal({ ...daily, chainId: 'solana:mainnet' })).toMatch(/^request\.chainId must be a chain id/)
    expect(refusal({ ...daily, amount: '0.0000000000000000001' })).toMatch(/^request\.amount must be a decimal amount in whole coins \('0\.01'\): the token has 18 decimals/)
    expect(refusal({ ...daily, amount: '0' })).toMatch(/^request\.amount must be above 0/)
    expect(refusal({ ...daily, amount: 2n ** 256n })).toMatch(/below 2\^256/)
    expect(refusal({ ...daily, amount: 1 })).toMatch(/^request\.amount must be a decimal string/)
    expect(refusal({ ...daily, period: 1.5 })).toMatch(/^request\.period must be a whole number of seconds/)
    expect(refusal({ ...daily, type: 'native-token-allowance' })).toBe('request.period is only for periodic permissions; native-token-allowance is an amount in total')
    expect(refusal({ ...daily, token: GUSD })).toMatch(/^request\.token is only for erc20 permissions/)
    expect(refusal({ ...daily, type: 'erc20-token-periodic' })).toBe("request.token is required for erc20 permissions: the token's address")
    expect(refusal({ ...daily, type: 'erc20-token-periodic', token: { address: GUSD, decimals: 78 } })).toMatch(/^request\.token\.decimals/)
    expect(refusal({ type: 'erc20-token-allowance', to: SESSION, amount: '5', token: '0x0000000000000000000000000000000000000abc' })).toMatch(/the token's decimals are unknown/)
    expect(refusal({ ...daily, expiry: 1_700_000_000_000 })).toBe('request.expiry must be unix seconds or a Date; 1700000000000 looks like milliseconds')
    expect(refusal({ ...daily, expiry: new Date(Number.NaN) })).toMatch(/^request\.expiry must be a valid Date/)
    expect(refusal({ ...daily, start: 2_000, expiry: 1_000 })).toBe('request.expiry must be after request.start')
    expect(refusal({ ...daily, justification: 'x'.repeat(501) })).toMatch(/at most 500 characters/)
    expect(refusal({ ...daily, isAdjustmentAllowed: 'yes' })).toMatch(/^request\.isAdjustmentAllowed must be a boolean/)
    expect(refusal([daily, { ...daily, from: ACCOUNT }])).toBe('requests[1].from is not a known field')
  })
})
