// HTTP helpers of the auth service, shared with the sign-in routes added to it: bounded JSON
// bodies, JSON and HTML replies, and checks of request fields that answer 400 naming the field.

import type { IncomingMessage, ServerResponse } from 'node:http'
import { AuthHttpError, type ReadJson } from './types'

/** Largest request body read, bytes. */
export const MAX_BODY_BYTES = 64 * 1024

/** A `local@domain.tld` address: no spaces, quotes or brackets; DNS-style domain labels. */
const EMAIL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.[a-z]{2,63}$/

/**
 * The request's JSON object body, at most MAX_BODY_BYTES (a larger one is a 413). An empty body
 * is `empty` when given, else a 400 like a malformed one or one that is not an object.
 */
export function readJsonBody(req: IncomingMessage, options: { empty?: Record<string, unknown> } = {}): Promise<unknown> {
  return new Promise<unknown>((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let tooLarge = false
    req.on('data', (chunk: Buffer) => {
      if (tooLarge) return
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        tooLarge = true
        chunks.length = 0
        reject(new AuthHttpError(413, `Body too large (at most ${MAX_BODY_BYTES} bytes)`))
        return
      }
      chunks.push(chunk)
    })
    req.once('error', reject)
    req.once('end', () => {
      if (tooLarge) return
      const text = Buffer.concat(chunks).toString('utf8')
      if (text.trim() === '' && options.empty) return resolve({ ...options.empty })
      let body: unknown
      try {
        body = JSON.parse(text)
      } catch {
        reject(new AuthHttpError(400, text.trim() === '' ? 'Missing JSON body' : 'Malformed JSON body'))
        return
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        reject(new AuthHttpError(400, 'The body must be a JSON object'))
        return
      }
      resolve(body)
    })
  })
}

/** The request's JSON object body (see readJsonBody); an empty body is a 400. */
export const readJson: ReadJson = (req: IncomingMessage) => readJsonBody(req)

/** The body's field `name` as a JSON object's property (after readJson), or undefined. */
function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined
}

/** A required string field, trimmed, 1..maxLength characters; 400 naming the field otherwise. */
export function stringField(body: unknown, name: string, maxLength = 200): string {
  const value = field(body, name)
  if (value === undefined || value === null) throw new AuthHttpError(400, `Missing field '${name}'`)
  if (typeof value !== 'string') throw new AuthHttpError(400, `Invalid field '${name}': expected a string`)
  const trimmed = value.trim()
  if (trimmed === '') throw new AuthHttpError(400, `Missing field '${name}'`)
  if (trimmed.length > maxLength) throw new AuthHttpError(400, `Invalid field '${name}': longer than ${maxLength} characters`)
  return trimmed
}

/** An e-mail address in canonical form (trimmed, lower-cased), or null when it is not one. */
export function normalizeEmail(value: string): string | null {
  const email = value.trim().toLowerCase()
  return email.length <= 254 && EMAIL.test(email) ? email : null
}

/** A required e-mail field, trimmed and lower-cased; 400 naming the field otherwise. */
export function emailField(body: unknown, name = 'email'): string {
  const email = normalizeEmail(stringField(body, name, 254))
  if (email === null) throw new AuthHttpError(400, `Invalid field '${name}': expected an e-mail address`)
  return email
}

/** A device id: letters, digits and `-_.:`, up to 128 characters; 400 naming the field otherwise. */
export function deviceIdField(body: unknown, name = 'deviceId'): string {
  const id = stringField(body, name, 128)
  if (!/^[A-Za-z0-9_.:-]+$/.test(id)) throw new AuthHttpError(400, `Invalid field '${name}': expected letters, digits and - _ . :`)
  return id
}

/** A six-digit code (a string, or a number of six digits); 400 naming the field otherwise. */
export function otpField(body: unknown, name = 'otp'): string {
  const value = field(body, name)
  const text = typeof value === 'number' && Number.isInteger(value) ? String(value).padStart(6, '0') : value
  if (text === undefined || text === null || text === '') throw new AuthHttpError(400, `Missing field '${name}'`)
  if (typeof text !== 'string' || !/^\d{6}$/.test(text.trim())) throw new AuthHttpError(400, `Invalid field '${name}': expected a 6-digit code`)
  return text.trim()
}

/** Answers JSON, never cached. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...headers,
  })
  res.end(text)
}

/** Answers a whole HTML page, never cached and never framed. */
export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  })
  res.end(html)
}

/** The bearer token of the Authorization header, or null. */
export function bearerToken(req: IncomingMessage): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')
  return match ? match[1]! : null
}

