import { useState } from 'react'

/** A small non-cryptographic hash (FNV-1a) of the address, to pick colours from. */
function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h
}

/**
 * The account's picture: the identity's avatar when it has one (and it loads), else a gradient
 * drawn from the address, the same for the same address everywhere.
 */
export function Identicon({ address, avatar, size = 64 }: { address: string; avatar?: string | null | undefined; size?: number }) {
  const [failed, setFailed] = useState<string | null>(null)
  const style = { width: size, height: size }
  if (avatar && failed !== avatar && /^https?:\/\//i.test(avatar)) {
    return <img className="gw-identicon" style={style} src={avatar} alt="" data-testid="account-avatar" onError={() => setFailed(avatar)} />
  }
  const h = hash(address.toLowerCase())
  const from = h % 360
  const to = (from + 40 + ((h >>> 9) % 140)) % 360
  const background = `linear-gradient(${(h >>> 17) % 360}deg, hsl(${from} 70% 55%), hsl(${to} 70% 45%))`
  return <span className="gw-identicon" style={{ ...style, background }} aria-hidden="true" data-testid="account-identicon" />
}
