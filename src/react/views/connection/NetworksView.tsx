import { ErrorMessage } from '../../components/ErrorMessage.js'
import { useModalState } from '../../useModalState.js'
import { NetworkList } from './NetworkList.js'
import type { ViewProps } from '../viewProps.js'

/** Choose a network of any chain family the host configured; a failed switch comes back here with its error. */
export function NetworksView({ modal }: ViewProps) {
  const error = useModalState((s) => (s.network.switch?.status === 'failed' ? s.network.switch.error : null))
  return (
    <div data-testid="view-networks">
      {error ? <ErrorMessage error={error} testId="network-error" /> : null}
      <NetworkList modal={modal} namespaces="all" />
    </div>
  )
}
