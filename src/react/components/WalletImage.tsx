import { memo, useEffect, useState } from 'react'
import { IMAGE_PRELOAD_TIMEOUT_MS } from '../../core/domain/constants.js'

type Outcome = 'loaded' | 'failed'

/** Outcomes of image URLs this page tried, so a row scrolled back into view shows its image at once. */
const outcomes = new Map<string, Outcome>()
/** Bounded: a long scroll through a big directory must not grow it without end. */
const MAX_REMEMBERED = 2_000

function remember(url: string, outcome: Outcome): void {
  outcomes.delete(url)
  outcomes.set(url, outcome)
  if (outcomes.size > MAX_REMEMBERED) outcomes.delete(outcomes.keys().next().value as string)
}

/**
 * Loads an image in the background; resolves true once it loaded, false when it failed or took
 * longer than `timeoutMs` (spec §9: 2 s), so a slow image never holds a placeholder in a spinner.
 *
 * @example
 * if (await preloadImage(url)) showImage(url)
 */
export function preloadImage(url: string, timeoutMs: number = IMAGE_PRELOAD_TIMEOUT_MS): Promise<boolean> {
  const known = outcomes.get(url)
  if (known) return Promise.resolve(known === 'loaded')
  // One load per URL at a time: a list rendered again while its images load asks again.
  let pending = loading.get(url)
  if (!pending) {
    pending = loadImage(url, timeoutMs).finally(() => loading.delete(url))
    loading.set(url, pending)
  }
  return pending
}

/** Loads started and not settled yet, by URL. */
const loading = new Map<string, Promise<boolean>>()

function loadImage(url: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (typeof Image === 'undefined') {
      resolve(false)
      return
    }
    const image = new Image()
    const timer = setTimeout(() => resolve(false), timeoutMs)
    image.onload = () => {
      clearTimeout(timer)
      remember(url, 'loaded')
      resolve(true)
    }
    image.onerror = () => {
      clearTimeout(timer)
      remember(url, 'failed')
      resolve(false)
    }
    image.src = url
  })
}

/** What this page learnt about an image URL: 'loaded', 'failed' or undefined (not tried yet). */
export function knownImageOutcome(url: string): Outcome | undefined {
  return outcomes.get(url)
}

/** Records that an image URL failed in an <img>, so it is never rendered as a broken image again. */
export function rememberImageFailure(url: string): void {
  remember(url, 'failed')
}

/** A calm colour per wallet name, for the placeholder. */
export function hue(name: string): number {
  let h = 0
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) % 360
  return h
}

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  return ((words[0]?.[0] ?? '') + (words[1]?.[0] ?? '')).toUpperCase() || '?'
}

/** How long an icon must stay mounted before its image is requested. */
export const IMAGE_REQUEST_DELAY_MS = 100

/**
 * A wallet's icon: a placeholder with the wallet's initials until the image has loaded, and for
 * good when it fails or takes longer than 2 s to load. An image already loaded shows at once.
 */
export const WalletImage = memo(function WalletImage({ url, name, size = 28 }: { url: string | undefined; name: string; size?: number }) {
  const [loaded, setLoaded] = useState(() => (url ? outcomes.get(url) === 'loaded' : false))
  useEffect(() => {
    if (!url) {
      setLoaded(false)
      return
    }
    if (outcomes.get(url) === 'loaded') {
      setLoaded(true)
      return
    }
    setLoaded(false)
    let live = true
    // Optimization: a row flung past is gone before this fires, so its image is never requested.
    const start = setTimeout(() => {
      void preloadImage(url).then((ok) => {
        if (live && ok) setLoaded(true)
      })
    }, IMAGE_REQUEST_DELAY_MS)
    return () => {
      live = false
      clearTimeout(start)
    }
  }, [url])
  if (url && loaded) {
    // Loaded once does not mean loaded for good (evicted from the cache, server gone): a later
    // failure falls back to the placeholder rather than the browser's broken-image glyph.
    const onError = () => {
      rememberImageFailure(url)
      setLoaded(false)
    }
    return (
      <img className="gw-wallet-icon" src={url} alt="" width={size} height={size} draggable={false} onError={onError} data-testid="directory-wallet-image" />
    )
  }
  return (
    <span
      className="gw-wallet-icon gw-wallet-placeholder"
      style={{ background: `hsl(${hue(name)} 45% 30%)`, width: size, height: size }}
      aria-hidden="true"
      data-testid="directory-wallet-placeholder"
    >
      {initials(name)}
    </span>
  )
})
