import { useEffect, useState, type CSSProperties } from 'react'

type Matrix = { size: number; get(row: number, col: number): number | boolean }

/** The QR library, loaded with the WalletConnect views' first use (not in the host's first bundle). */
let qrLibrary: Promise<typeof import('qrcode')> | null = null
function loadQrLibrary() {
  qrLibrary ??= import('qrcode')
  return qrLibrary
}

/** The white card a QR code sits on, in both themes (scanners want dark on light). */
export const QR_CARD: CSSProperties = { background: '#ffffff', padding: 8, borderRadius: 12, border: '1px solid var(--gw-border)', lineHeight: 0 }

/** Quiet zone around the code, in modules (the QR standard asks for 4). */
const QUIET = 4

/**
 * A QR code of `uri` as SVG, with `iconUrl` in the middle over a cleared square. Error
 * correction level Q keeps the code readable with the icon on it.
 */
export function ConnectingWalletConnectQrCode({
  uri,
  iconUrl,
  fallbackIconUrl,
  size = 280,
  label,
  testId = 'wc-qr',
}: {
  uri: string
  iconUrl?: string | undefined
  /** Shown instead of `iconUrl` when that image cannot be loaded. */
  fallbackIconUrl?: string | undefined
  size?: number
  label: string
  testId?: string
}) {
  const [matrix, setMatrix] = useState<{ uri: string; modules: Matrix } | null>(null)
  const [brokenIcon, setBrokenIcon] = useState<string | null>(null)
  const icon = iconUrl !== undefined && iconUrl === brokenIcon ? fallbackIconUrl : iconUrl
  useEffect(() => {
    let live = true
    void loadQrLibrary().then((QRCode) => {
      if (live) setMatrix({ uri, modules: QRCode.create(uri, { errorCorrectionLevel: 'Q' }).modules as unknown as Matrix })
    })
    return () => {
      live = false
    }
  }, [uri])

  if (!matrix || matrix.uri !== uri) {
    return <div className="gw-qr gw-qr-loading" style={{ width: size, height: size }} aria-busy="true" data-testid="wc-qr-loading" />
  }
  const n = matrix.modules.size
  // The icon covers about a fifth of the code, centred and aligned to whole modules.
  const hole = Math.floor(n * 0.22) | 1
  const from = (n - hole) / 2
  const inHole = (r: number, c: number) => icon !== undefined && r >= from && r < from + hole && c >= from && c < from + hole
  // Runs of dark modules as one rectangle each: no seams between neighbours when scaled.
  let d = ''
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; ) {
      if (!matrix.modules.get(r, c) || inHole(r, c)) {
        c++
        continue
      }
      let run = 1
      while (c + run < n && matrix.modules.get(r, c + run) && !inHole(r, c + run)) run++
      d += `M${c + QUIET} ${r + QUIET}h${run}v1h-${run}z`
      c += run
    }
  }
  const total = n + QUIET * 2
  // Whole pixels per module keep every module the same size on screen.
  const px = total * Math.max(2, Math.round(size / total))
  const pad = 0.6
  return (
    <svg
      className="gw-qr"
      role="img"
      aria-label={label}
      width={px}
      height={px}
      viewBox={`0 0 ${total} ${total}`}
      shapeRendering="crispEdges"
      data-testid={testId}
    >
      <rect width={total} height={total} fill="#ffffff" />
      <path d={d} fill="#141414" />
      {icon ? (
        <image
          href={icon}
          onError={() => setBrokenIcon(icon)}
          x={from + QUIET + pad}
          y={from + QUIET + pad}
          width={hole - pad * 2}
          height={hole - pad * 2}
          preserveAspectRatio="xMidYMid meet"
          data-testid="wc-qr-icon"
        />
      ) : null}
    </svg>
  )
}
