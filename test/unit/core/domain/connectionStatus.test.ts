import { describe, expect, it } from 'vitest'
import { assertConnectionStatus } from '../../../../src/core/domain/connectionStatus.js'
import { InvalidConnectionStatusError } from '../../../../src/core/errors/domain.js'

describe('assertConnectionStatus', () => {
  it.each(['connected', 'active', 'disconnected'])('accepts %s', (s) => {
    expect(assertConnectionStatus(s)).toBe(s)
  })
  it('rejects anything else with the status in the message', () => {
    expect(() => assertConnectionStatus('paused')).toThrow(InvalidConnectionStatusError)
    try {
      assertConnectionStatus('connecting')
    } catch (e) {
      expect((e as InvalidConnectionStatusError).shortMessage).toMatchInlineSnapshot(`"Invalid connection status: connecting"`)
    }
  })
})
