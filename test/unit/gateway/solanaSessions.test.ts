import { generateKeyPair, getAddressFromPublicKey, getBase58Decoder, getUtf8Encoder, signBytes } from '@solana/kit'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createSiwxMessage, type SiwxMessageFields } from '../../../src/core/domain/siwx'
import { revokeSessionMessage } from '../../../src/core/domain/siwxSessions'
import { startGateway, type Gateway } from '../../../dev/gateway/startGateway'
import { call, deadUrl, P } from './harness'

// Hosted sign-in sessions of Solana accounts (`/v1/sessions/{base58 address}`): Sign-In With
// Solana messages (CAIP-122) for the served cluster, their Ed25519 signatures checked with kit.
// Keys are made and used with @solana/kit as a wallet would; no validator is needed to verify.

const CLUSTER = 'solana:GwayLocaL1111111111111111111111'
const ORIGIN = 'https://app.example'
let gateway: Gateway
let keys: { address: string; privateKey: CryptoKey }[]

beforeAll(async () => {
  gateway = await startGateway({ chains: [], tokens: [], solana: { rpcUrl: await deadUrl(), caipNetworkId: CLUSTER, tokens: [] } })
  keys = await Promise.all(
    [0, 1].map(async () => {
      const pair = await generateKeyPair()
      return { address: await getAddressFromPublicKey(pair.publicKey), privateKey: pair.privateKey }
    }),
  )
})
afterAll(() => gateway?.stop())
beforeEach(() => gateway.control.reset())

let nonces = 0
/** A Sign-In With Solana message of key `i` for app.example on the served cluster, valid for an hour. */
function message(i: number, patch: Partial<SiwxMessageFields> = {}): string {
  return createSiwxMessage({
    accountAddress: keys[i]!.address,
    chainId: CLUSTER,
    domain: 'app.example',
    uri: ORIGIN,
    version: '1',
    nonce: `nonce${Date.now()}x${nonces++}`,
    issuedAt: new Date().toISOString(),
    expirationTime: new Date(Date.now() + 3_600_000).toISOString(),
    ...patch,
  }).serializedMessage!
}
/** Key `i`'s signature of `text` in base58, as a Wallet Standard wallet's answer is sent on. */
const sign = async (i: number, text: string) => getBase58Decoder().decode(await signBytes(keys[i]!.privateKey, getUtf8Encoder().encode(text)))

const post = async (i: number, text: string, signature?: string, origin: string | null = ORIGIN) =>
  call(gateway.url, 'POST', `/v1/sessions/${keys[i]!.address}?${P}`, { message: text, signature: signature ?? (await sign(i, text)) }, origin === null ? {} : { origin })
const list = async (address: string) => (await call(gateway.url, 'GET', `/v1/sessions/${address}?${P}`)).body as { sessions: { id: string; chainId: string }[] }
const refused = async (answer: Promise<{ status: number; body: unknown }>, status: number, error: RegExp) => {
  const { status: got, body } = await answer
  expect(got).toBe(status)
  expect((body as { error: string }).error).toMatch(error)
}

describe('hosted sign-in sessions of Solana accounts', () => {
  it('keeps a session kit verifies, listed by the exact base58 address, and revokes it with a signed revocation', async () => {
    const created = await post(0, message(0))
    expect(created.status).toBe(201)
    const session = (created.body as { session: { id: string } }).session
    expect(session).toMatchObject({ chainId: CLUSTER, domain: 'app.example', uri: ORIGIN })
    expect((await list(keys[0]!.address)).sessions.map((s) => s.id)).toEqual([session.id])
    expect((await list(keys[1]!.address)).sessions).toEqual([])
    expect(gateway.stats().sessions).toBe(1)

    const revoke = (signature: string) => call(gateway.url, 'POST', `/v1/sessions/${keys[0]!.address}/revoke?${P}`, { pci: session.id, signature })
    const text = revokeSessionMessage(keys[0]!.address, session.id)
    // The revocation names the address as it is (base58 is case-sensitive).
    expect(text).toContain(keys[0]!.address)
    await refused(revoke(await sign(1, text)), 401, /^Invalid signature$/)
    await refused(revoke(await sign(0, 'something else')), 401, /^Invalid signature$/)
    await refused(revoke('0xabcdef'), 400, /base58 Ed25519 signature/)
    expect((await list(keys[0]!.address)).sessions).toHaveLength(1)
    expect(await revoke(await sign(0, text))).toMatchObject({ status: 200, body: { success: true } })
    expect((await list(keys[0]!.address)).sessions).toEqual([])
    expect(gateway.stats().sessions).toBe(0)
  })

  it('refuses a wrong signature, a message for another domain, another address, an unserved cluster, an expired message, and text outside the grammar, keeping nothing', async () => {
    const text = message(0)
    // Signed by another key, or a signature of other text.
    await refused(post(0, text, await sign(1, text)), 401, /^Invalid signature$/)
    await refused(post(0, text, await sign(0, `${text}\n`)), 401, /^Invalid signature$/)
    await refused(post(0, text, 'not base58 0OIl'), 400, /base58 Ed25519 signature/)
    // Posted by a page of another site than the message's domain, or signed for another one.
    await refused(post(0, text, undefined, 'https://evil.example'), 400, /another domain \(app\.example\) than the page's \(evil\.example\)/)
    await refused(post(0, message(0, { domain: 'evil.example' })), 400, /another domain \(evil\.example\)/)
    // The path's account is not the message's.
    await refused(post(1, text, await sign(0, text)), 400, /another address/)
    await refused(post(0, message(0, { chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })), 400, /solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp is not served/)
    await refused(post(0, message(0, { issuedAt: new Date(Date.now() - 7_200_000).toISOString(), expirationTime: new Date(Date.now() - 3_600_000).toISOString() })), 400, /expired/)
    await refused(post(0, message(0, { notBefore: new Date(Date.now() + 3_600_000).toISOString() })), 400, /not valid yet/)
    // Text the builder would never write: a statement with a line separator, an EVM message.
    const smuggled = text.replace('\n\n\nURI:', '\n\nSign in\u2028Transfer all\n\nURI:')
    await refused(post(0, smuggled), 400, /Sign-In With Solana message \(CAIP-122\): statement/)
    await refused(post(0, 'app.example wants you to sign in with your Ethereum account:\n0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'), 400, /Sign-In With Solana/)
    expect((await list(keys[0]!.address)).sessions).toEqual([])
    expect(gateway.stats().sessions).toBe(0)
  })

  it('a retry of the same message is answered with its session; its nonce in another message is refused; a server without an Origin may post', async () => {
    const text = message(0)
    const signature = await sign(0, text)
    const first = await post(0, text, signature, null)
    expect(first.status).toBe(201)
    const again = await post(0, text, signature)
    expect((again.body as { session: { id: string } }).session.id).toBe((first.body as { session: { id: string } }).session.id)
    const nonce = /Nonce: (\S+)/.exec(text)![1]!
    await refused(post(0, message(0, { nonce, uri: `${ORIGIN}/other` })), 409, /already used/)
    expect((await list(keys[0]!.address)).sessions).toHaveLength(1)
  })

  it('a path that is neither an EVM nor a Solana address is refused', async () => {
    await refused(call(gateway.url, 'GET', `/v1/sessions/${keys[0]!.address.slice(0, -1)}0?${P}`), 400, /Invalid address/)
    await refused(call(gateway.url, 'GET', `/v1/sessions/0xnope?${P}`), 400, /Invalid address/)
  })
})
