import type { ComponentType } from 'react'
import type { ViewName } from '../../core/events/views.js'
import { EmbeddedWalletMissing } from '../components/embeddedWallet.js'
import { ErrorMessage } from '../components/ErrorMessage.js'
import type { ViewProps } from './viewProps.js'

const told = new Set<ViewName>()

/**
 * What a view of a feature the host did not bring shows (opened by a host's `open(view)`, say):
 * the spec's message for the feature, and once in the console how to bring it.
 *
 * @example
 * missingFeatureView('EmailLogin', 'embeddedWallet', "createModal({ embeddedWallet: … })")
 */
export function missingFeatureView(view: ViewName, feature: string, broughtBy: string): ComponentType<ViewProps> {
  function MissingFeature() {
    if (!told.has(view)) {
      told.add(view)
      console.error(`Gangway: the ${view} view comes with ${broughtBy}`)
    }
    if (feature === 'embeddedWallet') return <EmbeddedWalletMissing message={view === 'UpdateEmailWallet' ? 'No auth connector found' : 'Unable to load email login dependency'} />
    const message = feature === 'siwx' ? 'SIWX is not enabled' : feature === 'walletConnect' ? 'WalletConnectConnector not found' : 'Something went wrong'
    return (
      <div className="gw-connecting" data-testid="feature-missing">
        <ErrorMessage error={{ shortMessage: message }} />
      </div>
    )
  }
  MissingFeature.displayName = `Missing(${view})`
  return MissingFeature
}
