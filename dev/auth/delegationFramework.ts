// The contracts behind the embedded wallet's smart account: MetaMask's delegation framework
// (DelegationManager, the caveat enforcers, SimpleFactory and the DeleGator implementations,
// from the bytecode published in @metamask/smart-accounts-kit), on a local chain that already
// carries EntryPoint 0.7 at its canonical address. Node only.
import type { SmartAccountsEnvironment } from '@metamask/smart-accounts-kit'
import { createPublicClient, createWalletClient, http, keccak256, parseEther, stringToBytes, toHex, type PublicClient } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { SMART_ACCOUNT_CONTRACTS } from '../chain/smartAccountContracts'
import type { DevChain } from '../chain/startChains'
import { localChain } from '../chain/viemChain'

export type { SmartAccountsEnvironment }

// Why a key of its own: the framework's addresses follow from this sender's nonces, so a fresh
// chain gets the same addresses every time, and no wallet's account nonce moves.
const DEPLOYER = privateKeyToAccount(keccak256(stringToBytes('gangway dev delegation framework deployer')))

/** Deployed per chain (by RPC URL) in this process: a second auth stack on the same chains reuses them. */
const deployed = new Map<string, Promise<SmartAccountsEnvironment>>()

/**
 * Deploys the delegation framework on `chain` (~40 contracts, about a second) and returns the
 * addresses the embedded wallet's frame needs (`toMetaMaskSmartAccount`'s `environment`). The
 * framework uses the chain's canonical EntryPoint 0.7, which the local bundler serves.
 *
 * @example
 * const environment = await deployDelegationFramework(dev.chains[0])
 * environment.SimpleFactory // the factory of every Hybrid DeleGator account
 */
export function deployDelegationFramework(chain: DevChain): Promise<SmartAccountsEnvironment> {
  let environment = deployed.get(chain.rpcUrl)
  if (!environment) {
    environment = deploy(chain)
    deployed.set(chain.rpcUrl, environment)
    environment.catch(() => deployed.delete(chain.rpcUrl))
  }
  return environment
}

async function deploy(chain: DevChain): Promise<SmartAccountsEnvironment> {
  // The kit reports its calls to MetaMask unless told not to.
  process.env.DO_NOT_TRACK ??= '1'
  const { deploySmartAccountsEnvironment } = await import('@metamask/smart-accounts-kit/utils')
  const viemChain = localChain(chain)
  const publicClient = createPublicClient({ chain: viemChain, transport: http(chain.rpcUrl), pollingInterval: 50 })
  if ((await publicClient.getTransactionCount({ address: DEPLOYER.address })) > 0) {
    throw new Error(`The delegation framework's deployer already sent transactions on ${chain.name} (${chain.rpcUrl}): deploy it once per chain`)
  }
  await publicClient.request({ method: 'hardhat_setBalance' as never, params: [DEPLOYER.address, toHex(parseEther('100'))] as never })
  const walletClient = createWalletClient({ chain: viemChain, transport: http(chain.rpcUrl), account: DEPLOYER, pollingInterval: 50 })
  // Given EntryPoint 0.7, the kit deploys no EntryPoint of its own (the bundler serves only the canonical one).
  return deploySmartAccountsEnvironment(walletClient, publicClient as PublicClient, viemChain, { EntryPoint: SMART_ACCOUNT_CONTRACTS.entryPoint07 })
}
