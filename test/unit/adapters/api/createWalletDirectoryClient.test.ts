import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startGateway, type Gateway } from '../../../../dev/gateway/startGateway'
import { createWalletDirectoryClient } from '../../../../src/adapters/api/createWalletDirectoryClient'
import { loadRemoteConfiguration, parseRemoteFeatures } from '../../../../src/adapters/api/loadRemoteConfiguration'
import { DEFAULT_SOCIALS } from '../../../../src/core/domain/constants'
import { mergeFeatures } from '../../../../src/core/reducers/baseInitialState'
import { json, startScriptedServer } from '../../api/scriptedServer'

let gateway: Gateway
beforeAll(async () => {
  gateway = await startGateway({ chains: [], tokens: [] })
})
afterAll(() => gateway.stop())
beforeEach(() => gateway.control.reset())

function directory() {
  const sleeps: number[] = []
  const client = createWalletDirectoryClient({
    baseUrl: gateway.url,
    projectId: 'test-project',
    sdkType: 'gangway',
    sdkVersion: '0.1.0',
    sleep: async (ms) => {
      sleeps.push(ms)
    },
  })
  return { client, sleeps }
}

describe('createWalletDirectoryClient', () => {
  it('lists wallets with paging, search, include / exclude, chains and badge', async () => {
    const { client } = directory()
    const first = await client.getWallets({ page: 1, entries: 40 })
    expect(first.data).toHaveLength(40)
    expect(first.count).toBeGreaterThanOrEqual(300)
    for (const wallet of first.data) expect(wallet).toMatchObject({ id: expect.any(String), name: expect.any(String), chains: expect.any(Array) })

    const search = await client.getWallets({ page: 1, entries: 100, search: '  vault ' })
    expect(search.count).toBeGreaterThan(0)
    expect(search.data.every((w) => w.name.toLowerCase().includes('vault'))).toBe(true)

    const picked = first.data.slice(0, 3).map((w) => w.id)
    const included = await client.getWallets({ page: 1, entries: 40, include: picked, exclude: [picked[1]!] })
    expect(included.data.map((w) => w.id)).toEqual([picked[0], picked[2]])

    const local = await client.getWallets({ page: 1, entries: 1000, chains: ['eip155:31337'] })
    expect(local.data.every((w) => w.chains?.includes('eip155:31337'))).toBe(true)
    const certified = await client.getWallets({ page: 1, entries: 1000, badgeType: 'certified' })
    expect(certified.data.every((w) => w.badge_type === 'certified')).toBe(true)
  })

  it('builds image URLs with the common query that the gateway serves', async () => {
    const { client } = directory()
    const { data } = await client.getWallets({ page: 1, entries: 1 })
    const url = client.walletImageUrl(data[0]!.image_id!)
    expect(url).toBe(`${gateway.url}/getWalletImage/${data[0]!.image_id}?projectId=test-project&st=gangway&sv=0.1.0`)
    const response = await fetch(url)
    expect(response.headers.get('content-type')).toBe('image/svg+xml')
    expect(client.tokenImageUrl('GUSD')).toContain('/public/getTokenImage/GUSD?')
    expect(client.assetImageUrl('a b')).toContain('/public/getAssetImage/a%20b?')
    expect(client.currencyImageUrl('USD')).toContain('/public/getCurrencyImage/USD?')
  })

  it('reads the project config into feature flags, following run-time changes', async () => {
    const { client } = directory()
    expect(await client.getProjectConfig()).toEqual({
      features: {
        swaps: true,
        onramp: true,
        email: true,
        socials: [...DEFAULT_SOCIALS],
        activity: true,
        multiWallet: false,
      },
    })
    gateway.control.setFeature('activity', false)
    gateway.control.setFeature('socials', false)
    expect((await client.getProjectConfig()).features).toMatchObject({ activity: false, socials: false })
  })

  it('reads origins and the analytics config', async () => {
    const { client } = directory()
    expect(await client.getAllowedOrigins()).toEqual(['http://localhost:*', 'http://127.0.0.1:*'])
    gateway.control.setAnalyticsEnabled(false)
    expect(await client.getAnalyticsConfig()).toEqual({ isAnalyticsEnabled: false })
  })

  it('maps gateway faults to the spec errors', async () => {
    const { client, sleeps } = directory()
    gateway.control.setFault({ status: 429, pathPrefix: '/getWallets' })
    await expect(client.getWallets({ page: 1, entries: 40 })).rejects.toMatchObject({ shortMessage: 'Rate Limited', code: 429 })
    expect(sleeps).toEqual([1000, 2000, 4000])
    gateway.control.setFault({ status: 403 })
    await expect(client.getAllowedOrigins()).rejects.toMatchObject({ shortMessage: 'Invalid App Configuration' })
    gateway.control.setFault({ malformedJson: true })
    await expect(client.getProjectConfig()).rejects.toMatchObject({ shortMessage: 'Something went wrong' })
  })
})

describe('loadRemoteConfiguration', () => {
  it('returns remote features, which override local options when merged', async () => {
    gateway.control.setFeature('swaps', false)
    const remote = await loadRemoteConfiguration(directory().client, 'http://127.0.0.1:5173')
    expect(remote.originAllowed).toBe(true)
    expect(remote.originError).toBeNull()
    expect(remote.features).toMatchObject({ swaps: false, activity: true })
    expect(mergeFeatures({ swaps: true, send: false }, remote.features).swaps).toBe(false)
    expect(mergeFeatures({ swaps: true, send: false }, remote.features).send).toBe(false)
  })

  it('refuses an origin missing from the allow-list (wildcards count)', async () => {
    gateway.control.setAllowedOrigins(['https://*.example.com'])
    const { client } = directory()
    expect((await loadRemoteConfiguration(client, 'https://shop.example.com')).originAllowed).toBe(true)
    const refused = await loadRemoteConfiguration(client, 'http://127.0.0.1:5173')
    expect(refused.originAllowed).toBe(false)
    expect(refused.originError?.shortMessage).toBe('Invalid App Configuration')
    expect(refused.features).not.toBeNull()
  })

  it('keeps local features when the config cannot be fetched, and treats a 403 as not allowed', async () => {
    gateway.control.setFault({ status: 403 })
    const remote = await loadRemoteConfiguration(directory().client, 'http://127.0.0.1:5173')
    expect(remote.features).toBeNull()
    expect(remote.configError?.shortMessage).toBe('Invalid App Configuration')
    expect(remote.originAllowed).toBe(false)

    gateway.control.setFault({ status: 500 })
    const down = await loadRemoteConfiguration(directory().client, 'http://127.0.0.1:5173')
    expect(down.features).toBeNull()
    expect(down.configError?.shortMessage).toBe('Server Error')
    expect(down.originAllowed).toBe(true)
  })
})

describe('parseRemoteFeatures', () => {
  it('reads flags, providers and aliases, ignoring what it does not know', () => {
    expect(
      parseRemoteFeatures([
        { id: 'onramp', isEnabled: true, config: 'coinbase' },
        { id: 'swaps', isEnabled: true, config: ['1inch'] },
        { id: 'social_login', isEnabled: true, config: ['google', 5] },
        { id: 'multi_wallet', isEnabled: true },
        { id: 'activity', isEnabled: 'yes' },
        { id: 'teleport', isEnabled: true },
        null,
      ]),
    ).toEqual({ onramp: false, swaps: true, socials: [], multiWallet: true })
    expect(() => parseRemoteFeatures({})).toThrow('expected features to be an array')
  })
})

describe('createWalletDirectoryClient on records the directory should not send', () => {
  it('keeps valid wallets, drops wrong-typed fields and unsafe links, and leaves out records without id or name', async () => {
    const server = await startScriptedServer(
      json({
        count: 5,
        data: [
          { id: 'w1', name: 'One', mobile_link: 'javascript:alert(1)', webapp_link: 'https://app.one.example', chains: 'eip155:1', image_id: 7 },
          { id: 'w2', name: 'Two', desktop_link: 'data:text/html,x', rdns: 'example.two', badge_type: 'gold' },
          { id: 3, name: 'Three' },
          { name: 'Four' },
          { id: 'w1', name: 'One again' },
          'not a record',
        ],
      }),
    )
    try {
      const client = createWalletDirectoryClient({ baseUrl: server.url, projectId: 'p', sdkType: 'gangway', sdkVersion: '0', retries: 0 })
      expect(await client.getWallets({ page: 1, entries: 40 })).toEqual({
        count: 5,
        data: [
          { id: 'w1', name: 'One', webapp_link: 'https://app.one.example' },
          { id: 'w2', name: 'Two', rdns: 'example.two' },
        ],
      })
    } finally {
      await server.stop()
    }
  })
})
