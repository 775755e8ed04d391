import { describe, expect, it } from 'vitest'
import { readGrantedPermissions, readListedPermissions } from '../../../../../src/core/domain/permissions/permissionAnswers'

const ACCOUNT = '0x00000000000000000000000000000000000000a1'
const SESSION = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const MANAGER = '0xdb9B1e94B5b69Df7e401DDbedE43491141047dB3'
const GUSD = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const response = {
  chainId: '0x7a69',
  from: ACCOUNT,
  to: SESSION,
  permission: { type: 'erc20-token-periodic', isAdjustmentAllowed: true, data: { periodAmount: '0xf4240', periodDuration: 604_800, startTime: 1_800_000_000, tokenAddress: GUSD, justification: 'Rent' } },
  rules: [{ type: 'payee', data: { addresses: [SESSION] } }, { type: 'expiry', data: { timestamp: 1_900_000_000 } }],
  context: '0xdeadbeef',
  delegationManager: MANAGER,
  dependencies: [{ factory: MANAGER, factoryData: '0x1234' }],
}

describe('what an ERC-7715 wallet answers', () => {
  it('wallet_requestExecutionPermissions: one grant per request, amounts in base units, the expiry rule read', () => {
    expect(readGrantedPermissions([response], ACCOUNT, 1)).toEqual([
      {
        context: '0xdeadbeef',
        delegationManager: MANAGER,
        dependencies: [{ factory: MANAGER, factoryData: '0x1234' }],
        chainId: 31337,
        account: ACCOUNT,
        to: SESSION,
        type: 'erc20-token-periodic',
        tokenAddress: GUSD,
        amount: '1000000',
        period: 604_800,
        start: 1_800_000_000,
        expiry: 1_900_000_000,
        justification: 'Rent',
        isAdjustmentAllowed: true,
      },
    ])
    // A grant that names no account is the connected one's; no dependencies is none.
    const { from: _, dependencies: __, ...bare } = response
    expect(readGrantedPermissions([bare], ACCOUNT, 1)[0]).toMatchObject({ account: ACCOUNT, dependencies: [] })
    expect(() => readGrantedPermissions([response], ACCOUNT, 2)).toThrow('expected 2 granted permission(s), got 1')
    expect(() => readGrantedPermissions({}, ACCOUNT, 1)).toThrow(/expected a list/)
    expect(() => readGrantedPermissions([{ ...response, context: 'nothex' }], ACCOUNT, 1)).toThrow(/\[0\]\.context must be hex data/)
    expect(() => readGrantedPermissions([{ ...response, permission: { ...response.permission, data: { periodAmount: '12' } } }], ACCOUNT, 1)).toThrow(/periodAmount must be a 0x amount/)
  })

  it('wallet_getGrantedExecutionPermissions: what the modal can read of the account, the rest left out', () => {
    const stream = { ...response, context: '0x02', permission: { type: 'native-token-stream', isAdjustmentAllowed: false, data: { amountPerSecond: '0x1' } } }
    const other = { ...response, context: '0x03', from: '0x00000000000000000000000000000000000000b2' }
    const listed = readListedPermissions([response, stream, other, 'junk', response], ACCOUNT)
    expect(listed.map((g) => g.context)).toEqual(['0xdeadbeef'])
    expect(() => readListedPermissions(null, ACCOUNT)).toThrow(/expected a list/)
  })
})
