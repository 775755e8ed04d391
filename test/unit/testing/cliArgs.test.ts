import { describe, expect, it } from 'vitest'
import { parseStackArgs, STACK_CLI_USAGE } from '../../../dev/testing/cliArgs'

describe('gangway-stack arguments', () => {
  it('takes none, --help, or --ports with four or five ports', () => {
    expect(parseStackArgs([])).toEqual({ help: false })
    expect(parseStackArgs(['--help'])).toEqual({ help: true })
    expect(parseStackArgs(['--ports', '8545,8546,8787,8790'])).toEqual({ help: false, ports: { chains: [8545, 8546], gateway: 8787, relay: 8790 } })
    expect(parseStackArgs(['--ports=8545,8546,8787,8790,8899'])).toEqual({ help: false, ports: { chains: [8545, 8546], gateway: 8787, relay: 8790, solana: 8899 } })
    expect(STACK_CLI_USAGE).toContain('--ports')
  })

  it('takes --smart-accounts beside --ports, in either order', () => {
    expect(parseStackArgs(['--smart-accounts'])).toEqual({ help: false, smartAccounts: true })
    expect(parseStackArgs(['--smart-accounts', '--ports', '8545,8546,8787,8790'])).toEqual({ help: false, ports: { chains: [8545, 8546], gateway: 8787, relay: 8790 }, smartAccounts: true })
    expect(parseStackArgs(['--ports=8545,8546,8787,8790', '--smart-accounts'])).toEqual({ help: false, ports: { chains: [8545, 8546], gateway: 8787, relay: 8790 }, smartAccounts: true })
    expect(parseStackArgs(['--smart-accounts=1'])).toEqual({ error: 'unknown argument "--smart-accounts=1" (see --help)' })
    expect(STACK_CLI_USAGE).toContain('--smart-accounts')
  })

  it('refuses what it cannot use, saying what it expects', () => {
    expect(parseStackArgs(['--ports'])).toEqual({ error: expect.stringContaining('--ports needs a value') })
    expect(parseStackArgs(['--ports', '1,2,3'])).toEqual({ error: expect.stringContaining('four or five port numbers') })
    expect(parseStackArgs(['--ports', '1,2,3,70000'])).toEqual({ error: expect.stringContaining('four or five port numbers') })
    expect(parseStackArgs(['--ports', '1,2,x,4'])).toEqual({ error: expect.stringContaining('"1,2,x,4"') })
    expect(parseStackArgs(['--port', '1'])).toEqual({ error: 'unknown argument "--port" (see --help)' })
  })
})
