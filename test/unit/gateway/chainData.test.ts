import { describe, expect, it } from 'vitest'
import { erc20Abi, parseEther, parseUnits, type Address, type Hex } from 'viem'
import type { DevChain } from '../../../dev/chain/startChains'
import type { TokenBalance, Transaction } from '../../../src/core/domain/entities'
import { call, P, stackPerFile, walletOn as wallet } from './harness'

// The blockchain data endpoints over two real local hardhat chains (dev/chain).
const stack = stackPerFile()

async function rpc(chain: DevChain, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: unknown }).result
}

const balancesOf = async (address: string, chainId?: string) =>
  ((await call(stack.gateway.url, 'GET', `/v1/account/${address}/balance?${P}&currency=usd${chainId ? `&chainId=${chainId}` : ''}`)).body as {
    balances: TokenBalance[]
  }).balances

const historyOf = async (address: string, query = '') =>
  (await call(stack.gateway.url, 'GET', `/v1/account/${address}/history?${P}${query}`)).body as { data: Transaction[]; next: string | null }

describe('balances', () => {
  it('lists native and GUSD balances per chain, priced from the table, shaped as spec §3', async () => {
    const [sender] = stack.dev.accounts
    const balances = await balancesOf(sender!.address, 'eip155:31337')
    const token = stack.dev.tokens.find((t) => t.chainId === 31337)!
    const eth = balances.find((b) => b.symbol === 'ETH')!
    expect(eth).toMatchObject({ name: 'Ether', chainId: 'eip155:31337', price: 3000, quantity: { decimals: '18' } })
    expect(eth.address).toBeUndefined()
    expect(eth.iconUrl).toBe(`${stack.gateway.url}/public/getTokenImage/ETH`)
    const gusd = balances.find((b) => b.symbol === 'GUSD')!
    expect(gusd).toEqual({
      name: 'Gangway USD',
      symbol: 'GUSD',
      chainId: 'eip155:31337',
      address: `eip155:31337:${token.address}`,
      value: Number(gusd.quantity.numeric),
      price: 1,
      quantity: { decimals: '6', numeric: gusd.quantity.numeric },
      iconUrl: `${stack.gateway.url}/public/getTokenImage/GUSD`,
    })
    const both = await balancesOf(sender!.address)
    expect(new Set(both.map((b) => b.chainId))).toEqual(new Set(['eip155:31337', 'eip155:31338']))
  })

  it('reflects a real ETH and GUSD transfer', async () => {
    const [, from, to] = stack.dev.accounts
    const chain = stack.dev.chains[0]!
    const token = stack.dev.tokens.find((t) => t.chainId === chain.chainId)!
    const before = await balancesOf(to!.address, 'eip155:31337')
    const { wallet: sender, reader } = wallet(chain, from!.privateKey)
    const ethHash = await sender.sendTransaction({ to: to!.address, value: parseEther('1.5') })
    await reader.waitForTransactionReceipt({ hash: ethHash, pollingInterval: 20 })
    const tokenHash = await sender.writeContract({
      address: token.address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to!.address, parseUnits('12.5', 6)],
    })
    await reader.waitForTransactionReceipt({ hash: tokenHash, pollingInterval: 20 })

    const after = await balancesOf(to!.address, 'eip155:31337')
    const amount = (list: TokenBalance[], symbol: string) => Number(list.find((b) => b.symbol === symbol)?.quantity.numeric ?? 0)
    expect(amount(after, 'ETH') - amount(before, 'ETH')).toBeCloseTo(1.5, 9)
    expect(amount(after, 'GUSD') - amount(before, 'GUSD')).toBeCloseTo(12.5, 9)

    const received = await historyOf(to!.address, '&chainId=eip155:31337')
    const [latest, previous] = received.data
    expect(latest).toMatchObject({
      id: tokenHash,
      metadata: { hash: tokenHash, operationType: 'receive', status: 'confirmed', chain: 'eip155:31337', sentFrom: from!.address },
      transfers: [{ direction: 'in', quantity: { numeric: '12.5' }, price: 1, value: 12.5, fungible_info: { symbol: 'GUSD' } }],
    })
    expect(previous).toMatchObject({
      id: ethHash,
      metadata: { operationType: 'receive', sentTo: to!.address },
      transfers: [{ direction: 'in', quantity: { numeric: '1.5' }, price: 3000, value: 4500, fungible_info: { symbol: 'ETH', name: 'Ether' } }],
    })
    expect(new Date(latest!.metadata.minedAt).getTime()).toBeGreaterThan(Date.now() - 120_000)

    const sent = await historyOf(from!.address, '&chainId=eip155:31337')
    expect(sent.data[0]).toMatchObject({ id: tokenHash, metadata: { operationType: 'send' }, transfers: [{ direction: 'out' }] })
    // The other chain saw none of it.
    const elsewhere = await historyOf(to!.address, '&chainId=eip155:31338')
    expect(elsewhere.data.some((t) => t.id === ethHash || t.id === tokenHash)).toBe(false)
  })
})

describe('history', () => {
  it('pages with a cursor, newest first, every transaction once', async () => {
    const [, , , payer, payee] = stack.dev.accounts
    const chain = stack.dev.chains[1]!
    const { wallet: sender, reader } = wallet(chain, payer!.privateKey)
    const hashes: Hex[] = []
    for (let i = 1; i <= 7; i++) {
      const hash = await sender.sendTransaction({ to: payee!.address, value: BigInt(i) * 10n ** 15n })
      await reader.waitForTransactionReceipt({ hash, pollingInterval: 20 })
      hashes.push(hash)
    }
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const page: { data: Transaction[]; next: string | null } = await historyOf(
        payer!.address,
        `&chainId=eip155:31338&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      )
      expect(page.data.length).toBeLessThanOrEqual(3)
      seen.push(...page.data.map((t) => t.id))
      cursor = page.next
      pages++
    } while (cursor !== null && pages < 20)
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen.slice(0, 7)).toEqual([...hashes].reverse())
    const times = (await historyOf(payer!.address, '&limit=100')).data.map((t) => new Date(t.metadata.minedAt).getTime())
    expect([...times].sort((a, b) => b - a)).toEqual(times)
  })

  it('rebuilds its index when the chain is reverted', async () => {
    const chain = stack.dev.chains[0]!
    const [payer, payee] = [stack.dev.accounts[3]!, stack.dev.accounts[4]!]
    const snapshot = await rpc(chain, 'evm_snapshot')
    const { wallet: sender, reader } = wallet(chain, payer.privateKey)
    const hash = await sender.sendTransaction({ to: payee.address, value: 1n })
    await reader.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    expect((await historyOf(payee.address, '&chainId=eip155:31337')).data.map((t) => t.id)).toContain(hash)
    await rpc(chain, 'evm_revert', [snapshot])
    // A different transaction at the same height: the indexer must notice the reorganisation.
    const other = await sender.sendTransaction({ to: payee.address, value: 2n })
    await reader.waitForTransactionReceipt({ hash: other, pollingInterval: 20 })
    const ids = (await historyOf(payee.address, '&chainId=eip155:31337')).data.map((t) => t.id)
    expect(ids).toContain(other)
    expect(ids).not.toContain(hash)
  })

  it('answers an empty page for an address without activity', async () => {
    const nobody: Address = '0x000000000000000000000000000000000000dEaD'
    expect(await historyOf(nobody)).toEqual({ data: [], next: null })
    const balances = await balancesOf(nobody, 'eip155:31337')
    expect(balances.map((b) => b.symbol)).toEqual(['ETH'])
  })
})

describe('fungible prices', () => {
  it('prices the local token and the native token by CAIP-10 id', async () => {
    const token = stack.dev.tokens[0]!
    const answer = await call(stack.gateway.url, 'POST', `/v1/fungible/price`, {
      projectId: 'p',
      currency: 'usd',
      addresses: [`eip155:${token.chainId}:${token.address}`, `eip155:${token.chainId}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`],
    })
    expect(answer.body).toEqual({
      fungibles: [
        { name: 'Gangway USD', symbol: 'GUSD', iconUrl: `${stack.gateway.url}/public/getTokenImage/GUSD`, price: 1, address: `eip155:${token.chainId}:${token.address}` },
        { name: 'Ether', symbol: 'ETH', iconUrl: `${stack.gateway.url}/public/getTokenImage/ETH`, price: 3000, address: `eip155:${token.chainId}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee` },
      ],
    })
  })
})

const COLLECTIBLE_ABI = [
  {
    type: 'function',
    name: 'transferFrom',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'from', type: 'address' },
      { name: 'to', type: 'address' },
      { name: 'tokenId', type: 'uint256' },
    ],
    outputs: [],
  },
  { type: 'function', name: 'ownerOf', stateMutability: 'view', inputs: [{ name: 'tokenId', type: 'uint256' }], outputs: [{ name: '', type: 'address' }] },
] as const

describe('NFTs', () => {
  type Held = { chainId: string; contract: string; tokenId: string; name: string; imageUrl: string; spam: boolean }
  const nftsOf = async (address: string, chainId = 'eip155:31337') =>
    ((await call(stack.gateway.url, 'GET', `/v1/account/${address}/nfts?${P}&chainId=${chainId}`)).body as { nfts: Held[] }).nfts

  it('lists the tokens each account was minted, the airdrop flagged spam, and follows a real transfer', async () => {
    const [, second, third] = stack.dev.accounts
    const pass = stack.dev.collections.find((c) => c.chainId === 31337 && !c.spam)!
    const claim = stack.dev.collections.find((c) => c.chainId === 31337 && c.spam)!
    const before = await nftsOf(third!.address)
    expect(before.map((n) => [n.name, n.spam]).sort()).toEqual([
      ['Free Claim #3', true],
      ['Gangway Pass #3', false],
    ])
    expect(before.find((n) => !n.spam)).toMatchObject({ contract: pass.address, tokenId: '3', imageUrl: expect.stringMatching(/\/public\/getAssetImage\/GPASS-3$/) })

    // Account 2 (holder of token #2) gives its pass to account 3, on chain.
    const { wallet: w, reader } = wallet(stack.dev.chains[0]!, second!.privateKey)
    const hash = await w.writeContract({ address: pass.address, abi: COLLECTIBLE_ABI, functionName: 'transferFrom', args: [second!.address, third!.address, 2n] })
    await reader.waitForTransactionReceipt({ hash })
    expect(await reader.readContract({ address: pass.address, abi: COLLECTIBLE_ABI, functionName: 'ownerOf', args: [2n] })).toBe(third!.address)
    const after = await nftsOf(third!.address)
    expect(after.filter((n) => !n.spam).map((n) => n.tokenId).sort()).toEqual(['2', '3'])
    expect((await nftsOf(second!.address)).filter((n) => !n.spam)).toEqual([])
    // Other chain: its own collection's token.
    expect((await nftsOf(third!.address, 'eip155:31338')).map((n) => n.name).sort()).toEqual(['Free Claim #3', 'Gangway Pass #3'])

    // History: the transfer in with its NFT, the airdrop's mint flagged spam.
    const { data } = await historyOf(third!.address, '&chainId=eip155:31337&limit=100')
    const received = data.find((t) => t.metadata.hash === hash)!
    expect(received.transfers).toEqual([
      expect.objectContaining({ direction: 'in', quantity: { numeric: '1' }, nft_info: expect.objectContaining({ name: 'Gangway Pass #2', flags: { is_spam: false } }) }),
    ])
    const airdrop = data.find((t) => t.transfers.some((x) => x.nft_info?.name === 'Free Claim #3'))!
    expect(airdrop.transfers.every((x) => x.nft_info?.flags?.is_spam === true)).toBe(true)
    expect(claim.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  })
})
