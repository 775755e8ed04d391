import { randomUUID } from 'node:crypto'
import { address as solanaAddress, getBase58Encoder, getPublicKeyFromAddress, getUtf8Encoder, isAddress as isSolanaAddress, isSignature, verifySignature, type SignatureBytes } from '@solana/kit'
import { getAddress, isAddress, isHex, type PublicClient } from 'viem'
import { parseSiweMessage, validateSiweMessage } from 'viem/siwe'
import { isSiwxMessageCurrent, parseSiwxMessage } from '../../src/core/domain/siwx'
import { revokeSessionMessage, type HostedSession } from '../../src/core/domain/siwxSessions'
import type { GatewayStorage, StoredSession } from './storage'
import { afterCommit, clip, evmAddress, HttpError, isPlainObject, storeFull } from './validate'

/** Longest sign-in message accepted, characters. */
const MAX_MESSAGE_CHARS = 4096
/** Longest signature accepted, hex characters (an ERC-6492 wrapped one can be long). */
const MAX_SIGNATURE_CHARS = 20_000

/** An account that signs in: an EVM address (0x, any case) or a Solana one (base58, its case kept). */
export type SessionAddress = `0x${string}` | string

/** Where a sign-in request came from: the `Origin` of the page that posted it, when a browser says. */
export type SessionRequest = { origin?: string | null }

export type SessionStore = {
  /**
   * Checks a sign-in message and its signature, then keeps it: an EIP-4361 message verified on
   * the message's chain (viem), or a Sign-In With Solana message for a served cluster verified
   * with Ed25519 (kit). A message for another domain than the posting page's is refused.
   */
  create(address: SessionAddress, body: unknown, request?: SessionRequest): Promise<HostedSession>
  /** The address's live sessions, newest first. */
  list(address: SessionAddress): Promise<HostedSession[]>
  /**
   * One page of them (`GET /v1/sessions/{address}?limit&cursor`): at most `limit`, after the
   * place `before` (an earlier page's `next`; null for the newest), and where the next page
   * starts (null at the last).
   */
  page(address: SessionAddress, before: number | null, limit: number): Promise<{ sessions: HostedSession[]; next: string | null }>
  /** Removes session `pci` once `signature` signs `revokeSessionMessage(address, pci)` by the address. */
  revoke(address: SessionAddress, body: unknown): Promise<void>
  /** How many sessions there were at this process's last write. */
  count(): number
  /** After the storage was emptied. */
  cleared(): void
}

/** What a checked sign-in message says, as kept. */
type Checked = Omit<StoredSession, 'id'>

/**
 * The account of a `/v1/sessions/{address}` path: an EVM address (0x-prefixed hex) or a Solana
 * address (base58 of a 32-byte key, its case kept); anything else is a 400.
 */
export function sessionAddress(raw: string | null | undefined): SessionAddress {
  if (raw && !raw.startsWith('0x') && isSolanaAddress(raw)) return raw
  if (raw && !raw.startsWith('0x')) throw new HttpError(400, `Invalid address '${clip(raw)}': expected a 0x-prefixed 20-byte hex address or a base58 Solana address`)
  return evmAddress(raw)
}

/**
 * The hosted sign-in sessions of `/v1/sessions/{address}`, kept in the gateway's storage (at most
 * `maxSessions`; expired ones are dropped first). EVM signatures are verified with viem's
 * `verifySiweMessage` / `verifyMessage` against the served chain, so contract accounts (ERC-1271)
 * verify too; Solana signatures (Ed25519 over the message's UTF-8 bytes) with @solana/kit's
 * `verifySignature`, for the clusters in `solanaNetworks` (CAIP-2 ids).
 */
export function createSessionStore(options: {
  storage: GatewayStorage
  clients: Map<number, PublicClient>
  solanaNetworks?: readonly string[]
  maxSessions: number
  now?: () => number
}): SessionStore {
  const { storage, clients } = options
  const solanaNetworks = new Set(options.solanaNetworks ?? [])
  const now = options.now ?? Date.now
  let known = 0
  const publicView = ({ id, chainId, domain, uri, issuedAt, expirationTime }: StoredSession): HostedSession => ({ id, chainId, domain, uri, issuedAt, expirationTime })
  const isSolana = (address: SessionAddress) => !address.startsWith('0x')

  function readBody(body: unknown, fields: string[]): Record<string, string> {
    if (!isPlainObject(body)) throw new HttpError(400, `Body must be a JSON object { ${fields.join(', ')} }`)
    const read: Record<string, string> = {}
    for (const field of fields) {
      const value = body[field]
      if (typeof value !== 'string' || value === '') throw new HttpError(400, `'${field}' must be a non-empty string`)
      read[field] = value
    }
    return read
  }

  function evmSignature(signature: string): `0x${string}` {
    if (!isHex(signature) || signature.length > MAX_SIGNATURE_CHARS) throw new HttpError(400, "'signature' must be 0x-prefixed hex")
    return signature
  }

  /** Whether `signature` (base58) is `address`'s Ed25519 signature of `text`'s UTF-8 bytes, by kit. */
  async function solanaSigned(address: string, text: string, signature: string): Promise<boolean> {
    if (!isSignature(signature)) throw new HttpError(400, "'signature' must be a base58 Ed25519 signature (64 bytes)")
    const key = await getPublicKeyFromAddress(solanaAddress(address))
    return verifySignature(key, getBase58Encoder().encode(signature) as SignatureBytes, getUtf8Encoder().encode(text))
  }

  /** The page's host, from the request's Origin; null when no browser said (a server calling). */
  function pageHost(request: SessionRequest): string | null {
    if (request.origin == null) return null
    try {
      const url = new URL(request.origin)
      if (url.origin === 'null' || !url.host) throw new TypeError('opaque')
      return url.host
    } catch {
      throw new HttpError(400, `The request's Origin '${clip(request.origin)}' names no page a sign-in message could be for`)
    }
  }

  /** An EIP-4361 message of `address`, signed on a served chain. */
  async function checkEvm(address: `0x${string}`, message: string, signatureText: string): Promise<Checked> {
    const signature = evmSignature(signatureText)
    const fields = parseSiweMessage(message)
    const { domain, nonce, uri, chainId, issuedAt, expirationTime } = fields
    if (!fields.address || !domain || !nonce || !uri || chainId === undefined || fields.version !== '1' || !issuedAt) {
      throw new HttpError(400, "'message' must be an EIP-4361 message with domain, address, URI, version 1, chain ID, nonce and issued-at")
    }
    const badDate = (d: Date | undefined) => d !== undefined && Number.isNaN(d.getTime())
    if (badDate(issuedAt) || badDate(expirationTime) || badDate(fields.notBefore)) throw new HttpError(400, "'message' has a time that is not a date")
    if (!isAddress(fields.address) || getAddress(fields.address) !== getAddress(address)) throw new HttpError(400, 'The message signs in another address')
    const client = clients.get(chainId)
    if (!client) throw new HttpError(400, `Chain eip155:${chainId} is not served`)
    if (!validateSiweMessage({ message: fields, time: new Date(now()) })) throw new HttpError(400, 'The message has expired or is not valid yet')
    if (!(await client.verifySiweMessage({ message, signature, time: new Date(now()) }))) throw new HttpError(401, 'Invalid signature')
    return {
      address: getAddress(address),
      nonce,
      chainId: `eip155:${chainId}`,
      domain,
      uri,
      issuedAt: issuedAt.toISOString(),
      expirationTime: expirationTime ? expirationTime.toISOString() : null,
    }
  }

  /** A Sign-In With Solana message (CAIP-122) of `address`, for a served cluster, signed by its key. */
  async function checkSolana(address: string, message: string, signature: string): Promise<Checked> {
    let fields: ReturnType<typeof parseSiwxMessage>
    try {
      fields = parseSiwxMessage(message)
    } catch (error) {
      throw new HttpError(400, `'message' must be a Sign-In With Solana message (CAIP-122): ${(error as { details?: string }).details ?? 'unreadable'}`)
    }
    if (!fields.chainId.startsWith('solana:')) throw new HttpError(400, `'message' must be a Sign-In With Solana message (CAIP-122), not one for ${fields.chainId}`)
    if (fields.accountAddress !== address) throw new HttpError(400, 'The message signs in another address')
    if (!solanaNetworks.has(fields.chainId)) throw new HttpError(400, `Chain ${fields.chainId} is not served`)
    if (!isSiwxMessageCurrent(now(), fields)) throw new HttpError(400, 'The message has expired or is not valid yet')
    if (!(await solanaSigned(address, message, signature))) throw new HttpError(401, 'Invalid signature')
    const iso = (time: string) => new Date(time).toISOString()
    return {
      address,
      nonce: fields.nonce,
      chainId: fields.chainId,
      domain: fields.domain,
      uri: fields.uri,
      issuedAt: iso(fields.issuedAt),
      expirationTime: fields.expirationTime === undefined ? null : iso(fields.expirationTime),
    }
  }

  return {
    async create(address, body, request = {}) {
      const { message, signature } = readBody(body, ['message', 'signature']) as { message: string; signature: string }
      if (message.length > MAX_MESSAGE_CHARS) throw new HttpError(400, `'message' is longer than ${MAX_MESSAGE_CHARS} characters`)
      const host = pageHost(request)
      const checked = isSolana(address) ? await checkSolana(address, message, signature) : await checkEvm(address as `0x${string}`, message, signature)
      // The message is for the page that posted it: a page cannot keep a session signed for another site.
      if (host !== null && checked.domain !== host) throw new HttpError(400, `The message is for another domain (${clip(checked.domain)}) than the page's (${clip(host)})`)
      const session: StoredSession = { id: randomUUID(), ...checked }
      const { nonce, domain, uri } = checked
      // The storage refuses a nonce used before, also when two requests race with it.
      const kept = await storage.sessions.insert(session, options.maxSessions, now())
      if (kept === 'duplicate') {
        // The same signed message again (a retry of a sign-in that was stored): answered as the
        // first was, with its session. Once that session is revoked the message stays refused.
        const first = await storage.sessions.byNonce(address, nonce)
        if (first && !first.revoked && first.chainId === session.chainId && first.domain === domain && first.uri === uri && first.issuedAt === session.issuedAt) {
          return publicView(first)
        }
        throw new HttpError(409, 'This sign-in message was already used')
      }
      if (kept === 'full') throw storeFull(`At most ${options.maxSessions} sessions are kept`)
      // Stored: nothing after this may answer an error.
      known = await afterCommit(() => storage.sessions.count(), known + 1)
      return publicView(session)
    },

    list: async (address) => (await storage.sessions.list(address, now())).map(publicView),
    async page(address, before, limit) {
      const found = await storage.sessions.page(address, now(), before, limit)
      return { sessions: found.sessions.map(publicView), next: found.next === null ? null : String(found.next) }
    },

    async revoke(address, body) {
      const { pci, signature } = readBody(body, ['pci', 'signature']) as { pci: string; signature: string }
      if (!isSolana(address)) evmSignature(signature)
      const session = await storage.sessions.get(address, pci)
      if (!session) throw new HttpError(404, 'Unknown session')
      const text = revokeSessionMessage(address, pci)
      const signed = isSolana(address)
        ? await solanaSigned(session.address, text, signature)
        : await clients.get(Number(session.chainId.split(':')[1]))!.verifyMessage({ address: session.address as `0x${string}`, message: text, signature: signature as `0x${string}` })
      if (!signed) throw new HttpError(401, 'Invalid signature')
      await storage.sessions.delete(address, pci)
      known = await afterCommit(() => storage.sessions.count(), Math.max(0, known - 1))
    },

    count: () => known,
    cleared() {
      known = 0
    },
  }
}
