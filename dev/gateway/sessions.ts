import { randomUUID } from 'node:crypto'
import { getAddress, isAddress, isHex, type PublicClient } from 'viem'
import { parseSiweMessage, validateSiweMessage } from 'viem/siwe'
import { revokeSessionMessage, type HostedSession } from '../../src/core/domain/siwxSessions'
import type { GatewayStorage, StoredSession } from './storage'
import { afterCommit, HttpError, isPlainObject, storeFull } from './validate'

/** Longest sign-in message accepted, characters. */
const MAX_MESSAGE_CHARS = 4096
/** Longest signature accepted, hex characters (an ERC-6492 wrapped one can be long). */
const MAX_SIGNATURE_CHARS = 20_000

export type SessionStore = {
  /** Checks an EIP-4361 message and its signature on the message's chain, then keeps it. */
  create(address: `0x${string}`, body: unknown): Promise<HostedSession>
  /** The address's live sessions, newest first. */
  list(address: `0x${string}`): Promise<HostedSession[]>
  /** Removes session `pci` once `signature` signs `revokeSessionMessage(address, pci)` by the address. */
  revoke(address: `0x${string}`, body: unknown): Promise<void>
  /** How many sessions there were at this process's last write. */
  count(): number
  /** After the storage was emptied. */
  cleared(): void
}

/**
 * The hosted sign-in sessions of `/v1/sessions/{address}`, kept in the gateway's storage (at most
 * `maxSessions`; expired ones are dropped first). Signatures are verified with viem's
 * `verifySiweMessage` / `verifyMessage` against the served chain, so contract accounts (ERC-1271)
 * verify too.
 */
export function createSessionStore(options: { storage: GatewayStorage; clients: Map<number, PublicClient>; maxSessions: number; now?: () => number }): SessionStore {
  const { storage, clients } = options
  const now = options.now ?? Date.now
  let known = 0
  const publicView = ({ id, chainId, domain, uri, issuedAt, expirationTime }: StoredSession): HostedSession => ({ id, chainId, domain, uri, issuedAt, expirationTime })

  function readBody(body: unknown, fields: string[]): Record<string, string> {
    if (!isPlainObject(body)) throw new HttpError(400, `Body must be a JSON object { ${fields.join(', ')} }`)
    const read: Record<string, string> = {}
    for (const field of fields) {
      const value = body[field]
      if (typeof value !== 'string' || value === '') throw new HttpError(400, `'${field}' must be a non-empty string`)
      read[field] = value
    }
    if (read.signature !== undefined && (!isHex(read.signature) || read.signature.length > MAX_SIGNATURE_CHARS)) {
      throw new HttpError(400, "'signature' must be 0x-prefixed hex")
    }
    return read
  }

  return {
    async create(address, body) {
      const { message, signature } = readBody(body, ['message', 'signature']) as { message: string; signature: `0x${string}` }
      if (message.length > MAX_MESSAGE_CHARS) throw new HttpError(400, `'message' is longer than ${MAX_MESSAGE_CHARS} characters`)
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
      const session: StoredSession = {
        id: randomUUID(),
        address: getAddress(address),
        nonce,
        chainId: `eip155:${chainId}`,
        domain,
        uri,
        issuedAt: issuedAt.toISOString(),
        expirationTime: expirationTime ? expirationTime.toISOString() : null,
      }
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

    async revoke(address, body) {
      const { pci, signature } = readBody(body, ['pci', 'signature']) as { pci: string; signature: `0x${string}` }
      const session = await storage.sessions.get(address, pci)
      if (!session) throw new HttpError(404, 'Unknown session')
      const client = clients.get(Number(session.chainId.split(':')[1]))!
      const signed = await client.verifyMessage({ address: session.address, message: revokeSessionMessage(address, pci), signature })
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
