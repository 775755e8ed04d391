import type { SerializedError } from '../../core/errors/base.js'
import { useI18n } from '../i18n/i18n.js'

/** What the visitor is told when a failure's own text is not one of the spec's messages (spec §8). */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong'

/**
 * The spec's messages (§5, §6, §8) a view may show as they are. Optimization: one string split
 * at start, which ships smaller than an array literal of the same messages.
 *
 * Each is English source text for `t` (shown through `ErrorMessage`, the banner and the request
 * toast), so each has a translation in the shell catalogues; the catalogue test reads this set.
 */
export const SPEC_MESSAGES: ReadonlySet<string> = new Set(
  (
    'Network Not Found|Invalid App Configuration|Network Error - Could not load embedded wallet|' +
    'Embedded Wallet Request Timed Out|Session Expired|Invalid Project ID|Project ID Not Configured|' +
    'Server Error|Rate Limited|Multi-Wallet Not Enabled|Token Balance Unavailable|' +
    'Network not supported for Gas Price|Network not supported for Swaps|Connection rejected|' +
    'Failed to connect|Failed to connect to farcaster|Failed to initiate social connection|' +
    'Popup closed|Modal closed|Failed to disconnect|' +
    'A problem occurred while trying initialize authentication|Error signing message|' +
    'Failed to fetch transactions|SIWX is not enabled|No ActiveCaipAddress found|' +
    'No ActiveCaipNetwork or client found|No ConnectionController client found|' +
    'Unable to load email login dependency|Request was aborted|Something went wrong|' +
    'An error occurred|Chain is not supported|Failed to disconnect chains|Unsupported chain|' +
    'Network not found|Address or auth connector not found|Chain adapter not found|' +
    'WalletConnectConnector not found|The connector does not support any of the requested chains|' +
    'Unsupported chain namespace|Error resolving name|Error fetching name suggestions|' +
    'Error fetching names for address|User rejected the request|Requested RPC call is not allowed|' +
    'Action not allowed|An amount and receiver address are required|A token is required|' +
    'Invalid CAIP-10 address|Invalid CAIP-2 network id|Invalid chainId|No auth connector found|' +
    'Not connected to email or social|' +
    // The send form's own checks: nothing is rounded, nothing above the balance reaches the wallet.
    'Invalid receiver address|Invalid amount|Fee unavailable|' +
    // The embedded wallet service's answers to an e-mail login.
    'Invalid email|Invalid code|Code expired|Too many attempts, request a new code|Device approval timed out|' +
    // A wallet without session permissions (ERC-7715, 4200 to its methods).
    'This wallet cannot grant permissions|This wallet cannot revoke permissions'
  ).split('|'),
)

/** The spec's messages with a value in them (shown in English: their values are not translated). */
const SPEC_TEMPLATES = [
  /^No connector found for connection: .+$/,
  /^Invalid connection status: .+$/,
  /^Please try again after \d+ seconds$/,
  /^Error registering name .+$/,
  /^\S+ has at most \d+ decimals$/,
  /^Insufficient \S+ balance$/,
  // A swap the router refused (executeSwap's SWAP_SLIPPAGE_MESSAGE).
  /^The price moved more than the [\d.]+ % slippage allowed: nothing was swapped$/,
]

type ShownError = Pick<SerializedError, 'shortMessage'> & { details?: string | undefined }

/**
 * The text a view shows for a failure: its own message when that is one of the spec's,
 * 'Something went wrong' for anything else (a wallet's 'Internal error', a failed module load).
 *
 * @example
 * userMessage({ shortMessage: 'Connection rejected' }) // 'Connection rejected'
 * userMessage({ shortMessage: 'Internal error' }) // 'Something went wrong'
 */
export function userMessage(error: ShownError | null | undefined): string {
  const text = error?.shortMessage
  if (text && (SPEC_MESSAGES.has(text) || SPEC_TEMPLATES.some((t) => t.test(text)))) return text
  return GENERIC_ERROR_MESSAGE
}

/** The technical reason behind a failure, for the details only. */
function technicalText(error: ShownError): string {
  const message = userMessage(error)
  const parts = [error.shortMessage === message ? '' : error.shortMessage, error.details ?? ''].map((p) => p.trim()).filter((p) => p && p !== message)
  return [...new Set(parts)].join(': ')
}

/**
 * A failure as the visitor sees it: the spec's message, and the technical reason (if any) folded
 * away in a details element, never as the main text.
 */
export function ErrorMessage({ error, testId, className = 'gw-error-text' }: { error: ShownError; testId?: string; className?: string }) {
  const { t } = useI18n()
  const details = technicalText(error)
  return (
    <div className="gw-error" role="alert">
      <p className={className} data-testid={testId}>
        {t(userMessage(error))}
      </p>
      {details ? (
        <details className="gw-error-details gw-muted" data-testid={testId ? `${testId}-details` : undefined}>
          <summary>{t('Details')}</summary>
          <span>{details}</span>
        </details>
      ) : null}
    </div>
  )
}
