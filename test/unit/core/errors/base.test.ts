import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { GangwayError, InvalidInputError, serializedErrorSchema, serializeError } from '../../../../src/core/errors/base'
import { ModalClosedError } from '../../../../src/core/errors/connection'
import { WalletRejectedError } from '../../../../src/core/errors/wallet'
import { assertValidEvent, createCatalogue } from '../../../../src/core/events/catalogue'
import { connectionFailed } from '../../../../src/core/events/connection/connection'
import { signatureFailed } from '../../../../src/core/events/connection/signature'
import { fcParams } from '../../../property/fcSettings'
import { SAMPLES } from './errorSamples'

const check = (value: unknown) => serializedErrorSchema.check(value, 'error')

describe('GangwayError', () => {
  it('builds its message from the short message, meta messages and details', () => {
    const error = new GangwayError('Failed to connect', { details: 'socket closed', metaMessages: ['Wallet: Example'], code: 4900 })
    expect(error.message).toMatchInlineSnapshot(`
      "Failed to connect

      Wallet: Example

      Details: socket closed"
    `)
    expect(error).toMatchObject({ name: 'GangwayError', kind: 'UNKNOWN', shortMessage: 'Failed to connect', code: 4900, details: 'socket closed' })
  })

  it('walk() finds an error down the cause chain, and stops on a cycle', () => {
    const root = { code: 4001 }
    const error = new GangwayError('Error signing message', { cause: new Error('wrapped', { cause: root }) })
    expect(error.walk((e) => (e as { code?: unknown }).code === 4001)).toBe(root)
    expect(error.walk()).toBe(root)
    const a: { cause?: unknown } = {}
    const b = { cause: a }
    a.cause = b
    expect(new GangwayError('x', { cause: a }).walk((e) => e === 'never')).toBeNull()
  })
})

describe('serializeError and serializedErrorSchema', () => {
  it('every class serializes to data the schema accepts, keeping its name and kind', () => {
    for (const error of SAMPLES) {
      const serialized = serializeError(error)
      expect(check(serialized), error.name).toBeNull()
      expect(serialized).toMatchObject({ name: error.name, kind: error.kind, shortMessage: error.shortMessage })
      expect(JSON.parse(JSON.stringify(serialized))).toEqual(serialized)
    }
  })

  it('serializes Gangway errors with their kind and foreign errors without one', () => {
    expect(serializeError(new WalletRejectedError('Connection rejected', { details: 'User rejected the request.' }))).toEqual({
      name: 'WalletRejectedError',
      shortMessage: 'Connection rejected',
      kind: 'WALLET_REJECTED',
      code: 4001,
      details: 'User rejected the request.',
    })
    expect(serializeError(Object.assign(new Error('User rejected.'), { code: 4001 }))).toEqual({ name: 'Error', shortMessage: 'User rejected.', code: 4001 })
    expect(serializeError('nope')).toEqual({ name: 'Error', shortMessage: 'nope' })
    expect(serializeError({ message: 42, code: Number.NaN }, 'Failed to connect')).toEqual({ name: 'Error', shortMessage: 'Failed to connect' })
    expect(serializeError(undefined, 'Error signing message')).toEqual({ name: 'Error', shortMessage: 'Error signing message' })
  })

  it('never throws, even on hostile values', () => {
    const hostile = new Proxy(new Error('x'), {
      get() {
        throw new Error('trap')
      },
    })
    expect(serializeError(hostile)).toEqual({ name: 'Error', shortMessage: 'Something went wrong' })
  })

  it('whatever is thrown, the result passes the schema', () => {
    const thrown = fc.oneof(
      fc.anything(),
      fc.record({ message: fc.anything(), code: fc.anything(), name: fc.anything(), shortMessage: fc.anything() }).map((fields) => Object.assign(new Error(), fields)),
      fc.tuple(fc.string(), fc.option(fc.string(), { nil: undefined }), fc.oneof(fc.integer(), fc.string(), fc.constant(undefined))).map(
        ([short, details, code]) => new GangwayError(short, { details, code }),
      ),
    )
    fc.assert(
      fc.property(thrown, (value) => {
        expect(check(serializeError(value))).toBeNull()
      }),
      fcParams({ numRuns: 300 }),
    )
  })

  it('refuses junk: missing or wrong-typed fields, unknown fields, a malformed kind', () => {
    const ok = { name: 'ModalClosedError', shortMessage: 'Modal closed', kind: 'MODAL_CLOSED' }
    expect(check(ok)).toBeNull()
    expect(check({ name: 'X', shortMessage: 'y', code: 'TIMEOUT', details: 'd' })).toBeNull()
    expect(check(null)).toMatch(/must be an object/)
    expect(check('Modal closed')).toMatch(/must be an object/)
    expect(check({ shortMessage: 'Modal closed' })).toMatch(/error\.name/)
    expect(check({ ...ok, name: '' })).toMatch(/error\.name/)
    expect(check({ name: 'X' })).toMatch(/error\.shortMessage/)
    expect(check({ ...ok, code: Number.NaN })).toMatch(/error\.code/)
    expect(check({ ...ok, code: { nested: 1 } })).toMatch(/error\.code/)
    expect(check({ ...ok, details: ['a'] })).toMatch(/error\.details/)
    expect(check({ ...ok, kind: 'modal closed' })).toMatch(/error\.kind/)
    expect(check({ ...ok, kind: '__proto__' })).toMatch(/error\.kind/)
    expect(check({ ...ok, stack: 'at x' })).toMatch(/error\.stack is not a known field/)
  })

  it('events carrying an error check it with the schema', () => {
    const catalogue = createCatalogue([connectionFailed, signatureFailed])
    const valid = connectionFailed({ connectorId: 'a', namespace: 'eip155', error: serializeError(new ModalClosedError()) })
    expect(() => assertValidEvent(catalogue, valid)).not.toThrow()
    expect(() => assertValidEvent(catalogue, signatureFailed({ error: { name: 'X', shortMessage: 'y', extra: true } as never }))).toThrow(InvalidInputError)
    expect(() => assertValidEvent(catalogue, signatureFailed({ error: { name: 'X' } as never }))).toThrow(/error\.shortMessage/)
  })
})
