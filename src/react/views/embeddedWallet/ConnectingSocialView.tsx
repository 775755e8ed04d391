import { useEffect } from 'react'
import { socialLoginFailed, socialLoginResultReceived } from '../../../core/events/embeddedWallet/embeddedWallet.js'
import { serializeError, GangwayError } from '../../../core/errors/base.js'
import { ErrorMessage } from '../../components/ErrorMessage.js'
import { EmbeddedWalletMissing, useHasEmbeddedWallet } from '../../components/embeddedWallet.js'
import { openSocialPopup, socialName, socialPopup, startSocialLogin } from '../../components/socialLogins.js'
import { useI18n } from '../../i18n/i18n.js'
import { useModalState } from '../../useModalState.js'
import type { ViewProps } from '../viewProps.js'
import { WalletIcon } from '../WalletIcon.js'

/** How often the popup is checked for having been closed (spec §9: 1 s). */
export const SOCIAL_POPUP_POLL_MS = 1_000

/** What the sign-in page posts back to the opener when the provider is done. */
type SocialResult = { type: 'gangway:social-result'; resultUri?: unknown; error?: unknown }

/**
 * ConnectingSocial: the social provider's sign-in in a 600 × 800 popup, its result back by a
 * message from the wallet service's origin, then the embedded wallet connects. Closing the
 * popup fails with 'Popup closed'; a blocked popup gets a button that opens it.
 */
export function ConnectingSocialView({ modal }: ViewProps) {
  const { t } = useI18n()
  const login = useModalState((s) => s.socialLogin)
  const name = socialName(login.provider ?? '')
  const requestId = login.requestId ?? undefined
  const configured = useHasEmbeddedWallet()

  // The provider's page goes into the popup opened by the click.
  useEffect(() => {
    if (login.step !== 'waiting' || !login.uri) return
    const popup = socialPopup.current
    if (popup && !popup.closed) popup.location.href = login.uri
  }, [login.step, login.uri])

  // The result comes back by a message from the wallet service's origin; the popup is polled
  // for being closed before that.
  useEffect(() => {
    if (login.step !== 'waiting' || !login.uri) return
    const origin = new URL(login.uri).origin
    const meta = { requestId }
    const onMessage = (event: MessageEvent) => {
      const data = event.data as SocialResult | null
      if (event.origin !== origin || typeof data !== 'object' || data === null || data.type !== 'gangway:social-result') return
      if (typeof data.resultUri === 'string') modal.dispatch(socialLoginResultReceived({ resultUri: data.resultUri }, meta))
      else modal.dispatch(socialLoginFailed({ error: serializeError(new GangwayError(typeof data.error === 'string' ? data.error : 'Failed to initiate social connection')) }, meta))
      socialPopup.current?.close()
    }
    window.addEventListener('message', onMessage)
    // The popup posts its result, then closes itself; the page may see it closed before the
    // message arrives (they come over separate channels from another process), so the popup
    // counts as closed by the visitor only once it is still closed at the next poll.
    let closedAtLastPoll = false
    const poll = setInterval(() => {
      const popup = socialPopup.current
      const closed = popup !== null && popup.closed
      if (closed && closedAtLastPoll) modal.dispatch(socialLoginFailed({ error: serializeError(new GangwayError('Popup closed')) }, meta))
      closedAtLastPoll = closed
    }, SOCIAL_POPUP_POLL_MS)
    return () => {
      window.removeEventListener('message', onMessage)
      clearInterval(poll)
    }
  }, [login.step, login.uri, modal, requestId])

  // Leaving the view (Back, close) closes the popup; a remount of the same view does not.
  useEffect(
    () => () => {
      setTimeout(() => {
        const s = modal.getState()
        if (!s.modal.open || s.router.view !== 'ConnectingSocial') socialPopup.current?.close()
      }, 0)
    },
    [modal],
  )

  if (!configured) return <EmbeddedWalletMissing message="Unable to load email login dependency" />
  const blocked = login.step === 'waiting' && (!socialPopup.current || socialPopup.current.closed)
  return (
    <div className="gw-connecting" data-testid="view-connecting-social" data-step={login.step}>
      <span className="gw-progress-ring" data-active={login.step !== 'failed'}>
        <WalletIcon name={name} />
      </span>
      <p className="gw-connecting-title">{t('Continue with {provider}', { provider: name })}</p>
      <p className="gw-muted" aria-live="polite" data-testid="social-status">
        {login.step === 'connecting' ? t('Connecting…') : login.step === 'failed' ? '' : t('Sign in in the {provider} window.', { provider: name })}
      </p>
      {login.error ? <ErrorMessage error={login.error} testId="social-error" /> : null}
      {login.step === 'failed' ? (
        <button type="button" className="gw-button" data-primary="true" data-autofocus="true" data-testid="social-retry" onClick={() => startSocialLogin(modal, login.provider ?? '')}>
          {t('Try again')}
        </button>
      ) : blocked && login.uri ? (
        <button type="button" className="gw-button" data-primary="true" data-testid="social-open" onClick={() => openSocialPopup(login.uri!)}>
          {t('Open the {provider} window', { provider: name })}
        </button>
      ) : null}
    </div>
  )
}
