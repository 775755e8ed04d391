import { truncateAddress } from '../../../core/domain/format.js'
import type { PermissionRequest, PermissionToken } from '../../../core/domain/permissions/permissionRequests.js'
import { permissionsReviewApproved, permissionsReviewCancelled } from '../../../core/events/permissions/permissions.js'
import { sliceOf } from '../../../core/selectors.js'
import { ErrorMessage } from '../../components/ErrorMessage.js'
import { useActiveWallet } from '../../components/activeWallet.js'
import { useI18n } from '../../i18n/i18n.js'
import { useModalState } from '../../useModalState.js'
import type { ViewProps } from '../viewProps.js'
import { WalletIcon } from '../WalletIcon.js'
import { dateText, termsText } from './permissionText.js'

/** A wallet that cannot grant permissions at all: trying again would only fail again. */
const UNRETRIABLE = new Set(['WALLET_PERMISSIONS_UNSUPPORTED'])

/** One requested permission: what, to whom, on which network, from when until when, why, from which account. */
function RequestedPermission({ request, token, index }: { request: PermissionRequest; token: PermissionToken; index: number }) {
  const { t, locale } = useI18n()
  const chainId = Number(request.chainId)
  const network = useModalState((s) => s.settings.networks?.find((n) => n.caipNetworkId === `eip155:${chainId}`)?.name ?? `eip155:${chainId}`)
  const { data, type } = request.permission
  const terms = {
    type,
    amount: BigInt(data.periodAmount ?? data.allowanceAmount ?? '0x0').toString(),
    period: data.periodDuration ?? null,
    tokenAddress: data.tokenAddress ?? null,
    symbol: token.symbol,
    decimals: token.decimals,
  }
  const expiry = request.rules?.find((r) => r.type === 'expiry')?.data.timestamp
  return (
    <section className="gw-permission" data-testid="permission-request" data-index={index}>
      <p className="gw-connecting-title" data-testid="permission-terms">
        {termsText(terms, t, locale)}
      </p>
      <dl className="gw-summary">
        <dt>{t('To')}</dt>
        <dd className="gw-mono" title={request.to} data-testid="permission-to">
          {truncateAddress(request.to)}
        </dd>
        <dt>{t('Network')}</dt>
        <dd data-testid="permission-network">{network}</dd>
        <dt>{t('Starts')}</dt>
        <dd data-testid="permission-start">{data.startTime !== undefined ? dateText(data.startTime, locale) : t('Now')}</dd>
        <dt>{t('Ends')}</dt>
        <dd data-testid="permission-expiry">{expiry !== undefined ? dateText(expiry, locale) : t('No end date')}</dd>
        {data.justification ? (
          <>
            <dt>{t('Reason')}</dt>
            <dd data-testid="permission-justification">{data.justification}</dd>
          </>
        ) : null}
        {request.from ? (
          <>
            <dt>{t('Account')}</dt>
            <dd className="gw-mono" title={request.from} data-testid="permission-account">
              {truncateAddress(request.from)}
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  )
}

/**
 * ReviewPermissions: what a host asks for (ERC-7715 session permissions), before the wallet is
 * asked: what may be spent, by which session account, from when until when, and the host's
 * reason. "Approve in wallet" asks the wallet, which shows its own prompt (the view waits with
 * "Approve in your wallet"); Cancel refuses without asking it. A granted request shows so
 * briefly, then the modal goes back to where it was; the wallet's refusal shows with a retry.
 */
export function ReviewPermissionsView({ modal }: ViewProps) {
  const request = useModalState((s) => sliceOf(s, 'permissions').request)
  const wallet = useActiveWallet()
  const { t } = useI18n()
  if (!request || request.status === 'cancelled') {
    return (
      <p className="gw-empty" data-testid="view-review-permissions">
        {t('Nothing to review.')}
      </p>
    )
  }
  const meta = { requestId: request.requestId ?? undefined }
  const approving = request.status === 'approving'
  const retriable = !request.error?.kind || !UNRETRIABLE.has(request.error.kind)
  const domain = typeof location === 'undefined' ? '' : location.host
  return (
    <div className="gw-connecting gw-review-permissions" data-testid="view-review-permissions" data-status={request.status} aria-busy={approving}>
      <span className="gw-progress-ring" data-active={approving} data-testid="permissions-progress">
        <WalletIcon name={wallet.name} imageUrl={wallet.imageUrl} />
      </span>
      {request.status === 'granted' ? (
        <p className="gw-connecting-title" aria-live="polite" data-testid="permissions-granted">
          {request.granted.length > 1 ? t('Permissions granted') : t('Permission granted')}
        </p>
      ) : (
        <>
          <p className="gw-muted">{domain ? t('{domain} asks for permission to spend from your account', { domain }) : t('This app asks for permission to spend from your account')}</p>
          {request.requests.map((r, i) => (
            <RequestedPermission key={i} request={r} token={request.tokens[i] ?? { symbol: null, decimals: null }} index={i} />
          ))}
          {approving ? (
            <p className="gw-muted" aria-live="polite" data-testid="permissions-waiting">
              {t('Approve in your wallet')}
            </p>
          ) : null}
          {request.status === 'failed' && request.error ? <ErrorMessage error={request.error} testId="permissions-error" /> : null}
          <div className="gw-account-actions">
            <button type="button" className="gw-button" data-testid="permissions-cancel" disabled={approving} onClick={() => modal.dispatch(permissionsReviewCancelled({}, meta))}>
              {t('Cancel')}
            </button>
            {retriable ? (
              <button
                type="button"
                className="gw-button"
                data-primary="true"
                data-autofocus="true"
                data-testid="permissions-approve"
                disabled={approving}
                onClick={() => modal.dispatch(permissionsReviewApproved({}, meta))}
              >
                {request.status === 'failed' ? t('Try again') : t('Approve in wallet')}
              </button>
            ) : null}
          </div>
        </>
      )}
    </div>
  )
}
