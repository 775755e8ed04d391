import type { Namespace } from '../../../core/events/views.js'
import { truncateAddress } from '../../../core/domain/format.js'
import { selectActiveConnection } from '../../../core/selectors.js'
import type { ModalState } from '../../../core/state.js'
import { useI18n } from '../../i18n/i18n.js'
import { useModalState } from '../../useModalState.js'
import { NAMESPACE_NAMES } from '../namespaceNames.js'
import type { ViewProps } from '../viewProps.js'


type Row = { namespace: Namespace; address: string | null; active: boolean }

const selectRows = (s: ModalState): Row[] =>
  s.settings.adapters.map((namespace) => ({
    namespace,
    address: selectActiveConnection(s, namespace)?.accounts[0]?.address ?? null,
    active: s.connection.activeNamespace === namespace,
  }))
const sameRows = (a: Row[], b: Row[]) =>
  a.length === b.length && a.every((r, i) => r.namespace === b[i]?.namespace && r.address === b[i]?.address && r.active === b[i]?.active)

/**
 * Choose the active chain family of an app configured for several (EVM and Solana): one that
 * has a connection becomes the active one and shows its account; one that has none continues
 * to Connect for it (spec §1). Switching clears the send form (the account slice does).
 */
export function SwitchActiveChainView({ modal }: ViewProps) {
  const { t } = useI18n()
  const rows = useModalState(selectRows, sameRows)
  return (
    <ul className="gw-list" aria-label={t('Chains')} data-testid="view-switch-active-chain">
      {rows.map(({ namespace, address, active }) => (
        <li key={namespace}>
          <button
            type="button"
            className="gw-button"
            data-testid={`active-chain-${namespace}`}
            aria-current={active ? 'true' : undefined}
            onClick={() => modal.open({ view: address ? 'Account' : 'Connect', namespace })}
          >
            <span className="gw-wallet-name">{NAMESPACE_NAMES[namespace]}</span>
            <span className="gw-badge">{address ? truncateAddress(address) : t('Not connected')}</span>
            {active ? <span className="gw-badge">{t('Active')}</span> : null}
          </button>
        </li>
      ))}
    </ul>
  )
}
