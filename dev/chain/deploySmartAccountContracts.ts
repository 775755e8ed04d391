// Puts the ERC-4337 / EIP-7702 contracts on a local chain at their canonical addresses: the
// deterministic deployer's runtime code is set directly, then each contract's published bytecode
// (@account-abstraction/contracts 0.6 / 0.7 / 0.8, side by side under npm aliases) goes through it
// with the salt it was deployed with on public networks. Node only (reads the artifacts).
import { createRequire } from 'node:module'
import {
  concat,
  createPublicClient,
  createWalletClient,
  custom,
  encodeAbiParameters,
  getContractAddress,
  isAddressEqual,
  keccak256,
  parseEther,
  stringToBytes,
  toHex,
  type Hex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { SMART_ACCOUNT_CONTRACTS } from './smartAccountContracts'
import { localChain } from './viemChain'

const require = createRequire(import.meta.url)

/** Runtime code of Arachnid's deterministic-deployment proxy (what its keyless deployment leaves). */
const DETERMINISTIC_DEPLOYER_CODE =
  '0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3'

const ZERO_SALT: Hex = `0x${'00'.repeat(32)}`

type Deployment = {
  label: string
  address: `0x${string}`
  artifact: string
  salt: Hex
  /** ABI-encoded constructor arguments appended to the creation code. */
  args?: Hex
}

// The salts the eth-infinitism team used on public networks (the addresses follow from them).
const DEPLOYMENTS: Deployment[] = [
  {
    label: 'EntryPoint 0.6',
    address: SMART_ACCOUNT_CONTRACTS.entryPoint06,
    artifact: '@account-abstraction/contracts-0.6/artifacts/EntryPoint.json',
    salt: ZERO_SALT,
  },
  {
    label: 'EntryPoint 0.7',
    address: SMART_ACCOUNT_CONTRACTS.entryPoint07,
    artifact: '@account-abstraction/contracts-0.7/artifacts/EntryPoint.json',
    salt: '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3',
  },
  {
    label: 'SimpleAccountFactory 0.7',
    address: SMART_ACCOUNT_CONTRACTS.simpleAccountFactory07,
    artifact: '@account-abstraction/contracts-0.7/artifacts/SimpleAccountFactory.json',
    salt: ZERO_SALT,
    args: encodeAbiParameters([{ type: 'address' }], [SMART_ACCOUNT_CONTRACTS.entryPoint07]),
  },
  {
    label: 'EntryPoint 0.8',
    address: SMART_ACCOUNT_CONTRACTS.entryPoint08,
    artifact: '@account-abstraction/contracts-0.8/artifacts/EntryPoint.json',
    salt: '0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9',
  },
  {
    label: 'Simple7702Account 0.8',
    address: SMART_ACCOUNT_CONTRACTS.simple7702Account,
    artifact: '@account-abstraction/contracts-0.8/artifacts/Simple7702Account.json',
    salt: ZERO_SALT,
  },
]

// Why its own sender: the main deployer's nonces fix the addresses of GUSD and the rest, and the
// funded accounts handed to wallets keep nonce 0; this one can run alongside both.
const SENDER = privateKeyToAccount(keccak256(stringToBytes('gangway dev smart-account deployer')))

// EntryPoint 0.6 costs ~5.5 M gas to create; below osaka's 2^24 per-transaction cap.
const DEPLOY_GAS = 12_000_000n

/**
 * Deploys EntryPoint 0.6 / 0.7 / 0.8, SimpleAccountFactory 0.7 and Simple7702Account 0.8 at their
 * canonical addresses (skipping any that already has code) and checks each has code after.
 *
 * @example
 * await deploySmartAccountContracts({ chainId: 31337, rpc: (method, params) => rpc(url, method, params) })
 */
export async function deploySmartAccountContracts(options: {
  chainId: number
  rpc: (method: string, params: unknown[]) => Promise<unknown>
}): Promise<void> {
  const { chainId, rpc } = options
  const chain = localChain({ chainId })
  const transport = custom({ request: ({ method, params }) => rpc(method, (params ?? []) as unknown[]) })
  const publicClient = createPublicClient({ chain, transport })
  const walletClient = createWalletClient({ chain, transport, account: SENDER })
  const codeAt = async (address: `0x${string}`): Promise<Hex> => ((await rpc('eth_getCode', [address, 'latest'])) as Hex | null) ?? '0x'

  await Promise.all([
    rpc('hardhat_setCode', [SMART_ACCOUNT_CONTRACTS.deterministicDeployer, DETERMINISTIC_DEPLOYER_CODE]),
    rpc('hardhat_setBalance', [SENDER.address, toHex(parseEther('100'))]),
  ])
  const codes = await Promise.all(DEPLOYMENTS.map((d) => codeAt(d.address)))
  const missing = DEPLOYMENTS.filter((_, i) => codes[i] === '0x')

  let nonce = await publicClient.getTransactionCount({ address: SENDER.address, blockTag: 'pending' })
  const sent: { deployment: Deployment; hash: Hex }[] = []
  // Sent back to back, awaited together: the creations do not call one another.
  for (const deployment of missing) {
    const initCode = creationCode(deployment)
    const predicted = getContractAddress({ opcode: 'CREATE2', from: SMART_ACCOUNT_CONTRACTS.deterministicDeployer, salt: deployment.salt, bytecode: initCode })
    if (!isAddressEqual(predicted, deployment.address)) {
      throw new Error(
        `${deployment.label} from ${deployment.artifact} would land at ${predicted}, not at its canonical ${deployment.address}: is the right @account-abstraction/contracts version installed?`,
      )
    }
    const hash = await walletClient.sendTransaction({
      to: SMART_ACCOUNT_CONTRACTS.deterministicDeployer,
      data: concat([deployment.salt, initCode]),
      gas: DEPLOY_GAS,
      nonce: nonce++,
    })
    sent.push({ deployment, hash })
  }
  const outcomes = await Promise.all(
    sent.map(async ({ deployment, hash }) => ({ deployment, hash, receipt: await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 }) })),
  )
  const after = await Promise.all(DEPLOYMENTS.map((d) => codeAt(d.address)))
  for (const [i, deployment] of DEPLOYMENTS.entries()) {
    if (after[i] !== '0x') continue
    const outcome = outcomes.find((o) => o.deployment === deployment)
    const how = outcome === undefined ? '' : ` (transaction ${outcome.hash}, status ${outcome.receipt.status}, ${outcome.receipt.gasUsed} gas)`
    throw new Error(`${deployment.label} has no code at ${deployment.address} on chain ${chainId} after its deployment${how}`)
  }
}

function creationCode(deployment: Deployment): Hex {
  let json: { bytecode?: unknown }
  try {
    json = require(deployment.artifact) as { bytecode?: unknown }
  } catch (error) {
    throw new Error(`cannot read ${deployment.artifact} (${deployment.label}); the @account-abstraction/contracts-0.x dev dependencies are missing: ${String(error)}`)
  }
  if (typeof json.bytecode !== 'string' || json.bytecode.replace(/^0x/, '') === '') throw new Error(`${deployment.artifact} holds no bytecode`)
  const bytecode = `0x${json.bytecode.replace(/^0x/, '')}` as Hex
  return deployment.args === undefined ? bytecode : concat([bytecode, deployment.args])
}
