// The gateway's balance route for Solana accounts, against the local validator on port 0: SOL and
// the GWAY token as kit's RPC reads them, an empty account, bad addresses, prices, a validator
// that is down, and the modal's own blockchain API client reading the answer. Then its history
// and NFT routes over the same validator: airdrops, SOL and GWAY transfers (one found only
// through the receiver's token account), a failed transfer, pages, an NFT mint, bad input.
import { spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  address,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Instruction,
  type KeyPairSigner,
  type Rpc,
  type SolanaRpcApi,
} from '@solana/kit'
import { getCreateAccountInstruction, getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToCheckedInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { formatUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startGateway, type Gateway, type GatewaySolana } from '../../../dev/gateway/startGateway'
import { solanaStackConfig, startSolanaValidator, type SolanaValidator } from '../../../dev/solana/startSolanaValidator'
import { createBlockchainApiClient } from '../../../src/adapters/api/createBlockchainApiClient'
import type { NftItem, TokenBalance, Transaction } from '../../../src/core/domain/entities'
import { shortMint } from '../../../dev/gateway/solanaHistory'
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

/** Signs and lands `instructions` (a v0 message) paid by `payer`; `skipPreflight` lets a failing one land. */
async function land(payer: KeyPairSigner, instructions: Instruction[], skipPreflight = false): Promise<string> {
  const { value: latest } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const signed = await signTransactionMessageWithSigners(message)
  return rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64', skipPreflight }).send()
}

const historyPath = (who: string, query = '') => `/v1/account/${encodeURIComponent(who)}/history?${P}${query}`
const nftsPath = (who: string, query = '') => `/v1/account/${encodeURIComponent(who)}/nfts?${P}${query}`
type Page = { data: Transaction[]; next: string | null }

describe('Solana history and NFTs', () => {
  it('lists airdrops, SOL and GWAY transfers in and out and a failed transfer, newest first, in pages; the NFTs held', async () => {
    const caip = validator.caipNetworkId
    const alice = await generateKeyPairSigner()
    const bob = (await generateKeyPairSigner()).address
    const dev0 = await createKeyPairSignerFromBytes(Uint8Array.from(validator.accounts[0]!.secretKey))
    const mint = validator.mint
    const [aliceGway] = await findAssociatedTokenPda({ owner: alice.address, mint: mint.address, tokenProgram: TOKEN_PROGRAM_ADDRESS })

    const airdrop = await rpc.requestAirdrop(alice.address, lamports(2_000_000_000n)).send()
    const sent = await land(alice, [getTransferSolInstruction({ source: alice, destination: bob, amount: 500_000_000n })])
    const opened = await land(dev0, [
      await getCreateAssociatedTokenIdempotentInstructionAsync({ payer: dev0, owner: alice.address, mint: mint.address }),
      getTransferCheckedInstruction({ source: validator.accounts[0]!.tokenAccount, mint: mint.address, destination: aliceGway, authority: dev0, amount: 3_000_000n, decimals: 6 }),
    ])
    // Alice is not among this one's keys, only her token account: found through it.
    const tokenOnly = await land(dev0, [
      getTransferCheckedInstruction({ source: validator.accounts[0]!.tokenAccount, mint: mint.address, destination: aliceGway, authority: dev0, amount: 1_500_000n, decimals: 6 }),
    ])
    // More than she has: lands failed with skipPreflight, and only the fee leaves.
    const failed = await land(alice, [getTransferSolInstruction({ source: alice, destination: bob, amount: 100_000_000_000n })], true)

    const answer = await call(gateway.url, 'GET', historyPath(alice.address, `&chainId=${encodeURIComponent(caip)}`))
    expect(answer.status).toBe(200)
    const page = answer.body as Page
    expect(page.next).toBeNull()
    expect(page.data.map((t) => t.id)).toEqual([failed, tokenOnly, opened, sent, airdrop])
    const [failedTx, tokenOnlyTx, openedTx, sentTx, airdropTx] = page.data
    for (const tx of page.data) expect(tx.metadata.chain).toBe(caip)
    expect(failedTx!.metadata).toMatchObject({ status: 'failed', operationType: 'execute', sentFrom: alice.address })
    expect(failedTx!.transfers).toEqual([])
    expect(tokenOnlyTx!.metadata).toMatchObject({ status: 'confirmed', operationType: 'receive', sentFrom: dev0.address })
    expect(tokenOnlyTx!.transfers).toEqual([
      { direction: 'in', quantity: { numeric: '1.5' }, price: 0.5, value: 0.75, fungible_info: { name: mint.name, symbol: 'GWAY', icon: { url: `${gateway.url}/public/getTokenImage/GWAY` } } },
    ])
    expect(openedTx!.transfers).toMatchObject([{ direction: 'in', quantity: { numeric: '3' }, fungible_info: { symbol: 'GWAY' } }])
    expect(sentTx!.metadata).toMatchObject({ operationType: 'send', sentFrom: alice.address, sentTo: bob, hash: sent })
    expect(sentTx!.transfers).toMatchObject([{ direction: 'out', quantity: { numeric: '0.5' }, price: 150, value: 75, fungible_info: { symbol: 'SOL' } }])
    expect(airdropTx!.transfers).toMatchObject([{ direction: 'in', quantity: { numeric: '2' }, fungible_info: { symbol: 'SOL' } }])
    expect(Math.abs(Date.parse(sentTx!.metadata.minedAt) - Date.now())).toBeLessThan(60_000)

    // Bob's side, without a chainId (a base58 address is read on the cluster): the failed transfer moved nothing.
    const bobs = (await call(gateway.url, 'GET', historyPath(bob))).body as Page
    expect(bobs.data.map((t) => [t.id, t.metadata.operationType, t.metadata.status, t.transfers[0]?.direction, t.metadata.sentFrom])).toEqual([
      [failed, 'execute', 'failed', undefined, alice.address],
      [sent, 'receive', 'confirmed', 'in', alice.address],
    ])

    // Pages of two: the next page starts after the cursor.
    const first = (await call(gateway.url, 'GET', historyPath(alice.address, '&limit=2'))).body as Page
    expect(first.data.map((t) => t.id)).toEqual([failed, tokenOnly])
    expect(first.next).toBe(tokenOnly)
    const second = (await call(gateway.url, 'GET', historyPath(alice.address, `&limit=2&cursor=${first.next}`))).body as Page
    expect(second.data.map((t) => t.id)).toEqual([opened, sent])
    const third = (await call(gateway.url, 'GET', historyPath(alice.address, `&limit=2&cursor=${second.next}`))).body as Page
    expect(third).toEqual({ data: [expect.objectContaining({ id: airdrop })], next: null })

    // The modal's client reads the page as the spec's history.
    const api = createBlockchainApiClient({ baseUrl: gateway.url, projectId: 'p', sdkType: 'gangway', sdkVersion: '0', retries: 0, timeoutMs: 5_000 })
    const read = await api.getHistory({ address: alice.address, cursor: null, chainId: caip })
    expect(read.data.map((t) => t.id)).toEqual(page.data.map((t) => t.id))

    // NFTs: none yet (GWAY has 6 decimals); then a 0-decimal mint of supply 1 in her token account.
    expect((await call(gateway.url, 'GET', nftsPath(alice.address, `&chainId=${caip}`))).body).toEqual({ nfts: [] })
    const pass = await generateKeyPairSigner()
    const space = BigInt(getMintSize())
    const rent = await rpc.getMinimumBalanceForRentExemption(space).send()
    await land(alice, [
      getCreateAccountInstruction({ payer: alice, newAccount: pass, lamports: rent, space, programAddress: TOKEN_PROGRAM_ADDRESS }),
      getInitializeMint2Instruction({ mint: pass.address, decimals: 0, mintAuthority: alice.address, freezeAuthority: null }),
    ])
    const [passAccount] = await findAssociatedTokenPda({ owner: alice.address, mint: pass.address, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    await land(alice, [
      await getCreateAssociatedTokenIdempotentInstructionAsync({ payer: alice, owner: alice.address, mint: pass.address }),
      getMintToCheckedInstruction({ mint: pass.address, token: passAccount, mintAuthority: alice, amount: 1n, decimals: 0 }),
    ])
    const nfts = (await call(gateway.url, 'GET', nftsPath(alice.address))).body as { nfts: NftItem[] }
    expect(nfts.nfts).toEqual([
      {
        chainId: caip,
        contract: pass.address,
        tokenId: '1',
        name: shortMint(pass.address),
        collection: shortMint(pass.address),
        symbol: shortMint(pass.address),
        imageUrl: `${gateway.url}/public/getAssetImage/${encodeURIComponent(`${shortMint(pass.address)}-1`)}`,
        spam: false,
      },
    ])
    expect(await api.getNfts({ address: alice.address, chainId: caip })).toEqual([expect.objectContaining({ contract: pass.address, name: shortMint(pass.address) })])
    // The mint shows in her history too, as 1 token of the new mint received.
    const latest = ((await call(gateway.url, 'GET', historyPath(alice.address, '&limit=1'))).body as Page).data[0]!
    expect(latest.transfers).toContainEqual(expect.objectContaining({ direction: 'in', quantity: { numeric: '1' }, fungible_info: expect.objectContaining({ symbol: shortMint(pass.address) }) }))
  })

  it('refuses bad input with 400 and a clear message; another cluster has nothing; a validator down is a 502', async () => {
    const caip = validator.caipNetworkId
    const owner = validator.accounts[0]!.address
    const cases: [string, string][] = [
      [historyPath('not-an-address', `&chainId=${caip}`), "Invalid address 'not-an-address': expected a base58 Solana address (32 bytes)"],
      [nftsPath('1111111111111111111111111111111', `&chainId=${caip}`), 'expected a base58 Solana address (32 bytes)'],
      [historyPath(owner, '&cursor=nope'), "Invalid cursor 'nope': pass the 'next' value of the previous page"],
      [historyPath(owner, '&limit=0'), 'limit'],
      [historyPath(owner, '&chainId=solana'), 'CAIP-2'],
      [historyPath(owner, '&chainId=eip155:1'), 'expected a 0x-prefixed 20-byte hex address'],
      [nftsPath('junk'), "Invalid address 'junk': expected a 0x-prefixed 20-byte hex address"],
    ]
    for (const [path, message] of cases) {
      const answer = await call(gateway.url, 'GET', path)
      expect(answer.status, path).toBe(400)
      expect((answer.body as { error: string }).error, path).toContain(message)
    }
    const other = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    expect((await call(gateway.url, 'GET', historyPath(owner, `&chainId=${other}`))).body).toEqual({ data: [], next: null })
    expect((await call(gateway.url, 'GET', nftsPath(owner, `&chainId=${other}`))).body).toEqual({ nfts: [] })
    // On-ramp activity on Solana: the dev providers' deliveries are airdrops, none listed.
    expect(await call(gateway.url, 'GET', historyPath(owner, '&onramp=coinbase'))).toMatchObject({ status: 200, body: { data: [], next: null } })
    const down = await startGateway({ chains: [], tokens: [], solana: { ...solana, rpcUrl: await deadUrl() } })
    try {
      for (const path of [historyPath(owner), nftsPath(owner)]) {
        const answer = await call(down.url, 'GET', path)
        expect(answer.status, path).toBe(502)
        expect((answer.body as { error: string }).error).toContain(`The Solana validator of ${caip}`)
      }
    } finally {
      await down.stop()
    }
  })
})
