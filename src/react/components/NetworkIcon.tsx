import type { Network } from '../../core/domain/entities.js'
import type { Modal } from '../../createModal.js'
import { useModal } from '../ModalContext.js'
import { IconImage } from './IconImage.js'

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
 * A network's icon: its image (its `assets.imageUrl`, else the wallet directory's image of its
 * `assets.imageId`) when it has one and it loads, otherwise its initials on a colour derived from
 * its chain id, in the same box.
 *
 * @example
 * <NetworkIcon network={network} />
 */
export function NetworkIcon({ network }: { network: Pick<Network, 'id' | 'name' | 'assets'> }) {
  const modal = useModal()
  return (
    <IconImage
      src={networkImageUrl(network, modal)}
      className="gw-wallet-icon gw-wallet-placeholder"
      fallback={networkInitials(network.name)}
      fallbackStyle={{ background: `hsl(${networkHue(network.id)} 50% 30%)` }}
      testId="network-icon"
    />
  )
}

/**
 * A network's image URL: its own (`assets.imageUrl`), else the wallet directory's asset image of
 * its `assets.imageId`; undefined when it has neither.
 *
 * @example
 * networkImageUrl({ assets: { imageId: 'base' } }, modal) // '…/public/getAssetImage/base?projectId=…'
 */
export function networkImageUrl(network: Pick<Network, 'assets'>, modal: Pick<Modal, 'directoryImageUrl'>): string | undefined {
  const { imageUrl, imageId } = network.assets ?? {}
  return imageUrl || (imageId ? modal.directoryImageUrl('asset', imageId) : undefined)
}
