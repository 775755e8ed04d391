import type { StartTestStackOptions } from './index'

export const STACK_CLI_USAGE = `Usage: gangway-stack [--ports chain1,chain2,gateway,relay[,solana]] [--smart-accounts] [--help]

Starts gangway-kit-testing's local stack on 127.0.0.1 (two EVM chains, a Solana validator, the
gateway, a WalletConnect relay), prints its configuration as JSON on stdout and runs until
Ctrl+C, SIGTERM or its parent process ends.

  --ports a,b,c,d[,e]  the first chain's, the second chain's, the gateway's and the relay's ports,
                       and the Solana validator's (free ports otherwise; 0 picks a free one)
  --smart-accounts     an ERC-4337 bundler and a sponsoring paymaster for each chain too, listed
                       under "bundlers" (the first time, npm installs their packages, ~400 MB)
  --help               this text
`

export type StackCliArgs =
  | { help: true }
  | { help: false; ports?: NonNullable<StartTestStackOptions['ports']>; smartAccounts?: true }
  | { error: string }

/**
 * The CLI's arguments: `--help`, or `--ports` (also `--ports=…`) with four or five port numbers
 * and `--smart-accounts`.
 *
 * @example
 * parseStackArgs(['--ports', '8545,8546,8787,8790']) // { help: false, ports: { chains: [8545, 8546], gateway: 8787, relay: 8790 } }
 * parseStackArgs(['--smart-accounts']) // { help: false, smartAccounts: true }
 */
export function parseStackArgs(argv: readonly string[]): StackCliArgs {
  let ports: NonNullable<StartTestStackOptions['ports']> | undefined
  let smartAccounts = false
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    if (arg === '--help' || arg === '-h') return { help: true }
    if (arg === '--smart-accounts') {
      smartAccounts = true
      continue
    }
    if (arg === '--ports' || arg.startsWith('--ports=')) {
      const value = arg === '--ports' ? argv[++i] : arg.slice('--ports='.length)
      if (value === undefined) return { error: '--ports needs a value: chain1,chain2,gateway,relay[,solana]' }
      const parts = value.split(',')
      const numbers = parts.map((p) => (/^\d{1,5}$/.test(p.trim()) ? Number(p.trim()) : NaN))
      if ((parts.length !== 4 && parts.length !== 5) || numbers.some((n) => !Number.isInteger(n) || n > 65535)) {
        return { error: `--ports takes four or five port numbers (0–65535) separated by commas, got ${JSON.stringify(value)}` }
      }
      const [chain1, chain2, gateway, relay, solana] = numbers as [number, number, number, number, number | undefined]
      ports = { chains: [chain1, chain2], gateway, relay, ...(solana !== undefined ? { solana } : {}) }
      continue
    }
    return { error: `unknown argument ${JSON.stringify(arg)} (see --help)` }
  }
  return { help: false, ...(ports ? { ports } : {}), ...(smartAccounts ? { smartAccounts: true as const } : {}) }
}
