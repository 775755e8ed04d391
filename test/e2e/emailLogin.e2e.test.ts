import { address as solanaAddress, createSolanaRpc, getBase58Encoder, getPublicKeyFromAddress, getUtf8Encoder, lamports, verifySignature, type SignatureBytes } from '@solana/kit'
import { createPublicClient, http, parseEther, verifyMessage, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { browserPerFile, currentView, demoWithoutDevtools, eip155Connection, focusedTestId, inModal, modalState, tabTo } from './support/demo'
import { newPage } from './support/browser'
import { chooseAccountType, codeIn, frameApprove, loginByEmail, mailTo, startLogin, type Mail } from './support/embeddedWallet'
import { demoUrl, e2eStack } from './support/stack'
import { seriousViolations } from './support/axe'

// E-mail login with the embedded wallet (spec §4, §7), in Chromium on the local stack: the
// frame on the auth service's own origin, the code and the device link read from the SMTP mail
// sink, then a signature and a transaction from the embedded wallet checked on the chain.

const shared = browserPerFile()
const stack = () => e2eStack().config


describe('e-mail login with the embedded wallet', () => {
  // 240 s: a sign-in, a cooldown, a signature, a send, a batch and a reload, each with waits of up to
  // 30 s; beside the other files on a loaded 2-core machine the whole passed 120 s.
  it('new device approved by the mailed link, a wrong code, the cooldown, the right code; then it signs, sends and runs a batch on chain, and a reload stays connected', async () => {
    const { page } = await demoWithoutDevtools(shared, { query: '?email=1' })
    const email = `visitor-${Date.now().toString(36)}@example.com`
    // An invalid address goes nowhere.
    await page.getByTestId('open-modal').click()
    await inModal(page, 'email-input').fill('not-an-address')
    await inModal(page, 'email-submit').click()
    expect(await inModal(page, 'email-invalid').textContent()).toBe('Enter a valid e-mail address')
    expect(await currentView(page)).toBe('Connect')
    await page.keyboard.press('Escape')

    // This test is the EOA's (the smart account is the default where the wallet runs them).
    await chooseAccountType(page, 'eoa')
    await startLogin(page, email)
    // A first device: the service mails an approval link.
    await expect.poll(() => inModal(page, 'view-email-login').getAttribute('data-step'), { timeout: 20_000 }).toBe('verifyDevice')
    const approval = await mailTo(email, /\/v1\/device\/approve\?token=/)
    const link = /(http:\/\/\S+\/v1\/device\/approve\?token=\w+)/.exec(approval.text)![1]!
    expect((await fetch(link)).status).toBe(200)
    // Approved: the code follows.
    await expect.poll(() => inModal(page, 'view-email-login').getAttribute('data-step'), { timeout: 20_000 }).toBe('verifyOtp')
    const code = codeIn(await mailTo(email, /\b\d{6}\b/))
    expect(await seriousViolations(page)).toEqual([])

    // Resend counts down the 30 s from the moment the code was asked for, and is disabled until
    // then. On a slow machine the device approval may have taken longer than that: then it is enabled.
    const resend = (await inModal(page, 'email-resend').textContent())!
    if (/^Resend code in \d+ s$/.test(resend)) expect(await inModal(page, 'email-resend').isEnabled()).toBe(false)
    else expect(resend).toBe('Resend code')

    // A wrong code: said so, the code field stays.
    await inModal(page, 'email-otp').fill(code === '000000' ? '111111' : '000000')
    await expect.poll(() => inModal(page, 'email-error').textContent()).toContain('Invalid code')
    expect(await inModal(page, 'view-email-login').getAttribute('data-step')).toBe('verifyOtp')

    // The right one (pasted as typed): the embedded wallet connects, its session says e-mail.
    await inModal(page, 'email-otp').fill(code)
    await expect.poll(() => eip155Connection(page).then((ns) => ns?.status), { timeout: 30_000 }).toBe('connected')
    const connection = (await eip155Connection(page))!.connections[0]!
    expect(connection).toMatchObject({ connectorId: 'auth', auth: 'email' })
    const address = connection.accounts[0]!.address as Address

    // A signature: the frame shows its own prompt; the signature is the embedded address's.
    const signing = page.evaluate(() => (window as unknown as { gangway: { signMessage(m: string): Promise<string> } }).gangway.signMessage('Hello from the embedded wallet'))
    await frameApprove(page).click()
    const signature = (await signing) as Hex
    expect(await verifyMessage({ address, message: 'Hello from the embedded wallet', signature })).toBe(true)

    // A transaction on the local chain, checked on the node.
    const node = createPublicClient({ transport: http(stack().chains[0]!.rpcUrl) })
    await node.request({ method: 'hardhat_setBalance' as never, params: [address, `0x${parseEther('1').toString(16)}`] as never })
    const receiver = privateKeyToAddress(generatePrivateKey())
    const sending = page.evaluate(
      async ([to]) => {
        const client = await (window as unknown as { gangway: { getWalletClient(): Promise<{ sendTransaction(tx: unknown): Promise<string> }> } }).gangway.getWalletClient()
        return client.sendTransaction({ to, value: 10n ** 16n })
      },
      [receiver] as const,
    )
    await frameApprove(page).click()
    const hash = (await sending) as Hex
    const receipt = await node.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    expect(await node.getBalance({ address: receiver })).toBe(10n ** 16n)

    // A host's batch: the frame's own prompt lists each call; one atomic transaction, both effects on chain.
    const [a, b] = [privateKeyToAddress(generatePrivateKey()), privateKeyToAddress(generatePrivateKey())]
    type Batches = { gangway: { sendCalls(c: unknown, o: unknown): Promise<{ id: string }>; getState(): { calls?: { batches: Record<string, { status: number; atomic: boolean; receipts: unknown[] }> } } } }
    const batching = page.evaluate(([x, y]) => (window as unknown as Batches).gangway.sendCalls([{ to: x, value: '11' }, { to: y, value: '22' }], { atomicRequired: true }), [a, b] as const)
    const prompt = page.frameLocator('iframe[data-gangway-frame]').getByTestId('frame-prompt')
    await expect.poll(() => prompt.textContent(), { timeout: 20_000 }).toContain(a)
    expect(await prompt.textContent()).toContain(b)
    await frameApprove(page).click()
    const { id } = await batching
    const batch = () => page.evaluate((x) => (window as unknown as Batches).gangway.getState().calls?.batches[x], id)
    await expect.poll(() => batch().then((x) => x?.status), { timeout: 20_000 }).toBe(200)
    expect(await batch()).toMatchObject({ atomic: true, receipts: [expect.anything()] })
    expect(await node.getBalance({ address: a })).toBe(11n)
    expect(await node.getBalance({ address: b })).toBe(22n)

    // Reload: reconnected silently through the frame's session.
    await page.reload()
    await page.getByTestId('open-modal').waitFor()
    await expect.poll(() => eip155Connection(page).then((ns) => ns?.connections[0]?.accounts[0]?.address), { timeout: 30_000 }).toBe(address)
    expect(await modalState(page, (s) => s.connection.byNamespace.eip155?.connections[0]?.auth)).toBe('email')

    // Account shows the e-mail; Edit changes it with a code to the current address, then one to the new.
    await page.getByTestId('open-modal').click()
    await expect.poll(() => inModal(page, 'account-email').textContent(), { timeout: 20_000 }).toBe(email)
    await inModal(page, 'account-edit-email').click()
    await expect.poll(() => currentView(page)).toBe('UpdateEmailWallet')
    const newEmail = `moved-${Date.now().toString(36)}@example.com`
    const since = Date.now() - 60_000
    await inModal(page, 'update-email-input').fill(newEmail)
    await inModal(page, 'update-email-submit').click()
    await expect.poll(() => inModal(page, 'view-update-email').getAttribute('data-step'), { timeout: 20_000 }).toBe('primaryOtp')
    expect(await seriousViolations(page)).toEqual([])
    const latest = async (to: string) => ((await (await fetch(`${stack().mailUrl}/messages.json?to=${encodeURIComponent(to)}`)).json()) as Mail[])[0]!
    const primary = codeIn(await latest(email))
    await inModal(page, 'update-email-otp').fill(primary)
    await expect.poll(() => inModal(page, 'view-update-email').getAttribute('data-step'), { timeout: 20_000 }).toBe('secondaryOtp')
    await inModal(page, 'update-email-otp').fill(codeIn(await mailTo(newEmail, /\b\d{6}\b/, since)))
    await expect.poll(() => inModal(page, 'update-email-done').textContent(), { timeout: 20_000 }).toBe(`Your e-mail is now ${newEmail}`)
    await inModal(page, 'update-email-finish').click()
    await expect.poll(() => inModal(page, 'account-email').textContent()).toBe(newEmail)

    // A frame that lost its own storage: the session the modal kept (IndexedDB) reconnects it.
    const frame = page.frames().find((f) => f.url().includes('/frame/'))!
    await frame.evaluate(() => localStorage.clear())
    await page.reload()
    await page.getByTestId('open-modal').waitFor()
    await expect.poll(() => eip155Connection(page).then((ns) => ns?.connections[0]?.accounts[0]?.address), { timeout: 30_000 }).toBe(address)
  }, 240_000)

  it('by keyboard alone: open, the address, Enter; the code field has focus once the code is mailed; typing it connects', async () => {
    const { page } = await demoWithoutDevtools(shared, { query: '?email=1' })
    const email = `keys-${Date.now().toString(36)}@example.com`
    await page.getByTestId('open-modal').focus()
    await page.keyboard.press('Enter')
    await tabTo(page, 'email-input')
    await page.keyboard.type(email)
    await page.keyboard.press('Enter')
    await expect.poll(() => inModal(page, 'view-email-login').getAttribute('data-step'), { timeout: 20_000 }).toBe('verifyDevice')
    const link = /(http:\/\/\S+\/v1\/device\/approve\?token=\w+)/.exec((await mailTo(email, /\/v1\/device\/approve\?token=/)).text)![1]!
    await fetch(link)
    await expect.poll(() => focusedTestId(page), { timeout: 20_000 }).toBe('email-otp')
    await page.keyboard.type(codeIn(await mailTo(email, /\b\d{6}\b/)))
    await expect.poll(() => eip155Connection(page).then((ns) => ns?.status), { timeout: 30_000 }).toBe('connected')
    // The connect closed the modal; focus is back on the page's button.
    await expect.poll(() => focusedTestId(page)).toBe('open-modal')
  })

  it("the frame's approval prompt follows the modal's theme: dark under a dark modal, light again when the modal turns light; it names the app", async () => {
    const { page } = await demoWithoutDevtools(shared, { query: '?email=1' })
    await loginByEmail(page, `theme-${Date.now().toString(36)}@example.com`, { accountType: 'eoa' })
    type Themed = { gangway: { setThemeMode(mode: string): void; signMessage(m: string): Promise<string> } }
    await page.evaluate(() => (window as unknown as Themed).gangway.setThemeMode('dark'))
    const signing = page.evaluate(() => (window as unknown as Themed).gangway.signMessage('A dark prompt'))
    const card = page.frameLocator('iframe[data-gangway-frame]').locator('.frame-card')
    await card.waitFor({ timeout: 20_000 })
    const background = () => card.evaluate((el) => getComputedStyle(el).backgroundColor)
    // The modal's own dark background (#18191b), not the frame's.
    await expect.poll(background).toBe('rgb(24, 25, 27)')
    // The app data's name says who asks.
    expect(await card.textContent()).toContain('Gangway demo asks you to approve this request.')
    await page.evaluate(() => (window as unknown as Themed).gangway.setThemeMode('light'))
    await expect.poll(background).toBe('rgb(255, 255, 255)')
    await frameApprove(page).click()
    expect(await signing).toMatch(/^0x[0-9a-f]{130}$/)
  })

  it("an expired code says 'Code expired' and stays on the code, with a resend", async () => {
    const { page } = await demoWithoutDevtools(shared, { query: '?email=1' })
    const email = `late-${Date.now().toString(36)}@example.com`
    await startLogin(page, email)
    await expect.poll(() => inModal(page, 'view-email-login').getAttribute('data-step'), { timeout: 20_000 }).toBe('verifyDevice')
    const link = /(http:\/\/\S+\/v1\/device\/approve\?token=\w+)/.exec((await mailTo(email, /\/v1\/device\/approve\?token=/)).text)![1]!
    await fetch(link)
    const code = codeIn(await mailTo(email, /\b\d{6}\b/))
    await expect.poll(() => inModal(page, 'view-email-login').getAttribute('data-step'), { timeout: 20_000 }).toBe('verifyOtp')
    // The service's clock moves past the code's 10 minutes.
    expect((await fetch(`${stack().authUrl}/_control/codes/expire`, { method: 'POST' })).status).toBe(200)
    await inModal(page, 'email-otp').fill(code)
    await expect.poll(() => inModal(page, 'email-error').textContent(), { timeout: 20_000 }).toContain('Code expired')
    expect(await inModal(page, 'view-email-login').getAttribute('data-step')).toBe('verifyOtp')
    // Resend is the way on: enabled, or counting down the cooldown of the last request.
    expect(await inModal(page, 'email-resend').textContent()).toMatch(/^Resend code( in \d+ s)?$/)
    expect((await eip155Connection(page))?.status ?? 'disconnected').toBe('disconnected')
  })

  it('Solana: the same sign-in connects its Solana account, which signs a message and sends SOL on the local validator', async () => {
    const { page } = await demoWithoutDevtools(shared, { query: '?email=1&solana=1' })
    await loginByEmail(page, `sol-${Date.now().toString(36)}@example.com`, { accountType: 'eoa' })
    await expect.poll(() => modalState(page, (s) => s.connection.byNamespace.solana?.connections[0]?.connectorId ?? null), { timeout: 30_000 }).toBe('auth')
    const owner = (await modalState(page, (s) => s.connection.byNamespace.solana!.connections[0]!.accounts[0]!.address)) as string
    expect(await modalState(page, (s) => s.connection.byNamespace.solana!.connections[0]!.auth)).toBe('email')
    await page.evaluate(() => (window as unknown as { gangway: { switchConnection(id: string, status: string, ns: string): Promise<void> } }).gangway.switchConnection('auth', 'active', 'solana'))
    expect(await modalState(page, (s) => s.connection.activeNamespace)).toBe('solana')

    const message = 'Solana from the embedded wallet'
    const signing = page.evaluate((m) => (window as unknown as { gangway: { signMessage(m: string): Promise<string> } }).gangway.signMessage(m), message)
    await frameApprove(page).click()
    const signature = getBase58Encoder().encode(await signing) as SignatureBytes
    expect(await verifySignature(await getPublicKeyFromAddress(solanaAddress(owner)), signature, getUtf8Encoder().encode(message))).toBe(true)

    const rpc = createSolanaRpc(stack().solanaRpcUrl)
    await rpc.requestAirdrop(solanaAddress(owner), lamports(1_000_000_000n), { commitment: 'confirmed' }).send()
    // The modal reads the new balance (the send checks it).
    await page.evaluate(() => (window as unknown as { gangway: { refreshBalance(force?: boolean): void } }).gangway.refreshBalance(true))
    const sol = async () =>
      (await modalState(page, (s) => Object.entries(s.tokenBalances.byAccount)))
        .filter(([caip]) => caip.endsWith(`:${owner}`))
        .flatMap(([, entry]) => (entry.balances ?? []).filter((b) => b.symbol === 'SOL').map((b) => b.quantity.numeric))
    await expect.poll(sol, { timeout: 20_000 }).toEqual(['1'])
    const receiver = stack().solanaAccounts[1]!.address
    const before = (await rpc.getBalance(solanaAddress(receiver)).send()).value
    const sending = page.evaluate(
      (r) => (window as unknown as { gangway: { send(f: unknown): Promise<{ hash: string }> } }).gangway.send({ token: { symbol: 'SOL', decimals: 9 }, amount: '0.05', receiver: r }),
      receiver,
    )
    await frameApprove(page).click()
    expect((await sending).hash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    expect((await rpc.getBalance(solanaAddress(receiver)).send()).value - before).toBe(50_000_000n)
  })

  it('a frame that never loads: the spec alert after the (shortened) load timeout, nothing connected', async () => {
    // Nothing listens on port 9: the frame page never announces itself.
    const { page } = await demoWithoutDevtools(shared, { query: '?email=1&frameUrl=http://127.0.0.1:9/frame/&frameTimeout=1500' })
    await startLogin(page, `nobody-${Date.now().toString(36)}@example.com`)
    await expect.poll(() => inModal(page, 'email-error').textContent(), { timeout: 20_000 }).toContain('Network Error - Could not load embedded wallet')
    expect(await inModal(page, 'view-email-login').getAttribute('data-step')).toBe('idle')
    expect((await eip155Connection(page))?.status ?? 'disconnected').toBe('disconnected')
  })
})

describe('social and Farcaster login with the embedded wallet', () => {
  it('GitHub in a 600 × 800 popup through the local OpenID Connect provider: connected with auth github; a closed popup says so', async () => {
    const { page, context } = await demoWithoutDevtools(shared, { query: '?email=1' })
    await page.getByTestId('open-modal').click()
    // Closing the popup before signing in: 'Popup closed', with a retry.
    const [closing] = await Promise.all([context.waitForEvent('page'), inModal(page, 'social-google').click()])
    await expect.poll(() => currentView(page)).toBe('ConnectingSocial')
    await closing.waitForURL(/\/interaction\//)
    await closing.close()
    await expect.poll(() => inModal(page, 'social-error').textContent(), { timeout: 10_000 }).toContain('Popup closed')
    expect(await modalState(page, (s) => s.socialLogin.step)).toBe('failed')
    expect(await seriousViolations(page)).toEqual([])
    await page.keyboard.press('Escape')

    await page.getByTestId('open-modal').click()
    const [popup] = await Promise.all([context.waitForEvent('page'), inModal(page, 'social-github').click()])
    await popup.waitForURL(/\/interaction\//)
    expect(popup.viewportSize()).toEqual({ width: 600, height: 800 })
    expect(await popup.locator('h1').textContent()).toContain('GitHub')
    const email = `octo-${Date.now().toString(36)}@example.com`
    await popup.getByTestId('oidc-email').fill(email)
    await popup.getByTestId('oidc-username').fill('octo-dev')
    await popup.getByTestId('oidc-continue').click()
    // The embedded wallet redeems the provider's answer with the auth service, then connects: on a
    // loaded machine that passed 30 s.
    await expect.poll(() => eip155Connection(page).then((ns) => ns?.status), { timeout: 90_000 }).toBe('connected')
    expect((await eip155Connection(page))!.connections[0]).toMatchObject({ connectorId: 'auth', auth: 'github' })
    await expect.poll(() => popup.isClosed()).toBe(true)
  }, 240_000)

  it('inside a Telegram mini-app, Connect leaves out the social logins that refuse its web view', async () => {
    const { page, context } = await newPage(shared.browser)
    shared.contexts.push(context)
    await context.addInitScript(() => {
      ;(window as unknown as { Telegram: unknown }).Telegram = { WebApp: { initData: 'query_id=AAE&user=%7B%22id%22%3A1%7D&auth_date=1&hash=00' } }
    })
    await page.goto(demoUrl('?email=1'))
    await page.getByTestId('open-modal').click()
    await inModal(page, 'socials').waitFor()
    const offered = await inModal(page, 'socials').locator('button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-testid')))
    expect(offered).toEqual(['social-x', 'social-discord', 'social-farcaster', 'social-github', 'social-apple'])
    expect(await modalState(page, (s) => s.settings.miniApp)).toBe('telegram')
  })

  it('Farcaster: the sign-in QR code and link, approved in the dev Farcaster client, connects with auth farcaster', async () => {
    const { page, context } = await demoWithoutDevtools(shared, { query: '?email=1' })
    await page.getByTestId('open-modal').click()
    await inModal(page, 'social-farcaster').click()
    await expect.poll(() => currentView(page)).toBe('ConnectingFarcaster')
    await inModal(page, 'farcaster-qr').waitFor()
    await page.emulateMedia({ reducedMotion: 'reduce' })
    expect(await seriousViolations(page)).toEqual([])
    const link = (await inModal(page, 'farcaster-open').getAttribute('href'))!
    const client = await context.newPage()
    await client.goto(link)
    await client.getByTestId('farcaster-approve').click()
    await expect.poll(() => eip155Connection(page).then((ns) => ns?.status), { timeout: 30_000 }).toBe('connected')
    expect((await eip155Connection(page))!.connections[0]).toMatchObject({ connectorId: 'auth', auth: 'farcaster' })
  })
})
