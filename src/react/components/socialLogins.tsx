import { lazy, Suspense } from 'react'
import { socialsForPlatform } from '../../core/domain/socials.js'
import { socialLoginRequested } from '../../core/events/embeddedWallet/embeddedWallet.js'
import type { Modal } from '../../createModal.js'
import type { ModalState } from '../../core/state.js'
import { useI18n } from '../i18n/i18n.js'
import { useModalState } from '../useModalState.js'

/** The providers' own names (not translated). */
const NAMES: Record<string, string> = {
  google: 'Google',
  x: 'X',
  discord: 'Discord',
  farcaster: 'Farcaster',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
}

/** A social provider's name as shown. */
export const socialName = (provider: string): string => NAMES[provider] ?? provider

/** The popup a social login runs in (spec §9: 600 × 800), opened by the visitor's click. */
export const SOCIAL_POPUP = { width: 600, height: 800, name: 'gangway-social-login' } as const

/** The popup of the social login under way, if one is open. */
export const socialPopup: { current: Window | null } = { current: null }

/**
 * Opens the social login popup, empty: it must open in the visitor's click (browsers block
 * popups opened later); the provider's address is set once the embedded wallet gives it.
 */
export function openSocialPopup(url = 'about:blank'): Window | null {
  if (typeof window === 'undefined') return null
  const left = Math.max(0, (window.screenX ?? 0) + ((window.outerWidth ?? SOCIAL_POPUP.width) - SOCIAL_POPUP.width) / 2)
  const top = Math.max(0, (window.screenY ?? 0) + ((window.outerHeight ?? SOCIAL_POPUP.height) - SOCIAL_POPUP.height) / 2)
  const features = `popup=yes,width=${SOCIAL_POPUP.width},height=${SOCIAL_POPUP.height},left=${Math.round(left)},top=${Math.round(top)}`
  socialPopup.current = window.open(url, SOCIAL_POPUP.name, features)
  return socialPopup.current
}

/** Starts a social login (Farcaster: its QR code view; others: the popup and ConnectingSocial). */
export function startSocialLogin(modal: Modal, provider: string): void {
  if (provider !== 'farcaster') openSocialPopup()
  modal.dispatch(socialLoginRequested({ provider }))
  const view = provider === 'farcaster' ? 'ConnectingFarcaster' : 'ConnectingSocial'
  if (modal.getState().router.view !== view) modal.push(view)
}

/** The social logins the project offers (spec §1), in its order, as offered on this platform. */
const offeredSocials = (offered: ModalState['features']['socials'], miniApp: ModalState['settings']['miniApp']): string[] =>
  Array.isArray(offered) ? socialsForPlatform(offered, miniApp) : []

/** Whether Connect offers a social login (the embedded wallet's connector aside). */
export const selectOffersSocialLogin = (s: ModalState): boolean => offeredSocials(s.features.socials, s.settings.miniApp).length > 0

// The marks are a chunk of their own, asked for when the buttons first render: hosts without
// social logins never load them.
const SocialLogo = lazy(() => import('./socialLogos.js'))

/** The provider's initial in a tile: for a provider without a mark, and while the marks load. */
function Initial({ provider }: { provider: string }) {
  return (
    <span className="gw-social-mark" aria-hidden="true">
      {socialName(provider).slice(0, 1)}
    </span>
  )
}

/** Connect's social logins: the project's providers (spec §1), in its order, as offered on this platform. */
export function SocialButtons({ modal }: { modal: Modal }) {
  const { t } = useI18n()
  const offered = useModalState((s) => s.features.socials)
  const miniApp = useModalState((s) => s.settings.miniApp)
  const socials = offeredSocials(offered, miniApp)
  if (socials.length === 0) return null
  return (
    <ul className="gw-socials" aria-label={t('Social logins')} data-testid="socials">
      {socials.map((provider) => (
        <li key={provider}>
          <button
            type="button"
            className="gw-button gw-social"
            aria-label={t('Continue with {provider}', { provider: socialName(provider) })}
            title={socialName(provider)}
            data-testid={`social-${provider}`}
            onClick={() => startSocialLogin(modal, provider)}
          >
            {provider in NAMES ? (
              <Suspense fallback={<Initial provider={provider} />}>
                <SocialLogo provider={provider} />
              </Suspense>
            ) : (
              <Initial provider={provider} />
            )}
            <span className="gw-social-name">{socialName(provider)}</span>
          </button>
        </li>
      ))}
    </ul>
  )
}
