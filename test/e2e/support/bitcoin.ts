import type { Browser, Page } from 'playwright-core'
import { expect } from 'vitest'
import { DEV_BITCOIN_WALLET_NAME, type DevBitcoinWalletHandle } from '../../../dev/bitcoin/devBitcoinWallet'
import { currentView, inModal, modalState, openDemo } from './demo'
import { formatAmount } from '../../../src/core/domain/format'

/** The dev Bitcoin wallet's name, which is also its connector id. */
export const DEV_BITCOIN = DEV_BITCOIN_WALLET_NAME

/**
 * The demo with Bitcoin on (`?bitcoin=1`: the dev Bitcoin wallet and the Bitcoin adapter on the
 * stack's regtest node); `way` installs the wallet one way only (Wallet Standard or btc_providers).
 */
export function openBitcoinDemo(browser: Browser, options: { way?: 'standard' | 'providers'; query?: string } = {}) {
  return openDemo(browser, { query: `?bitcoin=1${options.way ? `&bitcoinWallet=${options.way}` : ''}${options.query ?? ''}` })
}

/** The page modal's bip122 connections (null before any). */
export const bitcoinConnection = (page: Page) => modalState(page, (s) => s.connection.byNamespace.bip122 ?? null)

type BitcoinWindow = Window & { __gangwayDevBitcoinWallets: Record<string, DevBitcoinWalletHandle> }

/** Calls a control of the dev Bitcoin wallet in the page (`pending`, `selected`, …). */
export const devBitcoin = <K extends 'pending' | 'selected'>(page: Page, control: K) =>
  page.evaluate(
    ([name, c]) => (window as unknown as BitcoinWindow).__gangwayDevBitcoinWallets[name as string]![c as K](),
    [DEV_BITCOIN, control],
  ) as Promise<ReturnType<DevBitcoinWalletHandle[K]>>

/** The method of the dev Bitcoin wallet's prompt on screen. */
export const bitcoinPrompt = (page: Page) => page.getByTestId('devbitcoin-method').textContent()

/**
 * Connects the dev Bitcoin wallet from the Connect view (opened for the bip122 namespace), the
 * prompt showing `method`, by clicking Approve; the connected accounts.
 */
export async function connectDevBitcoin(page: Page, method = 'bitcoin:connect') {
  await page.evaluate(() => (window as unknown as { gangway: { open(o: unknown): void } }).gangway.open({ view: 'Connect', namespace: 'bip122' }))
  await expect.poll(() => currentView(page)).toBe('Connect')
  await inModal(page, `wallet-${DEV_BITCOIN}`).click()
  await expect.poll(() => bitcoinPrompt(page)).toBe(method)
  await page.getByTestId('devbitcoin-approve').click()
  await expect.poll(() => bitcoinConnection(page).then((ns) => ns?.status)).toBe('connected')
  return (await bitcoinConnection(page))!.connections[0]!.accounts
}

/** What an Esplora API says an address holds (confirmed and in the mempool), in satoshis. */
export async function esploraBalance(esploraUrl: string, address: string): Promise<bigint> {
  const res = await fetch(`${esploraUrl}/address/${address}`)
  if (!res.ok) throw new Error(`${esploraUrl}/address/${address}: ${res.status} ${await res.text()}`)
  const { chain_stats: c, mempool_stats: m } = (await res.json()) as Record<'chain_stats' | 'mempool_stats', { funded_txo_sum: number; spent_txo_sum: number }>
  return BigInt(c.funded_txo_sum - c.spent_txo_sum + m.funded_txo_sum - m.spent_txo_sum)
}

/** What the Account view shows for `sats`: BTC with 3 decimals, truncated. */
export function shownBtc(sats: bigint): string {
  return formatAmount(sats, { locale: 'en', decimals: 8, symbol: 'BTC' })
}
