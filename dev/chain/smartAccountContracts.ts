// The ERC-4337 / EIP-7702 contracts every local chain carries, at the addresses they have on
// public networks, so viem's and bundlers' defaults work unchanged. Constants only: browser
// code (the dev wallets) imports this file.

/**
 * Canonical addresses of the smart-account contracts on the dev chains (deployed by startChains
 * from @account-abstraction/contracts' published bytecode through the deterministic deployer).
 *
 * @example
 * const code = await client.getCode({ address: SMART_ACCOUNT_CONTRACTS.simple7702Account })
 */
export const SMART_ACCOUNT_CONTRACTS = {
  /** Arachnid's CREATE2 proxy: `salt ‖ initcode` in, the contract's address out. */
  deterministicDeployer: '0x4e59b44847b379578588920cA78FbF26c0B4956C',
  entryPoint06: '0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789',
  entryPoint07: '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
  entryPoint08: '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108',
  /** SimpleAccountFactory 0.7 (accounts of EntryPoint 0.7). */
  simpleAccountFactory07: '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985',
  /** Simple7702Account 0.8: the delegate that gives an EOA `execute` / `executeBatch` (EIP-7702). */
  simple7702Account: '0xe6Cae83BdE06E4c305530e199D7217f42808555B',
} as const satisfies Record<string, `0x${string}`>

export type SmartAccountContracts = typeof SMART_ACCOUNT_CONTRACTS

/**
 * The part of Simple7702Account 0.8's ABI the dev wallets call (checked against the published
 * artifact in startChains.test.ts). `executeBatch` runs every call or, when one reverts, none
 * (`ExecuteError(index, error)`); only the account itself or EntryPoint 0.8 may call it.
 *
 * @example
 * encodeFunctionData({ abi: simple7702AccountAbi, functionName: 'executeBatch', args: [[{ target, value, data: '0x' }]] })
 */
export const simple7702AccountAbi = [
  {
    type: 'function',
    name: 'executeBatch',
    stateMutability: 'nonpayable',
    inputs: [
      {
        name: 'calls',
        type: 'tuple[]',
        components: [
          { name: 'target', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'data', type: 'bytes' },
        ],
      },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'execute',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'target', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'data', type: 'bytes' },
    ],
    outputs: [],
  },
  { type: 'function', name: 'entryPoint', stateMutability: 'pure', inputs: [], outputs: [{ name: '', type: 'address' }] },
  {
    type: 'error',
    name: 'ExecuteError',
    inputs: [
      { name: 'index', type: 'uint256' },
      { name: 'error', type: 'bytes' },
    ],
  },
] as const
