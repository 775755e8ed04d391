import { useEffect, useRef, useState, useSyncExternalStore, type CSSProperties, type ReactNode } from 'react'
import { formatAmount, truncateAddress } from '../core/domain/format.js'
import { selectAccountBalance, type AccountBalance } from '../core/reducers/data/dataSelectors.js'
import type { ModalState } from '../core/state.js'
import { networkHue, networkImageUrl, networkInitials } from './components/NetworkIcon.js'
import { CONNECT_BUTTON_CSS } from './connectButtonCss.js'
import { i18nFor, languageOf, loadCatalogue, loadedCatalogue, useResolvedLocale, type I18n } from './i18n/i18n.js'
import { useGangwayAccount, type GangwayAccount } from './hooks/useGangwayAccount.js'
import { useGangwayNetwork } from './hooks/useGangwayNetwork.js'
import { useGangwayThemeVariables } from './hooks/useGangwayThemeVariables.js'
import { useModal } from './ModalContext.js'
import { useModalState } from './useModalState.js'
import { useStyleSheet } from './useStyleSheet.js'

/** The connected account as ConnectButton.Custom gives it. */
export type ConnectButtonAccount = Omit<GangwayAccount, 'address'> & {
  address: string
  /** The address shortened for display (`0xd8…A96045`). */
  displayName: string
  /** The native balance for display (`1.234 ETH`, 3 decimals, truncated), once known. */
  displayBalance: string | undefined
}

/** The active network as ConnectButton.Custom gives it. */
export type ConnectButtonChain = {
  id: number | string
  /** The host's name for it, else its CAIP-2 id. */
  name: string
  caipNetworkId: string
  iconUrl: string | undefined
  /** The spec's unsupported-chain rule holds: show it as a wrong network. */
  unsupported: boolean
}

export type ConnectButtonRenderProps = {
  /** The connected account; undefined when not connected. */
  account: ConnectButtonAccount | undefined
  /** The active network while connected; undefined when not connected. */
  chain: ConnectButtonChain | undefined
  openConnectModal(): void
  openAccountModal(): void
  /** Opens the network list (the UnsupportedChain view on a wrong network). */
  openChainModal(): void
  /**
   * False on the server and in the first render of hydration, true after: render nothing that
   * depends on the visitor's wallet until then, so the server's HTML and hydration match.
   */
  mounted: boolean
}

export type ConnectButtonProps = {
  /** The text of the button while not connected (default 'Connect Wallet', in the modal's language). */
  label?: string
  /** How the account shows: avatar and address, one of them, or not at all (default 'full'). */
  accountStatus?: 'full' | 'avatar' | 'address' | 'none'
  /** How the network shows: icon and name, one of them, or not at all (default 'full'). */
  chainStatus?: 'full' | 'icon' | 'name' | 'none'
  /** Show the native balance in the account button (default true). */
  showBalance?: boolean
  /**
   * The nonce of the page's Content-Security-Policy for the `<style>` in the server's HTML (and
   * in browsers without constructable stylesheets); default: the modal's `cspNonce` option.
   * A server component can pass its request's nonce here while the modal is made once per module.
   */
  nonce?: string | undefined
}

const subscribeNothing = () => () => undefined

/** True once the component runs in the browser after hydration; false on the server and while hydrating. */
function useMounted(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  )
}

const sameBalance = (a: AccountBalance | null, b: AccountBalance | null) =>
  a === b || (!!a && !!b && a.balance === b.balance && a.symbol === b.symbol)
const selectBalance = (state: ModalState) => selectAccountBalance(state)
const selectThemeMode = (state: ModalState) => state.preferences.themeMode
const selectLocale = (state: ModalState) => state.preferences.locale

/**
 * The modal's language for the button, which renders outside the modal's own language context:
 * English until the language's catalogue has loaded (and for good if it cannot load), and until
 * hydrated, as the server (which has no catalogue loaded) rendered it.
 */
function useButtonTranslate(mounted: boolean): I18n['t'] {
  const locale = useResolvedLocale(useModalState(selectLocale))
  const language = languageOf(locale)
  const ready = loadedCatalogue(language) !== undefined
  const [, catalogueLoaded] = useState(0)
  useEffect(() => {
    if (!ready) loadCatalogue(language).then(() => catalogueLoaded((n) => n + 1), () => undefined)
  }, [language, ready])
  return i18nFor(mounted ? locale : 'en').t
}

/** What both ConnectButton and ConnectButton.Custom render from. */
function useConnectButtonState(): ConnectButtonRenderProps {
  const modal = useModal()
  const mounted = useMounted()
  const account = useGangwayAccount()
  const { network, isWrongNetwork } = useGangwayNetwork()
  const balance = useModalState(selectBalance, sameBalance)
  // As the modal writes amounts, in English until hydrated (the server rendered it so).
  const modalLocale = useModalState(selectLocale)
  const locale = i18nFor(mounted ? modalLocale : 'en').locale
  const connected = account.isConnected && account.address !== null
  const chain: ConnectButtonChain | undefined =
    connected && network
      ? {
          id: network.id,
          name: network.name ?? network.caipNetworkId,
          caipNetworkId: network.caipNetworkId,
          iconUrl: network.network ? networkImageUrl(network.network, modal) : undefined,
          unsupported: isWrongNetwork,
        }
      : undefined
  return {
    account:
      connected && account.address
        ? {
            ...account,
            address: account.address,
            displayName: truncateAddress(account.address),
            displayBalance: balance ? formatAmount(balance.balance, { locale, symbol: balance.symbol }) : undefined,
          }
        : undefined,
    chain,
    openConnectModal: () => modal.open(),
    openAccountModal: () => modal.open('Account'),
    openChainModal: () => modal.open(isWrongNetwork ? 'UnsupportedChain' : 'Networks'),
    mounted,
  }
}

/**
 * Renders `children` with the account, the network, the functions that open the modal and a
 * `mounted` flag: a connect button of the host's own design.
 *
 * @example
 * <ConnectButton.Custom>
 *   {({ account, openConnectModal, openAccountModal, mounted }) =>
 *     !mounted ? null : account ? <button onClick={openAccountModal}>{account.displayName}</button> : <button onClick={openConnectModal}>Connect</button>}
 * </ConnectButton.Custom>
 */
function ConnectButtonCustom({ children }: { children: (props: ConnectButtonRenderProps) => ReactNode }) {
  return <>{children(useConnectButtonState())}</>
}

/** A network's icon: its image, else its initials on a colour of its chain id. */
function ChainIcon({ chain }: { chain: ConnectButtonChain }) {
  const [failed, setFailed] = useState<string | null>(null)
  if (chain.iconUrl && failed !== chain.iconUrl) {
    return <img className="gw-cb-icon" src={chain.iconUrl} alt="" onError={() => setFailed(chain.iconUrl ?? null)} />
  }
  return (
    <span className="gw-cb-icon" aria-hidden="true" style={{ background: `hsl(${networkHue(chain.id)} 50% 30%)` }}>
      {chain.unsupported ? '!' : networkInitials(chain.name)}
    </span>
  )
}

/** An account's avatar: a colour drawn from its address. */
function Avatar({ address }: { address: string }) {
  const hue = networkHue(address.toLowerCase())
  return (
    <span
      className="gw-cb-icon"
      aria-hidden="true"
      style={{ background: `linear-gradient(135deg, hsl(${hue} 70% 55%), hsl(${(hue + 120) % 360} 70% 45%))` }}
    />
  )
}

function ConnectButtonBase({ label, accountStatus = 'full', chainStatus = 'full', showBalance = true, nonce }: ConnectButtonProps) {
  const { account, chain, openConnectModal, openAccountModal, openChainModal, mounted } = useConnectButtonState()
  const t = useButtonTranslate(mounted)
  const { variables } = useGangwayThemeVariables()
  const themeMode = useModalState(selectThemeMode)
  const modal = useModal()
  const rootRef = useRef<HTMLDivElement>(null)
  // Adopted by the document (or the host's shadow root the button is in); a <style> with the
  // nonce in the server's HTML, which hydration keeps until mounted.
  const stylesheet = useStyleSheet(CONNECT_BUTTON_CSS, { nonce: nonce ?? modal.options.cspNonce, anchor: rootRef })
  // The theme's variables only once mounted: set by React through the CSSOM then, which a strict
  // CSP allows, where a style attribute in the server's HTML is blocked and never set again.
  const style = mounted ? (variables as CSSProperties) : undefined
  let content: ReactNode
  if (!account) {
    content = (
      <button
        type="button"
        className="gw-cb-btn"
        data-primary=""
        data-testid="gw-connect-button-connect"
        // Hidden until hydrated, so out of the tab order too.
        tabIndex={mounted ? undefined : -1}
        onClick={openConnectModal}
      >
        {label ?? t('Connect Wallet')}
      </button>
    )
  } else {
    const showAccount = accountStatus !== 'none' || (showBalance && account.displayBalance !== undefined)
    content = (
      <>
        {chain && chainStatus !== 'none' ? (
          <button
            type="button"
            className="gw-cb-btn"
            data-wrong={chain.unsupported ? '' : undefined}
            data-testid="gw-connect-button-chain"
            aria-haspopup="dialog"
            onClick={openChainModal}
          >
            {chainStatus !== 'name' ? <ChainIcon chain={chain} /> : null}
            {/* Icon only: the name stays for screen readers. */}
            <span className={chainStatus === 'icon' ? 'gw-cb-sr' : undefined}>{chain.unsupported ? t('Wrong network') : chain.name}</span>
          </button>
        ) : null}
        {showAccount ? (
          <button type="button" className="gw-cb-btn" data-testid="gw-connect-button-account" aria-haspopup="dialog" onClick={openAccountModal}>
            {showBalance && account.displayBalance !== undefined ? <span className="gw-cb-muted">{account.displayBalance}</span> : null}
            {accountStatus === 'full' || accountStatus === 'avatar' ? <Avatar address={account.address} /> : null}
            <span className={accountStatus === 'full' || accountStatus === 'address' ? undefined : 'gw-cb-sr'} title={account.address}>
              {accountStatus === 'none' || accountStatus === 'avatar' ? t('Account {address}', { address: account.displayName }) : account.displayName}
            </span>
          </button>
        ) : null}
      </>
    )
  }
  return (
    <div
      ref={rootRef}
      className="gw-cb"
      data-theme={themeMode}
      data-mounted={mounted ? undefined : 'false'}
      aria-hidden={mounted ? undefined : true}
      style={style}
      data-testid="gw-connect-button"
    >
      {stylesheet}
      {content}
    </div>
  )
}

/**
 * The connect button: "Connect Wallet" opens the modal; once connected, the network (opens the
 * network list; 'Wrong network' on a network the app does not support) and the account with its
 * balance (opens Account). Styled with the theme's variables, scoped against the host's CSS.
 * `ConnectButton.Custom` gives the same data to a button of the host's own design.
 *
 * @example
 * <ModalProvider modal={modal}>
 *   <ConnectButton label="Sign in" chainStatus="icon" showBalance={false} />
 * </ModalProvider>
 */
export const ConnectButton = /* @__PURE__ */ Object.assign(ConnectButtonBase, { Custom: ConnectButtonCustom })
