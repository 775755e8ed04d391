import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseStackArgs } from '../../dev/testing/cliArgs'
import { fuzzParams } from './fuzzParams'

const portList = fc.array(fc.oneof(fc.integer({ min: -5, max: 70_000 }).map(String), fc.string({ maxLength: 6 })), { minLength: 0, maxLength: 7 }).map((p) => p.join(','))
const arg = fc.oneof(fc.constantFrom('--ports', '--help', '-h', '--port', '--smart-accounts', ''), portList, portList.map((p) => `--ports=${p}`), fc.string({ maxLength: 12 }))

describe('gangway-stack arguments under arbitrary input', () => {
  it('never throws: help, an error that names the problem, or ports that are all valid port numbers', () => {
    fc.assert(
      fc.property(fc.array(arg, { maxLength: 5 }), (argv) => {
        const parsed = parseStackArgs(argv)
        if ('error' in parsed) {
          expect(parsed.error.length).toBeGreaterThan(0)
          return
        }
        if (parsed.help) {
          expect(argv.some((a) => a === '--help' || a === '-h')).toBe(true)
          return
        }
        expect(parsed.smartAccounts === true).toBe(argv.includes('--smart-accounts'))
        if (!parsed.ports) {
          expect(argv.filter((a) => a !== '--smart-accounts')).toEqual([])
          return
        }
        const all = [...(parsed.ports.chains ?? []), parsed.ports.gateway, parsed.ports.relay, ...(parsed.ports.solana === undefined ? [] : [parsed.ports.solana])]
        for (const port of all) expect(Number.isInteger(port) && port! >= 0 && port! <= 65535).toBe(true)
      }),
      fuzzParams('gangway-stack arguments', 300),
    )
  })
})
