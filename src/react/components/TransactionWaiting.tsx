import type { ReactNode } from 'react'
import { useI18n } from '../i18n/i18n.js'

/**
 * A transfer the modal waits on: the wallet asked ("Approve in *wallet*") or, once it was sent,
 * the chain ("Transaction sent", its hash, "Waiting for confirmation…"). Send and Pay show it.
 *
 * @example
 * <TransactionWaiting on="chain" wallet={wallet.name} hash={<TransactionHash … />} />
 */
export function TransactionWaiting({ on, wallet, hash }: { on: 'wallet' | 'chain'; wallet: string; hash: ReactNode }) {
  const { t } = useI18n()
  return on === 'wallet' ? (
    <>
      <p className="gw-connecting-title">{t('Approve in {wallet}', { wallet })}</p>
      <p className="gw-muted">{t('Confirm the transaction in your wallet.')}</p>
    </>
  ) : (
    <>
      <p className="gw-connecting-title">{t('Transaction sent')}</p>
      {hash}
      <p className="gw-muted">{t('Waiting for confirmation…')}</p>
    </>
  )
}
