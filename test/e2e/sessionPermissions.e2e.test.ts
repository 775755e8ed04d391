import { PREFERRED_VERSION } from '@metamask/smart-accounts-kit'
import { erc7710WalletActions } from '@metamask/smart-accounts-kit/actions'
import { overrideDeployedEnvironment } from '@metamask/smart-accounts-kit/utils'
import type { Page } from 'playwright-core'
import { createPublicClient, createWalletClient, http, parseEther, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { localChain } from '../../dev/chain/viemChain'
import { browserPerFile, currentView, demoWithoutDevtools, eip155Connection, inModal } from './support/demo'
import { frameApprove, loginByEmail, smartAccountNetworks } from './support/embeddedWallet'
import { freshAddress } from './support/localChain'
import { e2eStack } from './support/stack'

// Session permissions (ERC-7715) in Chromium on the local stack: the host asks through the
// modal, the visitor reviews the request in ReviewPermissions and grants it in the embedded
// wallet's prompt as its smart account; a session key in this process redeems the delegation on
// the node (within the allowance, then beyond it); the grant outlives a reload; Account →
// Permissions revokes it on chain, after which the session key is refused.

const shared = browserPerFile()
const stack = () => e2eStack().config

type Grant = { context: Hex; delegationManager: Address; dependencies: { factory: Address; factoryData: Hex }[]; status: string }
type PageWindow = Window & {
  gangway: {
    requestPermissions(request: unknown): Promise<Grant[]>
    getPermissions(): Promise<Grant[]>
  }
}

/** The page's grants, as plain JSON (amounts are bigints in the page). */
const grantsIn = (page: Page) =>
  page.evaluate(async () =>
    (await (window as unknown as PageWindow).gangway.getPermissions()).map((p) => ({ context: p.context, status: p.status })),
  )

describe('session permissions (ERC-7715) from the embedded smart account', () => {
  it('the host asks, the visitor reviews and grants; the session key spends within the allowance and is refused beyond it; a reload keeps the grant; Account revokes it on chain, and the session key is refused', async () => {
    const networks = await smartAccountNetworks()
    expect(networks).toHaveLength(1)
    const chain = stack().chains[0]!
    // The kit redeems through the delegation framework the wallet service deployed on this chain.
    overrideDeployedEnvironment(chain.chainId, PREFERRED_VERSION, networks[0]!.environment)
    const node = createPublicClient({ transport: http(chain.rpcUrl) })
    const { page } = await demoWithoutDevtools(shared, { query: '?email=1' })
    await loginByEmail(page, `session-${Date.now().toString(36)}@example.com`)

    // The smart account, the embedded wallet's default here (it pays for its revocation's user operation).
    await expect.poll(async () => (await eip155Connection(page))?.connections[0]?.accounts[0]?.type, { timeout: 30_000 }).toBe('smartAccount')
    const smart = (await eip155Connection(page))!.connections[0]!.accounts[0]!.address as Address
    await node.request({ method: 'hardhat_setBalance' as never, params: [smart, `0x${parseEther('1').toString(16)}`] as never })

    // The session key: an EOA of the app's, with ETH for its own gas.
    const sessionKey = privateKeyToAccount(generatePrivateKey())
    await node.request({ method: 'hardhat_setBalance' as never, params: [sessionKey.address, `0x${parseEther('1').toString(16)}`] as never })
    const session = createWalletClient({ account: sessionKey, chain: localChain(chain), transport: http(chain.rpcUrl) }).extend(erc7710WalletActions())

    // The host asks; the modal shows what, to whom, until when and why, before the wallet does.
    const asked = page.evaluate(
      (to) =>
        (window as unknown as PageWindow).gangway
          .requestPermissions({ type: 'native-token-periodic', to, amount: '0.01', period: 86_400, expiry: Math.floor(Date.now() / 1000) + 30 * 86_400, justification: 'Tips up to 0.01 ETH a day' })
          .then((grants) => grants.map((g) => ({ context: g.context, delegationManager: g.delegationManager, dependencies: g.dependencies, status: g.status }))),
      sessionKey.address,
    )
    await expect.poll(() => currentView(page), { timeout: 20_000 }).toBe('ReviewPermissions')
    expect(await inModal(page, 'permission-terms').textContent()).toContain('0.01 ETH')
    expect(await inModal(page, 'permission-to').getAttribute('title')).toBe(sessionKey.address)
    expect(await inModal(page, 'permission-justification').textContent()).toContain('Tips up to 0.01 ETH a day')
    await inModal(page, 'permissions-approve').click()
    const prompt = page.frameLocator('iframe[data-gangway-frame]').getByTestId('frame-prompt')
    await expect.poll(() => prompt.textContent(), { timeout: 20_000 }).toContain('Grant permission')
    expect(await prompt.textContent()).toContain('Spend up to 0.01 ETH every 1 day')
    await frameApprove(page).click()
    const grantApproved = performance.now()
    const [grant] = (await asked) as Grant[]
    // Figures, not checks: from the wallet's Approve to the host holding the grant, and to the modal showing a revocation done.
    console.log(`session permission, Approve → granted to the host: ${Math.round(performance.now() - grantApproved)} ms`)
    expect(grant).toMatchObject({ context: expect.stringMatching(/^0x[0-9a-f]+$/), status: 'active' })

    // The session key deploys the account if it is counterfactual, then redeems within the allowance…
    for (const { factory, factoryData } of grant!.dependencies) {
      expect((await node.waitForTransactionReceipt({ hash: await session.sendTransaction({ to: factory, data: factoryData }) })).status).toBe('success')
    }
    const redeem = async (to: Address, value: bigint): Promise<string> => {
      try {
        const hash = await session.sendTransactionWithDelegation({ to, value, data: '0x', permissionContext: grant!.context, delegationManager: grant!.delegationManager, gas: 1_000_000n } as never)
        return (await node.waitForTransactionReceipt({ hash })).status
      } catch (error) {
        expect(String((error as Error).message)).toMatch(/revert/i)
        return 'reverted'
      }
    }
    const tipped = freshAddress()
    expect(await redeem(tipped, parseEther('0.004'))).toBe('success')
    expect(await node.getBalance({ address: tipped })).toBe(parseEther('0.004'))
    // …and is refused beyond it (0.004 + 0.007 > 0.01 in the period): nothing moves.
    expect(await redeem(tipped, parseEther('0.007'))).toBe('reverted')
    expect(await node.getBalance({ address: tipped })).toBe(parseEther('0.004'))

    // A reload keeps the grant.
    await page.reload()
    await expect.poll(async () => (await eip155Connection(page))?.connections[0]?.accounts[0]?.address, { timeout: 30_000 }).toBe(smart)
    await expect.poll(() => grantsIn(page), { timeout: 20_000 }).toEqual([{ context: grant!.context, status: 'active' }])

    // Account → Permissions → Revoke: the wallet's prompt, then the delegation is disabled on chain.
    await page.getByTestId('open-modal').click()
    await expect.poll(() => inModal(page, 'account-permissions-count').textContent(), { timeout: 20_000 }).toBe('1 active')
    await inModal(page, 'account-permissions').click()
    await expect.poll(() => currentView(page)).toBe('Permissions')
    await inModal(page, 'permission-revoke').click()
    await expect.poll(() => prompt.textContent(), { timeout: 20_000 }).toContain('Revoke permission')
    await frameApprove(page).click()
    const revokeApproved = performance.now()
    await expect.poll(() => grantsIn(page), { timeout: 60_000, interval: 20 }).toEqual([{ context: grant!.context, status: 'revoked' }])
    console.log(`session permission, Approve → revoked on chain and in the modal: ${Math.round(performance.now() - revokeApproved)} ms`)
    expect(await inModal(page, 'permission-status').textContent()).toMatch(/revoked/i)
    expect(await redeem(tipped, parseEther('0.001'))).toBe('reverted')
    expect(await node.getBalance({ address: tipped })).toBe(parseEther('0.004'))
  }, 360_000)
})
