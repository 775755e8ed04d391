import type { WalletDirectory } from '../core/apiPorts.js'

/** The kinds of images the wallet directory serves besides wallets' (spec §7). */
export type DirectoryImageKind = 'asset' | 'currency' | 'token'

const METHODS = { asset: 'assetImageUrl', currency: 'currencyImageUrl', token: 'tokenImageUrl' } as const

/**
 * `modal.directoryImageUrl`: the wallet directory's image of a network asset (a network's
 * `assets.imageId`), a fiat currency (its id, `USD`) or a token (its symbol, `USDC`); undefined
 * without a directory, for an empty id, or for a kind the directory does not serve.
 *
 * @example
 * const src = modal.directoryImageUrl('token', 'USDC') // '…/public/getTokenImage/USDC?projectId=…'
 */
export function directoryImageUrl(directory: Partial<Pick<WalletDirectory, (typeof METHODS)[DirectoryImageKind]>> | null): (kind: DirectoryImageKind, id: string) => string | undefined {
  return (kind, id) => {
    if (!directory || typeof id !== 'string' || id === '' || !Object.hasOwn(METHODS, kind)) return undefined
    const build = directory[METHODS[kind]]
    return typeof build === 'function' ? build.call(directory, id) : undefined
  }
}
