import { AUTH_CONNECTOR_ID } from '../../core/events/embeddedWallet/embeddedWallet.js'
import type { ModalState } from '../../core/state.js'
import { useModalState } from '../useModalState.js'
import { ErrorMessage } from './ErrorMessage.js'

/** Whether the host configured an embedded wallet (its connector is among the page's). */
export const selectHasEmbeddedWallet = (s: ModalState): boolean =>
  s.wallets.connectors.some((c) => c.id === AUTH_CONNECTOR_ID && s.settings.adapters.includes(c.chain))

/** Whether the host configured an embedded wallet. */
export const useHasEmbeddedWallet = (): boolean => useModalState(selectHasEmbeddedWallet)

/**
 * What an embedded-wallet view says when opened without an embedded wallet (spec §8:
 * 'Unable to load email login dependency', or for an e-mail update 'No auth connector found').
 */
export function EmbeddedWalletMissing({ message }: { message: 'Unable to load email login dependency' | 'No auth connector found' }) {
  return (
    <div className="gw-connecting" data-testid="embedded-wallet-missing">
      <ErrorMessage error={{ shortMessage: message }} />
    </div>
  )
}
