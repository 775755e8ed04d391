import { describe, expect, it } from 'vitest'
import { GangwayError, serializedErrorSchema, serializeError } from '../../../../src/core/errors/base'
import { ModalClosedError } from '../../../../src/core/errors/connection'
import { deserializeError } from '../../../../src/core/errors/deserializeError'
import { WalletRejectedError, WalletRpcError } from '../../../../src/core/errors/wallet'
import { classOf, SAMPLES } from './errorSamples'

describe('deserializeError', () => {
  it('serialize → schema → deserialize gives back the class, name, kind, message, code and details', () => {
    for (const error of SAMPLES) {
      const serialized = JSON.parse(JSON.stringify(serializeError(error)))
      expect(serializedErrorSchema.check(serialized, 'error'), error.name).toBeNull()
      const back = deserializeError(serialized)
      expect(back, error.name).toBeInstanceOf(classOf(error))
      expect(back).toBeInstanceOf(GangwayError)
      expect({ name: back.name, kind: back.kind, shortMessage: back.shortMessage, code: back.code, details: back.details }).toEqual({
        name: error.name,
        kind: error.kind,
        shortMessage: error.shortMessage,
        code: error.code,
        details: error.details,
      })
      expect(back.message).toBe(new GangwayError(error.shortMessage, { details: error.details }).message)
    }
  })

  it('keeps the subclass chain: a rejection is also a wallet error', () => {
    const back = deserializeError(serializeError(new WalletRejectedError('Connection rejected')))
    expect(back).toBeInstanceOf(WalletRejectedError)
    expect(back).toBeInstanceOf(WalletRpcError)
    expect(back).not.toBeInstanceOf(ModalClosedError)
  })

  it('a foreign error, or a kind this version does not know, is a plain GangwayError of kind UNKNOWN keeping its name', () => {
    const foreign = deserializeError(serializeError(Object.assign(new TypeError('fetch failed'), { code: 'ECONNRESET' })))
    expect(Object.getPrototypeOf(foreign)).toBe(GangwayError.prototype)
    expect(foreign).toMatchObject({ name: 'TypeError', kind: 'UNKNOWN', shortMessage: 'fetch failed', code: 'ECONNRESET' })
    const future = deserializeError({ name: 'QuantumError', shortMessage: 'Something went wrong', kind: 'QUANTUM_DECOHERENCE' })
    expect(Object.getPrototypeOf(future)).toBe(GangwayError.prototype)
    expect(future.kind).toBe('UNKNOWN')
    // Inherited keys of the registry object are not kinds.
    for (const kind of ['CONSTRUCTOR', 'TO_STRING', 'HAS_OWN_PROPERTY']) expect(deserializeError({ name: 'X', shortMessage: 'y', kind }).kind).toBe('UNKNOWN')
    expect(deserializeError({ name: 'X', shortMessage: 'y', kind: 'toString' } as never).kind).toBe('UNKNOWN')
  })
})
