// The auth JWT a WalletConnect client presents to the relay (`?auth=`), made the way the SDK makes
// it: @walletconnect/relay-auth's `signJWT`, EdDSA with the client's Ed25519 key, `iss` the
// did:key of that key. Every test that connects to the dev relay by hand signs its JWT here.
import { createHash, randomBytes } from 'node:crypto'
import { encodeIss, generateKeyPair, signJWT, type Keypair } from '@walletconnect/relay-auth'

/**
 * The key pair of the test client named `name`, from a seed derived from the name: the same
 * name is the same key, so the same client id, across sockets (a client that reconnects).
 *
 * @example
 * relayClientId(relayKeyPair('alice')) === relayClientId(relayKeyPair('alice')) // true
 */
export function relayKeyPair(name: string): Keypair {
  return generateKeyPair(createHash('sha256').update(`gangway test relay client: ${name}`).digest())
}

/** The client id the relay knows a key pair's client by: the did:key of its public key (the JWT's `iss`). */
export function relayClientId(keyPair: Keypair): string {
  return encodeIss(keyPair.publicKey)
}

/**
 * A signed relay auth JWT for `client` (a key pair, or the name of one, see `relayKeyPair`;
 * default a fresh key pair), issued at `issuedAt` (seconds; default now), for the relay at
 * `audience`.
 *
 * @example
 * const auth = await signedRelayAuth({ client: 'alice', issuedAt: 1 })
 * new WebSocket(`${relay.url}/?auth=${auth}&projectId=p`)
 */
export async function signedRelayAuth(opts: { client?: Keypair | string; issuedAt?: number; audience?: string } = {}): Promise<string> {
  const keyPair = typeof opts.client === 'string' ? relayKeyPair(opts.client) : (opts.client ?? generateKeyPair())
  return signJWT(randomBytes(32).toString('hex'), opts.audience ?? 'ws://127.0.0.1', 24 * 60 * 60, keyPair, opts.issuedAt)
}
