import { createPublicClient, erc20Abi, http, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { e2eStack } from './stack'

/** A viem client of the stack's first hardhat chain (31337), to read what a test did on chain. */
export const node = () => createPublicClient({ transport: http(e2eStack().config.chains[0]!.rpcUrl) })

/** The GUSD token on the first chain. */
export const gusd = () => e2eStack().config.tokens.find((t) => t.chainId === e2eStack().config.chains[0]!.chainId)!

/** What `owner` holds of GUSD on the first chain, in its smallest unit. */
export const gusdOf = (owner: Address) => node().readContract({ address: gusd().address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

/** An address nobody has used: what it holds afterwards is exactly what was sent. */
export const freshAddress = () => privateKeyToAddress(generatePrivateKey())
