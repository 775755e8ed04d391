import { useState } from 'react'
import type { Network } from '../../core/domain/entities.js'
import { knownImageOutcome, rememberImageFailure } from './WalletImage.js'

/**
 * The initials of a network's name: the first letter of its first word and of its last one,
 * so "Gangway Local" and "Gangway Local 2" read "GL" and "G2".
 */
export function networkInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return '?'
  const first = words[0]?.[0] ?? ''
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : (words[0]?.[1] ?? '')
  return (first + last).toUpperCase()
}

/** A hue (0–359) derived from the chain id, so two networks of similar names still differ in colour. */
export function networkHue(id: number | string): number {
  let h = 0
  for (const ch of String(id)) h = (h * 31 + ch.charCodeAt(0) * 47) % 360
  return typeof id === 'number' && Number.isFinite(id) ? (Math.abs(Math.trunc(id)) * 137 + h) % 360 : h
}

/**
 * A network's icon: its image when the network data has one (and it loads), otherwise its
 * initials on a colour derived from its chain id.
 *
 * @example
 * <NetworkIcon network={network} />
 */
export function NetworkIcon({ network }: { network: Pick<Network, 'id' | 'name' | 'assets'> }) {
  const imageUrl = network.assets?.imageUrl
  const [failedUrl, setFailedUrl] = useState<string | null>(null)
  if (imageUrl && failedUrl !== imageUrl && knownImageOutcome(imageUrl) !== 'failed') {
    const onError = () => {
      rememberImageFailure(imageUrl)
      setFailedUrl(imageUrl)
    }
    return <img className="gw-wallet-icon" src={imageUrl} alt="" onError={onError} data-testid="network-icon-image" />
  }
  return (
    <span
      className="gw-wallet-icon gw-wallet-placeholder"
      style={{ background: `hsl(${networkHue(network.id)} 50% 30%)` }}
      aria-hidden="true"
      data-testid="network-icon-initials"
    >
      {networkInitials(network.name)}
    </span>
  )
}
