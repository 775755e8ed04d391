import { useEffect, useRef, useState } from 'react'
import { CloseIcon } from './icons.js'
import { truncateAddress } from '../../core/domain/format.js'
import { selectActiveNetwork, selectIsConnected } from '../../core/selectors.js'
import type { ModalState } from '../../core/state.js'
import { useI18n, type I18n } from '../i18n/i18n.js'
import { useModalState } from '../useModalState.js'
import { explorerLink } from '../views/explorerLink.js'
import { WalletIcon } from '../views/WalletIcon.js'
import { useActiveWallet } from './activeWallet.js'
import { userMessage } from './ErrorMessage.js'

/** How long a success stays on screen; a failure stays until dismissed or replaced. */
const SUCCESS_MS = 5000

type Notice = {
  key: string
  variant: 'loading' | 'success' | 'error'
  title: string
  text?: string | undefined
  hash?: string | undefined
}

type Translate = I18n['t']

/** What the latest signature request shows, or null. */
function signatureNotice(s: ModalState, wallet: string, t: Translate): Notice | null {
  const sig = s.account.signature
  if (!sig?.feedback) return null
  const key = `signature:${sig.requestId}:${sig.status}`
  if (sig.status === 'signing') return { key, variant: 'loading', title: t('Approve in {wallet}', { wallet }), text: t('Sign the request in your wallet.') }
  if (sig.status === 'signed') return { key, variant: 'success', title: t('Signed') }
  return { key, variant: 'error', title: t('Not signed'), text: t(userMessage(sig.error)) }
}

/** What the send in flight (or its result) shows, or null. */
function sendNotice(s: ModalState, wallet: string, t: Translate): Notice | null {
  const send = s.account.send
  if (!send.feedback) return null
  const key = `send:${send.requestId}:${send.status}`
  const hash = send.hash ?? undefined
  switch (send.status) {
    case 'sending':
      return { key, variant: 'loading', title: t('Approve in {wallet}', { wallet }), text: t('Confirm the transaction in your wallet.') }
    case 'pending':
      return { key, variant: 'loading', title: t('Transaction pending'), hash }
    case 'confirmed':
      return { key, variant: 'success', title: t('Transaction confirmed'), hash }
    case 'failed':
      return { key, variant: 'error', title: t('Transaction failed'), text: t(userMessage(send.error)), hash }
    default:
      return null
  }
}

/** What the latest batch of calls (EIP-5792) its host asked feedback for shows, or null. */
function callsNotice(s: ModalState, wallet: string, t: Translate): Notice | null {
  const calls = s.calls
  if (!calls) return null
  const send = calls.send
  if (send) {
    if (!send.feedback) return null
    const key = `calls:${send.requestId}:${send.status}`
    if (send.status === 'sending') return { key, variant: 'loading', title: t('Approve in {wallet}', { wallet }), text: t('Confirm the calls in your wallet.') }
    return { key, variant: 'error', title: t('Calls not sent'), text: t(userMessage(send.error)) }
  }
  const id = calls.order[calls.order.length - 1]
  const batch = id === undefined ? undefined : calls.batches[id]
  if (!batch?.feedback) return null
  const key = `calls:${batch.id}:${batch.status}`
  const hash = batch.receipts[batch.receipts.length - 1]?.transactionHash ?? batch.hashes?.[batch.hashes.length - 1]
  if (batch.status < 200) return { key, variant: 'loading', title: t('Calls pending'), hash }
  if (batch.status < 300) return { key, variant: 'success', title: t('Calls confirmed'), hash }
  if (batch.status >= 600) return { key, variant: 'error', title: t('Some calls failed'), hash }
  return { key, variant: 'error', title: t('Calls failed'), text: batch.atomic ? t('None of the calls took effect.') : undefined, hash }
}

/**
 * Feedback for a wallet request (sign a message or typed data, send, a batch of calls) that the visitor made in the
 * modal or whose host asked for it (`{ feedback: true }`): while the wallet asks, "approve in
 * your wallet" with its icon; then success, the pending transaction with its explorer link, or
 * the failure in the spec's words. Shown over the page whether or not the modal is open; the Send
 * view shows its own transaction, so its sends are not repeated here while it is on screen. A
 * host's request without it reports through its promise alone: the visitor asked for nothing.
 */
export function WalletRequestToast() {
  const { t } = useI18n()
  const wallet = useActiveWallet()
  // With no wallet connected no request reaches a wallet: what the host asked for fails through
  // its own promise, and the visitor, who asked for nothing, is shown nothing.
  const signature = useModalState((s) => (selectIsConnected(s) ? signatureNotice(s, wallet.name, t) : null), sameNotice)
  const send = useModalState((s) => (!selectIsConnected(s) || (s.modal.open && s.router.view === 'WalletSend') ? null : sendNotice(s, wallet.name, t)), sameNotice)
  const calls = useModalState((s) => (selectIsConnected(s, 'eip155') ? callsNotice(s, wallet.name, t) : null), sameNotice)
  const explorer = useModalState((s) => selectActiveNetwork(s)?.blockExplorers?.default?.url)
  // The request that changed last is the one shown (else the first of the others there is).
  const notices = { signature, send, calls }
  const latest = useRef<keyof typeof notices>('signature')
  const seen = useRef<Partial<Record<keyof typeof notices, string | undefined>>>({})
  for (const kind of ['signature', 'calls', 'send'] as const) {
    const n = notices[kind]
    if (n && n.key !== seen.current[kind]) latest.current = kind
  }
  seen.current = { signature: signature?.key, send: send?.key, calls: calls?.key }
  const notice = notices[latest.current] ?? signature ?? send ?? calls

  const [dismissed, setDismissed] = useState<string | null>(null)
  useEffect(() => {
    if (notice?.variant !== 'success') return
    const timer = setTimeout(() => setDismissed(notice.key), SUCCESS_MS)
    return () => clearTimeout(timer)
  }, [notice?.key])

  if (!notice || dismissed === notice.key) return null
  const link = notice.hash ? explorerLink(explorer, 'tx', notice.hash) : null
  return (
    <div className="gw-toast" role={notice.variant === 'error' ? 'alert' : 'status'} data-variant={notice.variant} data-testid="gw-request-toast">
      <WalletIcon name={wallet.name} imageUrl={wallet.imageUrl} />
      <div className="gw-toast-main">
        <strong data-testid="gw-request-toast-title">{notice.title}</strong>
        {notice.text ? <span className="gw-muted" data-testid="gw-request-toast-text">{notice.text}</span> : null}
        {notice.hash ? (
          link ? (
            <a className="gw-mono" href={link} target="_blank" rel="noreferrer" data-testid="gw-request-toast-link">
              {truncateAddress(notice.hash, { head: 10, tail: 8 })}
            </a>
          ) : (
            <span className="gw-mono" title={notice.hash} data-testid="gw-request-toast-hash">
              {truncateAddress(notice.hash, { head: 10, tail: 8 })}
            </span>
          )
        ) : null}
      </div>
      {notice.variant === 'loading' ? null : (
        <button type="button" className="gw-icon-button" aria-label={t('Dismiss notification')} onClick={() => setDismissed(notice.key)}>
          <CloseIcon />
        </button>
      )}
    </div>
  )
}

const sameNotice = (a: Notice | null, b: Notice | null) =>
  a === b || (!!a && !!b && a.key === b.key && a.title === b.title && a.text === b.text && a.hash === b.hash)
