import type { StampedEvent } from './events/defineEvent.js'

/** What a secret is replaced with in the log, the state and storage. */
export const REDACTED = '[redacted]'

/**
 * Field names whose string values are secrets, wherever they appear (compared without case):
 * signatures, e-mail addresses, one-time codes, session and access tokens, keys.
 */
export const SECRET_FIELDS: ReadonlySet<string> = new Set(
  [
    'signature',
    'signatures',
    'email',
    'emailAddress',
    'otp',
    'otpCode',
    'oneTimeCode',
    'verificationCode',
    'sessionToken',
    'accessToken',
    'refreshToken',
    'idToken',
    'authToken',
    'bearerToken',
    'jwt',
    'password',
    'privateKey',
    'mnemonic',
    'seedPhrase',
    'secret',
  ].map((k) => k.toLowerCase()),
)

/**
 * A signed message record (a SIWX session `{ data, message, signature, cacao? }`): its message
 * and CACAO carry the same proof as the signature, so they go too; `data` (address, chain,
 * expiry) stays.
 */
const SIGNED_RECORD_FIELDS = ['message', 'signature', 'cacao'] as const

const isSecretField = (key: string): boolean => SECRET_FIELDS.has(key.toLowerCase())

/**
 * A copy of `value` with every secret replaced by REDACTED (copy on write: the same reference
 * when there is nothing to redact). Idempotent. Payloads are at most 64 levels deep (the payload
 * check) and the state is shallow; past MAX_DEPTH levels nothing is walked.
 *
 * @example
 * redactValue({ address: '0x1', signature: '0xabc' }) // { address: '0x1', signature: '[redacted]' }
 */
export function redactValue<T>(value: T): T {
  return redactNode(value, 0) as T
}

// Bounded by the payload check (64 levels); state and stored logs are shallow too.
const MAX_DEPTH = 256

function redactNode(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return value
  if (Array.isArray(value)) {
    let out: unknown[] | null = null
    for (let i = 0; i < value.length; i++) {
      const next = redactNode(value[i], depth + 1)
      if (next !== value[i]) (out ??= [...value])[i] = next
    }
    return out ?? value
  }
  const record = value as Record<string, unknown>
  let out: Record<string, unknown> | null = null
  const set = (key: string, next: unknown) => {
    if (next === record[key]) return
    out ??= { ...record }
    out[key] = next
  }
  const signedRecord = typeof record.signature === 'string' && 'message' in record
  for (const key of Object.keys(record)) {
    const item = record[key]
    if (signedRecord && (SIGNED_RECORD_FIELDS as readonly string[]).includes(key) && item !== undefined) set(key, REDACTED)
    else if (isSecretField(key)) set(key, redactSecret(item))
    else set(key, redactNode(item, depth + 1))
  }
  return out ?? value
}

/** A secret field: strings (and lists of strings) become the marker; objects are searched on. */
function redactSecret(item: unknown): unknown {
  if (typeof item === 'string') return item === '' ? item : REDACTED
  if (Array.isArray(item)) return item.map((x) => (typeof x === 'string' && x !== '' ? REDACTED : redactNode(x, 1)))
  return redactNode(item, 1)
}

/** The event as an export or the persisted log carries it: every secret in its payload redacted. */
export function redactEvent<E extends StampedEvent>(event: E): E {
  const payload = redactValue(event.payload)
  return payload === event.payload ? event : { ...event, payload }
}

/**
 * The parts of payloads that slices keep across reloads (durable state is written to storage
 * as it is): sign-in sessions. Their secrets are redacted before the reducers see the event,
 * so neither the state, nor storage, nor the log ever holds them.
 */
const DURABLE_SECRET_FIELDS: Readonly<Record<string, readonly string[]>> = {
  'siwx/sessionStored': ['session'],
  'storage/hydrated': ['siwx'],
  // Another tab's sessions come redacted (its state never held the secrets); a message that
  // carried them anyway is redacted here too.
  'tabs/changed': ['siwx'],
}

/**
 * The event as the reducers see it: the secrets of durable fields redacted (see
 * DURABLE_SECRET_FIELDS); other secrets (a signature result, an e-mail) stay in the live state
 * for the views and are redacted only in exports and the persisted log, which is why
 * `replay(redactLog(log))` equals `redactValue(state)`.
 */
export function redactDurableSecrets<E extends StampedEvent>(event: E): E {
  const fields = DURABLE_SECRET_FIELDS[event.type]
  if (!fields || typeof event.payload !== 'object' || event.payload === null) return event
  const payload = event.payload as Record<string, unknown>
  let out: Record<string, unknown> | null = null
  for (const field of fields) {
    if (!(field in payload)) continue
    const next = redactValue(payload[field])
    if (next !== payload[field]) (out ??= { ...payload })[field] = next
  }
  return out ? { ...event, payload: out } : event
}
