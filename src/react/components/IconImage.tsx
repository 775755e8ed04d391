import { useState, type CSSProperties, type ReactNode } from 'react'
import { knownImageOutcome, rememberImageFailure } from './WalletImage.js'

/**
 * An icon in a fixed box: the image at `src` when there is one and it loads, otherwise
 * `fallback` (initials, a letter) in the same box, with the same class, so an image missing,
 * broken or refused never moves what is around it. A URL that failed once on this page is not
 * tried again.
 *
 * @example
 * <IconImage src={modal.directoryImageUrl('token', 'USDC')} className="gw-token-icon" fallback="U" testId="token-icon" />
 */
export function IconImage(props: { src: string | undefined; className: string; fallback: ReactNode; testId: string; fallbackStyle?: CSSProperties }) {
  const { src, className, fallback, testId } = props
  const [failedUrl, setFailedUrl] = useState<string | null>(null)
  if (src && failedUrl !== src && knownImageOutcome(src) !== 'failed') {
    const onError = () => {
      rememberImageFailure(src)
      setFailedUrl(src)
    }
    return <img className={className} src={src} alt="" onError={onError} data-testid={`${testId}-image`} />
  }
  return (
    <span className={className} style={props.fallbackStyle} aria-hidden="true" data-testid={`${testId}-fallback`}>
      {fallback}
    </span>
  )
}
