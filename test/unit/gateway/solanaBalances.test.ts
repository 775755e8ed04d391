// The gateway's balance route for Solana accounts, against the local validator on port 0: SOL and
// the GWAY token as kit's RPC reads them, an empty account, bad addresses, prices, a validator
// that is down, and the modal's own blockchain API client reading the answer.
import { spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { address, createSolanaRpc, generateKeyPairSigner, lamports, type Rpc, type SolanaRpcApi } from '@solana/kit'
import { formatUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startGateway, type Gateway, type GatewaySolana } from '../../../dev/gateway/startGateway'
import { solanaStackConfig, startSolanaValidator, type SolanaValidator } from '../../../dev/solana/startSolanaValidator'
import { createBlockchainApiClient } from '../../../src/adapters/api/createBlockchainApiClient'
import type { TokenBalance } from '../../../src/core/domain/entities'
import { startStack } from '../../../dev/stack/startStack'
import { call, deadUrl, P } from './harness'

let validator: SolanaValidator
let gateway: Gateway
let rpc: Rpc<SolanaRpcApi>
let solana: GatewaySolana

beforeAll(async () => {
  validator = await startSolanaValidator({ port: 0 })
  rpc = createSolanaRpc(validator.rpcUrl)
  const { mint } = validator
  solana = {
    rpcUrl: validator.rpcUrl,
    caipNetworkId: validator.caipNetworkId,
    tokens: [{ mint: mint.address, symbol: mint.symbol, name: mint.name, decimals: mint.decimals }],
  }
  gateway = await startGateway({ port: 0, chains: [], tokens: [], solana })
}, 30_000)

afterAll(async () => {
  await gateway?.stop()
  await validator?.stop()
})

const balancePath = (who: string, query = '') => `/v1/account/${encodeURIComponent(who)}/balance?${P}&currency=usd${query}`
const balancesOf = (body: unknown) => (body as { balances: TokenBalance[] }).balances

describe('Solana balances', () => {
  it('lists SOL and GWAY of dev account 0 as the validator holds them, shaped as spec §3', async () => {
    const owner = validator.accounts[0]!.address
    const caip = validator.caipNetworkId
    const { value: solLamports } = await rpc.getBalance(owner).send()
    const { value: gway } = await rpc.getTokenAccountBalance(validator.accounts[0]!.tokenAccount).send()
    expect(gway.amount).toBe('1000000000000') // 1,000,000 GWAY at 6 decimals

    const answer = await call(gateway.url, 'GET', balancePath(owner, `&chainId=${encodeURIComponent(caip)}`))
    expect(answer.status).toBe(200)
    const balances = balancesOf(answer.body)
    expect(balances).toHaveLength(2)
    const [sol, token] = balances
    const solNumeric = formatUnits(solLamports, 9)
    expect(sol).toEqual({
      name: 'Solana',
      symbol: 'SOL',
      chainId: caip,
      price: 150,
      value: Number(solNumeric) * 150,
      quantity: { decimals: '9', numeric: solNumeric },
      iconUrl: `${gateway.url}/public/getTokenImage/SOL`,
    })
    expect(sol!.address).toBeUndefined()
    expect(token).toEqual({
      name: validator.mint.name,
      symbol: 'GWAY',
      chainId: caip,
      address: `${caip}:${validator.mint.address}`,
      price: 0.5,
      value: 500_000,
      quantity: { decimals: '6', numeric: gway.uiAmountString },
      iconUrl: `${gateway.url}/public/getTokenImage/GWAY`,
    })
    expect(token!.quantity.numeric).toBe('1000000')

    // Without a chainId, a base58 address is read on the Solana cluster.
    expect(balancesOf((await call(gateway.url, 'GET', balancePath(owner))).body)).toEqual(balances)
  })

  it('reads the validator live: an airdrop shows at once', async () => {
    const fresh = (await generateKeyPairSigner()).address
    const before = balancesOf((await call(gateway.url, 'GET', balancePath(fresh))).body)
    expect(before).toEqual([expect.objectContaining({ symbol: 'SOL', quantity: { decimals: '9', numeric: '0' }, value: 0 })])

    await rpc.requestAirdrop(fresh, lamports(2_500_000_000n)).send()
    const { value } = await rpc.getBalance(fresh).send()
    expect(value).toBe(2_500_000_000n)
    const after = balancesOf((await call(gateway.url, 'GET', balancePath(fresh, `&chainId=${validator.caipNetworkId}`))).body)
    expect(after).toHaveLength(1)
    expect(after[0]).toMatchObject({ symbol: 'SOL', quantity: { numeric: '2.5' }, value: 375 })
  })

  it('answers an unknown account with zero SOL and no tokens', async () => {
    const nobody = (await generateKeyPairSigner()).address
    const answer = await call(gateway.url, 'GET', balancePath(nobody, `&chainId=${validator.caipNetworkId}`))
    expect(answer.status).toBe(200)
    expect(balancesOf(answer.body)).toEqual([
      {
        name: 'Solana',
        symbol: 'SOL',
        chainId: validator.caipNetworkId,
        price: 150,
        value: 0,
        quantity: { decimals: '9', numeric: '0' },
        iconUrl: `${gateway.url}/public/getTokenImage/SOL`,
      },
    ])
  })

  it('prices from the control table', async () => {
    await call(gateway.url, 'PUT', '/_control/prices', { prices: { GWAY: 2, SOL: 100 } })
    try {
      const balances = balancesOf((await call(gateway.url, 'GET', balancePath(validator.accounts[1]!.address))).body)
      const gway = balances.find((b) => b.symbol === 'GWAY')!
      expect(gway).toMatchObject({ price: 2, value: 2_000_000 })
      expect(balances.find((b) => b.symbol === 'SOL')!.price).toBe(100)
    } finally {
      await call(gateway.url, 'POST', '/_control/reset')
    }
    expect((await call(gateway.url, 'GET', '/_control/prices')).body).toEqual({ prices: { ETH: 3000, GUSD: 1, USDC: 1, SOL: 150, GWAY: 0.5 } })
  })

  it('lists the cluster among the supported chains and prices the mint by CAIP-10 id', async () => {
    expect((await call(gateway.url, 'GET', `/v1/supported-chains?${P}`)).body).toEqual({ http: [validator.caipNetworkId], ws: [] })
    const tokenId = `${validator.caipNetworkId}:${validator.mint.address}`
    const prices = await call(gateway.url, 'POST', `/v1/fungible/price?${P}`, { currency: 'usd', projectId: 'p', addresses: [tokenId, `solana:other:${validator.mint.address}`] })
    expect(prices.body).toEqual({ fungibles: [{ name: validator.mint.name, symbol: 'GWAY', iconUrl: `${gateway.url}/public/getTokenImage/GWAY`, price: 0.5, address: tokenId }] })
  })

  it('answers another Solana cluster with no balances', async () => {
    const answer = await call(gateway.url, 'GET', balancePath(validator.accounts[0]!.address, '&chainId=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'))
    expect(answer).toMatchObject({ status: 200, body: { balances: [] } })
  })

  it('refuses addresses that are not Solana ones with 400', async () => {
    const cases: [string, string, string][] = [
      ['not-an-address', `&chainId=${validator.caipNetworkId}`, "Invalid address 'not-an-address': expected a base58 Solana address (32 bytes)"],
      ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', `&chainId=${validator.caipNetworkId}`, 'expected a base58 Solana address'],
      // 0, O, I and l are not base58.
      ['0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl', `&chainId=${validator.caipNetworkId}`, 'expected a base58 Solana address'],
      // Base58 but 31 bytes.
      ['1111111111111111111111111111111', `&chainId=${validator.caipNetworkId}`, 'expected a base58 Solana address'],
      ['junk', '', "Invalid address 'junk': expected a 0x-prefixed 20-byte hex address"],
      [validator.accounts[0]!.address, '&chainId=eip155:1', 'expected a 0x-prefixed 20-byte hex address'],
    ]
    for (const [who, query, message] of cases) {
      const answer = await call(gateway.url, 'GET', balancePath(who, query))
      expect(answer.status, who).toBe(400)
      expect((answer.body as { error: string }).error).toContain(message)
    }
  })

  it("is read by the modal's blockchain API client as the spec's token balances", async () => {
    const api = createBlockchainApiClient({ baseUrl: gateway.url, projectId: 'p', sdkType: 'gangway', sdkVersion: '0', retries: 0, timeoutMs: 5_000 })
    const owner = validator.accounts[2]!.address
    const balances = await api.getBalance({ address: owner, chainId: validator.caipNetworkId, currency: 'usd' })
    expect(balances).not.toBeNull()
    expect(balances!.map((b) => [b.symbol, b.chainId, b.quantity.numeric])).toEqual([
      ['SOL', validator.caipNetworkId, formatUnits((await rpc.getBalance(address(owner)).send()).value, 9)],
      ['GWAY', validator.caipNetworkId, '1000000'],
    ])
  })

  it('answers 502 naming the validator when it does not answer', async () => {
    const down = await startGateway({ chains: [], tokens: [], solana: { ...solana, rpcUrl: await deadUrl() } })
    try {
      const answer = await call(down.url, 'GET', balancePath(validator.accounts[0]!.address))
      expect(answer.status).toBe(502)
      expect((answer.body as { error: string }).error).toContain(`The Solana validator of ${validator.caipNetworkId}`)
    } finally {
      await down.stop()
    }
  })

  it('refuses a Solana configuration it cannot use', async () => {
    await expect(startGateway({ chains: [], tokens: [], solana: { ...solana, caipNetworkId: 'solana' } })).rejects.toThrow('caipNetworkId')
    await expect(startGateway({ chains: [], tokens: [], solana: { ...solana, tokens: [{ mint: 'nope', symbol: 'X', name: 'X', decimals: 6 }] } })).rejects.toThrow(
      "'nope' is not a Solana address",
    )
  })

  it("is served by dev/gateway/main.ts from the stack's /stack.json keys", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gangway-gateway-solana-'))
    const config = join(dir, 'stack.json')
    writeFileSync(config, JSON.stringify({ chains: [], tokens: [], ...solanaStackConfig(validator) }))
    const root = fileURLToPath(new URL('../../../', import.meta.url))
    const child = spawn(process.execPath, ['--import', 'tsx', 'dev/gateway/main.ts', '--config', config, '--memory'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = ''
        let err = ''
        child.stdout.on('data', (chunk) => {
          out += chunk
          const found = /gateway listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)
          if (found) resolve(found[1]!)
        })
        child.stderr.on('data', (chunk) => (err += chunk))
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${err}`)))
      })
      expect((await call(url, 'GET', `/v1/supported-chains?${P}`)).body).toEqual({ http: [validator.caipNetworkId], ws: [] })
      const balances = balancesOf((await call(url, 'GET', balancePath(validator.accounts[0]!.address))).body)
      expect(balances.map((b) => [b.symbol, b.quantity.decimals])).toEqual([['SOL', '9'], ['GWAY', '6']])
      expect(balances[1]!.quantity.numeric).toBe('1000000')
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      expect(await exited).toBe(0)
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    }
  }, 30_000)

  it("the local stack's gateway serves its validator's accounts", async () => {
    const stack = await startStack({ requirePages: false })
    try {
      const caip = stack.solana.caipNetworkId
      const supported = (await call(stack.gateway.url, 'GET', `/v1/supported-chains?${P}`)).body as { http: string[] }
      expect(supported.http).toEqual([...stack.chains.chains.map((c) => `eip155:${c.chainId}`), caip, stack.bitcoin!.caipNetworkId])
      const owner = stack.solana.accounts[1]!.address
      const balances = balancesOf((await call(stack.gateway.url, 'GET', balancePath(owner, `&chainId=${caip}`))).body)
      const { value } = await createSolanaRpc(stack.solana.rpcUrl).getBalance(address(owner)).send()
      expect(balances.map((b) => [b.symbol, b.chainId, b.quantity.numeric])).toEqual([
        ['SOL', caip, formatUnits(value, 9)],
        ['GWAY', caip, '1000000'],
      ])
      expect(balances[1]!.address).toBe(`${caip}:${stack.solana.mint.address}`)
    } finally {
      await stack.stop()
    }
  }, 60_000)
})
