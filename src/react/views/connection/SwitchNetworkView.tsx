import { networkSwitchRequested } from '../../../core/events/connection/network.js'
import { ErrorMessage } from '../../components/ErrorMessage.js'
import { useI18n } from '../../i18n/i18n.js'
import { useModalState } from '../../useModalState.js'
import type { ViewProps } from '../viewProps.js'
import { NetworkIcon } from '../../components/NetworkIcon.js'
import { WalletIcon } from '../WalletIcon.js'

/** Waiting on the wallet to switch (or to add, then switch to) a network. */
export function SwitchNetworkView({ modal }: ViewProps) {
  const { t } = useI18n()
  const caipNetworkId = useModalState((s) => (s.router.data as { caipNetworkId?: string } | undefined)?.caipNetworkId ?? s.network.switch?.caipNetworkId ?? null)
  const network = useModalState((s) => s.settings.networks?.find((n) => n.caipNetworkId === caipNetworkId) ?? null)
  const failure = useModalState((s) => (s.network.switch?.status === 'failed' && s.network.switch.caipNetworkId === caipNetworkId ? s.network.switch.error : null))
  const name = network?.name ?? caipNetworkId
  return (
    <div className="gw-connecting" data-testid="view-switch-network">
      {network ? <NetworkIcon network={network} /> : <WalletIcon name={name ?? '?'} />}
      <p className="gw-connecting-title">{name ? t('Switch to {network}', { network: name }) : t('Switch network')}</p>
      {failure ? (
        <>
          <ErrorMessage error={failure} testId="switch-network-error" />
          <button
            type="button"
            className="gw-button"
            data-primary="true"
            onClick={() => network && modal.dispatch(networkSwitchRequested({ namespace: network.chainNamespace, caipNetworkId: network.caipNetworkId }))}
          >
            {t('Try again')}
          </button>
        </>
      ) : (
        <p className="gw-muted" aria-live="polite">
          {t('Approve the network switch in your wallet.')}
        </p>
      )}
    </div>
  )
}
