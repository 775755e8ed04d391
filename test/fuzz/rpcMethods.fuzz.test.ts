// Fuzz: any value as a JSON-RPC method name into the RPC policy (spec §6). It answers 'safe',
// 'approval' or throws its own RpcMethodNotAllowedError, never a raw error, and nothing that
// signs or sends on the user's behalf is ever classified safe.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { APPROVAL_RPC_METHODS, SAFE_RPC_METHODS, classifyRpcMethod } from '../../src/core/domain/rpcPolicy'
import { RpcMethodNotAllowedError } from '../../src/core/errors/domain'
import { fuzzParams } from './fuzzParams'

// The not-safe list of spec §6, written out here so the policy is checked against the spec, not itself.
const SPEC_APPROVAL = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
]
// Names that sign, send from the user's account or hand over control, whichever list they are in.
const SIGNS_OR_SENDS = /sign|sendTransaction$|sendCalls|Permissions|sendUserOperation|switchEthereumChain|addEthereumChain|watchAsset|requestAccounts|eth_accounts_/i

const KNOWN = [...SAFE_RPC_METHODS, ...APPROVAL_RPC_METHODS, ...SPEC_APPROVAL, 'eth_sign', 'eth_signTypedData', 'eth_signTypedData_v3', 'wallet_switchEthereumChain', 'eth_requestAccounts']

/** Names close to real ones: changed case, padding, lookalike characters, cut or extended. */
const nearName = fc
  .tuple(fc.constantFrom(...KNOWN), fc.constantFrom('upper', 'lower', 'pad', 'nul', 'cut', 'extend', 'cyrillic', 'proto', 'same'), fc.nat())
  .map(([name, how, n]) => {
    switch (how) {
      case 'upper':
        return name.toUpperCase()
      case 'lower':
        return name.toLowerCase()
      case 'pad':
        return n % 2 ? ` ${name}` : `${name}\n`
      case 'nul':
        return `${name}\u0000`
      case 'cut':
        return name.slice(0, n % name.length)
      case 'extend':
        return `${name}_${n}`
      case 'cyrillic':
        return name.replace('a', '\u0430')
      case 'proto':
        return ['__proto__', 'constructor', 'toString', 'hasOwnProperty'][n % 4]!
      default:
        return name
    }
  })

const boxed = fc.constantFrom(...KNOWN).map((name) => [
  Object.create(null) as unknown,
  new String(name),
  { toString: () => name },
  { valueOf: () => name, toString: () => { throw new Error('hostile toString') } },
  [name],
  Symbol(name),
  () => name,
  10n,
])

function classify(value: unknown): 'safe' | 'approval' | 'refused' {
  try {
    return classifyRpcMethod(value as string)
  } catch (error) {
    // Its own error, with the spec message, never a raw TypeError.
    expect(error).toBeInstanceOf(RpcMethodNotAllowedError)
    expect((error as RpcMethodNotAllowedError).shortMessage).toBe('Requested RPC call is not allowed')
    expect((error as RpcMethodNotAllowedError).code).toBe(4200)
    return 'refused'
  }
}

describe('RPC method policy fuzz', () => {
  it('answers every value with a class or its own error, and never calls a signing method safe', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything({ withBigInt: true, withNullPrototype: true, withObjectString: true }), fc.string(), fc.string({ unit: 'binary' }), nearName), (value) => {
        const answer = classify(value)
        if (answer === 'safe') {
          expect(typeof value).toBe('string')
          expect(SPEC_APPROVAL).not.toContain(value)
          expect(value as string).not.toMatch(SIGNS_OR_SENDS)
          expect(SAFE_RPC_METHODS as readonly string[]).toContain(value)
        }
        if (answer === 'approval') expect(SPEC_APPROVAL).toContain(value)
        if (typeof value !== 'string') expect(answer).toBe('refused')
      }),
      fuzzParams('rpc methods: any value', 1500),
    )
  })

  it('refuses method names wrapped in objects instead of reading them through toString', () => {
    fc.assert(
      fc.property(boxed, (values) => {
        for (const value of values) expect(classify(value)).toBe('refused')
      }),
      fuzzParams('rpc methods: boxed names', 200),
    )
  })

  it('classifies exactly the listed names, matching case and spacing exactly', () => {
    fc.assert(
      fc.property(nearName, (name) => {
        const answer = classify(name)
        const expected = (SAFE_RPC_METHODS as readonly string[]).includes(name) ? 'safe' : SPEC_APPROVAL.includes(name) ? 'approval' : 'refused'
        expect(answer).toBe(expected)
      }),
      fuzzParams('rpc methods: near names', 3000),
    )
  })
})
