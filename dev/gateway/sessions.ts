import { randomUUID } from 'node:crypto'
import { createPublicClient, getAddress, http, isAddress, isHex, type PublicClient } from 'viem'
import { parseSiweMessage, validateSiweMessage } from 'viem/siwe'
import { revokeSessionMessage, type HostedSession } from '../../src/core/domain/siwxSessions'
import type { GatewayChain } from './chainData'
import { HttpError, isPlainObject } from './validate'

type StoredSession = HostedSession & { address: `0x${string}`; nonce: string }

/** Longest sign-in message accepted, characters. */
const MAX_MESSAGE_CHARS = 4096
/** Longest signature accepted, hex characters (an ERC-6492 wrapped one can be long). */
const MAX_SIGNATURE_CHARS = 20_000

export type SessionStore = {
  /** Checks an EIP-4361 message and its signature on the message's chain, then keeps it. */
  create(address: `0x${string}`, body: unknown): Promise<HostedSession>
  /** The address's live sessions, newest first. */
  list(address: `0x${string}`): HostedSession[]
  /** Removes session `pci` once `signature` signs `revokeSessionMessage(address, pci)` by the address. */
  revoke(address: `0x${string}`, body: unknown): Promise<void>
  count(): number
  clear(): void
}

/**
 * The hosted sign-in sessions of `/v1/sessions/{address}`, held in memory (at most `maxSessions`;
 * expired ones are dropped first). Signatures are verified with viem's `verifySiweMessage` /
 * `verifyMessage` against the served chain, so contract accounts (ERC-1271) verify too.
 */
export function createSessionStore(options: { chains: GatewayChain[]; maxSessions: number; now?: () => number }): SessionStore {
  const now = options.now ?? Date.now
  const clients = new Map<number, PublicClient>(
    options.chains.map((c) => [c.chainId, createPublicClient({ transport: http(c.rpcUrl, { retryCount: 0 }) }) as PublicClient]),
  )
  /** By lowercased address, oldest first. */
  let sessions = new Map<string, StoredSession[]>()
  let total = 0

  const live = (s: StoredSession, at: number) => s.expirationTime === null || Date.parse(s.expirationTime) > at
  const publicView = ({ id, chainId, domain, uri, issuedAt, expirationTime }: StoredSession): HostedSession => ({ id, chainId, domain, uri, issuedAt, expirationTime })
  const dropExpired = () => {
    const at = now()
    total = 0
    for (const [key, list] of sessions) {
      const kept = list.filter((s) => live(s, at))
      if (kept.length) sessions.set(key, kept)
      else sessions.delete(key)
      total += kept.length
    }
  }

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
      const key = address.toLowerCase()
      if (sessions.get(key)?.some((s) => s.nonce === nonce)) throw new HttpError(409, 'This sign-in message was already used')
      if (!(await client.verifySiweMessage({ message, signature, time: new Date(now()) }))) throw new HttpError(401, 'Invalid signature')
      if (total >= options.maxSessions) dropExpired()
      if (total >= options.maxSessions) throw new HttpError(503, `At most ${options.maxSessions} sessions are kept`)
      // Why the check again: another request for this nonce may have been verified meanwhile.
      if (sessions.get(key)?.some((s) => s.nonce === nonce)) throw new HttpError(409, 'This sign-in message was already used')
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
      sessions.set(key, [...(sessions.get(key) ?? []), session])
      total++
      return publicView(session)
    },

    list(address) {
      const at = now()
      return (sessions.get(address.toLowerCase()) ?? []).filter((s) => live(s, at)).reverse().map(publicView)
    },

    async revoke(address, body) {
      const { pci, signature } = readBody(body, ['pci', 'signature']) as { pci: string; signature: `0x${string}` }
      const key = address.toLowerCase()
      const session = sessions.get(key)?.find((s) => s.id === pci)
      if (!session) throw new HttpError(404, 'Unknown session')
      const client = clients.get(Number(session.chainId.split(':')[1]))!
      const signed = await client.verifyMessage({ address: session.address, message: revokeSessionMessage(address, pci), signature })
      if (!signed) throw new HttpError(401, 'Invalid signature')
      const kept = (sessions.get(key) ?? []).filter((s) => s.id !== pci)
      if (kept.length) sessions.set(key, kept)
      else sessions.delete(key)
      total = [...sessions.values()].reduce((n, list) => n + list.length, 0)
    },

    count: () => total,
    clear() {
      sessions = new Map()
      total = 0
    },
  }
}
