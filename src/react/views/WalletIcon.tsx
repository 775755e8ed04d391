import { useCallback, useEffect, useRef, useState } from 'react'
import { knownImageOutcome, rememberImageFailure } from '../components/WalletImage.js'
import { afterNextFrame } from '../../adapters/afterNextFrame.js'

/**
 * A wallet's icon, or its initial when it has none or its image fails to load: never the
 * browser's broken-image glyph. A URL known to fail on this page is not tried again.
 */
export function WalletIcon({ name, imageUrl }: { name: string; imageUrl?: string | undefined }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null)
  const image = useRef<HTMLImageElement>(null)
  const showImage = !!imageUrl && failedUrl !== imageUrl && knownImageOutcome(imageUrl) !== 'failed'
  const fail = useCallback(() => {
    if (!imageUrl) return
    rememberImageFailure(imageUrl)
    setFailedUrl(imageUrl)
  }, [imageUrl])
  // The error event alone can be missed: one that fires while the dialog is rendered hidden ahead
  // of its first open (React does not act on it there). Effects run once the icon is on screen:
  // an image that cannot be decoded has failed too. Asked after the frame that shows it, so the
  // click that opened the modal paints first.
  useEffect(() => {
    const element = image.current
    if (!showImage || !element || typeof element.decode !== 'function') return
    let live = true
    void afterNextFrame().then(() => {
      if (!live) return
      element.decode().catch(() => {
        if (live && element.isConnected && element.complete && element.naturalWidth === 0) fail()
      })
    })
    return () => {
      live = false
    }
  }, [showImage, fail])
  if (showImage) {
    return <img ref={image} className="gw-wallet-icon" src={imageUrl} alt="" onError={fail} data-testid="wallet-icon-image" />
  }
  return (
    <span className="gw-wallet-icon gw-wallet-initial" aria-hidden="true" data-testid="wallet-icon-initial">
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  )
}
