import { useEffect, useMemo } from 'react'
import { siwxRevokeRequested, siwxSessionsRequested } from '../../../core/events/siwx/siwx.js'
import { relativeTime } from '../../../core/domain/format.js'
import { hostedId } from '../../../core/reducers/siwx/siwxReducer.js'
import { selectCaipAddress } from '../../../core/selectors.js'
import { ErrorMessage } from '../../components/ErrorMessage.js'
import { useActiveWallet } from '../../components/activeWallet.js'
import { useI18n, type Language } from '../../i18n/i18n.js'
import { useModalState } from '../../useModalState.js'
import type { ViewProps } from '../viewProps.js'

/** relativeTime's units, as Intl names them. */
const UNITS: Readonly<Record<string, string>> = { sec: 'second', min: 'minute', hr: 'hour', d: 'day', mo: 'month', yr: 'year' }

/** How long ago `then` was: relativeTime's words in English ('5 min'), Intl's unit in the locale otherwise ('5 minutos'). */
function elapsed(now: number, then: number, language: Language, locale: string): string {
  const english = relativeTime(now, then)
  if (language === 'en') return english
  const [count, unit] = english.split(' ')
  const intlUnit = UNITS[unit ?? '']
  return intlUnit ? new Intl.NumberFormat(locale, { style: 'unit', unit: intlUnit, unitDisplay: 'long' }).format(Number(count)) : english
}

/**
 * Sessions: the address's sign-in sessions in the hosted session store (newest first), this
 * page's marked, each revocable. Revoking asks the wallet to sign the revocation; revoking this
 * page's session signs the page out.
 */
export function SiwxSessionsView({ modal }: ViewProps) {
  const caipAddress = useModalState(selectCaipAddress)
  const list = useModalState((s) => s.siwxSessions)
  const networks = useModalState((s) => s.settings.networks)
  const wallet = useActiveWallet()
  const { t, language, locale } = useI18n()
  const date = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }), [locale])
  const thisPage = useModalState((s) => (caipAddress ? hostedId(s.siwx.sessions[caipAddress]) : null))
  const request = () => {
    if (caipAddress) modal.dispatch(siwxSessionsRequested({ caipAddress }))
  }
  useEffect(request, [caipAddress])
  if (!caipAddress) return <p className="gw-empty">{t('Not connected.')}</p>

  const ours = list.caipAddress === caipAddress ? list : null
  const sessions = ours?.sessions ?? []
  const loading = !ours || ours.status === 'loading' || ours.status === 'idle'
  const revoke = ours?.revoke ?? null
  const now = Date.now()
  const networkName = (chainId: string) => networks?.find((n) => n.caipNetworkId === chainId)?.name ?? chainId

  return (
    <div data-testid="view-siwx-sessions" aria-busy={loading}>
      {sessions.length > 0 ? (
        <ul className="gw-list">
          {sessions.map((session) => {
            const revoking = revoke?.id === session.id && revoke.status === 'revoking'
            const failed = revoke?.id === session.id && revoke.status === 'failed' ? revoke.error : null
            return (
              <li key={session.id} className="gw-row gw-session" data-testid="siwx-session" data-session-id={session.id}>
                <div className="gw-row-main">
                  <span>
                    <strong>{session.domain}</strong>
                    {session.id === thisPage ? (
                      <span className="gw-badge" data-testid="siwx-session-current">
                        {t('This page')}
                      </span>
                    ) : null}
                  </span>
                  <span className="gw-muted">
                    {networkName(session.chainId)} · {t('signed in {time} ago', { time: elapsed(now, Date.parse(session.issuedAt), language, locale) })}
                  </span>
                  {session.expirationTime ? <span className="gw-muted">{t('Expires {date}', { date: date.format(new Date(session.expirationTime)) })}</span> : null}
                  {revoking ? (
                    <span className="gw-muted" aria-live="polite" data-testid="siwx-session-approve">
                      {t('Approve in {wallet}', { wallet: wallet.name })}
                    </span>
                  ) : null}
                  {failed ? <ErrorMessage error={failed} testId="siwx-session-error" /> : null}
                </div>
                <button
                  type="button"
                  className="gw-button gw-button-inline"
                  data-destructive="true"
                  data-testid="siwx-session-revoke"
                  aria-label={t('Revoke the session of {domain}', { domain: session.domain })}
                  disabled={revoke?.status === 'revoking'}
                  onClick={() => modal.dispatch(siwxRevokeRequested({ caipAddress, id: session.id }))}
                >
                  {revoking ? t('Revoking…') : t('Revoke')}
                </button>
              </li>
            )
          })}
        </ul>
      ) : null}
      {ours?.status === 'loaded' && sessions.length === 0 ? <p className="gw-muted gw-sessions-note" data-testid="siwx-sessions-empty">{t('No sessions.')}</p> : null}
      {loading && sessions.length === 0 ? <p className="gw-muted gw-sessions-note">{t('Loading sessions…')}</p> : null}
      {ours?.status === 'failed' && ours.error ? (
        <div className="gw-sessions-note">
          <ErrorMessage error={ours.error} testId="siwx-sessions-error" />
          <button type="button" className="gw-button" data-testid="siwx-sessions-retry" onClick={request}>
            {t('Try again')}
          </button>
        </div>
      ) : null}
    </div>
  )
}
