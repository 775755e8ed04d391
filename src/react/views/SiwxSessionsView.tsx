import { useEffect } from 'react'
import { newRequestId } from '../../core/events/newRequestId.js'
import { siwxRevokeRequested, siwxSessionsRequested } from '../../core/events/siwx.js'
import { relativeTime } from '../../core/domain/format.js'
import { hostedId } from '../../core/reducers/siwxReducer.js'
import { selectCaipAddress } from '../../core/selectors.js'
import { ErrorMessage } from '../components/ErrorMessage.js'
import { useActiveWallet } from '../components/activeWallet.js'
import { useModalState } from '../useModalState.js'
import type { ViewProps } from './viewProps.js'

const DATE = typeof Intl === 'undefined' ? null : new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
const formatDate = (iso: string) => (DATE ? DATE.format(new Date(iso)) : iso)

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
  const thisPage = useModalState((s) => (caipAddress ? hostedId(s.siwx.sessions[caipAddress]) : null))
  const request = () => {
    if (caipAddress) modal.dispatch(siwxSessionsRequested({ caipAddress }, { requestId: newRequestId() }))
  }
  useEffect(request, [caipAddress])
  if (!caipAddress) return <p className="gw-empty">Not connected.</p>

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
                        This page
                      </span>
                    ) : null}
                  </span>
                  <span className="gw-muted">
                    {networkName(session.chainId)} · signed in {relativeTime(now, Date.parse(session.issuedAt))} ago
                  </span>
                  {session.expirationTime ? <span className="gw-muted">Expires {formatDate(session.expirationTime)}</span> : null}
                  {revoking ? (
                    <span className="gw-muted" aria-live="polite" data-testid="siwx-session-approve">
                      Approve in {wallet.name}
                    </span>
                  ) : null}
                  {failed ? <ErrorMessage error={failed} testId="siwx-session-error" /> : null}
                </div>
                <button
                  type="button"
                  className="gw-button gw-button-inline"
                  data-destructive="true"
                  data-testid="siwx-session-revoke"
                  aria-label={`Revoke the session of ${session.domain}`}
                  disabled={revoke?.status === 'revoking'}
                  onClick={() => modal.dispatch(siwxRevokeRequested({ caipAddress, id: session.id }, { requestId: newRequestId() }))}
                >
                  {revoking ? 'Revoking…' : 'Revoke'}
                </button>
              </li>
            )
          })}
        </ul>
      ) : null}
      {ours?.status === 'loaded' && sessions.length === 0 ? <p className="gw-muted gw-sessions-note" data-testid="siwx-sessions-empty">No sessions.</p> : null}
      {loading && sessions.length === 0 ? <p className="gw-muted gw-sessions-note">Loading sessions…</p> : null}
      {ours?.status === 'failed' && ours.error ? (
        <div className="gw-sessions-note">
          <ErrorMessage error={ours.error} testId="siwx-sessions-error" />
          <button type="button" className="gw-button" data-testid="siwx-sessions-retry" onClick={request}>
            Try again
          </button>
        </div>
      ) : null}
    </div>
  )
}
