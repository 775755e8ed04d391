import type { Browser, Page } from 'playwright-core'
import { expect } from 'vitest'
import { DEV_SOLANA_WALLET_NAME } from '../../../dev/solana/devSolanaWallet'
import type { DevSolanaWalletHandle } from '../../../dev/solana/devSolanaWallet'
import { currentView, inModal, modalState, openDemo } from './demo'

/** The dev Solana wallet's name, which is also its connector id. */
export const DEV_SOLANA = DEV_SOLANA_WALLET_NAME

/**
 * The demo with Solana on (`?solana=1`: the dev Solana wallet and the Solana adapter on the
 * stack's validator), without its devtools panel.
 */
export function openSolanaDemo(browser: Browser) {
  return openDemo(browser, { query: '?solana=1' })
}

/** The page modal's solana connections (null before any). */
export const solanaConnection = (page: Page) => modalState(page, (s) => s.connection.byNamespace.solana ?? null)

type SolanaWindow = Window & { __gangwayDevSolanaWallets: Record<string, DevSolanaWalletHandle> }

/** Calls a control of the dev Solana wallet in the page (`approveNext`, `rejectNext`, `pending`, …). */
export const devSolana = <K extends 'approveNext' | 'rejectNext' | 'pending' | 'selected'>(page: Page, control: K) =>
  page.evaluate(
    ([name, c]) => (window as unknown as SolanaWindow).__gangwayDevSolanaWallets[name as string]![c as K](),
    [DEV_SOLANA, control],
  ) as Promise<ReturnType<DevSolanaWalletHandle[K]>>

/**
 * Connects the dev Solana wallet from the Connect view (opened for the solana namespace) by
 * clicking Approve in its prompt; the connected address.
 */
export async function connectDevSolana(page: Page): Promise<string> {
  await page.evaluate(() => (window as unknown as { gangway: { open(o: unknown): void } }).gangway.open({ view: 'Connect', namespace: 'solana' }))
  await expect.poll(() => currentView(page)).toBe('Connect')
  await inModal(page, `wallet-${DEV_SOLANA}`).click()
  await expect.poll(() => currentView(page)).toBe('ConnectingExternal')
  await expect.poll(() => page.getByTestId('devsolana-method').textContent()).toBe('standard:connect')
  await page.getByTestId('devsolana-approve').click()
  await expect.poll(() => solanaConnection(page).then((ns) => ns?.status)).toBe('connected')
  return (await solanaConnection(page))!.connections[0]!.accounts[0]!.address
}
