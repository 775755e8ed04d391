import { disconnectRequested } from '../../../core/events/connection/connectionLifecycle.js'
import { ErrorMessage } from '../../components/ErrorMessage.js'
import { useI18n } from '../../i18n/i18n.js'
import { useModalState } from '../../useModalState.js'
import { NetworkList } from './NetworkList.js'
import type { ViewProps } from '../viewProps.js'

/** The wallet is on a network the app does not support: switch to a supported one, or disconnect. */
export function UnsupportedChainView({ modal }: ViewProps) {
  const { t } = useI18n()
  const namespace = useModalState((s) => s.connection.activeNamespace)
  const error = useModalState((s) => (s.network.switch?.status === 'failed' ? s.network.switch.error : null))
  return (
    <div data-testid="view-unsupported-chain">
      <p className="gw-muted">{t('This app doesn’t support your current network. Switch to an available option to continue.')}</p>
      {error ? <ErrorMessage error={error} testId="unsupported-chain-error" /> : null}
      <NetworkList modal={modal} markActive={false} />
      {namespace ? (
        <button type="button" className="gw-button" onClick={() => modal.dispatch(disconnectRequested({ namespace }))}>
          {t('Disconnect')}
        </button>
      ) : null}
    </div>
  )
}
