import { createPublicClient, createWalletClient, encodeFunctionData, erc20Abi, http, parseEther, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createBundlerClient } from 'viem/account-abstraction'
import { describe, expect, it } from 'vitest'
import { SMART_ACCOUNT_CONTRACTS } from '../../dev/chain/smartAccountContracts'
import { browserPerFile, demoWithoutDevtools, eip155Connection, inModal, modalState } from './support/demo'
import { frameApprove, loginByEmail, smartAccountNetworks } from './support/embeddedWallet'
import { freshAddress, gusd as gusdToken, gusdOf } from './support/localChain'
import { e2eStack } from './support/stack'

// The embedded wallet's smart account (ERC-4337) in Chromium on the local stack: the stack's
// bundler (alto) and paymaster on the first chain, the delegation framework the wallet service
// deployed there, an e-mail login through the mail sink, and every effect checked on the node.

const shared = browserPerFile()
const stack = () => e2eStack().config

/** A DeleGator's single-call `execute((target, value, callData))`. */
const delegatorExecuteAbi = [
  {
    type: 'function',
    name: 'execute',
    stateMutability: 'payable',
    inputs: [{ name: 'execution', type: 'tuple', components: [{ name: 'target', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'callData', type: 'bytes' }] }],
    outputs: [],
  },
] as const

describe("the embedded wallet's smart account (ERC-4337, through the stack's bundler)", () => {
  it("a fresh login lands on the counterfactual smart account (the EOA on a network without them), which signs (ERC-6492, then ERC-1271); a 3-call batch deploys it in one user operation; a host's eth_sendUserOperation; a reverting batch applies nothing; a paymaster sponsors a 0-ETH account; a reload keeps it; Account switches to the EOA and back", async () => {
    // The wallet service offers smart accounts once the stack's bundler is up.
    expect(await smartAccountNetworks()).toHaveLength(1)
    const { page } = await demoWithoutDevtools(shared, { query: '?email=1' })
    await loginByEmail(page, `smart-${Date.now().toString(36)}@example.com`)
    const node = createPublicClient({ transport: http(stack().chains[0]!.rpcUrl) })
    const accounts = () => eip155Connection(page).then((ns) => ns?.connections[0]?.accounts)

    // A fresh login on a network where the wallet runs smart accounts lands on the counterfactual
    // smart account by default, without the switch and without recording a choice.
    await expect.poll(async () => (await accounts())?.[0]?.type, { timeout: 20_000 }).toBe('smartAccount')
    expect((await accounts())!.map((a) => a.type)).toEqual(['smartAccount', 'eoa'])
    const [smart, eoa] = (await accounts())!.map((a) => a.address as Address) as [Address, Address]
    expect(await modalState(page, (s) => s.preferences.preferredAccountType.eip155 ?? null)).toBeNull()
    await page.getByTestId('open-modal').click()
    await expect.poll(() => inModal(page, 'account-type').textContent(), { timeout: 20_000 }).toBe('Smart account')
    expect(await inModal(page, 'account-type-switch').textContent()).toContain('Switch to EOA')
    await expect.poll(() => inModal(page, 'account-address').getAttribute('title')).toBe(smart)
    // Counterfactual: no code until its first user operation.
    expect(await node.getCode({ address: smart })).toBeUndefined()
    await page.keyboard.press('Escape')
    // A network without smart accounts: the EOA there; back, the smart account again.
    type Switching = { gangway: { switchNetwork(id: string): Promise<void> } }
    const switchTo = (id: string) => page.evaluate((x) => (window as unknown as Switching).gangway.switchNetwork(x), id)
    await switchTo(`eip155:${stack().chains[1]!.chainId}`)
    await expect.poll(async () => (await accounts())?.map((a) => `${a.type}:${a.address}`), { timeout: 20_000 }).toEqual([`eoa:${eoa}`])
    await switchTo(`eip155:${stack().chains[0]!.chainId}`)
    await expect.poll(async () => (await accounts())?.[0]?.address, { timeout: 20_000 }).toBe(smart)

    // It signs for itself, behind the frame's prompt: before deployment an ERC-6492 signature, checked on the node.
    const signAs = async (message: string) => {
      const signing = page.evaluate((m) => (window as unknown as { gangway: { signMessage(m: string): Promise<string> } }).gangway.signMessage(m), message)
      await expect.poll(() => page.frameLocator('iframe[data-gangway-frame]').getByTestId('frame-prompt').textContent(), { timeout: 20_000 }).toContain(`Smart account ${smart}`)
      await frameApprove(page).click()
      return (await signing) as Hex
    }
    const early = await signAs('Before the first user operation')
    expect(await node.verifyMessage({ address: smart, message: 'Before the first user operation', signature: early })).toBe(true)
    expect(await node.verifyMessage({ address: eoa, message: 'Before the first user operation', signature: early })).toBe(false)

    type Batches = { gangway: { sendCalls(c: unknown, o: unknown): Promise<{ id: string }>; getState(): { calls?: { batches: Record<string, { status: number; atomic: boolean; receipts: { transactionHash: string }[] }> } } } }
    const prompt = page.frameLocator('iframe[data-gangway-frame]').getByTestId('frame-prompt')
    const batchOf = (id: string) => page.evaluate((x) => (window as unknown as Batches).gangway.getState().calls?.batches[x], id)
    const send = async (calls: unknown[], options: unknown, expectInPrompt: string) => {
      const sending = page.evaluate(([c, o]) => (window as unknown as Batches).gangway.sendCalls(c, o), [calls, options] as const)
      await expect.poll(() => prompt.textContent(), { timeout: 20_000 }).toContain(expectInPrompt)
      await frameApprove(page).click()
      approvedAt = performance.now()
      return (await sending).id
    }
    let approvedAt = 0
    const gusd = gusdToken()
    const transferData = (to: Address, amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })
    await node.request({ method: 'hardhat_setBalance' as never, params: [smart, `0x${parseEther('1').toString(16)}`] as never })
    const funder = createWalletClient({ transport: http(stack().chains[0]!.rpcUrl), account: privateKeyToAccount(stack().accounts[0]!.privateKey) })
    await node.waitForTransactionReceipt({ hash: await funder.writeContract({ chain: null, address: gusd.address, abi: erc20Abi, functionName: 'transfer', args: [smart, 50n * 10n ** BigInt(gusd.decimals)] }) })

    // Three calls, atomic: the prompt says the account deploys with them; one user operation, all three effects.
    const [a, b] = [freshAddress(), freshAddress()]
    const unit = 10n ** BigInt(gusd.decimals)
    const first = await send(
      [
        { to: a, value: '0x1000' },
        { to: gusd.address, data: transferData(a, 3n * unit) },
        { to: gusd.address, data: transferData(b, 4n * unit) },
      ],
      { atomicRequired: true },
      'deployed with this batch',
    )
    await expect.poll(() => batchOf(first).then((x) => x?.status), { timeout: 30_000, interval: 20 }).toBe(200)
    // A figure, not a check: from Approve to the modal holding the confirmed batch.
    console.log(`smart account's first batch (deploys it, 3 calls), Approve → confirmed in the modal: ${Math.round(performance.now() - approvedAt)} ms`)
    expect(await batchOf(first)).toMatchObject({ atomic: true, receipts: [expect.anything()] })
    expect(await node.getCode({ address: smart })).toMatch(/^0x[0-9a-f]{10,}$/)
    expect(await node.getBalance({ address: a })).toBe(0x1000n)
    const balanceOf = gusdOf
    expect(await balanceOf(a)).toBe(3n * unit)
    expect(await balanceOf(b)).toBe(4n * unit)
    const bundle = await node.getTransaction({ hash: (await batchOf(first))!.receipts[0]!.transactionHash as Hex })
    // The bundler's transaction to the EntryPoint carried the user operation.
    expect(bundle.to?.toLowerCase()).toBe(SMART_ACCOUNT_CONTRACTS.entryPoint07.toLowerCase())
    // Deployed: an ERC-1271 signature, checked by the account's contract.
    const late = await signAs('After the first user operation')
    expect(await node.verifyMessage({ address: smart, message: 'After the first user operation', signature: late })).toBe(true)

    // A host's own user operation (eth_sendUserOperation), behind the frame's prompt listing its call.
    const c = freshAddress()
    const callData = encodeFunctionData({ abi: delegatorExecuteAbi, functionName: 'execute', args: [{ target: c, value: 0x2222n, callData: '0x' }] })
    const operating = page.evaluate(
      async ([sender, data, entryPoint]) => {
        const client = await (window as unknown as { gangway: { getWalletClient(): Promise<{ request(r: unknown): Promise<string> }> } }).gangway.getWalletClient()
        return client.request({ method: 'eth_sendUserOperation', params: [{ sender, callData: data }, entryPoint] })
      },
      [smart, callData, SMART_ACCOUNT_CONTRACTS.entryPoint07] as const,
    )
    await expect.poll(() => prompt.textContent(), { timeout: 20_000 }).toContain(c)
    expect(await prompt.textContent()).toContain('Send user operation')
    await frameApprove(page).click()
    const userOpHash = (await operating) as Hex
    expect(userOpHash).toMatch(/^0x[0-9a-f]{64}$/)
    const bundlerClient = createBundlerClient({ client: node, transport: http(stack().bundlers[0]!.bundlerUrl) })
    expect((await bundlerClient.waitForUserOperationReceipt({ hash: userOpHash, timeout: 30_000 })).success).toBe(true)
    expect(await node.getBalance({ address: c })).toBe(0x2222n)

    // A batch whose second call reverts (more GUSD than it holds): the bundler's simulation refuses
    // the user operation, so the wallet refuses the whole batch and the first call does not happen.
    const refused = page.evaluate(
      ([c]) => (window as unknown as Batches).gangway.sendCalls(c, { atomicRequired: true }).then(
        () => 'sent',
        (error: Error) => `${error.name}: ${error.message}`,
      ),
      [[{ to: gusd.address, data: transferData(a, unit) }, { to: gusd.address, data: transferData(b, 1000n * unit) }]] as const,
    )
    await expect.poll(() => prompt.textContent(), { timeout: 20_000 }).toContain('Smart account')
    await frameApprove(page).click()
    expect(await refused).toMatch(/^WalletTransactionRejectedError: Transaction rejected/)
    expect(await balanceOf(a)).toBe(3n * unit)
    expect(await balanceOf(b)).toBe(4n * unit)

    // Sponsored: with no ETH left, the app's paymaster (ERC-7677 paymasterService) pays the network fee.
    await node.request({ method: 'hardhat_setBalance' as never, params: [smart, '0x0'] as never })
    const paymasterUrl = stack().bundlers[0]!.paymasterUrl
    const sponsored = await send([{ to: gusd.address, data: transferData(b, unit) }], { capabilities: { paymasterService: { url: paymasterUrl } } }, "Paid by the app's paymaster")
    await expect.poll(() => batchOf(sponsored).then((x) => x?.status), { timeout: 30_000 }).toBe(200)
    expect(await balanceOf(b)).toBe(5n * unit)
    expect(await node.getBalance({ address: smart })).toBe(0n)

    // A reload keeps the smart account (the default again, nothing chosen yet).
    await page.reload()
    await page.getByTestId('open-modal').waitFor()
    await expect.poll(async () => (await accounts())?.[0]?.address, { timeout: 30_000 }).toBe(smart)
    // The switch back: the EOA's address again.
    await page.getByTestId('open-modal').click()
    await expect.poll(() => inModal(page, 'account-type-switch').textContent(), { timeout: 20_000 }).toContain('Switch to EOA')
    await inModal(page, 'account-type-switch').click()
    await expect.poll(async () => (await accounts())?.[0]?.address, { timeout: 20_000 }).toBe(eoa)
    expect(await inModal(page, 'account-type').textContent()).toBe('EOA')
    expect(await modalState(page, (s) => s.preferences.preferredAccountType.eip155)).toBe('eoa')
    // And Account's switch to the smart account, chosen this time.
    await inModal(page, 'account-type-switch').click()
    await expect.poll(async () => (await accounts())?.[0]?.address, { timeout: 20_000 }).toBe(smart)
    expect(await modalState(page, (s) => s.preferences.preferredAccountType.eip155)).toBe('smartAccount')
  }, 360_000)
})
