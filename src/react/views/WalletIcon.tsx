/** A wallet's icon, or its initial when it has none. */
export function WalletIcon({ name, imageUrl }: { name: string; imageUrl?: string | undefined }) {
  if (imageUrl) return <img className="gw-wallet-icon" src={imageUrl} alt="" />
  return (
    <span className="gw-wallet-icon gw-wallet-initial" aria-hidden="true">
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  )
}
