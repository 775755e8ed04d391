import { truncateAddress } from '../../../core/domain/format.js'
import { permissionRevokeRequested } from '../../../core/events/permissions/permissions.js'
import type { PermissionGrant, PermissionStatus } from '../../../core/reducers/permissions/permissionsReducer.js'
import { selectAddress, sliceOf } from '../../../core/selectors.js'
import type { ModalState } from '../../../core/state.js'
import { ErrorMessage } from '../../components/ErrorMessage.js'
import { sameJson } from '../../hooks/sameJson.js'
import { useI18n, type I18n } from '../../i18n/i18n.js'
import { useModalState } from '../../useModalState.js'
import type { ViewProps } from '../viewProps.js'
import { dateText, termsText } from './permissionText.js'

const STATUS_TEXT: Record<PermissionStatus, (t: I18n['t']) => string> = {
  active: (t) => t('Active'),
  revoking: (t) => t('Revoking…'),
  revoked: (t) => t('Revoked'),
  expired: (t) => t('Expired'),
}

/** The connected account's grants, newest first. */
const selectAccountGrants = (s: ModalState): PermissionGrant[] => {
  const address = selectAddress(s)?.toLowerCase()
  const { order, grants } = sliceOf(s, 'permissions')
  return order
    .map((context) => grants[context]!)
    .filter((g) => g.account.toLowerCase() === address)
    .reverse()
}

/**
 * Permissions: the session permissions (ERC-7715) the connected account granted, newest first:
 * what each allows, to which session account, until when, and its status. Revoke asks the wallet
 * (its own prompt), then the permission shows as revoked; a refusal leaves it active and says why.
 */
export function PermissionsView({ modal }: ViewProps) {
  const grants = useModalState(selectAccountGrants, sameJson)
  const revokes = useModalState((s) => sliceOf(s, 'permissions').revokes, sameJson)
  const { t, locale } = useI18n()
  if (grants.length === 0) {
    return (
      <p className="gw-empty" data-testid="view-permissions">
        {t('No permissions.')}
      </p>
    )
  }
  return (
    <div data-testid="view-permissions">
      <ul className="gw-list">
        {grants.map((grant) => {
          const error = grant.status !== 'revoking' ? (revokes[grant.context]?.error ?? null) : null
          return (
            <li key={grant.context} className="gw-row gw-session" data-testid="permission" data-status={grant.status}>
              <div className="gw-row-main">
                <span>
                  <strong data-testid="permission-terms">{termsText(grant, t, locale)}</strong>{' '}
                  <span className="gw-badge" data-testid="permission-status">
                    {STATUS_TEXT[grant.status](t)}
                  </span>
                </span>
                <span className="gw-muted" title={grant.to}>
                  {t('To {address}', { address: truncateAddress(grant.to) })}
                </span>
                <span className="gw-muted" data-testid="permission-expiry">
                  {grant.expiry !== null ? t('Until {date}', { date: dateText(grant.expiry, locale) }) : t('No end date')}
                </span>
                {grant.status === 'revoking' ? (
                  <span className="gw-muted" aria-live="polite" data-testid="permission-revoke-waiting">
                    {t('Approve in your wallet')}
                  </span>
                ) : null}
                {error ? <ErrorMessage error={error} testId="permission-revoke-error" /> : null}
              </div>
              {grant.status === 'active' || grant.status === 'revoking' ? (
                <button
                  type="button"
                  className="gw-button gw-button-inline"
                  data-destructive="true"
                  data-testid="permission-revoke"
                  aria-label={t('Revoke the permission for {address}', { address: truncateAddress(grant.to) })}
                  disabled={grant.status === 'revoking'}
                  onClick={() => modal.dispatch(permissionRevokeRequested({ context: grant.context }))}
                >
                  {grant.status === 'revoking' ? t('Revoking…') : t('Revoke')}
                </button>
              ) : null}
            </li>
          )
        })}
      </ul>
    </div>
  )
}
