import { connectionRequested } from '../../../core/events/connection/connection.js'
import { selectConnectingConnectorId } from '../../../core/selectors.js'
import { ErrorMessage } from '../../components/ErrorMessage.js'
import { useI18n } from '../../i18n/i18n.js'
import { useModalState } from '../../useModalState.js'
import { useRetryAllowed } from './useRetryAllowed.js'
import type { ViewProps } from '../viewProps.js'
import { WalletIcon } from '../WalletIcon.js'

/**
 * Waiting on a browser wallet: its icon, then its answer; a rejection offers a retry after 1 s.
 * The wallet's name is the dialog's title (the header), so the body never repeats it: while
 * waiting it says what to do, after a failure it says the failure once.
 */
export function ConnectingExternalView({ modal }: ViewProps) {
  const { t } = useI18n()
  const connectorId = useModalState(selectConnectingConnectorId)
  const connector = useModalState((s) => s.wallets.connectors.find((c) => c.id === connectorId) ?? null)
  const attempt = useModalState((s) => (s.wallets.attempt?.connectorId === connectorId ? s.wallets.attempt : null))
  const retryAllowed = useRetryAllowed(modal, attempt?.startedAt)
  const name = connector?.name ?? connectorId ?? t('wallet')
  const failed = attempt?.status === 'failed' && !!attempt.error

  const retry = () => {
    if (!connector) return
    modal.dispatch(connectionRequested({ connectorId: connector.id, namespace: connector.chain }))
  }

  return (
    <div className="gw-connecting" data-testid="view-connecting-external" data-status={failed ? 'failed' : 'waiting'}>
      <span className="gw-progress-ring" data-active={!failed} data-testid="connecting-progress">
        <WalletIcon name={name} imageUrl={connector?.imageUrl} />
      </span>
      {failed ? (
        <>
          <ErrorMessage error={attempt.error!} testId="connecting-error" />
          <button
            type="button"
            className="gw-button"
            data-primary="true"
            data-testid="connecting-retry"
            data-autofocus="true"
            disabled={!retryAllowed || !connector}
            onClick={retry}
          >
            {t('Try again')}
          </button>
        </>
      ) : (
        <p className="gw-connecting-title" aria-live="polite" data-testid="connecting-instruction">
          {t('Accept the connection request in your wallet.')}
        </p>
      )}
    </div>
  )
}
