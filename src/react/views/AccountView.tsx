import { selectAddress } from '../../core/selectors'
import { useModalState } from '../useModalState'
import type { ViewProps } from './viewRegistry'

/** The connected account. */
export function AccountView(_props: ViewProps) {
  const address = useModalState(selectAddress)
  return (
    <div data-testid="view-account">
      {address ? <p className="gw-mono">{address}</p> : <p className="gw-empty">Not connected.</p>}
    </div>
  )
}
