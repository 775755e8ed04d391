import { useModalState } from '../../useModalState.js'
import { ErrorMessage } from '../../components/ErrorMessage.js'
import type { ViewProps } from '../viewProps.js'
import { LoadingBar, loadingProps, selectAwaitsConsent, selectFailure, selectLoading, useListedConnectors, WalletList } from './ConnectView.js'

/**
 * The wallets the collapseWallets feature folds out of Connect: the same list, with its failure
 * and its consent rule (legalCheckbox), behind Connect's "Continue with a wallet".
 */
export function ConnectWalletsView({ modal }: ViewProps) {
  const items = useListedConnectors()
  const failure = useModalState(selectFailure)
  const awaitsConsent = useModalState(selectAwaitsConsent)
  const loading = useModalState(selectLoading)
  return (
    <div className="gw-connect" data-testid="view-connect-wallets" {...loadingProps(loading)}>
      <LoadingBar />
      <fieldset className="gw-wallet-choices" disabled={awaitsConsent} data-testid="wallet-choices">
        {failure ? <ErrorMessage error={failure} testId="connect-error" /> : null}
        <WalletList modal={modal} items={items} />
      </fieldset>
    </div>
  )
}
