import { beforeEach, describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { revokeSessionMessage } from '../../../src/core/domain/siwxSessions'
import { call, P, siweMessage, stackPerFile } from './harness'

// The hosted sign-in sessions (`/v1/sessions/{address}`) over the real local chains: messages
// and signatures are checked with viem against the chain.
const stack = stackPerFile()
beforeEach(() => stack.gateway.control.reset())

const account = (i: number) => privateKeyToAccount(stack.dev.accounts[i]!.privateKey)

function message(i: number, overrides: Parameters<typeof siweMessage>[2] = {}) {
  return siweMessage(account(i).address, stack.dev.chains[0]!.chainId, overrides)
}

async function signIn(i: number, text = message(i), signer = i) {
  return call(stack.gateway.url, 'POST', `/v1/sessions/${account(i).address}?${P}`, { message: text, signature: await account(signer).signMessage({ message: text }) })
}
const list = async (i: number) => (await call(stack.gateway.url, 'GET', `/v1/sessions/${account(i).address}?${P}`)).body as { sessions: { id: string; domain: string }[] }

describe('hosted sign-in sessions', () => {
  it('keeps a verified session, lists it without its signature, and revokes it with a signed revocation', async () => {
    const text = message(0)
    const created = await signIn(0, text)
    expect(created.status).toBe(201)
    const session = (created.body as { session: Record<string, unknown> }).session
    expect(session).toMatchObject({ chainId: `eip155:${stack.dev.chains[0]!.chainId}`, domain: 'app.example', uri: 'https://app.example' })
    expect(Object.keys(session).sort()).toEqual(['chainId', 'domain', 'expirationTime', 'id', 'issuedAt', 'uri'])
    expect((await list(0)).sessions.map((s) => s.id)).toEqual([session.id])
    // Case does not matter in the path.
    expect(((await call(stack.gateway.url, 'GET', `/v1/sessions/${account(0).address.toLowerCase()}?${P}`)).body as { sessions: unknown[] }).sessions).toHaveLength(1)
    expect((await list(1)).sessions).toEqual([])
    expect(stack.gateway.stats().sessions).toBe(1)

    const id = session.id as string
    const revoke = (signature: string) => call(stack.gateway.url, 'POST', `/v1/sessions/${account(0).address}/revoke?${P}`, { pci: id, signature })
    // Signed by another account, or a signature of other text: refused, the session stays.
    expect((await revoke(await account(1).signMessage({ message: revokeSessionMessage(account(0).address, id) }))).status).toBe(401)
    expect((await revoke(await account(0).signMessage({ message: 'something else' }))).status).toBe(401)
    expect((await list(0)).sessions).toHaveLength(1)
    const revoked = await revoke(await account(0).signMessage({ message: revokeSessionMessage(account(0).address, id) }))
    expect(revoked).toMatchObject({ status: 200, body: { success: true } })
    expect((await list(0)).sessions).toEqual([])
    expect((await revoke('0x00')).status).toBe(404)
    expect(stack.gateway.stats().sessions).toBe(0)
    // The revoked session's signed message cannot make a session again.
    expect((await signIn(0, text)).status).toBe(409)
    expect((await list(0)).sessions).toEqual([])
  })

  it('lists by pages of at most 100 (limit, cursor from next): all of them, each once', async () => {
    const ids: string[] = []
    for (const domain of ['one.example', 'two.example', 'three.example']) ids.unshift(((await signIn(2, message(2, { domain }))).body as { session: { id: string } }).session.id)
    const page = async (query: string) => (await call(stack.gateway.url, 'GET', `/v1/sessions/${account(2).address}?${P}${query}`)).body as { sessions: { id: string }[]; next: string | null }
    const first = await page('&limit=2')
    expect(first.sessions.map((s) => s.id)).toEqual(ids.slice(0, 2))
    expect(first.next).toMatch(/^\d+$/)
    const second = await page(`&limit=2&cursor=${first.next}`)
    expect(second).toEqual({ sessions: [expect.objectContaining({ id: ids[2] })], next: null })
    // Without a limit: the first 100, what the modal's client reads.
    expect(await page('')).toEqual({ sessions: ids.map((id) => expect.objectContaining({ id })), next: null })
    for (const bad of ['&limit=0', '&limit=101', '&limit=x', '&cursor=abc', '&cursor=-1', `&cursor=${'9'.repeat(30)}`]) {
      const answer = await call(stack.gateway.url, 'GET', `/v1/sessions/${account(2).address}?${P}${bad}`)
      expect(answer.status, bad).toBe(400)
    }
  })

  it('lists the newest first', async () => {
    const first = (await signIn(0, message(0, { domain: 'one.example' }))).body as { session: { id: string } }
    const second = (await signIn(0, message(0, { domain: 'two.example' }))).body as { session: { id: string } }
    expect((await list(0)).sessions.map((s) => s.id)).toEqual([second.session.id, first.session.id])
  })

  it('refuses a bad signature, another address, a reused nonce, an expired message, an unserved chain, and malformed bodies', async () => {
    const expectRefused = async (answer: Promise<{ status: number; body: unknown }>, status: number, error: RegExp) => {
      const { status: got, body } = await answer
      expect(got).toBe(status)
      expect((body as { error: string }).error).toMatch(error)
    }
    await expectRefused(signIn(0, message(0), 1), 401, /^Invalid signature$/)
    await expectRefused(signIn(1, message(0)), 400, /another address/)
    const used = message(0)
    const first = await signIn(0, used)
    expect(first.status).toBe(201)
    // The same signed message again (a client's retry): answered as the first time, one session kept.
    const again = await signIn(0, used)
    expect(again.status).toBe(201)
    expect((again.body as { session: { id: string } }).session.id).toBe((first.body as { session: { id: string } }).session.id)
    // Its nonce in another message: refused.
    const nonce = /Nonce: (\S+)/.exec(used)![1]!
    await expectRefused(signIn(0, message(0, { nonce, domain: 'other.example' })), 409, /already used/)
    await expectRefused(signIn(0, message(0, { issuedAt: new Date(Date.now() - 7_200_000), expirationTime: new Date(Date.now() - 3_600_000) })), 400, /expired/)
    await expectRefused(signIn(0, message(0, { chainId: 1 })), 400, /eip155:1 is not served/)
    const url = `/v1/sessions/${account(0).address}?${P}`
    await expectRefused(call(stack.gateway.url, 'POST', url, { message: 'hello', signature: '0x00' }), 400, /EIP-4361/)
    await expectRefused(call(stack.gateway.url, 'POST', url, { message: message(0), signature: 'nothex' }), 400, /hex/)
    await expectRefused(call(stack.gateway.url, 'POST', url, { message: message(0) }), 400, /'signature' must be a non-empty string/)
    await expectRefused(call(stack.gateway.url, 'POST', url, [1]), 400, /JSON object/)
    await expectRefused(call(stack.gateway.url, 'POST', url, { message: 'x'.repeat(5000), signature: '0x00' }), 400, /longer than/)
    await expectRefused(call(stack.gateway.url, 'POST', `/v1/sessions/nope?${P}`, {}), 400, /Invalid address/)
    await expectRefused(call(stack.gateway.url, 'POST', `/v1/sessions/${account(0).address}/revoke?${P}`, { pci: 'x' }), 400, /'signature'/)
    expect((await list(0)).sessions).toHaveLength(1)
  })

  it("refuses a message for another domain than the page that posts it (its Origin), keeping nothing", async () => {
    const text = message(0)
    const signature = await account(0).signMessage({ message: text })
    const post = (origin: string) => call(stack.gateway.url, 'POST', `/v1/sessions/${account(0).address}?${P}`, { message: text, signature }, { origin })
    expect(await post('https://evil.example')).toMatchObject({ status: 400, body: { error: 'The message is for another domain (app.example) than the page\'s (evil.example)' } })
    expect(await post('null')).toMatchObject({ status: 400 })
    expect((await list(0)).sessions).toEqual([])
    expect((await post('https://app.example')).status).toBe(201)
  })

  it('keeps at most maxSessions, and a reset empties the store', async () => {
    const { startGateway } = await import('../../../dev/gateway/startGateway')
    const small = await startGateway({ chains: stack.dev.chains, tokens: stack.dev.tokens, limits: { maxSessions: 1 } })
    try {
      const text = message(0)
      const post = async (t: string) =>
        call(small.url, 'POST', `/v1/sessions/${account(0).address}?${P}`, { message: t, signature: await account(0).signMessage({ message: t }) })
      expect((await post(text)).status).toBe(201)
      // A full store stays full: 507 (which clients do not retry) with a stable code.
      expect(await post(message(0))).toMatchObject({ status: 507, body: { code: 'STORE_FULL' } })
      await call(small.url, 'POST', '/_control/reset')
      expect(small.stats().sessions).toBe(0)
      expect((await post(message(0))).status).toBe(201)
    } finally {
      await small.stop()
    }
  })
})

describe('name registration', () => {
  const register = async (i: number, name: unknown, options: { timestamp?: number; coinType?: number; signer?: number; raw?: string; attributes?: unknown } = {}) => {
    const message = options.raw ?? JSON.stringify({ name, attributes: options.attributes ?? {}, timestamp: options.timestamp ?? Math.floor(Date.now() / 1000) })
    const signature = await account(options.signer ?? i).signMessage({ message })
    return call(stack.gateway.url, 'POST', `/v1/profile/account?${P}`, { coin_type: options.coinType ?? 60, address: account(i).address, message, signature })
  }

  it('registers a free name for the signer (with its signed text records), which then resolves both ways', async () => {
    const done = await register(0, 'dana.gangway', { attributes: { avatar: 'https://example.com/dana.png' } })
    expect(done).toMatchObject({ status: 200, body: { success: true, name: { name: 'dana.gangway' } } })
    expect((await call(stack.gateway.url, 'GET', `/v1/profile/account/dana.gangway?${P}`)).body).toMatchObject({ addresses: { '60': { address: account(0).address } } })
    expect((await call(stack.gateway.url, 'GET', `/v1/profile/reverse/${account(0).address}?${P}`)).body).toMatchObject([
      { name: 'dana.gangway', attributes: [{ avatar: 'https://example.com/dana.png' }] },
    ])
    // The chain's own coin type (ENSIP-11) works too.
    expect((await register(1, 'dana-two.gangway', { coinType: 0x80000000 + stack.dev.chains[1]!.chainId })).status).toBe(200)
  })

  it('refuses taken, badly signed, expired, malformed and out-of-zone names, writing nothing', async () => {
    expect((await register(0, 'ella.gangway')).status).toBe(200)
    const refused = async (answer: Promise<{ status: number; body: unknown }>, status: number, reason: RegExp) => {
      const { status: got, body } = await answer
      expect(got).toBe(status)
      expect((body as { reasons: { description: string }[] }).reasons[0]!.description).toMatch(reason)
    }
    // The same signer again (a retry of a stored registration): answered as the first time.
    const retried = await register(0, 'ella.gangway')
    expect(retried).toMatchObject({ status: 200, body: { success: true, name: { name: 'ella.gangway', addresses: { '60': { address: account(0).address } } } } })
    await refused(register(1, 'ella.gangway'), 409, /^Name is already taken$/)
    await refused(register(1, 'fern.gangway', { signer: 2 }), 401, /^Invalid signature$/)
    await refused(register(1, 'fern.gangway', { timestamp: Math.floor(Date.now() / 1000) - 3600 }), 400, /expired/)
    await refused(register(1, 'abc.gangway'), 400, /Invalid name|at least 4/)
    await refused(register(1, 'fern.example'), 400, /<label>\.gangway/)
    await refused(register(1, 42), 400, /\{ name, attributes, timestamp \}/)
    await refused(register(1, null, { raw: 'not json' }), 400, /not JSON/)
    await refused(register(1, 'fern.gangway', { coinType: 0x80000000 + 1 }), 400, /not served/)
    await refused(register(1, 'fern.gangway', { attributes: { avatar: 'ftp://x' } }), 400, /'avatar' must be an http\(s\) URL/)
    expect((await call(stack.gateway.url, 'GET', `/v1/profile/account/fern.gangway?${P}`)).status).toBe(404)
    expect(((await call(stack.gateway.url, 'GET', `/v1/profile/reverse/${account(1).address}?${P}`)).body as unknown[])).toEqual([])
  })
})
