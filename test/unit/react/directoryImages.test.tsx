// @vitest-environment happy-dom
import { act } from 'react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { createMemoryStorage } from '../../../src/adapters/storage/memoryStorage'
import { directoryImageUrls } from '../../../src/adapters/api/directoryImageUrls'
import type { WalletDirectory } from '../../../src/core/apiPorts'
import type { TokenBalance } from '../../../src/core/domain/entities'
import { connectionSucceeded } from '../../../src/core/events/connection/connection'
import { accountTabSelected } from '../../../src/core/events/accountSheet/activity'
import { tokenBalancesFetched } from '../../../src/core/events/data/tokenBalances'
import { createModal } from '../../../src/createModal'
import { defineEvmNetwork } from '../../../src/adapters/evm/defineEvmNetwork'
import { directoryImageUrl } from '../../../src/commands/directoryImageUrl'
import { prefetchViews } from '../../../src/react/views/viewRegistry'
import { modalUiPerFile } from '../../support/modalUi'
import { evmNetwork } from '../../support/stateAfter'

const mount = modalUiPerFile()
beforeAll(() => prefetchViews())

const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const DIRECTORY = 'https://directory.test'
const images = directoryImageUrls({ baseUrl: DIRECTORY, projectId: 'p', sdkType: 'gangway', sdkVersion: '0.1.0' })
/** A directory that serves images and an empty list (no request leaves the test). */
const directory: WalletDirectory = {
  ...images,
  getWallets: async () => ({ data: [], count: 0 }),
  getProjectConfig: async () => ({ features: {} }),
  getAllowedOrigins: async () => [],
  getAnalyticsConfig: async () => ({ isAnalyticsEnabled: false }),
}
const balance = (symbol: string, address: string | undefined, iconUrl?: string): TokenBalance => ({
  name: symbol,
  symbol,
  chainId: 'eip155:1',
  ...(address ? { address: `eip155:1:${address}` } : {}),
  price: 1,
  quantity: { decimals: '18', numeric: '1' },
  ...(iconUrl ? { iconUrl } : {}),
})

async function connected(options: { directory?: boolean } = {}) {
  const modal = createModal({
    projectId: 'p',
    adapters: ['eip155'],
    networks: [{ ...evmNetwork(1, 'One'), assets: { imageId: 'one-image' } }, evmNetwork(2, 'Two')],
    storage: createMemoryStorage(),
    persistLog: false,
    ...(options.directory === false ? {} : { walletDirectory: directory }),
  })
  await modal.ready
  const ui = mount(modal)
  act(() => modal.dispatch(connectionSucceeded({ connectorId: 'w', namespace: 'eip155', accounts: [{ address: EVM, type: 'eoa' }], caipNetworkId: 'eip155:1' })))
  act(() =>
    modal.dispatch(
      tokenBalancesFetched({
        caipAddress: `eip155:1:${EVM}`,
        balances: [balance('ETH', undefined, 'https://img.test/eth.png'), balance('GUSD', '0x5FbDB2315678afecb367f032d93F642f64180aa3')],
      }),
    ),
  )
  return { modal, ...ui }
}

describe("the directory's images", () => {
  it('modal.directoryImageUrl builds the spec\'s asset, currency and token image URLs; nothing without a directory', () => {
    const url = directoryImageUrl(images)
    expect(url('asset', 'one-image')).toBe(`${DIRECTORY}/public/getAssetImage/one-image?projectId=p&st=gangway&sv=0.1.0`)
    expect(url('currency', 'USD')).toBe(`${DIRECTORY}/public/getCurrencyImage/USD?projectId=p&st=gangway&sv=0.1.0`)
    expect(url('token', 'A/B')).toBe(`${DIRECTORY}/public/getTokenImage/A%2FB?projectId=p&st=gangway&sv=0.1.0`)
    expect(url('token', '')).toBeUndefined()
    expect(url('wallet' as never, 'x')).toBeUndefined()
    expect(directoryImageUrl(null)('token', 'USDC')).toBeUndefined()
    // A host names a network's directory image by its id.
    expect(defineEvmNetwork({ id: 8453, name: 'Base', rpcUrl: 'https://mainnet.base.org', imageId: 'base' }).assets).toEqual({ imageId: 'base' })
  })

  it("Account's tokens show the balance's icon, else the directory's token image; a broken image leaves the letter in the same box", async () => {
    const { modal, byTestId: q, shadow } = await connected()
    act(() => modal.open('Account'))
    act(() => modal.dispatch(accountTabSelected({ tab: 'tokens' })))
    await vi.waitFor(() => expect(q('account-tokens')).not.toBeNull())
    const icons = () => [...shadow().querySelectorAll('[data-testid="token-row"] .gw-token-icon')]
    expect(icons().map((el) => [el.tagName, el.getAttribute('src')])).toEqual([
      ['IMG', 'https://img.test/eth.png'],
      ['IMG', images.tokenImageUrl('GUSD')],
    ])
    await act(async () => icons()[1]!.dispatchEvent(new Event('error')))
    const fallback = icons()[1]!
    expect([fallback.tagName, fallback.className, fallback.textContent, fallback.getAttribute('aria-hidden')]).toEqual(['SPAN', 'gw-token-icon', 'G', 'true'])
    // The image and its fallback are the one box the stylesheet sizes.
    expect(icons()[0]!.className).toBe(fallback.className)
    modal.destroy()
  })

  it("a network's imageId is the directory's asset image", async () => {
    const withDirectory = await connected()
    act(() => withDirectory.modal.open('Networks'))
    await vi.waitFor(() => expect(withDirectory.byTestId('network-icon-image')).not.toBeNull())
    expect(withDirectory.byTestId('network-icon-image')!.getAttribute('src')).toBe(images.assetImageUrl('one-image'))
    withDirectory.modal.destroy()
  })

  it('without a directory, a network with an imageId shows its initials', async () => {
    const without = await connected({ directory: false })
    act(() => without.modal.open('Networks'))
    await vi.waitFor(() => expect(without.shadow().querySelectorAll('[data-testid="network-icon-fallback"]')).toHaveLength(2))
    expect(without.byTestId('network-icon-image')).toBeNull()
    without.modal.destroy()
  })
})
