import { truncateAddress } from '../../core/domain/format.js'
import { explorerLink } from './explorerLink.js'

/**
 * A transaction's hash, shortened (the whole one in its title), linked to the network's block
 * explorer when it has one; nothing without a hash.
 *
 * @example
 * <TransactionHash hash={send.hash} explorerUrl={network.blockExplorers?.default?.url} testId="send-hash" />
 */
export function TransactionHash({ hash, explorerUrl, testId, linkTestId }: { hash: string | null | undefined; explorerUrl: string | undefined; testId: string; linkTestId?: string }) {
  if (!hash) return null
  const link = explorerLink(explorerUrl, 'tx', hash)
  const short = truncateAddress(hash, { head: 10, tail: 8 })
  return (
    <p className="gw-mono gw-receive-address" data-testid={testId} title={hash}>
      {link ? (
        <a href={link} target="_blank" rel="noreferrer" data-testid={linkTestId}>
          {short}
        </a>
      ) : (
        short
      )}
    </p>
  )
}
