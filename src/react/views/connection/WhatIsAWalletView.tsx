import { useI18n } from '../../i18n/i18n.js'
import type { ViewProps } from '../viewProps.js'

/** The pictures of the three points (inline SVG paths, 20 × 20). */
const PICTURES = ['M3 8.5 10 3l7 5.5V17H3z M8 17v-5h4v5', 'M6 9V6.5a4 4 0 0 1 8 0V9 M4.5 9h11v8h-11z', 'M3 7h14 M3 13h14 M13 4l4 3-4 3 M7 10l-4 3 4 3'] as const

/**
 * "New to wallets?" (linked from Connect): what a wallet is, in three points, then Get a wallet
 * (the GetWallet view); Back returns to connecting one.
 */
export function WhatIsAWalletView({ modal }: ViewProps) {
  const { t } = useI18n()
  const points = [
    [t('Your digital home'), t('A wallet holds your tokens, collectibles and names, and only you can move them.')],
    [t('Sign in without passwords'), t('Apps ask your wallet to approve, instead of creating an account and a password.')],
    [t('Send, receive and swap'), t('Move tokens to anyone, anywhere, in moments; the network records it for good.')],
  ] as const
  return (
    <div className="gw-send gw-onboarding" data-testid="view-what-is-a-wallet">
      <ul className="gw-onboarding-points">
        {points.map(([title, text], i) => (
          <li key={i}>
            <svg width="24" height="24" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
              <path d={PICTURES[i]} />
            </svg>
            <span className="gw-row-main">
              <strong>{title}</strong>
              <span className="gw-muted">{text}</span>
            </span>
          </li>
        ))}
      </ul>
      <button type="button" className="gw-button" data-primary="true" data-autofocus="true" data-testid="get-a-wallet" onClick={() => modal.push('GetWallet')}>
        {t('Get a wallet')}
      </button>
    </div>
  )
}
