import { createContext, useContext, useState } from 'react'
import { knownImageOutcome, rememberImageFailure } from '../components/WalletImage.js'

/**
 * False while the dialog is rendered hidden ahead of its first open. Icons then show their
 * initial and load their image once the dialog is shown: an image that fails while hidden
 * fires an error React does not act on, which would leave the browser's broken-image glyph.
 */
export const DialogShownContext = createContext(true)

/**
 * A wallet's icon, or its initial when it has none or its image fails to load: never the
 * browser's broken-image glyph. A URL known to fail on this page is not tried again.
 */
export function WalletIcon({ name, imageUrl }: { name: string; imageUrl?: string | undefined }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null)
  const shown = useContext(DialogShownContext)
  if (imageUrl && shown && failedUrl !== imageUrl && knownImageOutcome(imageUrl) !== 'failed') {
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
