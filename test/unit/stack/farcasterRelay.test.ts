// The dev Farcaster relay against the real @farcaster/auth-client: the channel lifecycle as the
// hosted relay runs it, the dev client's approve / cancel, and its page.
import { createAppClient, createWalletClient, type AppClient } from '@farcaster/auth-client'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  approveChannel,
  cancelChannel,
  clientPageUrl,
  custodyAddress,
  DEV_FARCASTER_RELAY_KEY,
  devFarcasterConnector,
  startFarcasterRelay,
  type FarcasterRelay,
} from '../../../dev/farcaster/startFarcasterRelay'

const APP = 'http://127.0.0.1:5123'
const DOMAIN = '127.0.0.1:5123'

let relay: FarcasterRelay
let app: AppClient

beforeAll(async () => {
  relay = await startFarcasterRelay()
  app = createAppClient({ relay: relay.url, ethereum: devFarcasterConnector(relay.users) })
})

afterAll(async () => {
  await relay?.stop()
})

async function openChannel(client: AppClient = app) {
  const channel = await client.createChannel({ siweUri: APP, domain: DOMAIN })
  if (channel.isError) throw channel.error ?? new Error('createChannel failed')
  return channel
}

describe('dev Farcaster relay', () => {
  it('has one default user with a custody key of its own', () => {
    expect(relay.users).toHaveLength(1)
    const [user] = relay.users
    expect(user).toMatchObject({ fid: 7777, username: 'gangway-dev' })
    expect(user?.custodyPrivateKey).toMatch(/^0x[0-9a-f]{64}$/)
    expect(relay.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  })

  it('runs a channel from pending to completed, verifiable, then closed', async () => {
    const channel = await openChannel()
    expect(channel.response.status).toBe(201)
    const { channelToken, url, nonce } = channel.data
    expect(nonce).toMatch(/^[a-zA-Z0-9]{8,}$/)
    const signIn = new URL(url)
    expect(signIn.searchParams.get('channelToken')).toBe(channelToken)
    expect(signIn.searchParams.get('nonce')).toBe(nonce)
    expect(signIn.searchParams.get('domain')).toBe(DOMAIN)
    expect(signIn.searchParams.get('siweUri')).toBe(APP)

    const pending = await app.status({ channelToken })
    if (pending.isError) throw pending.error
    expect(pending.response.status).toBe(202)
    expect(pending.data).toMatchObject({ state: 'pending', nonce, signatureParams: { siweUri: APP, domain: DOMAIN, nonce } })
    expect(pending.data.message).toBeUndefined()
    // Still pending on a second read: only a completed read closes the channel.
    const again = await app.status({ channelToken })
    expect(again.isError ? 0 : again.response.status).toBe(202)

    const user = relay.users[0]!
    const approved = await approveChannel(relay.url, url)
    expect(approved).toMatchObject({ state: 'completed', fid: 7777, username: 'gangway-dev', custody: custodyAddress(user) })

    const completed = await app.status({ channelToken })
    if (completed.isError) throw completed.error
    expect(completed.response.status).toBe(200)
    expect(completed.data).toMatchObject({ state: 'completed', fid: 7777, username: 'gangway-dev', displayName: 'Gangway Dev', custody: custodyAddress(user) })
    expect(completed.data.pfpUrl).toBe(`${relay.url}/client/pfp/7777.svg`)
    const message = completed.data.message!
    expect(message).toContain(`${DOMAIN} wants you to sign in with your Ethereum account:\n${custodyAddress(user)}`)
    expect(message).toContain('\nFarcaster Auth\n')
    expect(message).toContain('Chain ID: 10')
    expect(message).toContain(`Nonce: ${nonce}`)
    expect(message).toContain('- farcaster://fid/7777')

    const verified = await app.verifySignInMessage({ nonce, domain: DOMAIN, message, signature: completed.data.signature! })
    expect(verified.isError ? verified.error?.message : null).toBeNull()
    expect(verified).toMatchObject({ success: true, fid: 7777, authMethod: 'custody' })
    // The same message does not pass for another domain or nonce.
    const otherDomain = await app.verifySignInMessage({ nonce, domain: 'evil.example', message, signature: completed.data.signature! })
    expect(otherDomain.isError).toBe(true)

    const closed = await app.status({ channelToken })
    if (closed.isError) throw closed.error
    expect(closed.response.status).toBe(401)
    expect(closed.data).toEqual({ error: 'Unauthorized' })
  })

  it('completes a channel through /channel/authenticate only with the relay key', async () => {
    const { data } = await openChannel()
    const user = relay.users[0]!
    const account = privateKeyToAccount(user.custodyPrivateKey)
    const wallet = createWalletClient({ relay: relay.url, ethereum: devFarcasterConnector(relay.users) })
    const built = wallet.buildSignInMessage({ domain: DOMAIN, uri: APP, nonce: data.nonce, address: account.address, fid: user.fid })
    if (built.isError) throw built.error
    const signature = await account.signMessage({ message: built.message })
    const request = { channelToken: data.channelToken, message: built.message, signature, fid: user.fid, username: user.username }

    const refused = await wallet.authenticate({ ...request, authKey: 'not-the-key' })
    expect(refused.isError ? 0 : refused.response.status).toBe(401)
    const stillPending = await app.status({ channelToken: data.channelToken })
    expect(stillPending.isError ? 0 : stillPending.response.status).toBe(202)

    const accepted = await wallet.authenticate({ ...request, authKey: DEV_FARCASTER_RELAY_KEY })
    if (accepted.isError) throw accepted.error
    expect(accepted.response.status).toBe(201)
    expect(accepted.data).toMatchObject({ state: 'completed', fid: user.fid, custody: account.address, authMethod: 'custody' })

    const completed = await app.status({ channelToken: data.channelToken })
    expect(completed.isError ? 0 : completed.response.status).toBe(200)
    const unknown = await wallet.authenticate({ ...request, channelToken: 'NOSUCHCHANNEL', authKey: DEV_FARCASTER_RELAY_KEY })
    expect(unknown.isError ? 0 : unknown.response.status).toBe(401)
  })

  it('answers bad requests as the hosted relay does', async () => {
    const post = (path: string, body: string, headers: Record<string, string> = {}) =>
      fetch(`${relay.url}/v1/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })
    const badDomain = await post('channel', JSON.stringify({ siweUri: APP, domain: 'bad domain/<x>' }))
    expect(badDomain.status).toBe(400)
    expect(await badDomain.json()).toMatchObject({ error: 'Validation error' })
    const missing = await post('channel', JSON.stringify({ domain: DOMAIN }))
    expect(missing.status).toBe(400)
    const notJson = await post('channel', '{nope')
    expect(notJson.status).toBe(400)
    expect(notJson.headers.get('content-type')).toContain('application/json')
    const noBearer = await fetch(`${relay.url}/v1/channel/status`)
    expect(noBearer.status).toBe(401)
    expect(await noBearer.json()).toEqual({ error: 'Unauthorized' })
    const restricted = await post('channel', JSON.stringify({ siweUri: 'https://farcaster.xyz', domain: 'farcaster.xyz' }))
    expect(restricted.status).toBe(400)
  })

  it('closes a channel the visitor cancelled', async () => {
    const { data } = await openChannel()
    await cancelChannel(relay.url, data.url)
    const status = await app.status({ channelToken: data.channelToken })
    expect(status.isError ? 0 : status.response.status).toBe(401)
    await expect(approveChannel(relay.url, data.url)).rejects.toThrow(/404/)
  })

  it('signs in as the fid asked for, and refuses an fid it has no key for', async () => {
    const second = { fid: 8888, username: 'second-dev', displayName: 'Second', custodyPrivateKey: generatePrivateKey() }
    const two = await startFarcasterRelay({ users: [relay.users[0]!, second] })
    try {
      const client = createAppClient({ relay: two.url, ethereum: devFarcasterConnector(two.users) })
      const { data } = await openChannel(client)
      await expect(approveChannel(two.url, data.url, 9999)).rejects.toThrow(/400/)
      const approved = await approveChannel(two.url, data.url, 8888)
      expect(approved).toMatchObject({ fid: 8888, username: 'second-dev', custody: privateKeyToAccount(second.custodyPrivateKey).address })
      await expect(approveChannel(two.url, data.url)).rejects.toThrow(/409/)
      const page = await (await fetch(clientPageUrl(two.url, (await openChannel(client)).data.url))).text()
      expect(page).toContain('<option value="8888">Second (@second-dev, fid 8888)</option>')
    } finally {
      await two.stop()
    }
  })

  it('expires channels after their lifetime', async () => {
    // The relay's clock is the test's: its channels expire when the test says time has passed.
    let now = 1_700_000_000_000
    const short = await startFarcasterRelay({ channelTtlMs: 60, now: () => now })
    try {
      const client = createAppClient({ relay: short.url, ethereum: devFarcasterConnector(short.users) })
      const { data } = await openChannel(client)
      const fresh = await client.status({ channelToken: data.channelToken })
      expect(fresh.isError ? 0 : fresh.response.status).toBe(202)
      now += 59
      const still = await client.status({ channelToken: data.channelToken })
      expect(still.isError ? 0 : still.response.status).toBe(202)
      now += 1
      const expired = await client.status({ channelToken: data.channelToken })
      expect(expired.isError ? 0 : expired.response.status).toBe(401)
    } finally {
      await short.stop()
    }
  })
})

describe('dev Farcaster client page', () => {
  it('shows the request with what came from the URL escaped, and both buttons', async () => {
    const { data } = await openChannel()
    const tampered = new URL(data.url)
    tampered.searchParams.set('domain', '<script>alert("x")</script>&co')
    const res = await fetch(clientPageUrl(relay.url, tampered.toString()))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'nonce-[^']+'/)
    const html = await res.text()
    expect(html).toContain('<strong data-testid="farcaster-domain">&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;&#38;co</strong>')
    expect(html).not.toContain('<script>alert(')
    expect(html).toContain('Farcaster Auth')
    expect(html).toContain('@gangway-dev')
    expect(html).toMatch(/<button type="button" id="approve" data-testid="farcaster-approve">Approve sign-in<\/button>/)
    expect(html).toMatch(/<button type="button" id="cancel" class="secondary" data-testid="farcaster-cancel">Cancel<\/button>/)
    // The page's data block cannot close its script element either.
    const dataBlock = /<script type="application\/json" id="farcaster-data">([^]*?)<\/script>/.exec(html)?.[1] ?? ''
    expect(dataBlock).not.toMatch(/[<>]/)
    expect(JSON.parse(dataBlock)).toMatchObject({ uri: tampered.toString(), fid: 7777 })
  })

  it('shows the real request unchanged', async () => {
    const { data } = await openChannel()
    const html = await (await fetch(clientPageUrl(relay.url, data.url))).text()
    expect(html).toContain(`<strong data-testid="farcaster-domain">${DOMAIN}</strong> wants you to sign in`)
    expect(html).toContain(`<dd>${APP}</dd>`)
  })

  it('disables the buttons for a request that is not open', async () => {
    const res = await fetch(clientPageUrl(relay.url, 'https://farcaster.xyz/~/siwf?channelToken=NOSUCHCHANNEL'))
    expect(res.status).toBe(404)
    const html = await res.text()
    expect(html).toContain('data-testid="farcaster-approve" disabled')
    expect(html).toContain('data-testid="farcaster-cancel" disabled')
    expect(html).toContain('This sign-in request has expired or was already answered')
    const noUri = await fetch(`${relay.url}/client`)
    expect(noUri.status).toBe(400)
  })
})
