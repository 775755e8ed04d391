// ERC-7715 session permissions of the embedded wallet's smart account, on chain: a frame
// (test/support/frameHarness) grants a permission from a Hybrid DeleGator to a session key, the
// session key redeems it with the kit's ERC-7710 wallet actions (within the allowance: moved;
// beyond it: reverted), and the frame revokes it with a user operation through the real bundler
// (alto) against MetaMask's delegation framework on a hardhat chain of startChains.
// Nothing is skipped: when the bundler's packages cannot be installed, every test fails with why.
import { PREFERRED_VERSION, type SmartAccountsEnvironment } from '@metamask/smart-accounts-kit'
import { erc7710WalletActions } from '@metamask/smart-accounts-kit/actions'
import { DelegationManager } from '@metamask/smart-accounts-kit/contracts'
import { decodeDelegations, hashDelegation, overrideDeployedEnvironment } from '@metamask/smart-accounts-kit/utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  http,
  parseEther,
  parseUnits,
  toHex,
  type Address,
  type Chain,
  type Hex,
  type PublicClient,
  type Transport,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { deployDelegationFramework } from '../../../dev/auth/delegationFramework'
import { ensureBundlerPackages } from '../../../dev/bundler/ensureBundlerPackages'
import { startBundler, type DevBundler } from '../../../dev/bundler/startBundler'
import { startChains, type DevChains } from '../../../dev/chain/startChains'
import { permissionsKey } from '../../../dev/frame/frameWallet'
import type { GrantedPermissionResponse, StoredPermission } from '../../../dev/frame/permissionRequests'
import { frameHarness, type FrameHarness } from '../../support/frameHarness'

/** Per test: grants, deployments, redemptions and a user operation, on a machine other suites keep busy. */
const TEST_TIMEOUT_MS = 120_000
const ms = (value: number) => `${Math.round(value)} ms`
const DAY = 86_400

let dev: DevChains
let bundler: DevBundler
let environment: SmartAccountsEnvironment
let chain: Chain
let publicClient: PublicClient<Transport, Chain>
const figures: string[] = []

async function startAll(): Promise<void> {
  const install = await ensureBundlerPackages()
  if (install.installed) figures.push(`dev/bundler packages installed in ${(install.ms / 1000).toFixed(1)} s`)
  // Only the first chain is used: the second would be a hardhat node started for nothing.
  dev = await startChains({ count: 1 })
  const devChain = dev.chains[0]!
  bundler = await startBundler({ chain: devChain })
  environment = await deployDelegationFramework(devChain)
  // The session key's side: the kit checks a redemption's DelegationManager against the chain's environment.
  overrideDeployedEnvironment(devChain.chainId, PREFERRED_VERSION, environment)
  chain = defineChain({ id: devChain.chainId, name: devChain.name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [devChain.rpcUrl] } } })
  publicClient = createPublicClient({ chain, transport: http(devChain.rpcUrl), pollingInterval: 50 })
}

let started: Promise<void>
beforeAll(async () => {
  started = startAll()
  // Reported by each test that awaits it, not here (a failing hook would mark the tests skipped).
  await started.catch(() => undefined)
}, 300_000)

afterAll(async () => {
  await bundler?.stop()
  await dev?.stop()
  if (figures.length > 0) console.log(`ERC-7715 session permissions of the embedded wallet's smart account:\n  ${figures.join('\n  ')}`)
}, 30_000)

const rpcUrl = () => dev.chains[0]!.rpcUrl
const gusd = () => dev.tokens.find((t) => t.chainId === chain.id && t.symbol === 'GUSD')!.address
const balanceOfGusd = (address: Address) => publicClient.readContract({ address: gusd(), abi: erc20Abi, functionName: 'balanceOf', args: [address] })
const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address
const setBalance = (address: Address, value: bigint) => createTestClient({ chain, mode: 'hardhat', transport: http(rpcUrl()) }).setBalance({ address, value })
const chainTime = async () => Number((await publicClient.getBlock()).timestamp)

/** A signed-in frame on the chain, switched to its smart account (counterfactual), holding 1 ETH. */
async function frame(): Promise<{ t: FrameHarness; account: Address }> {
  const t = frameHarness({
    networks: [{ caipNetworkId: `eip155:${chain.id}`, name: chain.name, rpcUrl: rpcUrl() }],
    smartAccounts: [{ chainId: chain.id, bundlerUrl: bundler.bundlerUrl, environment }],
    nodeFetch: (input, init) => fetch(input, init),
  })
  const account = await t.signIn({ smartAccount: true })
  await setBalance(account, parseEther('1'))
  return { t, account }
}

/** A session key holding ETH for its gas, with the kit's ERC-7710 wallet actions. */
async function sessionKey() {
  const key = privateKeyToAccount(generatePrivateKey())
  await setBalance(key.address, parseEther('1'))
  return createWalletClient({ account: key, chain, transport: http(rpcUrl()), pollingInterval: 50 }).extend(erc7710WalletActions())
}
type Session = Awaited<ReturnType<typeof sessionKey>>

/** Grants through the frame; the figure is from the prompt's Approve to the answer. */
async function grant(t: FrameHarness, request: unknown): Promise<{ response: GrantedPermissionResponse; ms: number }> {
  const [response] = (await t.rpc('wallet_requestExecutionPermissions', [request])) as GrantedPermissionResponse[]
  return { response: response!, ms: performance.now() - t.answeredAt.at(-1)! }
}

/** Revokes through the frame (`method` with `params`); the figure is from Approve to the answer, which waits for the receipt. */
async function revoke(t: FrameHarness, method: string, params: unknown): Promise<number> {
  expect(await t.rpc(method, params)).toEqual({})
  return performance.now() - t.answeredAt.at(-1)!
}

/** What the ERC-7715 response says to do before a redemption: deploy the counterfactual account with its factory. */
async function deployDependencies(session: Session, response: GrantedPermissionResponse): Promise<void> {
  for (const { factory, factoryData } of response.dependencies) {
    const hash = await session.sendTransaction({ to: factory, data: factoryData })
    expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe('success')
  }
}

/**
 * The session key redeems the permission for one call from the smart account. With the gas given,
 * a refused redemption is sent and mined as reverted rather than stopped at estimation.
 */
async function redeem(session: Session, response: GrantedPermissionResponse, call: { to: Address; value?: bigint; data?: Hex }): Promise<'success' | 'reverted'> {
  try {
    const hash = await session.sendTransactionWithDelegation({
      to: call.to,
      value: call.value ?? 0n,
      data: call.data ?? '0x',
      permissionContext: response.context,
      delegationManager: response.delegationManager,
      gas: 1_000_000n,
    } as Parameters<Session['sendTransactionWithDelegation']>[0])
    return (await publicClient.waitForTransactionReceipt({ hash })).status
  } catch (error) {
    // hardhat answers a transaction that reverted in its block with the revert.
    expect(String((error as Error).message)).toMatch(/revert/i)
    return 'reverted'
  }
}

const transferGusd = (to: Address, amount: string) => ({ to: gusd(), data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, parseUnits(amount, 6)] }) })

const storedPermissions = (t: FrameHarness, account: Address) => JSON.parse(t.storage.get(permissionsKey(t.owner.address, account))!) as StoredPermission[]

const isDisabled = (response: GrantedPermissionResponse) =>
  DelegationManager.read.disabledDelegations({ client: publicClient, contractAddress: environment.DelegationManager, delegationHash: hashDelegation(decodeDelegations(response.context)[0]!) })

describe("ERC-7715 session permissions of the embedded wallet's smart account, on chain", () => {
  it('native-token-periodic 0.01 ETH a day: the session key spends within it, not beyond; revoked through the frame, not even within it', async () => {
    await started
    const { t, account } = await frame()
    const all = { chainIds: [toHex(chain.id)], ruleTypes: ['expiry'] }
    expect(await t.rpc('wallet_getSupportedExecutionPermissions')).toEqual({
      'native-token-periodic': all,
      'erc20-token-periodic': all,
      'native-token-allowance': all,
      'erc20-token-allowance': all,
    })
    const session = await sessionKey()
    const expiry = (await chainTime()) + 3_600
    const { response, ms: grantMs } = await grant(t, {
      chainId: toHex(chain.id),
      to: session.account.address,
      permission: { type: 'native-token-periodic', isAdjustmentAllowed: false, data: { periodAmount: toHex(parseEther('0.01')), periodDuration: DAY, justification: 'Pays for the game' } },
      rules: [{ type: 'expiry', data: { timestamp: expiry } }],
    })
    figures.push(`grant (native-token-periodic), prompt Approve → PermissionResponse: ${ms(grantMs)}`)
    expect(t.prompts.at(-1)!.details[0]).toEqual({ label: 'Permission', value: 'Spend up to 0.01 ETH every 1 day' })
    expect(response).toMatchObject({ from: account, to: session.account.address, delegationManager: environment.DelegationManager })
    expect(response.dependencies).toEqual([{ factory: environment.SimpleFactory, factoryData: expect.stringMatching(/^0x[0-9a-f]+$/) }])

    await deployDependencies(session, response)
    expect(await publicClient.getCode({ address: account })).toMatch(/^0x[0-9a-f]{10,}$/)
    const recipient = freshAddress()
    expect(await redeem(session, response, { to: recipient, value: parseEther('0.004') })).toBe('success')
    expect(await publicClient.getBalance({ address: recipient })).toBe(parseEther('0.004'))
    // The smart account paid only the transfer: the session key paid the gas.
    expect(await publicClient.getBalance({ address: account })).toBe(parseEther('0.996'))
    // 0.004 + 0.007 is beyond the day's 0.01.
    expect(await redeem(session, response, { to: recipient, value: parseEther('0.007') })).toBe('reverted')
    expect(await publicClient.getBalance({ address: recipient })).toBe(parseEther('0.004'))

    const revokeMs = await revoke(t, 'wallet_revokeExecutionPermission', { permissionContext: response.context })
    figures.push(`revoke (a user operation calling DelegationManager.disableDelegation), prompt Approve → receipt: ${ms(revokeMs)}`)
    expect(t.prompts.at(-1)!.details).toContainEqual({ label: 'From', value: `Smart account ${account}` })
    expect(await isDisabled(response)).toBe(true)
    expect(await t.rpc('wallet_getGrantedExecutionPermissions')).toEqual([])
    const [record] = storedPermissions(t, account)
    expect(record).toMatchObject({ status: 'revoked', revokedAt: expect.any(Number), revokedIn: expect.stringMatching(/^0x[0-9a-f]{64}$/) })
    expect((await publicClient.getTransactionReceipt({ hash: record!.revokedIn! })).status).toBe('success')

    // 0.001 is within what is left of the day's allowance, and refused all the same.
    expect(await redeem(session, response, { to: recipient, value: parseEther('0.001') })).toBe('reverted')
    expect(await publicClient.getBalance({ address: recipient })).toBe(parseEther('0.004'))
  }, TEST_TIMEOUT_MS)

  it('erc20-token-periodic 5 GUSD a day: 3 GUSD moves, 3 more does not; revoked with wallet_revokePermissions, 1 GUSD does not', async () => {
    await started
    const { t, account } = await frame()
    const funder = createWalletClient({ chain, transport: http(rpcUrl()), account: privateKeyToAccount(dev.accounts[1]!.privateKey) })
    await publicClient.waitForTransactionReceipt({ hash: await funder.writeContract({ address: gusd(), abi: erc20Abi, functionName: 'transfer', args: [account, parseUnits('100', 6)] }) })
    const session = await sessionKey()
    const { response, ms: grantMs } = await grant(t, {
      chainId: toHex(chain.id),
      to: session.account.address,
      permission: { type: 'erc20-token-periodic', isAdjustmentAllowed: false, data: { periodAmount: toHex(parseUnits('5', 6)), periodDuration: DAY, tokenAddress: gusd() } },
    })
    figures.push(`grant (erc20-token-periodic, symbol and decimals read from the chain), prompt Approve → PermissionResponse: ${ms(grantMs)}`)
    expect(t.prompts.at(-1)!.details.slice(0, 2)).toEqual([
      { label: 'Permission', value: 'Spend up to 5 GUSD every 1 day' },
      { label: 'Token', value: `GUSD ${gusd()}` },
    ])

    await deployDependencies(session, response)
    const recipient = freshAddress()
    expect(await redeem(session, response, transferGusd(recipient, '3'))).toBe('success')
    expect(await balanceOfGusd(recipient)).toBe(parseUnits('3', 6))
    expect(await balanceOfGusd(account)).toBe(parseUnits('97', 6))
    expect(await redeem(session, response, transferGusd(recipient, '3'))).toBe('reverted')
    expect(await balanceOfGusd(recipient)).toBe(parseUnits('3', 6))

    const revokeMs = await revoke(t, 'wallet_revokePermissions', [{ permissionContext: response.context }])
    figures.push(`revoke (wallet_revokePermissions), prompt Approve → receipt: ${ms(revokeMs)}`)
    expect(await isDisabled(response)).toBe(true)
    expect(await redeem(session, response, transferGusd(recipient, '1'))).toBe('reverted')
    expect(await balanceOfGusd(recipient)).toBe(parseUnits('3', 6))
    expect(await balanceOfGusd(account)).toBe(parseUnits('97', 6))
  }, TEST_TIMEOUT_MS)

  it('revoking a permission of a counterfactual account deploys the account with the same user operation', async () => {
    await started
    const { t, account } = await frame()
    const session = await sessionKey()
    const { response } = await grant(t, {
      chainId: toHex(chain.id),
      to: session.account.address,
      permission: { type: 'native-token-allowance', isAdjustmentAllowed: false, data: { allowanceAmount: toHex(parseEther('0.5')) } },
    })
    expect(response.dependencies).toHaveLength(1)
    expect(await publicClient.getCode({ address: account })).toBeUndefined()

    const revokeMs = await revoke(t, 'wallet_revokeExecutionPermission', [{ permissionContext: response.context }])
    figures.push(`revoke from a counterfactual account (deployment + disableDelegation), prompt Approve → receipt: ${ms(revokeMs)}`)
    expect(t.prompts.at(-1)!.details).toContainEqual({ label: 'From', value: `Smart account ${account} (deployed with this operation)` })
    expect(await publicClient.getCode({ address: account })).toMatch(/^0x[0-9a-f]{10,}$/)
    expect(await isDisabled(response)).toBe(true)
    // Deployed already: the response's factory call is not needed; the redemption is refused.
    const recipient = freshAddress()
    expect(await redeem(session, response, { to: recipient, value: parseEther('0.1') })).toBe('reverted')
    expect(await publicClient.getBalance({ address: recipient })).toBe(0n)
  }, TEST_TIMEOUT_MS)
})
