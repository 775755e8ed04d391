import { Fragment, useMemo, type ReactNode } from 'react'
import type { Connector } from '../../../core/domain/entities.js'
import { isFeatureSupported } from '../../../core/domain/constants.js'
import { orderConnectMethods, orderConnectors, type ConnectMethod, type ConnectorGroup } from '../../../core/domain/walletLists.js'
import { connectionRequested } from '../../../core/events/connection/connection.js'
import { legalAcceptanceChanged } from '../../../core/events/modal/modal.js'
import { withoutHiddenWallets } from '../../../core/reducers/data/walletListSelectors.js'
import type { ModalState } from '../../../core/state.js'
import type { Modal } from '../../../createModal.js'
import { useI18n } from '../../i18n/i18n.js'
import { useModalState } from '../../useModalState.js'
import { AllWalletsEntry } from '../../components/AllWalletsEntry.js'
import { EmailField } from '../../components/EmailField.js'
import { selectHasEmbeddedWallet } from '../../components/embeddedWallet.js'
import { selectOffersSocialLogin, SocialButtons } from '../../components/socialLogins.js'
import { ErrorMessage } from '../../components/ErrorMessage.js'
import { RecommendedWallets } from '../../components/RecommendedWallets.js'
import type { ViewProps } from '../viewProps.js'
import { NAMESPACE_NAMES } from '../namespaceNames.js'
import { WalletIcon } from '../WalletIcon.js'

const GROUP_OF_TYPE: Partial<Record<Connector['type'], ConnectorGroup>> = {
  WALLET_CONNECT: 'walletConnect',
  INJECTED: 'injected',
  ANNOUNCED: 'injected',
  MULTI_CHAIN: 'injected',
  EXTERNAL: 'external',
}

export type ListedConnector = { group: ConnectorGroup; item: Connector }

const selectList = (s: ModalState) => ({
  connectors: s.wallets.connectors,
  recent: s.wallets.memory.recent,
  order: s.features.connectorOrder,
  settings: s.settings,
  excluded: s.walletList.lists.excluded,
  connectFor: s.modal.connectFor,
})
const sameList = (a: ReturnType<typeof selectList>, b: ReturnType<typeof selectList>) =>
  a.connectors === b.connectors &&
  a.recent === b.recent &&
  a.order === b.order &&
  a.settings === b.settings &&
  a.excluded === b.excluded &&
  a.connectFor === b.connectFor

/**
 * The browser's wallets Connect lists: in the spec's connector order, without those the host
 * hides (rdns, name or directory id). Opened for one namespace, only that namespace's: a wallet
 * already connected for another one is not offered (picking it would undo the switch).
 */
export function useListedConnectors(): ListedConnector[] {
  const { connectors, recent, order, settings, excluded, connectFor } = useModalState(selectList, sameList)
  return useMemo(() => {
    const offered = connectors.filter((c) => settings.adapters.includes(c.chain) && (connectFor === null || c.chain === connectFor))
    const usable = withoutHiddenWallets({ settings, walletList: { lists: { excluded } } }, offered)
    const groups: Partial<Record<ConnectorGroup, Connector[]>> = {
      recent: recent.flatMap((r) => usable.filter((c) => c.id === r.id && c.chain === r.namespace)),
    }
    for (const c of usable) {
      const group = GROUP_OF_TYPE[c.type]
      if (group) (groups[group] ??= []).push(c)
    }
    return orderConnectors(groups, order as ConnectorGroup[])
  }, [connectors, recent, order, settings, excluded, connectFor])
}

// Closing the modal is the visitor's choice, not a failure to show on the next open.
export const selectFailure = (s: ModalState) => {
  const attempt = s.wallets.attempt
  return attempt?.status === 'failed' && attempt.error && attempt.error.kind !== 'MODAL_CLOSED' ? attempt.error : null
}

/** With the legalCheckbox feature the wallets wait for the visitor's consent. */
const selectAsksConsent = (s: ModalState) => !!s.settings.legal && s.features.legalCheckbox
export const selectAwaitsConsent = (s: ModalState) => selectAsksConsent(s) && !s.modal.legalAccepted

/**
 * The ways to connect, in the host's order (`connectMethodsOrder`) or spec §1's: the embedded
 * wallet's e-mail field and social logins, and the wallets, which the collapseWallets feature
 * folds into one entry leading to ConnectWallets (when there is another way to fold them beside).
 */
export function ConnectView({ modal }: ViewProps) {
  const { t } = useI18n()
  const items = useListedConnectors()
  const failure = useModalState(selectFailure)
  const legal = useModalState((s) => s.settings.legal)
  const askConsent = useModalState(selectAsksConsent)
  const accepted = useModalState((s) => s.modal.legalAccepted)
  // Opened for one namespace: the embedded wallet's e-mail and social logins only where it serves that namespace (spec §1).
  const embedded = useModalState((s) => selectHasEmbeddedWallet(s) && (s.modal.connectFor === null || isFeatureSupported('embeddedWallet', s.modal.connectFor)))
  const email = useModalState((s) => s.features.email) && embedded
  const social = useModalState(selectOffersSocialLogin) && embedded
  const order = useModalState((s) => s.settings.connectMethodsOrder)
  const collapse = useModalState((s) => s.features.collapseWallets)
  const loading = useModalState(selectLoading)
  const connectFor = useModalState((s) => s.modal.connectFor)
  const installed = items.some(({ item }) => item.installed)
  const methods = orderConnectMethods({ order, installedWalletDetected: installed, enabled: { email, social } })
  const collapsed = collapse && methods.length > 1
  const method = (m: ConnectMethod) =>
    m === 'email' ? (
      <EmailField key={m} modal={modal} />
    ) : m === 'social' ? (
      <SocialButtons key={m} modal={modal} />
    ) : collapsed ? (
      <button key={m} type="button" className="gw-button" data-testid="connect-wallets-entry" onClick={() => modal.push('ConnectWallets')}>
        <span className="gw-wallet-icon gw-all-wallets-icon" aria-hidden="true">
          ⋯
        </span>
        <span className="gw-wallet-name">{t('Continue with a wallet')}</span>
        {installed ? <span className="gw-badge">{t('Installed')}</span> : null}
      </button>
    ) : (
      <WalletList key={m} modal={modal} items={items} />
    )

  return (
    <div className="gw-connect" data-testid="view-connect" data-methods={methods.join(' ')} {...loadingProps(loading)}>
      <LoadingBar />
      {connectFor !== null ? (
        // Opened for one chain family: say which, so the shorter list makes sense.
        <p className="gw-muted gw-connect-for" data-testid="connect-namespace">
          {t('Wallets for {chain}', { chain: NAMESPACE_NAMES[connectFor] })}
        </p>
      ) : null}
      {legal && askConsent ? (
        <label className="gw-legal gw-legal-consent" data-testid="legal-consent">
          <input type="checkbox" checked={accepted} data-testid="legal-checkbox" onChange={(e) => modal.dispatch(legalAcceptanceChanged({ accepted: e.target.checked }))} />
          <span>{withNodes(t('I agree to the {links}.'), { links: <LegalLinks legal={legal} /> })}</span>
        </label>
      ) : null}
      <fieldset className="gw-wallet-choices" disabled={askConsent && !accepted} data-testid="wallet-choices">
        {failure ? <ErrorMessage error={failure} testId="connect-error" /> : null}
        {methods.map(method)}
      </fieldset>
      {legal && !askConsent ? (
        <p className="gw-legal" data-testid="legal-footer">
          {withNodes(t('By connecting your wallet, you agree to the {links}.'), { links: <LegalLinks legal={legal} /> })}
        </p>
      ) : null}
      <p className="gw-legal">
        <button type="button" className="gw-text-button" data-testid="new-to-wallets" onClick={() => modal.push('WhatIsAWallet')}>
          {t('New to wallets?')}
        </button>
      </p>
    </div>
  )
}

export const selectLoading = (s: ModalState) => s.modal.loading
/** While the open's wallet data loads (`modal.loading`) the view says it is busy. */
export const loadingProps = (loading: boolean) => (loading ? { 'aria-busy': true, 'data-loading': 'true' } : {})

/**
 * The bar shown while `modal.loading` is set: laid over the view's top edge (absolutely
 * positioned), so it comes and goes without moving anything.
 */
export function LoadingBar() {
  const { t } = useI18n()
  const loading = useModalState(selectLoading)
  return loading ? <span className="gw-loading-bar" role="progressbar" aria-label={t('Loading wallets')} data-testid="modal-loading" /> : null
}

/** The wallets: the browser's (recent ones badged), the recommended ones, the way to AllWallets. */
export function WalletList({ modal, items }: { modal: Modal; items: ListedConnector[] }) {
  const { t } = useI18n()
  const connect = (c: Connector) => modal.dispatch(connectionRequested({ connectorId: c.id, namespace: c.chain }))
  return (
    <>
      {items.length === 0 ? (
        <p className="gw-empty">{t('No wallets detected in this browser.')}</p>
      ) : (
        <ul className="gw-list" aria-label={t('Wallets')} data-testid="wallet-list">
          {items.map(({ group, item }) => (
            <li key={`${item.chain}:${item.id}`}>
              <button type="button" className="gw-button" data-testid={`wallet-${item.id}`} onClick={() => connect(item)}>
                <WalletIcon name={item.name} imageUrl={item.imageUrl} />
                <span className="gw-wallet-name" title={item.name}>
                  {item.name}
                </span>
                {group === 'recent' ? (
                  <span className="gw-badge" data-testid="badge-recent">
                    {t('Recent')}
                  </span>
                ) : item.installed ? (
                  <span className="gw-badge">{t('Installed')}</span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      )}
      <RecommendedWallets />
      <AllWalletsEntry />
    </>
  )
}

/**
 * A translated sentence with elements in it: its `{name}` placeholders replaced by `nodes`
 * (a language puts the links where its word order wants them).
 */
function withNodes(text: string, nodes: Record<string, ReactNode>): ReactNode {
  return text.split(/(\{\w+\})/).map((part, i) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1]
    return <Fragment key={i}>{name !== undefined && name in nodes ? nodes[name] : part}</Fragment>
  })
}

/** "Terms of Service and Privacy Policy", each a link when the app gave it. */
function LegalLinks({ legal }: { legal: { termsUrl?: string; privacyUrl?: string } }) {
  const { t } = useI18n()
  const terms = legal.termsUrl ? (
    <a href={legal.termsUrl} target="_blank" rel="noreferrer" data-testid="legal-terms">
      {t('Terms of Service')}
    </a>
  ) : null
  const privacy = legal.privacyUrl ? (
    <a href={legal.privacyUrl} target="_blank" rel="noreferrer" data-testid="legal-privacy">
      {t('Privacy Policy')}
    </a>
  ) : null
  return <>{terms && privacy ? withNodes(t('{terms} and {privacy}'), { terms, privacy }) : (terms ?? privacy)}</>
}
