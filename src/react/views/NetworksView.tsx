import { useModalState } from '../useModalState.js'
import { NetworkList } from './NetworkList.js'
import type { ViewProps } from './viewProps.js'

/** Choose a network; a failed switch comes back here with its error. */
export function NetworksView({ modal }: ViewProps) {
  const error = useModalState((s) => (s.network.switch?.status === 'failed' ? s.network.switch.error?.shortMessage ?? null : null))
  return (
    <div data-testid="view-networks">
      {error ? (
        <p className="gw-error-text" role="alert" data-testid="network-error">
          {error}
        </p>
      ) : null}
      <NetworkList modal={modal} />
    </div>
  )
}
