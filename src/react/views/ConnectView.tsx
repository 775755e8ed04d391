import type { ViewProps } from './viewRegistry'

/** The wallet list. Chain adapters add their connectors here. */
export function ConnectView(_props: ViewProps) {
  return (
    <div data-testid="view-connect">
      <p className="gw-empty">No wallets detected in this browser.</p>
    </div>
  )
}
