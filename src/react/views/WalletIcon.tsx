import { createContext, useContext, useState } from 'react'
import { knownImageOutcome, preloadImage, rememberImageFailure } from '../components/WalletImage.js'

/**
 * False while the dialog is rendered hidden ahead of its first open. An icon's image is created
 * then (so the click that opens the dialog only reveals it), but React may not act on an image's
 * error event in a hidden subtree before it is shown: icons watch their image outside React
 * while hidden, and check what became of it when the dialog is shown (this context changes).
 */
export const DialogShownContext = createContext(true)

/**
 * A wallet's icon, or its initial when it has none or its image fails to load: never the
 * browser's broken-image glyph. A URL known to fail on this page is not tried again.
 */
export function WalletIcon({ name, imageUrl }: { name: string; imageUrl?: string | undefined }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null)
  const shown = useContext(DialogShownContext)
  // While hidden no effect runs: the outcome is recorded by a loader of its own, read once shown.
  if (imageUrl && !shown) void preloadImage(imageUrl)
  if (imageUrl && failedUrl !== imageUrl && knownImageOutcome(imageUrl) !== 'failed') {
    const onError = () => {
      rememberImageFailure(imageUrl)
      setFailedUrl(imageUrl)
    }
    return <img className="gw-wallet-icon" src={imageUrl} alt="" onError={onError} data-testid="wallet-icon-image" />
  }
  return (
    <span className="gw-wallet-icon gw-wallet-initial" aria-hidden="true" data-testid="wallet-icon-initial">
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  )
}
