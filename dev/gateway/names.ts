import { getAddress, isAddress, isHex, type PublicClient } from 'viem'
import { isValidName, NAME_ZONE } from '../../src/core/domain/names'
import type { GatewayStorage, NameRow } from './storage'
import { afterCommit, HttpError, isPlainObject, storeFull } from './validate'

/** How far a registration message's timestamp may be from the gateway's clock, seconds. */
const MESSAGE_WINDOW_S = 10 * 60
/** ENSIP-11: an EVM chain's coin type is this bit with the chain id. */
const EVM_COIN_TYPE_BIT = 0x80000000
/** A name's text records: at most this many, keys like `avatar` or `com.twitter`, values of at most 512 characters. */
const MAX_ATTRIBUTES = 8
const ATTRIBUTE_KEY = /^[a-z][a-z0-9._-]{0,31}$/i
const MAX_ATTRIBUTE_LENGTH = 512

/** A name as `/v1/profile/account/{name}` answers it (`apiVersion=2`): addresses by SLIP-44 / ENSIP-11 coin type. */
export type NameRecord = {
  name: string
  registered: number
  updated: number
  addresses: Record<string, { address: string; created: string }>
  /** The text records, one `{ key: value }` each (an `avatar` URL, …). */
  attributes: Record<string, string>[]
}

/** Names end in the gateway's zone; the label before it is letters, digits and hyphens, 4 or more. */
const NAME = /^[a-z0-9-]{4,63}\.[a-z0-9-]{1,63}$/

export type NameStore = {
  lookup(name: string): Promise<NameRecord>
  reverse(address: `0x${string}`): Promise<NameRecord[]>
  /**
   * Points `name` at `address` for every EVM chain (coin type 60), with its text records
   * (`attributes`, checked as a registration's are; none by default), or removes it with null.
   */
  set(name: string, address: `0x${string}` | null, at?: number, attributes?: unknown): Promise<NameRecord | null>
  /**
   * Registers a name by a signed message (`POST /v1/profile/account`): `{ coin_type, address,
   * message, signature }`, the message the JSON of `{ name, attributes, timestamp }` (seconds).
   */
  register(body: unknown): Promise<NameRecord>
  /** Names like `label` in the zone, each with whether it is taken (`/v1/profile/suggestions/{name}`). */
  suggest(label: string, zone: string | null): Promise<{ name: string; registered: boolean }[]>
  /** How many names there were at this process's last write or reset. */
  count(): number
  /** Back to the names the store started with (after the storage was emptied). */
  reset(): Promise<void>
}

/** A name the spec's rules accept, lowercased; 400 otherwise. */
export function checkName(raw: string): string {
  const name = raw.toLowerCase()
  if (!NAME.test(name)) throw new HttpError(400, `Invalid name '${raw.slice(0, 80)}': a label of 4+ letters, digits or hyphens and a zone, like 'alice.gangway'`)
  return name
}

/**
 * A name's text records as given (a JSON object of strings, or nothing), checked: at most 8, keys
 * of letters, digits, `.`, `_` and `-`, values of at most 512 characters, an `avatar` an http(s)
 * URL; 400 otherwise.
 */
export function checkAttributes(value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {}
  if (!isPlainObject(value)) throw new HttpError(400, "'attributes' must be an object of text records, like { \"avatar\": \"https://…\" }")
  const entries = Object.entries(value)
  if (entries.length > MAX_ATTRIBUTES) throw new HttpError(400, `At most ${MAX_ATTRIBUTES} attributes`)
  for (const [key, text] of entries) {
    if (!ATTRIBUTE_KEY.test(key)) throw new HttpError(400, `Invalid attribute key '${key.slice(0, 40)}': letters, digits, '.', '_' and '-', 32 at most`)
    if (typeof text !== 'string' || text.length > MAX_ATTRIBUTE_LENGTH) throw new HttpError(400, `Attribute '${key}' must be text of at most ${MAX_ATTRIBUTE_LENGTH} characters`)
    if (key === 'avatar' && !isWebUrl(text)) throw new HttpError(400, "Attribute 'avatar' must be an http(s) URL")
  }
  return Object.fromEntries(entries) as Record<string, string>
}

function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}

const record = (row: NameRow): NameRecord => ({
  name: row.name,
  registered: row.registered,
  updated: row.updated,
  addresses: { '60': { address: row.address, created: String(row.registered) } },
  attributes: Object.entries(row.attributes).map(([key, value]) => ({ [key]: value })),
})

/**
 * The names the gateway resolves, kept in its storage: `initial` ones (put back by a reset) and
 * those set through the control, at most `maxNames`.
 */
export function createNameStore(options: {
  storage: GatewayStorage
  maxNames: number
  initial?: Record<string, `0x${string}`>
  /** Clients of the served chains, to verify registration signatures. */
  clients?: Map<number, PublicClient>
  now?: () => number
}): NameStore {
  const { storage } = options
  const now = options.now ?? Date.now
  const clientFor = (coinType: number): PublicClient | undefined => {
    const clients = options.clients ?? new Map<number, PublicClient>()
    // 60 is Ethereum's coin type, which every EVM account can sign for: the first served chain checks it.
    if (coinType === 60) return clients.values().next().value
    return coinType >= EVM_COIN_TYPE_BIT && coinType < 2 * EVM_COIN_TYPE_BIT ? clients.get(coinType - EVM_COIN_TYPE_BIT) : undefined
  }
  let known = 0
  const store: NameStore = {
    async lookup(raw) {
      const found = await storage.names.get(checkName(raw))
      if (!found) throw new HttpError(404, 'Name not found')
      return record(found)
    },
    reverse: async (address) => (await storage.names.byAddress(address)).map(record),
    async set(raw, address, at = Date.now(), attributes) {
      const name = checkName(raw)
      if (address === null) {
        await storage.names.delete(name)
        known = await afterCommit(() => storage.names.count(), Math.max(0, known - 1))
        return null
      }
      const seconds = Math.floor(at / 1000)
      const existing = await storage.names.get(name)
      const row: NameRow = { name, address: getAddress(address), registered: existing?.registered ?? seconds, updated: seconds, attributes: checkAttributes(attributes) }
      if ((await storage.names.put(row, options.maxNames)) === 'full') throw new HttpError(400, `At most ${options.maxNames} names are kept; DELETE some first`)
      known = await afterCommit(() => storage.names.count(), known)
      return record(row)
    },
    async register(body) {
      if (!isPlainObject(body)) throw new HttpError(400, 'Body must be a JSON object { coin_type, address, message, signature }')
      const { coin_type: coinType, address, message, signature } = body
      if (typeof coinType !== 'number' || !Number.isSafeInteger(coinType)) throw new HttpError(400, "'coin_type' must be an integer")
      if (typeof address !== 'string' || !isAddress(address)) throw new HttpError(400, "'address' must be an EVM address")
      if (typeof message !== 'string' || message.length > 4096) throw new HttpError(400, "'message' must be the JSON text that was signed")
      if (typeof signature !== 'string' || !isHex(signature) || signature.length > 20_000) throw new HttpError(400, "'signature' must be 0x-prefixed hex")
      let signed: unknown
      try {
        signed = JSON.parse(message)
      } catch {
        throw new HttpError(400, "'message' is not JSON")
      }
      if (!isPlainObject(signed) || typeof signed.name !== 'string' || typeof signed.timestamp !== 'number') {
        throw new HttpError(400, "'message' must be the JSON of { name, attributes, timestamp }")
      }
      const name = checkName(signed.name)
      const [label, zone] = name.split('.') as [string, string]
      if (zone !== NAME_ZONE || !isValidName(label)) throw new HttpError(400, `Names are registered as <label>.${NAME_ZONE}: letters, digits and hyphens, at least 4 characters`)
      const attributes = checkAttributes(signed.attributes)
      if (Math.abs(now() / 1000 - signed.timestamp) > MESSAGE_WINDOW_S) throw new HttpError(400, 'The message has expired')
      const client = clientFor(coinType)
      if (!client) throw new HttpError(400, `Coin type ${coinType} is not served`)
      if (!(await client.verifyMessage({ address, message, signature }))) throw new HttpError(401, 'Invalid signature')
      const seconds = Math.floor(now() / 1000)
      const row: NameRow = { name, address: getAddress(address), registered: seconds, updated: seconds, attributes }
      const claimed = await storage.names.claim(row, options.maxNames)
      if (claimed === 'taken') {
        // The same signer again (a retry of a registration that was stored): answered as the first was.
        const held = await storage.names.get(name)
        if (held && held.address === row.address) return record(held)
        throw new HttpError(409, 'Name is already taken')
      }
      if (claimed === 'full') throw storeFull(`At most ${options.maxNames} names are kept`)
      // Stored: nothing after this may answer an error.
      known = await afterCommit(() => storage.names.count(), known + 1)
      return record(row)
    },
    async suggest(raw, zone) {
      if (zone !== null && zone !== '' && zone !== NAME_ZONE) throw new HttpError(400, `Unsupported zone '${zone.slice(0, 40)}': names are in '${NAME_ZONE}'`)
      const label = raw.toLowerCase().replace(new RegExp(`\\.${NAME_ZONE}$`), '')
      if (!isValidName(label) || label.length > 60) throw new HttpError(400, 'Names are letters, digits and hyphens, at least 4 characters')
      const candidates = [...new Set([label, `${label}-app`, `${label}1`, `the-${label}`, `${label}-xyz`].filter((l) => l.length <= 63))].map((l) => `${l}.${NAME_ZONE}`)
      return Promise.all(candidates.map(async (name) => ({ name, registered: (await storage.names.get(name)) !== null })))
    },
    count: () => known,
    async reset() {
      for (const [name, address] of Object.entries(options.initial ?? {})) await store.set(name, address, now())
      known = await afterCommit(() => storage.names.count(), known)
    },
  }
  return store
}
