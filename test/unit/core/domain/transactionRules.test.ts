import { maxUint256 } from 'viem'
import { describe, expect, it } from 'vitest'
import { BLOB_MAX_BYTES } from '../../../../src/core/domain/constants.js'
import {
  SOLANA_COMMITMENTS,
  accessListError,
  blobDataError,
  feeRuleError,
  isSolanaCommitment,
  sendCallsError,
  sendFormError,
  transactionRequestError,
  versionedHashesError,
} from '../../../../src/core/domain/transactionRules.js'
import { SendFormError, TransactionRuleError } from '../../../../src/core/errors/domain.js'
import { GangwayError } from '../../../../src/core/errors/base.js'

const max = maxUint256.toString()
const over = (maxUint256 + 1n).toString()

describe('fee rules', () => {
  it('accepts well-formed legacy and EIP-1559 fees', () => {
    expect(feeRuleError({})).toBeNull()
    expect(feeRuleError({ chainId: 1, gasPrice: '1000000000' })).toBeNull()
    expect(feeRuleError({ chainId: 1, maxFeePerGas: '10', maxPriorityFeePerGas: '10' })).toBeNull()
    expect(feeRuleError({ maxFeePerGas: max })).toBeNull()
    expect(feeRuleError({ gasPrice: max })).toBeNull()
    expect(feeRuleError({ maxPriorityFeePerGas: '5' })).toBeNull()
    expect(feeRuleError({ maxFeePerGas: '0x10', maxPriorityFeePerGas: '0x0f' })).toBeNull()
  })

  it('rejects gas price combined with max or priority fee', () => {
    const e = feeRuleError({ gasPrice: '1', maxFeePerGas: '2' })
    expect(e).toBeInstanceOf(TransactionRuleError)
    expect(e).toBeInstanceOf(GangwayError)
    expect(e?.shortMessage).toMatchInlineSnapshot(`
      "Cannot specify both a \`gasPrice\` and a \`maxFeePerGas\`/\`maxPriorityFeePerGas\`.
      Use \`maxFeePerGas\`/\`maxPriorityFeePerGas\` for EIP-1559 compatible networks, and \`gasPrice\` for others."
    `)
    expect(feeRuleError({ gasPrice: '1', maxPriorityFeePerGas: '0' })).toBeInstanceOf(TransactionRuleError)
  })

  it('rejects a max fee (or gas price) above 2^256 − 1', () => {
    expect(feeRuleError({ maxFeePerGas: over })?.shortMessage).toMatchInlineSnapshot(`"The fee cap (\`maxFeePerGas\` = 115792089237316195423570985008687907853269984665640564039457584007913.129639936 gwei) cannot be higher than the maximum allowed value (2^256-1)."`)
    expect(feeRuleError({ gasPrice: over })?.shortMessage).toMatch(/cannot be higher than the maximum allowed value \(2\^256-1\)/)
  })

  it('rejects a priority fee above the max fee, but not equal to it', () => {
    expect(feeRuleError({ maxFeePerGas: '10', maxPriorityFeePerGas: '11' })?.shortMessage).toMatchInlineSnapshot(`"The provided tip (\`maxPriorityFeePerGas\` = 0.000000011 gwei) cannot be higher than the fee cap (\`maxFeePerGas\` = 0.00000001 gwei)."`)
    expect(feeRuleError({ maxFeePerGas: '10', maxPriorityFeePerGas: '10' })).toBeNull()
  })

  it('rejects a chain id that is not positive', () => {
    expect(feeRuleError({ chainId: 0, maxFeePerGas: '1' })?.shortMessage).toMatchInlineSnapshot(`"Chain ID "0" is invalid."`)
    expect(feeRuleError({ chainId: -1, gasPrice: '1' })).toBeInstanceOf(TransactionRuleError)
    expect(feeRuleError({ chainId: 1.5 })).toBeInstanceOf(TransactionRuleError)
    expect(feeRuleError({ chainId: 1 })).toBeNull()
  })

  it('rejects fee values that are not non-negative integers', () => {
    expect(feeRuleError({ gasPrice: '-1' })?.shortMessage).toBe('Invalid `gasPrice`: expected a non-negative integer')
    expect(feeRuleError({ maxFeePerGas: '1.5' })).toBeInstanceOf(TransactionRuleError)
    expect(feeRuleError({ maxFeePerGas: 'abc' })).toBeInstanceOf(TransactionRuleError)
    expect(feeRuleError({ maxFeePerGas: '1' })).toBeNull()
  })
})

describe('access lists', () => {
  const address = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
  it('needs 32-byte storage keys', () => {
    expect(accessListError([{ address, storageKeys: [`0x${'00'.repeat(32)}`] }])).toBeNull()
    expect(accessListError([])).toBeNull()
    expect(accessListError([{ address, storageKeys: [`0x${'00'.repeat(31)}`] }])?.shortMessage).toMatchInlineSnapshot(`"Size for storage key "0x00000000000000000000000000000000000000000000000000000000000000" is invalid. Expected 32 bytes. Got 31 bytes."`)
    expect(accessListError([{ address, storageKeys: [`0x${'00'.repeat(33)}`] }])).toBeInstanceOf(TransactionRuleError)
    expect(accessListError([{ address, storageKeys: [`0x${'0'.repeat(63)}`] }])).toBeInstanceOf(TransactionRuleError)
  })

  it('a key that is not hex bytes has no size to tell: it is refused as such, not as "-1 bytes"', () => {
    for (const key of ['', '0x0', `0x${'0'.repeat(63)}`, 'zz', `${'00'.repeat(32)}`]) {
      expect(accessListError([{ address, storageKeys: [key] }])?.shortMessage, key).toBe('Invalid `accessList.storageKeys`: expected 32 bytes of hex')
    }
  })
})

describe('blobs', () => {
  it('blob data is non-empty and at most 761,855 bytes', () => {
    expect(BLOB_MAX_BYTES).toBe(761_855)
    expect(blobDataError('0x')?.shortMessage).toBe('Blob data must not be empty.')
    expect(blobDataError('0x00')).toBeNull()
    expect(blobDataError(`0x${'ab'.repeat(761_855)}`)).toBeNull()
    const tooLarge = blobDataError(`0x${'ab'.repeat(761_856)}`)
    expect(tooLarge?.shortMessage).toBe('Blob size is too large.')
    expect(tooLarge?.metaMessages).toEqual(['Max: 761855 bytes', 'Given: 761856 bytes'])
    expect(blobDataError('0xabc')).toBeInstanceOf(TransactionRuleError)
  })

  it('versioned hashes are 32 bytes with version 1', () => {
    const ok = `0x01${'ab'.repeat(31)}`
    expect(versionedHashesError([ok, ok])).toBeNull()
    expect(versionedHashesError([])?.shortMessage).toBe('Blob data must not be empty.')
    expect(versionedHashesError([`0x01${'ab'.repeat(30)}`])?.shortMessage).toMatch(/size is invalid/)
    expect(versionedHashesError([`0x01${'ab'.repeat(32)}`])?.shortMessage).toMatch(/size is invalid/)
    expect(versionedHashesError([`0x02${'ab'.repeat(31)}`])?.shortMessage).toMatch(/version is invalid/)
    expect(versionedHashesError([`0x00${'ab'.repeat(31)}`])?.shortMessage).toMatch(/version is invalid/)
  })
})

describe('wallet_sendCalls', () => {
  const to = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
  it('accepts calls whose to and data start with 0x', () => {
    expect(sendCallsError([{ version: '2.0.0', chainId: '0x1', calls: [{ to, data: '0x' }, { to, value: '0x1' }] }])).toBeNull()
    expect(sendCallsError({ calls: [{ to, data: '0xabcdef' }] })).toBeNull()
  })
  it('rejects anything else', () => {
    const e = sendCallsError([{ calls: [{ to: to.slice(2), data: '0x' }] }])
    expect(e?.shortMessage).toBe('Invalid wallet_sendCalls request')
    expect(e?.code).toBe(-32602)
    expect(e?.details).toBe('calls[0].to must start with 0x')
    expect(sendCallsError([{ calls: [{ to, data: 'abcdef' }] }])?.details).toBe('calls[0].data must start with 0x')
    expect(sendCallsError([{ calls: [] }])).not.toBeNull()
    expect(sendCallsError([])).not.toBeNull()
    expect(sendCallsError(undefined)).not.toBeNull()
    expect(sendCallsError([{ calls: [null] }])).not.toBeNull()
  })
})

describe('transaction requests (eth_sendTransaction as a host sends it)', () => {
  const to = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
  const key = `0x${'11'.repeat(32)}`
  const hash1 = `0x01${'22'.repeat(31)}`

  it('passes well-formed requests: JSON-RPC quantities, decimal strings and numbers, null fields as absent', () => {
    expect(transactionRequestError({ to })).toBeNull()
    expect(transactionRequestError({ to, value: '0x1', gas: '0x5208', gasPrice: '0x3b9aca00', chainId: '0x7a69', nonce: '0x0', data: '0x' })).toBeNull()
    expect(transactionRequestError({ to, maxFeePerGas: '0x2', maxPriorityFeePerGas: '0x2', chainId: 1, type: '0x2' })).toBeNull()
    expect(transactionRequestError({ to, gasPrice: 1, maxFeePerGas: null, maxPriorityFeePerGas: null, accessList: null })).toBeNull()
    expect(transactionRequestError({ to, accessList: [{ address: to, storageKeys: [key] }, { address: to, storageKeys: [] }] })).toBeNull()
    expect(transactionRequestError({ to, blobs: ['0x01'], blobVersionedHashes: [hash1], maxFeePerBlobGas: '0x1' })).toBeNull()
  })

  it('refuses what breaks a fee rule, with the same words as feeRuleError', () => {
    expect(transactionRequestError({ to, gasPrice: '0x1', maxFeePerGas: '0x2' })?.shortMessage).toBe(feeRuleError({ gasPrice: '1', maxFeePerGas: '2' })?.shortMessage)
    expect(transactionRequestError({ to, maxFeePerGas: '0xa', maxPriorityFeePerGas: '0xb' })?.shortMessage).toBe(feeRuleError({ maxFeePerGas: '10', maxPriorityFeePerGas: '11' })?.shortMessage)
    expect(transactionRequestError({ to, maxFeePerGas: `0x1${'0'.repeat(64)}` })?.shortMessage).toMatch(/cannot be higher than the maximum allowed value \(2\^256-1\)/)
    expect(transactionRequestError({ to, chainId: '0x0' })?.shortMessage).toBe('Chain ID "0" is invalid.')
    expect(transactionRequestError({ to, chainId: 'mainnet' })?.shortMessage).toBe('Invalid `chainId`: expected a positive integer')
    expect(transactionRequestError({ to, gasPrice: -1 })?.shortMessage).toBe('Invalid `gasPrice`: expected a non-negative integer')
    expect(transactionRequestError({ to, maxFeePerGas: { hex: '0x1' } })?.shortMessage).toBe('Invalid `maxFeePerGas`: expected a non-negative integer')
    expect(transactionRequestError({ to, gasPrice: '1.5' })).toBeInstanceOf(TransactionRuleError)
  })

  it('refuses a malformed access list, and storage keys that are not 32 bytes', () => {
    expect(transactionRequestError({ to, accessList: [{ address: to, storageKeys: ['0x01'] }] })?.shortMessage).toBe('Size for storage key "0x01" is invalid. Expected 32 bytes. Got 1 bytes.')
    for (const accessList of [{}, 'x', [null], [{ storageKeys: [key] }], [{ address: to }], [{ address: to, storageKeys: [1] }]]) {
      expect(transactionRequestError({ to, accessList })?.shortMessage, JSON.stringify(accessList)).toMatch(/^Invalid `accessList(\.storageKeys)?`/)
    }
  })

  it('refuses empty, oversized or non-hex blobs and versioned hashes that are not 32 bytes of version 1', () => {
    expect(transactionRequestError({ to, blobs: [] })?.shortMessage).toBe('Blob data must not be empty.')
    expect(transactionRequestError({ to, blobs: ['0x'] })?.shortMessage).toBe('Blob data must not be empty.')
    expect(transactionRequestError({ to, blobs: [`0x${'00'.repeat(BLOB_MAX_BYTES + 1)}`] })?.shortMessage).toBe('Blob size is too large.')
    expect(transactionRequestError({ to, blobs: ['0xzz'] })?.shortMessage).toBe('Blob data must be hex bytes.')
    expect(transactionRequestError({ to, blobs: '0x01' })?.shortMessage).toBe('Invalid `blobs`: expected a list of hex strings')
    expect(transactionRequestError({ to, blobVersionedHashes: [] })?.shortMessage).toBe('Blob data must not be empty.')
    expect(transactionRequestError({ to, blobVersionedHashes: [`0x02${'22'.repeat(31)}`] })?.shortMessage).toMatch(/version is invalid/)
    expect(transactionRequestError({ to, blobVersionedHashes: ['0x01'] })?.shortMessage).toMatch(/size is invalid/)
  })

  it('its refusals carry JSON-RPC invalid params (-32602)', () => {
    expect(transactionRequestError({ to, gasPrice: '0x1', maxFeePerGas: '0x1' })?.code).toBe(-32602)
    expect(TransactionRuleError.code).toBe(-32602)
  })
})

describe('Solana commitment', () => {
  it('accepts the eight levels only', () => {
    expect(SOLANA_COMMITMENTS).toEqual(['processed', 'confirmed', 'finalized', 'recent', 'single', 'singleGossip', 'root', 'max'])
    for (const c of SOLANA_COMMITMENTS) expect(isSolanaCommitment(c)).toBe(true)
    expect(isSolanaCommitment('Confirmed')).toBe(false)
    expect(isSolanaCommitment('final')).toBe(false)
    expect(isSolanaCommitment(undefined)).toBe(false)
  })
})

describe('send form', () => {
  const token = { symbol: 'ETH' }
  it('needs an amount and a receiver first, then a token', () => {
    expect(sendFormError({})?.shortMessage).toBe('An amount and receiver address are required')
    expect(sendFormError({ amount: '1' })?.shortMessage).toBe('An amount and receiver address are required')
    expect(sendFormError({ receiverAddress: '0xab', token })?.shortMessage).toBe('An amount and receiver address are required')
    expect(sendFormError({ amount: '0', receiverAddress: '0xab', token })?.shortMessage).toBe('An amount and receiver address are required')
    expect(sendFormError({ amount: 'abc', receiverAddress: '0xab', token })).toBeInstanceOf(SendFormError)
    expect(sendFormError({ amount: '1', receiverAddress: '0xab' })?.shortMessage).toBe('A token is required')
    expect(sendFormError({ amount: 0.5, receiverAddress: '0xab', token })).toBeNull()
  })
})
