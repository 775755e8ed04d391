import { Fragment, useMemo, type ReactNode } from 'react'
import type { Connector } from '../../../core/domain/entities.js'
import { orderConnectors, type ConnectorGroup } from '../../../core/domain/walletLists.js'
import { connectionRequested } from '../../../core/events/connection/connection.js'
import { legalAcceptanceChanged } from '../../../core/events/modal/modal.js'
import type { ModalState } from '../../../core/state.js'
import { useI18n } from '../../i18n/i18n.js'
import { useModalState } from '../../useModalState.js'
import { AllWalletsEntry } from '../../components/AllWalletsEntry.js'
import { EmailField } from '../../components/EmailField.js'
import { selectHasEmbeddedWallet } from '../../components/embeddedWallet.js'
import { SocialButtons } from '../../components/socialLogins.js'
import { ErrorMessage } from '../../components/ErrorMessage.js'
import { RecommendedWallets } from '../../components/RecommendedWallets.js'
import type { ViewProps } from '../viewProps.js'
import { WalletIcon } from '../WalletIcon.js'

const GROUP_OF_TYPE: Partial<Record<Connector['type'], ConnectorGroup>> = {
  WALLET_CONNECT: 'walletConnect',
  INJECTED: 'injected',
  ANNOUNCED: 'injected',
  MULTI_CHAIN: 'injected',
  EXTERNAL: 'external',
}

const selectList = (s: ModalState) => ({
  connectors: s.wallets.connectors,
  recent: s.wallets.memory.recent,
  order: s.features.connectorOrder,
  namespaces: s.settings.adapters,
})
const sameList = (a: ReturnType<typeof selectList>, b: ReturnType<typeof selectList>) =>
  a.connectors === b.connectors && a.recent === b.recent && a.order === b.order && a.namespaces === b.namespaces

/** The wallet list, in the spec's connector order, the recent ones badged. */
export function ConnectView({ modal }: ViewProps) {
  const { t } = useI18n()
  const { connectors, recent, order, namespaces } = useModalState(selectList, sameList)
  // Closing the modal is the visitor's choice, not a failure to show on the next open.
  const failure = useModalState((s) => {
    const attempt = s.wallets.attempt
    return attempt?.status === 'failed' && attempt.error && attempt.error.kind !== 'MODAL_CLOSED' ? attempt.error : null
  })
  const items = useMemo(() => {
    const usable = connectors.filter((c) => namespaces.includes(c.chain))
    const groups: Partial<Record<ConnectorGroup, Connector[]>> = {
      recent: recent.flatMap((r) => usable.filter((c) => c.id === r.id && c.chain === r.namespace)),
    }
    for (const c of usable) {
      const group = GROUP_OF_TYPE[c.type]
      if (group) (groups[group] ??= []).push(c)
    }
    return orderConnectors(groups, order as ConnectorGroup[])
  }, [connectors, recent, order, namespaces])

  const connect = (c: Connector) =>
    modal.dispatch(connectionRequested({ connectorId: c.id, namespace: c.chain }))
  const legal = useModalState((s) => s.settings.legal)
  // With the legalCheckbox feature the wallets wait for the visitor's consent.
  const askConsent = useModalState((s) => !!s.settings.legal && s.features.legalCheckbox)
  const accepted = useModalState((s) => s.modal.legalAccepted)
  // The embedded wallet's e-mail login (spec §1 default order: e-mail, social, wallet; the
  // wallets first when one is installed in this browser).
  const email = useModalState((s) => s.features.email && selectHasEmbeddedWallet(s))
  const walletsFirst = items.some(({ item }) => item.installed)
  const emailField = email ? (
    <>
      <EmailField modal={modal} />
      <SocialButtons modal={modal} />
    </>
  ) : null

  return (
    <div data-testid="view-connect">
      {legal && askConsent ? (
        <label className="gw-legal gw-legal-consent" data-testid="legal-consent">
          <input type="checkbox" checked={accepted} data-testid="legal-checkbox" onChange={(e) => modal.dispatch(legalAcceptanceChanged({ accepted: e.target.checked }))} />
          <span>{withNodes(t('I agree to the {links}.'), { links: <LegalLinks legal={legal} /> })}</span>
        </label>
      ) : null}
      <fieldset className="gw-wallet-choices" disabled={askConsent && !accepted} data-testid="wallet-choices">
        {failure ? <ErrorMessage error={failure} testId="connect-error" /> : null}
        {walletsFirst ? null : emailField}
        {items.length === 0 ? (
          <p className="gw-empty">{t('No wallets detected in this browser.')}</p>
        ) : (
          <ul className="gw-list" aria-label={t('Wallets')}>
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
        {walletsFirst ? emailField : null}
        <RecommendedWallets />
        <AllWalletsEntry />
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
