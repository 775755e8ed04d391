import { useState } from 'react'
import { knownImageOutcome, rememberImageFailure } from '../components/WalletImage.js'

/**
 * A wallet's icon, or its initial when it has none or its image fails to load: never the
 * browser's broken-image glyph. A URL known to fail on this page is not tried again.
 */
export function WalletIcon({ name, imageUrl }: { name: string; imageUrl?: string | undefined }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null)
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
