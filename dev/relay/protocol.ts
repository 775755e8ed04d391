// The relay's wire protocol: JSON-RPC 2.0 over WebSocket, the subset of the WalletConnect relay
// API (irn_*) that @walletconnect/core 2.25 speaks, plus the two sign-client methods
// wc_proposeSession / wc_approveSession. Shapes follow @walletconnect/relay-api's types and the
// calls in @walletconnect/core's Subscriber / Publisher / Relayer and sign-client's engine.
//
// Everything here is pure: parse a frame, validate params, build responses, check a client's
// auth JWT. startRelay.ts holds the state.

import { createPublicKey, verify, type KeyObject } from 'node:crypto'
import { base58 } from '@scure/base'

export const JSONRPC_PARSE_ERROR = -32700
export const JSONRPC_INVALID_REQUEST = -32600
export const JSONRPC_METHOD_NOT_FOUND = -32601
export const JSONRPC_INVALID_PARAMS = -32602
export const JSONRPC_INTERNAL_ERROR = -32603

export type JsonRpcId = number | string

export interface JsonRpcErrorResponse {
  jsonrpc: '2.0'
  id: JsonRpcId | null
  error: { code: number; message: string; data?: unknown }
}

export interface JsonRpcResultResponse {
  jsonrpc: '2.0'
  id: JsonRpcId
  result: unknown
}

/**
 * Error codes of the WalletConnect relay (relay_rpc `ERROR_CODE_*`): a refused payload is
 * -32600 with a tag in `data` (`PayloadSizeExceeded`, `BatchLimitExceeded`, …); a request the
 * handler refuses is -32000 (`SubscriberLimitExceeded`, `MailboxLimitExceeded`, …).
 */
export const RELAY_ERROR_PAYLOAD = -32600
export const RELAY_ERROR_HANDLER = -32000

/** Wire limits checked while decoding a frame (the hosted relay's are of the same order). */
export const LIMITS = {
  /** Largest frame accepted, bytes (the default of the relay's `maxFrameBytes` option). */
  maxFrameBytes: 1024 * 1024,
  /** Longest message TTL, seconds (30 days). */
  maxTtlSeconds: 30 * 24 * 60 * 60,
  /** Most topics / messages in one batch call. */
  maxBatch: 500,
} as const

export interface PublishParams {
  topic: string
  message: string
  ttl: number
  prompt?: boolean
  tag?: number
  attestation?: string
}

export interface ProposeSessionParams {
  pairingTopic: string
  sessionProposal: string
  ttl: number
  prompt?: boolean
  tag?: number
  attestation?: string
}

export interface ApproveSessionParams {
  sessionTopic: string
  pairingTopic: string
  sessionProposalResponse: string
  sessionSettlementRequest: string
  ttl: number
  prompt?: boolean
  tag?: number
  attestation?: string
}

export interface UnsubscribeParams {
  topic: string
  id: string
}

export type RelayCall =
  | { method: 'irn_publish'; params: PublishParams }
  | { method: 'irn_batchPublish'; params: { messages: PublishParams[] } }
  | { method: 'irn_subscribe'; params: { topic: string } }
  | { method: 'irn_batchSubscribe'; params: { topics: string[] } }
  | { method: 'irn_unsubscribe'; params: UnsubscribeParams }
  | { method: 'irn_batchUnsubscribe'; params: { subscriptions: UnsubscribeParams[] } }
  | { method: 'irn_batchFetchMessages'; params: { topics: string[] } }
  | { method: 'wc_proposeSession'; params: ProposeSessionParams }
  | { method: 'wc_approveSession'; params: ApproveSessionParams }

export type RelayMethod = RelayCall['method']

export const RELAY_METHODS: readonly RelayMethod[] = [
  'irn_publish',
  'irn_batchPublish',
  'irn_subscribe',
  'irn_batchSubscribe',
  'irn_unsubscribe',
  'irn_batchUnsubscribe',
  'irn_batchFetchMessages',
  'wc_proposeSession',
  'wc_approveSession',
]

/** One decoded frame. */
export type Frame =
  | { kind: 'request'; id: JsonRpcId; call: RelayCall }
  | { kind: 'response'; id: JsonRpcId; ok: boolean }
  | { kind: 'error'; response: JsonRpcErrorResponse }

export function errorResponse(
  id: JsonRpcId | null,
  code: number,
  message: string,
  data?: unknown,
): JsonRpcErrorResponse {
  const error: JsonRpcErrorResponse['error'] = { code, message }
  if (data !== undefined) error.data = data
  return { jsonrpc: '2.0', id, error }
}

export function resultResponse(id: JsonRpcId, result: unknown): JsonRpcResultResponse {
  return { jsonrpc: '2.0', id, result }
}

/**
 * The relay's answer to a publish whose message is over the size cap.
 *
 * @example
 * send(payloadSizeExceeded(7)) // { id: 7, error: { code: -32600, message: 'Invalid payload: Payload size exceeded', data: 'PayloadSizeExceeded' } }
 */
export function payloadSizeExceeded(id: JsonRpcId): JsonRpcErrorResponse {
  return errorResponse(id, RELAY_ERROR_PAYLOAD, 'Invalid payload: Payload size exceeded', 'PayloadSizeExceeded')
}

/** The relay's answer to a subscribe that would take a socket past its subscription cap. */
export function subscriberLimitExceeded(id: JsonRpcId): JsonRpcErrorResponse {
  return errorResponse(id, RELAY_ERROR_HANDLER, 'Request handler error: Subscriber limit exceeded', 'SubscriberLimitExceeded')
}

class ParamsError extends Error {}

const TOPIC_RE = /^[0-9a-fA-F]{64}$/

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function isId(v: unknown): v is JsonRpcId {
  return (typeof v === 'number' && Number.isSafeInteger(v)) || (typeof v === 'string' && v.length > 0 && v.length <= 128)
}

function params(v: unknown): Record<string, unknown> {
  if (!isRecord(v)) throw new ParamsError('params must be an object')
  return v
}

function topic(p: Record<string, unknown>, key: string): string {
  const t = p[key]
  if (typeof t !== 'string' || !TOPIC_RE.test(t)) {
    throw new ParamsError(`Missing or invalid "${key}" param: expected a 32-byte hex topic`)
  }
  return t.toLowerCase()
}

function message(p: Record<string, unknown>, key: string): string {
  const m = p[key]
  if (typeof m !== 'string' || m.length === 0) {
    throw new ParamsError(`Missing or invalid "${key}" param: expected a non-empty string`)
  }
  return m
}

function ttl(p: Record<string, unknown>): number {
  const t = p.ttl
  if (typeof t !== 'number' || !Number.isInteger(t) || t <= 0 || t > LIMITS.maxTtlSeconds) {
    throw new ParamsError(`Missing or invalid "ttl" param: expected an integer of seconds in 1..${LIMITS.maxTtlSeconds}`)
  }
  return t
}

/** The optional publish fields, checked when present (tvf fields and the like pass through unread). */
function optionals(p: Record<string, unknown>): Pick<PublishParams, 'prompt' | 'tag' | 'attestation'> {
  const out: Pick<PublishParams, 'prompt' | 'tag' | 'attestation'> = {}
  if (p.prompt !== undefined && p.prompt !== null) {
    if (typeof p.prompt !== 'boolean') throw new ParamsError('Invalid "prompt" param: expected a boolean')
    out.prompt = p.prompt
  }
  if (p.tag !== undefined && p.tag !== null) {
    if (typeof p.tag !== 'number' || !Number.isInteger(p.tag) || p.tag < 0) {
      throw new ParamsError('Invalid "tag" param: expected a non-negative integer')
    }
    out.tag = p.tag
  }
  if (p.attestation !== undefined && p.attestation !== null) {
    if (typeof p.attestation !== 'string') throw new ParamsError('Invalid "attestation" param: expected a string')
    out.attestation = p.attestation
  }
  return out
}

function publishParams(v: unknown): PublishParams {
  const p = params(v)
  return { topic: topic(p, 'topic'), message: message(p, 'message'), ttl: ttl(p), ...optionals(p) }
}

function list(p: Record<string, unknown>, key: string): unknown[] {
  const l = p[key]
  if (!Array.isArray(l) || l.length === 0 || l.length > LIMITS.maxBatch) {
    throw new ParamsError(`Missing or invalid "${key}" param: expected an array of 1..${LIMITS.maxBatch} items`)
  }
  return l
}

function topics(p: Record<string, unknown>): string[] {
  return list(p, 'topics').map((t, i) => {
    if (typeof t !== 'string' || !TOPIC_RE.test(t)) {
      throw new ParamsError(`Invalid "topics[${i}]": expected a 32-byte hex topic`)
    }
    return t.toLowerCase()
  })
}

function unsubscribeParams(v: unknown): UnsubscribeParams {
  const p = params(v)
  const t = topic(p, 'topic')
  if (typeof p.id !== 'string' || p.id.length === 0) {
    throw new ParamsError('Missing or invalid "id" param: expected a subscription id string')
  }
  return { topic: t, id: p.id }
}

function parseCall(method: RelayMethod, raw: unknown): RelayCall {
  switch (method) {
    case 'irn_publish':
      return { method, params: publishParams(raw) }
    case 'irn_batchPublish': {
      const p = params(raw)
      return { method, params: { messages: list(p, 'messages').map((m) => publishParams(m)) } }
    }
    case 'irn_subscribe':
      return { method, params: { topic: topic(params(raw), 'topic') } }
    case 'irn_batchSubscribe':
      return { method, params: { topics: topics(params(raw)) } }
    case 'irn_unsubscribe':
      return { method, params: unsubscribeParams(raw) }
    case 'irn_batchUnsubscribe': {
      const p = params(raw)
      return { method, params: { subscriptions: list(p, 'subscriptions').map((s) => unsubscribeParams(s)) } }
    }
    case 'irn_batchFetchMessages':
      return { method, params: { topics: topics(params(raw)) } }
    case 'wc_proposeSession': {
      const p = params(raw)
      return {
        method,
        params: {
          pairingTopic: topic(p, 'pairingTopic'),
          sessionProposal: message(p, 'sessionProposal'),
          ttl: ttl(p),
          ...optionals(p),
        },
      }
    }
    case 'wc_approveSession': {
      const p = params(raw)
      return {
        method,
        params: {
          sessionTopic: topic(p, 'sessionTopic'),
          pairingTopic: topic(p, 'pairingTopic'),
          sessionProposalResponse: message(p, 'sessionProposalResponse'),
          sessionSettlementRequest: message(p, 'sessionSettlementRequest'),
          ttl: ttl(p),
          ...optionals(p),
        },
      }
    }
  }
}

/**
 * Decode one WebSocket frame. Never throws: anything wrong becomes a JSON-RPC error response
 * to send back (-32700 unparsable, -32600 not a request, -32601 unknown method,
 * -32602 bad params).
 */
export function decodeFrame(text: string, maxFrameBytes: number = LIMITS.maxFrameBytes): Frame {
  if (text.length > maxFrameBytes) {
    return { kind: 'error', response: errorResponse(null, JSONRPC_INVALID_REQUEST, 'Frame too large') }
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { kind: 'error', response: errorResponse(null, JSONRPC_PARSE_ERROR, 'Parse error') }
  }
  if (Array.isArray(value)) {
    return { kind: 'error', response: errorResponse(null, JSONRPC_INVALID_REQUEST, 'Batch requests are not supported') }
  }
  if (!isRecord(value)) {
    return { kind: 'error', response: errorResponse(null, JSONRPC_INVALID_REQUEST, 'Invalid Request: expected an object') }
  }
  const id = isId(value.id) ? value.id : null
  if (value.jsonrpc !== '2.0') {
    return { kind: 'error', response: errorResponse(id, JSONRPC_INVALID_REQUEST, 'Invalid Request: jsonrpc must be "2.0"') }
  }
  // A response from the client: the ack of an irn_subscription we pushed.
  if (value.method === undefined && ('result' in value || 'error' in value)) {
    if (id === null) {
      return { kind: 'error', response: errorResponse(null, JSONRPC_INVALID_REQUEST, 'Invalid Response: missing id') }
    }
    return { kind: 'response', id, ok: 'result' in value && !('error' in value) }
  }
  if (typeof value.method !== 'string') {
    return { kind: 'error', response: errorResponse(id, JSONRPC_INVALID_REQUEST, 'Invalid Request: missing method') }
  }
  if (id === null) {
    return { kind: 'error', response: errorResponse(null, JSONRPC_INVALID_REQUEST, 'Invalid Request: missing or invalid id') }
  }
  const method = value.method
  if (!(RELAY_METHODS as readonly string[]).includes(method)) {
    return { kind: 'error', response: errorResponse(id, JSONRPC_METHOD_NOT_FOUND, `Method not found: ${method.slice(0, 64)}`) }
  }
  try {
    return { kind: 'request', id, call: parseCall(method as RelayMethod, value.params) }
  } catch (e) {
    const msg = e instanceof ParamsError ? e.message : 'Invalid params'
    return { kind: 'error', response: errorResponse(id, JSONRPC_INVALID_PARAMS, `Invalid params: ${msg}`) }
  }
}

/**
 * The reasons the hosted relay closes a socket it will not serve with (close code 3000); the
 * client's JSON-RPC provider reports them as an error naming the code and the reason.
 */
export const RELAY_REFUSALS = {
  /** The project id is not one the relay knows. */
  invalidKey: 'Unauthorized: invalid key',
  /** The page's origin is not on the project's allow-list. */
  originNotAllowed: 'Unauthorized: origin not allowed',
  /** The client's auth JWT was issued ahead of the relay's clock. */
  jwtNotYetValid: 'JWT validation error: JWT Token is not yet valid',
  /** The client's auth JWT is not one: not three base64url parts, not an EdDSA JWT, or its `iss` not an Ed25519 did:key. */
  jwtMalformed: 'JWT validation error: Invalid format',
  /** The client's auth JWT is not signed by the key its `iss` names. */
  jwtInvalidSignature: 'JWT validation error: Invalid signature',
} as const

/** The close code of a refused socket. */
export const RELAY_REFUSAL_CLOSE_CODE = 3000

/**
 * Who a socket's `?auth=` says its client is. A client that sends none is anonymous (its socket
 * is its identity); one that sends a JWT is the verified `iss` of it (a did:key), with its `iat`
 * (seconds) when it has a numeric one, or a refusal.
 */
export type ClientAuth =
  | { ok: true; clientId: string | null; issuedAt: number | null }
  | { ok: false; refusal: (typeof RELAY_REFUSALS)['jwtMalformed' | 'jwtInvalidSignature'] }

/** did:key of an Ed25519 public key: multibase base58btc (`z`) of the multicodec ed25519-pub (0xed 0x01) and the 32-byte key. */
const DID_KEY_ED25519_PREFIX = 'did:key:z'
const ED25519_PUB_MULTICODEC = [0xed, 0x01] as const

/**
 * Check the auth JWT a WalletConnect client puts in `?auth=` (@walletconnect/relay-auth's
 * `signJWT`: an EdDSA JWT whose `iss` is the did:key of the Ed25519 key that signed it), as the
 * hosted relay does: the signature must verify with the key the `iss` names, else the socket is
 * refused. `null` (no `auth` at all) is an anonymous client.
 *
 * @example
 * verifyClientAuth(await signJWT(sub, relayUrl, ttl, keyPair)) // { ok: true, clientId: 'did:key:z6Mk…', issuedAt: 1732800000 }
 * verifyClientAuth('a.b.c') // { ok: false, refusal: 'JWT validation error: Invalid format' }
 */
export function verifyClientAuth(auth: string | null): ClientAuth {
  if (auth === null) return { ok: true, clientId: null, issuedAt: null }
  const malformed: ClientAuth = { ok: false, refusal: RELAY_REFUSALS.jwtMalformed }
  const parts = auth.split('.')
  if (parts.length !== 3) return malformed
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string]
  const header = jsonPart(headerPart)
  const payload = jsonPart(payloadPart)
  if (!header || header.alg !== 'EdDSA' || header.typ !== 'JWT' || !payload) return malformed
  const publicKey = typeof payload.iss === 'string' ? ed25519KeyOfDid(payload.iss) : null
  if (!publicKey) return malformed
  const signature = base64url(signaturePart)
  let valid = false
  try {
    // Node's Ed25519 (OpenSSL) checks the signature over the exact text signed, `header.payload`.
    valid = signature !== null && signature.length === 64 && verify(null, Buffer.from(`${headerPart}.${payloadPart}`, 'utf8'), publicKey, signature)
  } catch {
    valid = false
  }
  if (!valid) return { ok: false, refusal: RELAY_REFUSALS.jwtInvalidSignature }
  const iat = payload.iat
  return { ok: true, clientId: payload.iss as string, issuedAt: typeof iat === 'number' && Number.isFinite(iat) ? iat : null }
}

/** The bytes of a base64url part, or null when it is not the canonical base64url of them (Buffer's decoder skips what it cannot read). */
function base64url(part: string): Buffer | null {
  const bytes = Buffer.from(part, 'base64url')
  return bytes.toString('base64url') === part ? bytes : null
}

/** A JWT part holding a JSON object, or null. */
function jsonPart(part: string): Record<string, unknown> | null {
  const bytes = base64url(part)
  if (!bytes || bytes.length === 0) return null
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'))
    return isRecord(value) ? value : null
  } catch {
    return null
  }
}

/** The Ed25519 public key a `did:key:z6Mk…` names, or null when it names none. */
function ed25519KeyOfDid(did: string): KeyObject | null {
  if (!did.startsWith(DID_KEY_ED25519_PREFIX) || did.length > 128) return null
  try {
    const bytes = base58.decode(did.slice(DID_KEY_ED25519_PREFIX.length))
    if (bytes.length !== ED25519_PUB_MULTICODEC.length + 32 || bytes[0] !== ED25519_PUB_MULTICODEC[0] || bytes[1] !== ED25519_PUB_MULTICODEC[1]) return null
    const x = Buffer.from(bytes.subarray(ED25519_PUB_MULTICODEC.length)).toString('base64url')
    return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' })
  } catch {
    return null
  }
}

/**
 * Whether a page origin is admitted by an allow-list entry: `*` admits any (even none), an
 * entry with `*.` admits its subdomains, else the origin must be the same.
 *
 * @example
 * originMatches('*.example.com', 'https://app.example.com') // true
 */
export function originMatches(allowed: string, origin: string | undefined): boolean {
  if (allowed === '*') return true
  if (!origin) return false
  if (allowed === origin) return true
  const star = allowed.indexOf('*.')
  if (star < 0) return false
  const scheme = allowed.slice(0, star)
  const suffix = allowed.slice(star + 1)
  return origin.startsWith(scheme) && origin.endsWith(suffix) && origin.length > scheme.length + suffix.length
}
