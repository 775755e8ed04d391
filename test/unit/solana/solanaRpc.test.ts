// The Solana adapter's RPC side against the local validator (litesvm behind Solana's JSON-RPC):
// balances, SOL transfers signed and sent by the wallet or signed by it and sent over RPC,
// confirmations, the transfer's bytes against @solana-program/system, and failures. Runs under
// Node: kit's Node build of its RPC cannot take happy-dom's AbortSignal (see dev/solana/README.md),
// and nothing here needs a DOM (the Wallet Standard registry works without a window).
import { getTransferSolInstruction } from '@solana-program/system'
import {
  address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createSolanaRpc,
  createNoopSigner,
  generateKeyPairSigner,
  createTransactionMessage,
  getBase64Decoder,
  getTransactionDecoder,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Transaction,
} from '@solana/kit'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { devSolanaAccountSeed } from '../../../dev/solana/devAccounts'
import { startSolanaValidator, type SolanaValidator } from '../../../dev/solana/startSolanaValidator'
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { createSolanaAdapter, type SolanaAdapter } from '../../../src/adapters/solana/createSolanaAdapter'
import { transferSolInstruction } from '../../../src/adapters/solana/createSolanaRuntime'
import { defineSolanaNetwork, solanaLocalnet } from '../../../src/adapters/solana/defineSolanaNetwork'
import { startGateway } from '../../../dev/gateway/startGateway'
import { deadUrl } from '../gateway/harness'
import type { Network } from '../../../src/core/domain/entities'
import { isUserRejection } from '../../../src/core/errors/isUserRejection'
import { createFakeStandardWallet, FAKE_NAME, rejection, type FakeWallet } from './fakeStandardWallet'

let validator: SolanaValidator
let network: Network
let adapter: SolanaAdapter
let fakes: FakeWallet[] = []
const rpc = () => createSolanaRpc(validator.rpcUrl)
const balanceOf = async (a: string) => (await rpc().getBalance(address(a)).send()).value

beforeAll(async () => {
  validator = await startSolanaValidator({ port: 0 })
  network = solanaLocalnet(validator.rpcUrl, { caipNetworkId: validator.caipNetworkId })
}, 30_000)
afterAll(async () => {
  await validator?.stop()
})
afterEach(() => {
  for (const f of fakes) f.unregister()
  fakes = []
})

/** A registered, connected fake wallet whose accounts hold 10 SOL each. */
async function funded(options: Parameters<typeof createFakeStandardWallet>[0] = {}): Promise<FakeWallet> {
  const wallet = (await createFakeStandardWallet({ rpcUrl: validator.rpcUrl, ...options })).register()
  fakes.push(wallet)
  for (const a of wallet.addresses) {
    if ((await balanceOf(a)) > 0n) continue
    await rpc().requestAirdrop(address(a), lamports(10_000_000_000n)).send()
  }
  adapter = createSolanaAdapter({ networks: [network], prefetch: false, receiptPollingMs: 20 })
  const session = await adapter.connect(FAKE_NAME)
  expect(session.caipNetworkId).toBe(validator.caipNetworkId)
  return wallet
}

describe('Solana adapter over RPC', () => {
  it('the network of a local validator carries its CAIP-2 id and PubSub URL', () => {
    expect(network).toMatchObject({ chainNamespace: 'solana', caipNetworkId: validator.caipNetworkId, rpcUrls: { default: { http: [validator.rpcUrl], webSocket: [validator.wsUrl] } } })
  })

  it('getBalance reads the lamports over RPC, exactly', async () => {
    const wallet = await funded()
    const dev = validator.accounts[0]!.address
    expect(await adapter.getBalance(network, dev)).toBe((await balanceOf(dev)).toString())
    expect(await adapter.getBalance(network, wallet.addresses[0]!)).toBe('10000000000')
    await expect(adapter.getBalance(network, 'not-an-address')).rejects.toMatchObject({ name: 'InvalidInputError' })
  })

  it('builds the same transfer instruction as @solana-program/system', () => {
    const [from, to] = [validator.accounts[0]!.address, validator.accounts[1]!.address] as [Address, Address]
    const ours = transferSolInstruction(from, to, 123_456_789n)
    const theirs = getTransferSolInstruction({ source: createNoopSigner(from), destination: to, amount: 123_456_789n })
    expect(ours.programAddress).toBe(theirs.programAddress)
    expect(ours.accounts?.map((a) => [a.address, a.role])).toEqual(theirs.accounts.map((a) => [a.address, a.role]))
    expect([...ours.data!]).toEqual([...theirs.data])
  })

  it('sendTransfer sends SOL through solana:signAndSendTransaction and waitForReceipt sees it confirmed', async () => {
    const wallet = await funded()
    const receiver = validator.accounts[2]!.address
    const before = await balanceOf(receiver)
    const signature = await adapter.sendTransfer(FAKE_NAME, network, { from: wallet.addresses[0]!, receiver, amount: '1500000' })
    expect(wallet.calls.at(-1)?.feature).toBe('solana:signAndSendTransaction')
    // The fake lists the local cluster by its Wallet Standard name, not by its genesis id.
    expect((wallet.calls.at(-1)?.input as { chain: string }[])[0]!.chain).toBe('solana:localnet')
    const receipt = await adapter.waitForReceipt(network, signature)
    expect(receipt.status).toBe('success')
    expect(BigInt(receipt.blockNumber)).toBeGreaterThan(0n)
    expect(await balanceOf(receiver)).toBe(before + 1_500_000n)
  })

  it('a wallet with only solana:signTransaction signs, and the adapter sends over RPC', async () => {
    const wallet = await funded({ features: ['signTransaction', 'signMessage'] })
    const receiver = validator.accounts[1]!.address
    const before = await balanceOf(receiver)
    const signature = await adapter.sendTransfer(FAKE_NAME, network, { from: wallet.addresses[0]!, receiver, amount: '2000000' })
    expect(wallet.calls.at(-1)?.feature).toBe('solana:signTransaction')
    expect((await adapter.waitForReceipt(network, signature)).status).toBe('success')
    expect(await balanceOf(receiver)).toBe(before + 2_000_000n)
  })

  it('solana.signTransaction and solana.signAndSendTransaction take a base64 transaction of the host', async () => {
    const wallet = await funded()
    const from = address(wallet.addresses[0]!)
    const { value: lifetime } = await rpc().getLatestBlockhash().send()
    const tx = compileTransaction(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayer(from, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
        (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: { address: from } as never, destination: address(validator.accounts[1]!.address), amount: 1n }), m),
      ),
    )
    const base64 = getBase64Decoder().decode(getTransactionEncoder().encode(tx))
    const signed = await adapter.solana.signTransaction(FAKE_NAME, { address: from, transaction: base64 })
    const decoded = getTransactionDecoder().decode(Buffer.from(signed, 'base64')) as Transaction
    expect(decoded.signatures[from]).toHaveLength(64)
    const signature = await adapter.solana.signAndSendTransaction(FAKE_NAME, network, { address: from, transaction: base64 })
    expect((await adapter.waitForReceipt(network, signature)).status).toBe('success')
    await expect(adapter.solana.signTransaction(FAKE_NAME, { address: from, transaction: 'not base64!' })).rejects.toMatchObject({ shortMessage: 'Invalid transaction' })
  })

  it('a refusal to send is a user rejection; a node refusing the transaction fails with its reason; nothing lands', async () => {
    const wallet = await funded()
    const receiver = validator.accounts[1]!.address
    const before = await balanceOf(receiver)
    wallet.answerNext('signAndSendTransaction', () => {
      throw rejection()
    })
    const refused = await adapter.sendTransfer(FAKE_NAME, network, { from: wallet.addresses[0]!, receiver, amount: '1000' }).catch((e: unknown) => e)
    expect(isUserRejection(refused)).toBe(true)
    // More lamports than the account holds: the validator's preflight refuses it.
    const tooMuch = await adapter.sendTransfer(FAKE_NAME, network, { from: wallet.addresses[0]!, receiver, amount: '99000000000000' }).catch((e: unknown) => e)
    expect(tooMuch).toMatchObject({ name: expect.stringMatching(/^Wallet/) })
    expect(await balanceOf(receiver)).toBe(before)
    await expect(adapter.sendTransfer(FAKE_NAME, network, { from: wallet.addresses[0]!, receiver, amount: '0' })).rejects.toMatchObject({ shortMessage: 'Invalid amount' })
    // A token transfer needs the token's decimals for its checked transfer.
    await expect(adapter.sendTransfer(FAKE_NAME, network, { from: wallet.addresses[0]!, receiver, amount: '1', token: validator.mint.address })).rejects.toMatchObject({
      name: 'InvalidInputError',
      shortMessage: 'Invalid token decimals',
    })
  })

  it("sendTransfer moves an SPL token with a checked transfer, creating the receiver's token account; wrong decimals move nothing", async () => {
    // The wallet holds dev account 0's key, and so its GWAY.
    const wallet = await funded({ seeds: [devSolanaAccountSeed(0)] })
    const from = wallet.addresses[0]!
    expect(from).toBe(validator.accounts[0]!.address)
    const mint = validator.mint.address
    const receiver = (await generateKeyPairSigner()).address
    const tokenBalance = async (owner: string) => {
      const [ata] = await findAssociatedTokenPda({ owner: address(owner), mint: address(mint), tokenProgram: TOKEN_PROGRAM_ADDRESS })
      const info = await rpc().getAccountInfo(ata, { encoding: 'base64' }).send()
      return info.value === null ? null : BigInt((await rpc().getTokenAccountBalance(ata).send()).value.amount)
    }
    const senderBefore = await tokenBalance(from)
    expect(await tokenBalance(receiver)).toBeNull()
    const signature = await adapter.sendTransfer(FAKE_NAME, network, { from, receiver, amount: '2500000', token: mint, decimals: validator.mint.decimals })
    expect((await adapter.waitForReceipt(network, signature)).status).toBe('success')
    expect(await tokenBalance(receiver)).toBe(2_500_000n)
    expect(await tokenBalance(from)).toBe(senderBefore! - 2_500_000n)
    // The token program checks the decimals against the mint: a wrong value is refused, nothing moves.
    const wrong = await adapter.sendTransfer(FAKE_NAME, network, { from, receiver, amount: '1', token: mint, decimals: validator.mint.decimals + 3 }).catch((e: unknown) => e)
    expect(wrong).toMatchObject({ name: expect.stringMatching(/^Wallet/) })
    expect(await tokenBalance(receiver)).toBe(2_500_000n)
  })

  it('junk from the wallet when sending is refused clearly and nothing is sent', async () => {
    const wallet = await funded({ features: ['signTransaction'] })
    const receiver = validator.accounts[1]!.address
    const before = await balanceOf(receiver)
    for (const answer of [[], [{ signedTransaction: 'abc' }], [{ signedTransaction: new Uint8Array([1, 2, 3]) }]]) {
      wallet.answerNext('signTransaction', () => answer)
      const error = await adapter.sendTransfer(FAKE_NAME, network, { from: wallet.addresses[0]!, receiver, amount: '1000' }).catch((e: unknown) => e)
      expect(error).toMatchObject({ name: 'WalletInvalidResponseError', details: expect.stringMatching(/^the wallet answered with junk: /) })
    }
    expect(await balanceOf(receiver)).toBe(before)
  })
})

describe('the RPC rules of spec §9', () => {
  /** An RPC on 127.0.0.1 that answers each request with the next of `statuses` (200: a balance of 42). */
  async function flakyRpc(statuses: number[]) {
    const seen: number[] = []
    const server = createServer((req, res) => {
      req.resume()
      req.on('end', () => {
        const status = statuses[Math.min(seen.length, statuses.length - 1)]!
        seen.push(status)
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(status === 200 ? '{"jsonrpc":"2.0","id":0,"result":{"context":{"slot":1},"value":42}}' : '{}')
      })
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    return { network: solanaLocalnet(url), seen, close: () => new Promise<void>((r) => server.close(() => r())) }
  }
  const someone = '2yv38haB18xjvwGdkSdFML9sSqfKAycBysobHzZxirLg'

  it('retries 503 and 429 up to 3 times, then answers', async () => {
    const rpc = await flakyRpc([503, 429, 503, 200])
    try {
      expect(await createSolanaAdapter({ prefetch: false }).getBalance(rpc.network, someone)).toBe('42')
      expect(rpc.seen).toEqual([503, 429, 503, 200])
    } finally {
      await rpc.close()
    }
  })

  it('reads past a dead endpoint: the network’s next URL, or the gateway’s JSON-RPC to the validator', async () => {
    const dev = validator.accounts[0]!.address
    const reference = validator.caipNetworkId.slice('solana:'.length)
    const twoUrls = defineSolanaNetwork({ id: reference, name: 'Local', rpcUrl: [await deadUrl(), validator.rpcUrl] })
    expect(await createSolanaAdapter({ prefetch: false, networks: [twoUrls] }).getBalance(twoUrls, dev)).toBe((await balanceOf(dev)).toString())

    const gateway = await startGateway({ chains: [], tokens: [], solana: { rpcUrl: validator.rpcUrl, caipNetworkId: validator.caipNetworkId, tokens: [] } })
    try {
      const deadOnly = defineSolanaNetwork({ id: reference, name: 'Local', rpcUrl: await deadUrl() })
      const adapter = createSolanaAdapter({ prefetch: false, networks: [deadOnly] })
      await expect(adapter.getBalance(deadOnly, dev)).rejects.toMatchObject({ name: 'WalletRpcError' })
      adapter.setRpcGateway({ apiUrl: gateway.url, projectId: 'test-project' })
      expect(await adapter.getBalance(deadOnly, dev)).toBe((await balanceOf(dev)).toString())
    } finally {
      await gateway.stop()
    }
  })

  it('does not retry other statuses, nor more than 3 times', async () => {
    const bad = await flakyRpc([400, 200])
    const down = await flakyRpc([502])
    try {
      await expect(createSolanaAdapter({ prefetch: false }).getBalance(bad.network, someone)).rejects.toMatchObject({ name: 'WalletRpcError', shortMessage: 'Something went wrong' })
      expect(bad.seen).toEqual([400])
      await expect(createSolanaAdapter({ prefetch: false }).getBalance(down.network, someone)).rejects.toMatchObject({ name: 'WalletRpcError' })
      expect(down.seen).toEqual([502, 502, 502, 502])
    } finally {
      await bad.close()
      await down.close()
    }
  })
})
