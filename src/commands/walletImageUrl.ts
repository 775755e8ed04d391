import type { WalletDirectory } from '../core/apiPorts.js'
import type { WalletRecord } from '../core/domain/entities.js'
import { isPlainObject } from '../core/events/schema.js'

/**
 * `modal.walletImageUrl`: the image URL of a directory wallet (its own URL, else the
 * directory's), if it has one; undefined for anything that is not a wallet record.
 *
 * @example
 * const src = modal.walletImageUrl(wallet)
 */
export function walletImageUrl(directory: Pick<WalletDirectory, 'walletImageUrl'> | null): (wallet: Pick<WalletRecord, 'image_id' | 'image_url'>) => string | undefined {
  return (wallet) =>
    isPlainObject(wallet) ? wallet.image_url || (wallet.image_id && directory ? directory.walletImageUrl(wallet.image_id) : undefined) : undefined
}
