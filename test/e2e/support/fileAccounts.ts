// Accounts of their own for each e2e file, so files can run at the same time on the one local
// stack: no two files send from the same account (nonces), read a balance another file is
// changing, or see another file's transfers in an account's activity. Run by the global setup.
//
// Each file gets what the stack's own dev accounts hold at start, on fresh keys derived from the
// file's name (the same on every run): five EVM accounts with 10,000 ETH and 1,000,000 GUSD on
// both chains, three Solana accounts with 1,000 SOL and 1,000,000 GWAY in their associated token
// account. Not copied: the ERC-721 tokens (one of each exists per account of the stack) and the
// names the gateway knows (`names` still points at the stack's accounts 1–4).
import {
  appendTransactionMessageInstructions,
  blockhash as toBlockhash,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  getAddressEncoder,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address as SolanaAddress,
} from '@solana/kit'
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstructionAsync, getMintToCheckedInstruction } from '@solana-program/token'
import { createHash } from 'node:crypto'
import { request } from 'node:http'
import { decodeFunctionResult, encodeAbiParameters, encodeFunctionData, erc20Abi, keccak256, numberToHex, parseEther, stringToBytes, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { DEV_SOLANA_LAMPORTS, DEV_SOLANA_MINT_AUTHORITY_SEED, DEV_SOLANA_TOKEN_AMOUNT } from '../../../dev/solana/devAccounts'
import type { StackConfig } from '../../../dev/stack/stackConfig'

/** What each of the stack's own EVM dev accounts starts with (dev/chain/startChains.ts). */
const ETH_EACH = parseEther('10000')
const GUSD_EACH = 1_000_000n * 10n ** 6n
/** GangwayToken's storage (dev/chain/GangwayToken.sol): name, symbol, totalSupply, then balanceOf. */
const TOTAL_SUPPLY_SLOT = 2n
const BALANCE_OF_SLOT = 3n

const slotHex = (slot: bigint): Hex => numberToHex(slot, { size: 32 })
const balanceSlot = (owner: Hex): Hex => keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [owner, BALANCE_OF_SLOT]))

/**
 * The stack's configuration as `file` sees it: the same chains, services and tokens, with
 * `accounts` and `solanaAccounts` of its own, funded on the chains and the validator.
 */
export async function withOwnAccounts(stack: StackConfig, file: string): Promise<StackConfig> {
  const accounts = stack.accounts.map((_, i) => {
    const privateKey = keccak256(stringToBytes(`gangway e2e ${file} evm account ${i}`))
    return { address: privateKeyToAccount(privateKey).address, privateKey }
  })
  const solanaAccounts = await Promise.all(
    stack.solanaAccounts.map(async (_, i) => {
      const seed = createHash('sha256').update(`gangway e2e ${file} solana account ${i}`).digest()
      const signer = await createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(seed))
      const [tokenAccount] = await findAssociatedTokenPda({ owner: signer.address, mint: stack.solanaMint.address, tokenProgram: stack.solanaMint.programId })
      return { address: signer.address, secretKey: [...seed, ...(getAddressEncoder().encode(signer.address) as Uint8Array)], tokenAccount }
    }),
  )
  for (const chain of stack.chains) await fundEvm(stack, chain, accounts.map((a) => a.address))
  await fundSolana(stack, solanaAccounts.map((a) => a.address))
  return { ...stack, accounts, solanaAccounts }
}

/**
 * One JSON-RPC call on a connection of its own (closed after the answer): with many files set
 * up at once on a busy machine, a kept-alive connection may be closed by the server just as it
 * is reused, and an airdrop or a transaction must not be sent twice.
 */
function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', connection: 'close', 'content-length': Buffer.byteLength(body) } }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => {
        try {
          const answer = JSON.parse(text) as { result?: T; error?: { message: string } }
          if (answer.error) reject(new Error(`${method} on ${url}: ${answer.error.message}`))
          else resolve(answer.result as T)
        } catch {
          reject(new Error(`${method} on ${url} answered ${res.statusCode}: ${text.slice(0, 200)}`))
        }
      })
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(body)
  })
}

async function fundEvm(stack: StackConfig, chain: StackConfig['chains'][number], owners: Hex[]): Promise<void> {
  const gusd = stack.tokens.find((t) => t.chainId === chain.chainId && t.symbol === 'GUSD')
  if (!gusd) throw new Error(`no GUSD on chain ${chain.chainId}`)
  const read = async (call: { functionName: 'totalSupply' } | { functionName: 'balanceOf'; args: [Hex] }): Promise<bigint> => {
    const data = encodeFunctionData({ abi: erc20Abi, ...call } as never)
    const result = await rpc<Hex>(chain.rpcUrl, 'eth_call', [{ to: gusd.address, data }, 'latest'])
    return decodeFunctionResult({ abi: erc20Abi, functionName: call.functionName, data: result }) as bigint
  }
  for (const owner of owners) {
    await rpc(chain.rpcUrl, 'hardhat_setBalance', [owner, numberToHex(ETH_EACH)])
    await rpc(chain.rpcUrl, 'hardhat_setStorageAt', [gusd.address, balanceSlot(owner), numberToHex(GUSD_EACH, { size: 32 })])
  }
  // The supply grows by what was given, as a mint would have done it.
  const supply = await read({ functionName: 'totalSupply' })
  await rpc(chain.rpcUrl, 'hardhat_setStorageAt', [gusd.address, slotHex(TOTAL_SUPPLY_SLOT), numberToHex(supply + GUSD_EACH * BigInt(owners.length), { size: 32 })])
  // The token's storage layout is this file's assumption: check it took.
  for (const owner of owners) {
    const held = await read({ functionName: 'balanceOf', args: [owner] })
    if (held !== GUSD_EACH) throw new Error(`funding ${owner} with GUSD on chain ${chain.chainId} gave ${held}: has GangwayToken's storage layout changed?`)
  }
}

async function fundSolana(stack: StackConfig, owners: SolanaAddress[]): Promise<void> {
  const url = stack.solanaRpcUrl
  const authority = await createKeyPairSignerFromPrivateKeyBytes(DEV_SOLANA_MINT_AUTHORITY_SEED)
  // The authority pays the token accounts' rent; the faucet is the validator's own.
  await rpc(url, 'requestAirdrop', [authority.address, 1_000_000_000])
  for (const owner of owners) await rpc(url, 'requestAirdrop', [owner, Number(DEV_SOLANA_LAMPORTS)])
  for (const owner of owners) {
    const { value: latest } = await rpc<{ value: { blockhash: string; lastValidBlockHeight: number } }>(url, 'getLatestBlockhash', [])
    const [token] = await findAssociatedTokenPda({ owner, mint: stack.solanaMint.address, tokenProgram: stack.solanaMint.programId })
    const instructions = [
      await getCreateAssociatedTokenIdempotentInstructionAsync({ payer: authority, owner, mint: stack.solanaMint.address }),
      getMintToCheckedInstruction({ mint: stack.solanaMint.address, token, mintAuthority: authority, amount: DEV_SOLANA_TOKEN_AMOUNT, decimals: stack.solanaMint.decimals }),
    ]
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(authority, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: toBlockhash(latest.blockhash), lastValidBlockHeight: BigInt(latest.lastValidBlockHeight) }, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    )
    const signed = await signTransactionMessageWithSigners(message)
    await rpc(url, 'sendTransaction', [getBase64EncodedWireTransaction(signed), { encoding: 'base64' }])
  }
  for (const owner of owners) {
    const { value: sol } = await rpc<{ value: number }>(url, 'getBalance', [owner])
    const [token] = await findAssociatedTokenPda({ owner, mint: stack.solanaMint.address, tokenProgram: stack.solanaMint.programId })
    const { value: gway } = await rpc<{ value: { amount: string } }>(url, 'getTokenAccountBalance', [token])
    if (BigInt(sol) !== DEV_SOLANA_LAMPORTS || BigInt(gway.amount) !== DEV_SOLANA_TOKEN_AMOUNT) throw new Error(`funding ${owner} on the validator gave ${sol} lamports and ${gway.amount} GWAY`)
  }
}
