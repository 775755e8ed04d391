import { lazy, Suspense } from 'react'
import { disconnectRequested } from '../../../core/events/connection/connectionLifecycle.js'
import { AUTH_CONNECTOR_ID } from '../../../core/events/embeddedWallet/embeddedWallet.js'
import { siwxSessionsCleared } from '../../../core/events/siwx/siwx.js'
import { accountTypePreferred } from '../../../core/events/modal/preferences.js'
import { isFeatureSupported } from '../../../core/domain/constants.js'
import { included } from '../../../core/features/lazyFeatureDescriptions.js'
import { shortenEmail, sumTokenValues, truncateAddress } from '../../../core/domain/format.js'
import { selectTokenBalances, selectTokenBalancesPending } from '../../../core/reducers/data/dataSelectors.js'
import { selectActiveCaipNetworkId, selectActiveConnection, selectActiveNetwork, selectAddress, selectCaipAddress } from '../../../core/selectors.js'
import type { ModalState } from '../../../core/state.js'
import { AccountBalance, useAmountFormat } from '../../components/AccountBalance.js'
import { ErrorMessage } from '../../components/ErrorMessage.js'
import { Identicon } from '../../components/Identicon.js'
import { sameJson } from '../../hooks/sameJson.js'
import { useI18n, type I18n } from '../../i18n/i18n.js'
import { useModalState } from '../../useModalState.js'
import { copyText } from '../copyText.js'
import { explorerLink } from '../explorerLink.js'
import type { ViewProps } from '../viewProps.js'

// The tabs (tokens, activity) load with the views the modal prefetches, not with the first frame.
// Optimization: the tabs come in the account sheet's views chunk.
const AccountTabs = lazy(() => import('./accountViews.js').then((m) => ({ default: m.AccountTabs })))

/** The dollar total of the account's tokens on this network, or null while the data API has not priced them. */
const selectTotal = (s: ModalState): number | null => {
  const balances = selectTokenBalances(s)
  const network = selectActiveCaipNetworkId(s)
  if (!balances || !network) return null
  return sumTokenValues(balances.filter((b) => b.chainId === network))
}

type Action = 'onramp' | 'swaps' | 'receive' | 'send'
const ACTION_VIEWS = { onramp: 'OnRamp', swaps: 'Swap', receive: 'Receive', send: 'WalletSend' } as const
const ACTION_LABELS: Record<Action, (t: I18n['t']) => string> = {
  onramp: (t) => t('Buy'),
  swaps: (t) => t('Swap'),
  receive: (t) => t('Receive'),
  send: (t) => t('Send'),
}

/** The wallet actions the features allow on the active namespace, in the features' order (spec §1). */
const selectWalletActions = (s: ModalState): Action[] => {
  const ns = s.connection.activeNamespace
  const api = s.settings.services?.blockchainApi === true
  const allowed: Record<Action, boolean> = {
    onramp: s.features.onramp && api && included(s.settings, 'onramp') && !!ns && isFeatureSupported('onramp', ns),
    swaps: s.features.swaps && api && included(s.settings, 'swaps') && !!ns && isFeatureSupported('swaps', ns),
    receive: s.features.receive,
    send: s.features.send && !!ns && isFeatureSupported('send', ns),
  }
  return [...new Set(s.features.walletActionOrder)].filter((a): a is Action => a in allowed && allowed[a as Action])
}

/** The embedded wallet's e-mail (or user name) when it is the active connection, and whether the e-mail can be changed. */
const selectEmbeddedAccount = (s: ModalState) => {
  const connection = selectActiveConnection(s, 'eip155')
  if (s.connection.activeNamespace !== 'eip155' || connection?.connectorId !== AUTH_CONNECTOR_ID) return null
  return { email: s.embeddedUser.email, username: s.embeddedUser.username, editable: !!connection.auth && connection.auth !== 'farcaster' }
}

/**
 * Account's switch between the embedded wallet's EOA and its smart account (spec §4): offered when
 * the host enabled smart accounts and the wallet has one on this network; null otherwise.
 */
const selectAccountTypeSwitch = (s: ModalState) => {
  const connection = selectActiveConnection(s, 'eip155')
  if (!s.settings.smartAccounts?.enabled || s.connection.activeNamespace !== 'eip155' || connection?.connectorId !== AUTH_CONNECTOR_ID) return null
  if (!connection.accounts.some((a) => a.type === 'smartAccount')) return null
  const switching = s.embeddedUser.accountTypeSwitch
  return { current: connection.accounts[0]?.type ?? 'eoa', busy: switching !== null && switching.error === null, error: switching?.error ?? null }
}

/**
 * How many session permissions (ERC-7715) the connected account has, and how many are active:
 * Account lists them when the host brought the feature, the project has it on and there is at
 * least one. Read here, not from the feature's code: Account is in every host's UI chunk.
 */
const selectPermissionCounts = (s: ModalState) => {
  const address = selectAddress(s)?.toLowerCase()
  if (!s.permissions || !address || !s.features.smartSessions || !included(s.settings, 'permissions')) return null
  let all = 0
  let active = 0
  for (const context of s.permissions.order) {
    const grant = s.permissions.grants[context]!
    if (grant.account.toLowerCase() !== address) continue
    all++
    if (grant.status === 'active') active++
  }
  return all > 0 ? { all, active } : null
}

const selectIdentity = (s: ModalState) => {
  const address = selectAddress(s)
  return address ? (s.accountSheet?.identities[address.toLowerCase()] ?? null) : null
}

/**
 * The connected account: picture and name (the identity's, when it has one), the address with
 * copy and explorer link, the total in dollars and the native balance, the wallet actions the
 * features allow (receive, send), network, wallets and disconnect; then the tabs.
 */
export function AccountView({ modal }: ViewProps) {
  const { t } = useI18n()
  const amounts = useAmountFormat()
  const address = useModalState(selectAddress)
  const network = useModalState(selectActiveNetwork)
  const caipNetworkId = useModalState(selectActiveCaipNetworkId)
  const namespace = useModalState((s) => s.connection.activeNamespace)
  const identity = useModalState(selectIdentity)
  const names = useModalState((s) => included(s.settings, 'names'))
  const total = useModalState(selectTotal)
  const totalPending = useModalState(selectTokenBalancesPending)
  // The wallets list is offered with multiWallet, and whenever several chain families are connected.
  const listsWallets = useModalState(
    (s) => s.features.multiWallet || Object.values(s.connection.byNamespace).filter((ns) => (ns?.connections.length ?? 0) > 0).length > 1,
  )
  const severalChains = useModalState((s) => s.settings.adapters.length > 1)
  const embedded = useModalState(selectEmbeddedAccount, sameJson)
  const accountType = useModalState(selectAccountTypeSwitch, sameJson)
  const actions = useModalState(selectWalletActions, sameJson)
  const disconnectError = useModalState((s) => s.wallets.disconnectError)
  const caipAddress = useModalState(selectCaipAddress)
  const signedIn = useModalState((s) => !!s.settings.siwx && !!caipAddress && s.siwx.sessions[caipAddress] !== undefined)
  // Only an account that signs in (EVM or Solana) has a session, so the row needs no namespace check.
  const hostedSessions = useModalState((s) => s.settings.siwx?.hosted === true)
  const permissions = useModalState(selectPermissionCounts, sameJson)
  if (!address || !namespace) {
    return (
      <div data-testid="view-account">
        <p className="gw-empty">{t('Not connected.')}</p>
      </div>
    )
  }
  const explorerUrl = explorerLink(network?.blockExplorers?.default?.url, 'address', address)
  return (
    <div className="gw-account" data-testid="view-account">
      <div className="gw-account-head">
        <Identicon address={address} avatar={identity?.avatar} />
        {identity?.name ? (
          <p className="gw-account-name" data-testid="account-name">
            {identity.name}
          </p>
        ) : null}
        {embedded && (embedded.email || embedded.username) ? (
          <p className="gw-account-address-row">
            <span className="gw-muted" title={embedded.email ?? embedded.username ?? ''} data-testid="account-email">
              {embedded.email ? shortenEmail(embedded.email) : embedded.username}
            </span>
            {embedded.editable && embedded.email ? (
              <button type="button" className="gw-text-button" data-testid="account-edit-email" onClick={() => modal.push('UpdateEmailWallet')}>
                {t('Edit')}
              </button>
            ) : null}
          </p>
        ) : null}
        <p className="gw-account-address-row">
          <span className="gw-account-address gw-mono" title={address} data-testid="account-address">
            {truncateAddress(address)}
          </span>
          <button type="button" className="gw-icon-button gw-small-icon" aria-label={t('Copy address')} data-testid="account-copy" onClick={() => copyText(modal, address, t('Address copied'))}>
            <svg width="14" height="14" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
              <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" />
              <path d="M10.5 3.5v-1a1 1 0 0 0-1-1h-6a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h1" />
            </svg>
          </button>
          {explorerUrl ? (
            <a className="gw-icon-button gw-small-icon" href={explorerUrl} target="_blank" rel="noreferrer" aria-label={t('View on block explorer')} data-testid="account-explorer">
              <svg width="14" height="14" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
                <path d="M9 2.5h4.5V7M13.5 2.5 7 9M11.5 9.5v3a1 1 0 0 1-1 1h-7a1 1 0 0 1-1-1v-7a1 1 0 0 1 1-1h3" />
              </svg>
            </a>
          ) : null}
        </p>
      </div>
      {total !== null ? (
        <p className="gw-account-total" data-testid="account-total">
          {amounts.usd(total)}
        </p>
      ) : totalPending ? (
        <p className="gw-account-total" data-testid="account-total-pending" aria-hidden="true">
          <span className="gw-placeholder-line" />
        </p>
      ) : null}
      <AccountBalance />
      <div className="gw-account-actions">
        {actions.map((action) => (
          <button key={action} type="button" className="gw-button" data-testid={`account-${action}`} onClick={() => modal.push(ACTION_VIEWS[action])}>
            {ACTION_LABELS[action](t)}
          </button>
        ))}
      </div>
      {names && namespace === 'eip155' && identity && identity.name === null ? (
        // Names are EVM only (spec §1); the identity lookup answered, so the name API is there.
        <button type="button" className="gw-button" data-testid="account-choose-name" onClick={() => modal.push('RegisterAccountName')}>
          {t('Choose a name')}
        </button>
      ) : null}
      <button type="button" className="gw-button" data-testid="account-network" onClick={() => modal.push('Networks')}>
        <span>{t('Network')}</span>
        <span className="gw-badge">{network?.name ?? caipNetworkId}</span>
      </button>
      {accountType ? (
        <button
          type="button"
          className="gw-button"
          data-testid="account-type-switch"
          aria-busy={accountType.busy}
          disabled={accountType.busy}
          onClick={() => modal.dispatch(accountTypePreferred({ type: accountType.current === 'smartAccount' ? 'eoa' : 'smartAccount', namespace: 'eip155' }))}
        >
          <span>{accountType.current === 'smartAccount' ? t('Switch to EOA') : t('Switch to smart account')}</span>
          <span className="gw-badge" data-testid="account-type">
            {accountType.current === 'smartAccount' ? t('Smart account') : t('EOA')}
          </span>
        </button>
      ) : null}
      {accountType?.error ? <ErrorMessage error={accountType.error} testId="account-type-error" /> : null}
      {severalChains ? (
        <button type="button" className="gw-button" data-testid="account-switch-chain" onClick={() => modal.push('SwitchActiveChain')}>
          {t('Switch chain')}
        </button>
      ) : null}
      {listsWallets ? (
        <button type="button" className="gw-button" data-testid="account-wallets" onClick={() => modal.push('ProfileWallets')}>
          {t('Wallets')}
        </button>
      ) : null}
      {signedIn && caipAddress && hostedSessions ? (
        <button type="button" className="gw-button" data-testid="account-sessions" onClick={() => modal.push('SiwxSessions')}>
          <span>{t('Signed in')}</span>
          <span className="gw-badge">{t('Sessions')}</span>
        </button>
      ) : signedIn && caipAddress ? (
        <button type="button" className="gw-button" aria-label={t('Sign out')} data-testid="account-sign-out" onClick={() => modal.dispatch(siwxSessionsCleared({ caipAddress }))}>
          <span>{t('Signed in')}</span>
          <span className="gw-badge">{t('Sign out')}</span>
        </button>
      ) : null}
      {permissions && namespace === 'eip155' ? (
        <button type="button" className="gw-button" data-testid="account-permissions" onClick={() => modal.push('Permissions')}>
          <span>{t('Permissions')}</span>
          <span className="gw-badge" data-testid="account-permissions-count">
            {t('{count} active', { count: permissions.active })}
          </span>
        </button>
      ) : null}
      <button
        type="button"
        className="gw-button"
        data-destructive="true"
        data-testid="account-disconnect"
        onClick={() => modal.dispatch(disconnectRequested({ namespace }))}
      >
        {t('Disconnect')}
      </button>
      {disconnectError ? <ErrorMessage error={disconnectError} testId="account-disconnect-error" /> : null}
      <Suspense fallback={<div className="gw-tabs-placeholder" aria-busy="true" />}>
        <AccountTabs modal={modal} />
      </Suspense>
    </div>
  )
}
