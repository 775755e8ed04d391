import { getAddress } from 'viem'
import { HttpError } from './validate'

/** A name as `/v1/profile/account/{name}` answers it (`apiVersion=2`): addresses by SLIP-44 / ENSIP-11 coin type. */
export type NameRecord = {
  name: string
  registered: number
  updated: number
  addresses: Record<string, { address: string; created: string }>
  attributes: Record<string, string>[]
}

/** Names end in the gateway's zone; the label before it is letters, digits and hyphens, 4 or more. */
const NAME = /^[a-z0-9-]{4,63}\.[a-z0-9-]{1,63}$/

export type NameStore = {
  lookup(name: string): NameRecord
  reverse(address: `0x${string}`): NameRecord[]
  /** Points `name` at `address` for every EVM chain (coin type 60), or removes it with null. */
  set(name: string, address: `0x${string}` | null, at?: number): NameRecord | null
  count(): number
  /** Back to the names the store started with. */
  reset(): void
}

/** A name the spec's rules accept, lowercased; 400 otherwise. */
export function checkName(raw: string): string {
  const name = raw.toLowerCase()
  if (!NAME.test(name)) throw new HttpError(400, `Invalid name '${raw.slice(0, 80)}': a label of 4+ letters, digits or hyphens and a zone, like 'alice.gangway'`)
  return name
}

/**
 * The names the gateway resolves: `initial` ones (back after a reset) and those set through the
 * control, held in memory, at most `maxNames`.
 */
export function createNameStore(options: { maxNames: number; initial?: Record<string, `0x${string}`> }): NameStore {
  let names = new Map<string, NameRecord>()
  const store: NameStore = {
    lookup(raw) {
      const found = names.get(checkName(raw))
      if (!found) throw new HttpError(404, 'Name not found')
      return structuredClone(found)
    },
    reverse(address) {
      const wanted = address.toLowerCase()
      return [...names.values()].filter((r) => Object.values(r.addresses).some((a) => a.address.toLowerCase() === wanted)).map((r) => structuredClone(r))
    },
    set(raw, address, at = Date.now()) {
      const name = checkName(raw)
      if (address === null) {
        names.delete(name)
        return null
      }
      if (!names.has(name) && names.size >= options.maxNames) throw new HttpError(400, `At most ${options.maxNames} names are kept; DELETE some first`)
      const seconds = Math.floor(at / 1000)
      const record: NameRecord = {
        name,
        registered: names.get(name)?.registered ?? seconds,
        updated: seconds,
        addresses: { '60': { address: getAddress(address), created: String(seconds) } },
        attributes: [],
      }
      names.set(name, record)
      return structuredClone(record)
    },
    count: () => names.size,
    reset() {
      names = new Map()
      for (const [name, address] of Object.entries(options.initial ?? {})) store.set(name, address, 0)
    },
  }
  store.reset()
  return store
}
