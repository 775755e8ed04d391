// The local stack's opt-in ERC-4337 bundler (alto) and ERC-7677 paymaster, driven the way a
// wallet drives them: viem's bundler and paymaster clients against a chain of startChains.
// Nothing is skipped: when the bundler's packages cannot be installed, every test fails with why.
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  getAddress,
  erc20Abi,
  fallback,
  http,
  parseEther,
  parseUnits,
  type Address,
  type BaseError,
  type Chain,
  type Hex,
  type LocalAccount,
  type PublicClient,
  type Transport,
} from 'viem'
import {
  createBundlerClient,
  createPaymasterClient,
  entryPoint07Abi,
  entryPoint07Address,
  getUserOperationHash,
  toSimple7702SmartAccount,
  type BundlerClient,
  type SmartAccount,
  type UserOperation,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { bundlerPackagePath, ensureBundlerPackages } from '../../../dev/bundler/ensureBundlerPackages'
import { startBundler, type DevBundler } from '../../../dev/bundler/startBundler'
import { SMART_ACCOUNT_CONTRACTS } from '../../../dev/chain/smartAccountContracts'
import { startChains, type DevChains } from '../../../dev/chain/startChains'
import { deployDelegationFramework, type SmartAccountsEnvironment } from '../../../dev/auth/delegationFramework'
import { decodeAccountCalls, embeddedSmartAccount, sendUserOperation } from '../../../dev/frame/smartAccount'

/** permissionless's SimpleAccount, as far as these tests use it. */
type ToSimpleSmartAccount = (parameters: {
  client: PublicClient
  owner: LocalAccount
  entryPoint: { address: Address; version: '0.7' }
  factoryAddress: Address
}) => Promise<SmartAccount>

/** permissionless is a package of dev/bundler (installed apart from the root), so it is loaded by its path there. */
async function loadToSimpleSmartAccount(): Promise<ToSimpleSmartAccount> {
  const module = (await import(pathToFileURL(bundlerPackagePath('permissionless', '_esm/accounts/index.js')).href)) as { toSimpleSmartAccount: ToSimpleSmartAccount }
  return module.toSimpleSmartAccount
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
const ms = (value: number) => `${Math.round(value)} ms`

/** How many user operations each median is taken over. */
const RUNS = 5
/** Per test: several user operations each, on a machine that CI's other suites keep busy. */
const TEST_TIMEOUT_MS = 60_000
/** How often the receipt is asked for: it bounds the error of a submit → receipt time. */
const RECEIPT_POLL_MS = 25

let dev: DevChains
let bundler: DevBundler
let chain: Chain
let publicClient: PublicClient<Transport, Chain>
let bundlerClient: BundlerClient
let sponsoredClient: BundlerClient
let toSimpleSmartAccount: ToSimpleSmartAccount
const figures: string[] = []

/**
 * Starts the chains, the bundler and the paymaster. Every test awaits it, so a failure to start
 * (the packages cannot be installed, a child dies) fails each test with its reason.
 */
async function startAll(): Promise<void> {
  // Installed apart (first run only): its time is no part of the start-up time below.
  const install = await ensureBundlerPackages()
  if (install.installed) figures.push(`dev/bundler packages installed in ${(install.ms / 1000).toFixed(1)} s`)
  toSimpleSmartAccount = await loadToSimpleSmartAccount()
  // Only the first chain is used: the second would be a hardhat node started for nothing.
  dev = await startChains({ count: 1 })
  const devChain = dev.chains[0]!
  const t0 = performance.now()
  bundler = await startBundler({ chain: devChain })
  figures.push(`bundler + paymaster start-up: ${ms(performance.now() - t0)}`)
  chain = defineChain({
    id: devChain.chainId,
    name: devChain.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [devChain.rpcUrl] } },
  })
  publicClient = createPublicClient({ chain, transport: http(devChain.rpcUrl), pollingInterval: 50 })
  // The bundler's own gas price: what it accepts (the node's suggestion may be below it).
  const estimateFeesPerGas = async () => {
    const prices = (await bundlerClient.request({ method: 'pimlico_getUserOperationGasPrice' as never, params: [] as never })) as {
      fast: { maxFeePerGas: Hex; maxPriorityFeePerGas: Hex }
    }
    return { maxFeePerGas: BigInt(prices.fast.maxFeePerGas), maxPriorityFeePerGas: BigInt(prices.fast.maxPriorityFeePerGas) }
  }
  bundlerClient = createBundlerClient({ client: publicClient, transport: http(bundler.bundlerUrl), userOperation: { estimateFeesPerGas } })
  sponsoredClient = createBundlerClient({
    client: publicClient,
    transport: http(bundler.bundlerUrl),
    paymaster: createPaymasterClient({ transport: http(bundler.paymasterUrl) }),
    userOperation: { estimateFeesPerGas },
  })
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
  if (figures.length > 0) console.log(`ERC-4337 bundler on hardhat:\n  ${figures.join('\n  ')}`)
}, 30_000)

/**
 * Prepares and signs a user operation (gas estimation, and the paymaster's data when the client
 * has one), then times only its submission until its receipt.
 */
async function submitAndTime(client: BundlerClient, account: SmartAccount, calls: readonly { to: Address; value?: bigint; data?: Hex }[]) {
  const prepared = (await client.prepareUserOperation({ account, calls })) as UserOperation
  const signature = await account.signUserOperation(prepared)
  const t0 = performance.now()
  const hash = await client.sendUserOperation({ ...prepared, signature, entryPointAddress: account.entryPoint.address })
  const receipt = await client.waitForUserOperationReceipt({ hash, pollingInterval: RECEIPT_POLL_MS })
  return { receipt, ms: performance.now() - t0 }
}

const gusd = () => dev.tokens.find((t) => t.chainId === chain.id && t.symbol === 'GUSD')!
const balanceOfGusd = (address: Address) => publicClient.readContract({ address: gusd().address, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address
const transferGusd = (to: Address, amount: string) => ({ to: gusd().address, abi: erc20Abi, functionName: 'transfer', args: [to, parseUnits(amount, 6)] }) as const

/** Sends `amount` GUSD from dev account 1 (it pays the gas). */
async function fundWithGusd(to: Address, amount: string): Promise<void> {
  const funder = createWalletClient({ chain, transport: http(dev.chains[0]!.rpcUrl), account: privateKeyToAccount(dev.accounts[1]!.privateKey) })
  const hash = await funder.writeContract({ address: gusd().address, abi: erc20Abi, functionName: 'transfer', args: [to, parseUnits(amount, 6)] })
  expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe('success')
}

/** Whether `paymaster` is a contract with a deposit at `entryPoint` (a sponsor, not the zero address). */
async function isPaymasterOf(paymaster: Address | undefined, entryPoint: Address): Promise<boolean> {
  if (paymaster === undefined || /^0x0{40}$/.test(paymaster)) return false
  const [code, deposit] = await Promise.all([
    publicClient.getCode({ address: paymaster }),
    publicClient.readContract({ address: entryPoint, abi: entryPoint07Abi, functionName: 'balanceOf', args: [paymaster] }),
  ])
  return code !== undefined && deposit > 0n
}

describe('the local bundler (alto) and paymaster', () => {
  it('answers for EntryPoints 0.7 and 0.8 on the chain it serves', async () => {
    await started
    expect(await bundlerClient.getSupportedEntryPoints()).toEqual([SMART_ACCOUNT_CONTRACTS.entryPoint07, SMART_ACCOUNT_CONTRACTS.entryPoint08])
    expect(await bundlerClient.getChainId()).toBe(chain.id)
  }, TEST_TIMEOUT_MS)

  it('deploys a counterfactual SimpleAccount (EntryPoint 0.7) with its first user operation, which sends ETH', async () => {
    await started
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await toSimpleSmartAccount({
      client: publicClient,
      owner,
      entryPoint: { address: entryPoint07Address, version: '0.7' },
      factoryAddress: SMART_ACCOUNT_CONTRACTS.simpleAccountFactory07,
    })
    expect(await publicClient.getCode({ address: account.address })).toBeUndefined()
    await createTestClient({ chain, mode: 'hardhat', transport: http(dev.chains[0]!.rpcUrl) }).setBalance({ address: account.address, value: parseEther('1') })
    const recipient = freshAddress()

    const t0 = performance.now()
    const hash = await bundlerClient.sendUserOperation({ account, calls: [{ to: recipient, value: parseEther('0.1') }] })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, pollingInterval: RECEIPT_POLL_MS })
    figures.push(`SimpleAccount 0.7 deployment + ETH transfer, prepare + sign + submit → receipt: ${ms(performance.now() - t0)}`)

    expect(receipt.success).toBe(true)
    expect(receipt.sender).toBe(account.address)
    expect(receipt.receipt.status).toBe('success')
    expect(await publicClient.getCode({ address: account.address })).toMatch(/^0x[0-9a-f]{10,}$/)
    expect(await publicClient.getBalance({ address: recipient })).toBe(parseEther('0.1'))
    // The account paid its own gas: what left it beyond the 0.1 ETH is the operation's cost,
    // except what the EntryPoint keeps as its deposit (the unused prefund).
    const [balance, deposit] = await Promise.all([
      publicClient.getBalance({ address: account.address }),
      publicClient.readContract({ address: entryPoint07Address, abi: entryPoint07Abi, functionName: 'balanceOf', args: [account.address] }),
    ])
    expect(balance + deposit).toBe(parseEther('0.9') - receipt.actualGasCost)

    const times: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const { receipt, ms } = await submitAndTime(bundlerClient, account, [{ to: recipient, value: 1n }])
      expect(receipt.success).toBe(true)
      times.push(ms)
    }
    expect(await publicClient.getBalance({ address: recipient })).toBe(parseEther('0.1') + BigInt(RUNS))
    figures.push(`self-paid ETH transfer, submit → receipt: median ${ms(median(times))} of ${RUNS} (${times.map(ms).join(', ')})`)
  }, TEST_TIMEOUT_MS)

  it('lands a 2-call batch sponsored by the paymaster from a counterfactual account holding 0 ETH, which still holds 0 ETH', async () => {
    await started
    // A SimpleAccount not deployed yet, holding GUSD and no ETH: the paymaster pays its deployment and the batch.
    const account = await toSimpleSmartAccount({
      client: publicClient,
      owner: privateKeyToAccount(generatePrivateKey()),
      entryPoint: { address: entryPoint07Address, version: '0.7' },
      factoryAddress: SMART_ACCOUNT_CONTRACTS.simpleAccountFactory07,
    })
    await fundWithGusd(account.address, '100')
    expect(await publicClient.getBalance({ address: account.address })).toBe(0n)
    const [alice, bob] = [freshAddress(), freshAddress()]

    const t0 = performance.now()
    const hash = await sponsoredClient.sendUserOperation({ account, calls: [transferGusd(alice, '10'), transferGusd(bob, '20')] })
    const receipt = await sponsoredClient.waitForUserOperationReceipt({ hash, pollingInterval: RECEIPT_POLL_MS })
    figures.push(`sponsored deployment + 2-call batch, prepare + paymaster + sign + submit → receipt: ${ms(performance.now() - t0)}`)

    expect(receipt.success).toBe(true)
    expect(await isPaymasterOf(receipt.paymaster, entryPoint07Address)).toBe(true)
    expect(await publicClient.getCode({ address: account.address })).toMatch(/^0x[0-9a-f]{10,}$/)
    expect(await balanceOfGusd(alice)).toBe(parseUnits('10', 6))
    expect(await balanceOfGusd(bob)).toBe(parseUnits('20', 6))
    expect(await balanceOfGusd(account.address)).toBe(parseUnits('70', 6))
    expect(await publicClient.getBalance({ address: account.address })).toBe(0n)

    const times: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const next = await submitAndTime(sponsoredClient, account, [transferGusd(alice, '1'), transferGusd(bob, '1')])
      expect(next.receipt.success).toBe(true)
      expect(next.receipt.paymaster).toBe(receipt.paymaster)
      times.push(next.ms)
    }
    expect(await balanceOfGusd(alice)).toBe(parseUnits(String(10 + RUNS), 6))
    expect(await publicClient.getBalance({ address: account.address })).toBe(0n)
    figures.push(`sponsored 2-call batch, submit → receipt: median ${ms(median(times))} of ${RUNS} (${times.map(ms).join(', ')})`)
  }, TEST_TIMEOUT_MS)

  it('sponsors a 2-call batch of an EOA delegated to Simple7702Account (EIP-7702, EntryPoint 0.8) that holds 0 ETH', async () => {
    await started
    const owner = privateKeyToAccount(generatePrivateKey())
    await fundWithGusd(owner.address, '100')
    // Why the delegation is a relayer's transaction rather than part of the first user operation:
    // the mock paymaster refuses the `factory: "0x7702"` marker viem sends for an undelegated account.
    const relayer = createWalletClient({ chain, transport: http(dev.chains[0]!.rpcUrl), account: privateKeyToAccount(dev.accounts[2]!.privateKey) })
    const authorization = await owner.signAuthorization({ contractAddress: SMART_ACCOUNT_CONTRACTS.simple7702Account, chainId: chain.id, nonce: 0 })
    await publicClient.waitForTransactionReceipt({ hash: await relayer.sendTransaction({ authorizationList: [authorization], to: owner.address }) })
    expect(await publicClient.getCode({ address: owner.address })).toBe(`0xef0100${SMART_ACCOUNT_CONTRACTS.simple7702Account.slice(2).toLowerCase()}`)
    const account = await toSimple7702SmartAccount({ client: publicClient, owner })
    const [alice, bob] = [freshAddress(), freshAddress()]

    const { receipt } = await submitAndTime(sponsoredClient, account, [transferGusd(alice, '10'), transferGusd(bob, '20')])

    expect(receipt.success).toBe(true)
    expect(receipt.sender).toBe(owner.address)
    expect(await isPaymasterOf(receipt.paymaster, SMART_ACCOUNT_CONTRACTS.entryPoint08)).toBe(true)
    expect(await balanceOfGusd(alice)).toBe(parseUnits('10', 6))
    expect(await balanceOfGusd(bob)).toBe(parseUnits('20', 6))
    expect(await publicClient.getBalance({ address: owner.address })).toBe(0n)
  }, TEST_TIMEOUT_MS)

  it('refuses a user operation whose signature is not the account owner’s, with its error', async () => {
    await started
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await toSimpleSmartAccount({
      client: publicClient,
      owner,
      entryPoint: { address: entryPoint07Address, version: '0.7' },
      factoryAddress: SMART_ACCOUNT_CONTRACTS.simpleAccountFactory07,
    })
    await createTestClient({ chain, mode: 'hardhat', transport: http(dev.chains[0]!.rpcUrl) }).setBalance({ address: account.address, value: parseEther('1') })
    const recipient = freshAddress()
    const prepared = (await bundlerClient.prepareUserOperation({ account, calls: [{ to: recipient, value: parseEther('0.1') }] })) as UserOperation<'0.7'>
    // Signed by someone else: SimpleAccount recovers the wrong owner and fails validation (AA24).
    const stranger = privateKeyToAccount(generatePrivateKey())
    const userOpHash = getUserOperationHash({ chainId: chain.id, entryPointAddress: entryPoint07Address, entryPointVersion: '0.7', userOperation: prepared })
    const signature = await stranger.signMessage({ message: { raw: userOpHash } })

    const error = await bundlerClient.sendUserOperation({ ...prepared, signature, entryPointAddress: entryPoint07Address }).then(
      () => undefined,
      (e: unknown) => e as Error & { walk(fn: (e: unknown) => boolean): unknown },
    )
    expect(error).toBeDefined()
    // viem's error for AA24, over the bundler's JSON-RPC error.
    const signatureError = error!.walk((e) => (e as Error).name === 'UserOperationSignatureError') as BaseError | null
    const rpcError = error!.walk((e) => (e as Error).name === 'RpcRequestError') as (BaseError & { code: number }) | null
    expect({
      error: signatureError?.name,
      shortMessage: signatureError?.shortMessage,
      bundlerCode: rpcError?.code,
      bundlerMessage: rpcError?.details,
    }).toMatchInlineSnapshot(`
      {
        "bundlerCode": -32507,
        "bundlerMessage": "UserOperation reverted with reason: AA24 signature error",
        "error": "UserOperationSignatureError",
        "shortMessage": "Signature provided for the User Operation is invalid.",
      }
    `)
    expect(await publicClient.getBalance({ address: recipient })).toBe(0n)
    expect(await publicClient.getCode({ address: account.address })).toBeUndefined()
  }, TEST_TIMEOUT_MS)
})

describe("the embedded wallet's smart account (dev/frame/smartAccount)", () => {
  const fetchFn = (input: string, init?: RequestInit) => fetch(input, init)
  let environment: Promise<SmartAccountsEnvironment>
  /** The delegation framework, deployed once (its time is a figure: the auth stack pays it at start). */
  const framework = () =>
    (environment ??= (async () => {
      const t0 = performance.now()
      const deployed = await deployDelegationFramework(dev.chains[0]!)
      figures.push(`delegation framework deployment (MetaMask's kit, ~40 contracts): ${ms(performance.now() - t0)}`)
      return deployed
    })())
  // Reads go through the transport the frame hands over (its fallback across the app's URLs): here
  // a first URL that refuses every connection, then the node; `rpcUrl` alone would be the dead one.
  const DEAD_URL = 'http://127.0.0.1:9/'
  const embedded = async (owner: LocalAccount) =>
    embeddedSmartAccount({
      owner,
      chainId: chain.id,
      rpcUrl: DEAD_URL,
      nodeTransport: fallback([http(DEAD_URL, { retryCount: 0 }), http(dev.chains[0]!.rpcUrl)]),
      bundlerUrl: bundler.bundlerUrl,
      environment: await framework(),
      fetch: fetchFn,
    })

  it('is counterfactual until its first user operation, which lands a 3-call batch; it signs for itself before (ERC-6492) and after (ERC-1271)', async () => {
    await started
    const owner = privateKeyToAccount(generatePrivateKey())
    const smart = await embedded(owner)
    expect(smart.address).not.toBe(owner.address)
    expect(await smart.account.isDeployed()).toBe(false)
    expect(await publicClient.getCode({ address: smart.address })).toBeUndefined()
    // Before deployment: an ERC-6492 signature, which viem checks against the node by simulating the deployment.
    const early = await smart.account.signMessage({ message: 'hello' })
    expect(early.endsWith('6492'.repeat(16))).toBe(true)
    expect(await publicClient.verifyMessage({ address: smart.address, message: 'hello', signature: early })).toBe(true)
    expect(await publicClient.verifyMessage({ address: smart.address, message: 'other', signature: early })).toBe(false)
    await createTestClient({ chain, mode: 'hardhat', transport: http(dev.chains[0]!.rpcUrl) }).setBalance({ address: smart.address, value: parseEther('1') })
    await fundWithGusd(smart.address, '50')
    const [alice, bob] = [freshAddress(), freshAddress()]
    const calls = [
      { to: alice, value: parseEther('0.01'), data: '0x' as Hex },
      { to: gusd().address, value: 0n, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [alice, parseUnits('5', 6)] }) },
      { to: gusd().address, value: 0n, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [bob, parseUnits('7', 6)] }) },
    ]
    let t0 = performance.now()
    const receipt = await sendUserOperation(smart, calls)
    figures.push(`embedded wallet's Hybrid DeleGator: deployment + 3-call batch, prepare + sign + submit → receipt: ${ms(performance.now() - t0)}`)
    expect(receipt.success).toBe(true)
    expect(await publicClient.getCode({ address: smart.address })).toMatch(/^0x[0-9a-f]{10,}$/)
    expect(await publicClient.getBalance({ address: alice })).toBe(parseEther('0.01'))
    expect(await balanceOfGusd(alice)).toBe(parseUnits('5', 6))
    expect(await balanceOfGusd(bob)).toBe(parseUnits('7', 6))
    // One user operation, so one transaction carried all three calls.
    expect((await publicClient.getTransactionReceipt({ hash: receipt.receipt.transactionHash })).status).toBe('success')
    // Deployed: a plain ERC-1271 signature; typed data too.
    const late = await smart.account.signMessage({ message: 'hello' })
    expect(late.endsWith('6492'.repeat(16))).toBe(false)
    expect(await publicClient.verifyMessage({ address: smart.address, message: 'hello', signature: late })).toBe(true)
    const typedData = {
      domain: { name: 'Gangway', version: '1', chainId: chain.id, verifyingContract: gusd().address },
      types: { Login: [{ name: 'who', type: 'address' }] },
      primaryType: 'Login' as const,
      message: { who: smart.address },
    }
    expect(await publicClient.verifyTypedData({ address: smart.address, signature: await smart.account.signTypedData(typedData), ...typedData })).toBe(true)
    // What the wallet's prompt reads back from a user operation: the calls it makes.
    expect(decodeAccountCalls(await smart.account.encodeCalls(calls))).toEqual(calls.map((c) => ({ ...c, to: getAddress(c.to) })))
    expect(decodeAccountCalls(await smart.account.encodeCalls([calls[1]!]))).toEqual([{ ...calls[1]!, to: getAddress(calls[1]!.to) }])
    // What the wallet waits for on each later send: prepare (estimate), sign, submit, receipt.
    const times: number[] = []
    for (let i = 0; i < RUNS; i++) {
      t0 = performance.now()
      expect((await sendUserOperation(smart, [{ to: alice, value: 1n, data: '0x' }])).success).toBe(true)
      times.push(performance.now() - t0)
    }
    figures.push(`embedded wallet's Hybrid DeleGator, deployed: prepare + sign + submit → receipt: median ${ms(median(times))} of ${RUNS} (${times.map(ms).join(', ')})`)
  }, TEST_TIMEOUT_MS)

  it('refuses the whole batch when one call reverts (success false, none applied), and a paymaster sponsors a 0-ETH account', async () => {
    await started
    const smart = await embedded(privateKeyToAccount(generatePrivateKey()))
    await fundWithGusd(smart.address, '10')
    expect(await publicClient.getBalance({ address: smart.address })).toBe(0n)
    const alice = freshAddress()
    const ok = await sendUserOperation(smart, [{ to: gusd().address, value: 0n, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [alice, parseUnits('1', 6)] }) }], {
      paymasterUrl: bundler.paymasterUrl,
      fetch: fetchFn,
    })
    expect(ok.success).toBe(true)
    expect(await isPaymasterOf(ok.paymaster, entryPoint07Address)).toBe(true)
    expect(await balanceOfGusd(alice)).toBe(parseUnits('1', 6))
    const transfer = (amount: string) => ({ to: gusd().address, value: 0n, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [alice, parseUnits(amount, 6)] }) })
    // 2 GUSD then 100 GUSD (more than it holds): the second reverts, so the first does not stay.
    const refused = await sendUserOperation(smart, [transfer('2'), transfer('100')], { paymasterUrl: bundler.paymasterUrl, fetch: fetchFn }).then(
      (receipt) => ({ receipt }),
      (error: unknown) => ({ error }),
    )
    if ('receipt' in refused) expect(refused.receipt.success).toBe(false)
    else expect(String((refused.error as Error).message)).toMatch(/revert|execution/i)
    expect(await balanceOfGusd(alice)).toBe(parseUnits('1', 6))
    expect(await publicClient.getBalance({ address: smart.address })).toBe(0n)
  }, TEST_TIMEOUT_MS)
})
