// The local Solana validator through @solana/kit's own clients: the RPC, PubSub subscriptions
// and sendAndConfirmTransactionFactory against a validator on port 0.
import { createServer, type Server } from 'node:net'
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getBase64Decoder,
  getSignatureFromTransaction,
  getTransactionEncoder,
  isSolanaError,
  SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  type SolanaError,
  lamports,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Instruction,
  type KeyPairSigner,
  type Rpc,
  type Signature,
  type SolanaRpcApi,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstructionAsync, getTransferCheckedInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { DEV_SOLANA_LAMPORTS, DEV_SOLANA_TOKEN_AMOUNT, devSolanaAccountSigner } from '../../../dev/solana/devAccounts'
import { startSolanaValidator, type SolanaValidator } from '../../../dev/solana/startSolanaValidator'

let validator: SolanaValidator
let rpc: Rpc<SolanaRpcApi>
let subscriptions: ReturnType<typeof createSolanaRpcSubscriptions>
let sendAndConfirm: ReturnType<typeof sendAndConfirmTransactionFactory>
let payer: KeyPairSigner

beforeAll(async () => {
  validator = await startSolanaValidator({ port: 0 })
  rpc = createSolanaRpc(validator.rpcUrl)
  subscriptions = createSolanaRpcSubscriptions(validator.wsUrl)
  sendAndConfirm = sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions: subscriptions })
  payer = await createKeyPairSignerFromBytes(Uint8Array.from(validator.accounts[0]!.secretKey))
}, 30_000)

afterAll(async () => {
  await validator?.stop()
})

/** A signed v0 transaction with the latest blockhash, typed as sendAndConfirm takes it. */
async function signed(instructions: Instruction[], feePayer: KeyPairSigner = payer): Promise<Parameters<typeof sendAndConfirm>[0]> {
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
  return signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(feePayer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    ),
  ) as Promise<Parameters<typeof sendAndConfirm>[0]>
}

async function post(body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: unknown; headers: Headers }> {
  const response = await fetch(validator.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) })
  const text = await response.text()
  return { status: response.status, json: text === '' ? undefined : JSON.parse(text), headers: response.headers }
}

describe('start', () => {
  it('listens on 127.0.0.1 with the WebSocket on port + 1 and fixed dev accounts', async () => {
    const http = new URL(validator.rpcUrl)
    const ws = new URL(validator.wsUrl)
    expect(http.hostname).toBe('127.0.0.1')
    expect(ws.hostname).toBe('127.0.0.1')
    expect(Number(ws.port)).toBe(Number(http.port) + 1)
    expect(validator.accounts).toHaveLength(3)
    for (const [i, account] of validator.accounts.entries()) {
      expect(account.address).toBe((await devSolanaAccountSigner(i)).address)
      expect(account.secretKey).toHaveLength(64)
    }
    // The addresses documented in dev/solana/README.md.
    expect(validator.accounts.map((a) => a.address)).toEqual([
      '2yv38haB18xjvwGdkSdFML9sSqfKAycBysobHzZxirLg',
      'FdnHavjnCBuEZpJ9mcrakq9Whfwg5ptMPL6wu6ScYi9Y',
      '6pnnP4vS7GZQczk53KbnupugPCChX8MLJsfYSpszmVw9',
    ])
    expect(validator.mint).toMatchObject({ address: '9iwsPKzDCdR1zZzwxEgVJBeXKaqc5raN6UFCzoEiGBTL', symbol: 'GWAY', decimals: 6 })
    expect(validator.chain).toBe('solana:localnet')
    expect(validator.caipNetworkId).toBe(`solana:${validator.genesisHash.slice(0, 32)}`)
  })

  it('funds every dev account with SOL and GWAY', async () => {
    const other = validator.accounts[2]!
    expect((await rpc.getBalance(other.address).send()).value).toBe(DEV_SOLANA_LAMPORTS)
    const balance = await rpc.getTokenAccountBalance(other.tokenAccount).send()
    expect(balance.value).toEqual({ amount: DEV_SOLANA_TOKEN_AMOUNT.toString(), decimals: 6, uiAmount: 1_000_000, uiAmountString: '1000000' })
    const supply = await rpc.getTokenSupply(validator.mint.address).send()
    expect(supply.value.amount).toBe((DEV_SOLANA_TOKEN_AMOUNT * 3n).toString())
  })

  it('takes a port pair that is free, and refuses a given port whose + 1 is taken', async () => {
    // A blocked port whose predecessor is free (other suites take ports meanwhile: try again).
    const listen = (port: number) =>
      new Promise<Server | null>((resolve) => {
        const server = createServer()
        server.once('error', () => resolve(null))
        server.listen(port, '127.0.0.1', () => resolve(server))
      })
    let blocker: Server | null = null
    let taken = 0
    for (let attempt = 0; attempt < 20 && !blocker; attempt++) {
      const candidate = (await listen(0))!
      const port = (candidate.address() as { port: number }).port
      const below = await listen(port - 1)
      if (below) {
        await new Promise((r) => below.close(r))
        blocker = candidate
        taken = port
      } else candidate.close()
    }
    if (!blocker) throw new Error('no free port pair found')
    try {
      await expect(startSolanaValidator({ port: taken - 1 })).rejects.toThrow(`127.0.0.1:${taken}`)
    } finally {
      blocker.close()
    }
  })

  it('frees both ports on stop', async () => {
    const second = await startSolanaValidator({ port: 0 })
    const port = Number(new URL(second.rpcUrl).port)
    await second.stop()
    const again = await startSolanaValidator({ port })
    expect(again.rpcUrl).toBe(second.rpcUrl)
    await again.stop()
  })
})

describe('kit against the validator', () => {
  it('airdrops and confirms through signature statuses', async () => {
    const receiver = await generateKeyPairSigner()
    expect((await rpc.getBalance(receiver.address).send()).value).toBe(0n)
    expect((await rpc.getAccountInfo(receiver.address, { encoding: 'base64' }).send()).value).toBeNull()
    const signature = await rpc.requestAirdrop(receiver.address, lamports(2_000_000_000n)).send()
    const { value: statuses } = await rpc.getSignatureStatuses([signature]).send()
    expect(statuses[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    expect((await rpc.getBalance(receiver.address).send()).value).toBe(2_000_000_000n)
    const info = await rpc.getAccountInfo(receiver.address, { encoding: 'base64' }).send()
    expect(info.value).toMatchObject({ lamports: 2_000_000_000n, owner: '11111111111111111111111111111111', executable: false, data: ['', 'base64'] })
  })

  it('transfers SOL with sendAndConfirmTransactionFactory, twice with identical transfers', async () => {
    const receiver = await generateKeyPairSigner()
    const before = (await rpc.getBalance(payer.address).send()).value
    const transfer = () => getTransferSolInstruction({ source: payer, destination: receiver.address, amount: lamports(1_000_000_000n) })
    const first = await signed([transfer()])
    await sendAndConfirm(first, { commitment: 'confirmed' })
    const second = await signed([transfer()])
    // The blockhash expired with the first transfer, so the same transfer is a new transaction.
    expect(getSignatureFromTransaction(second)).not.toBe(getSignatureFromTransaction(first))
    await sendAndConfirm(second, { commitment: 'confirmed' })
    expect((await rpc.getBalance(receiver.address).send()).value).toBe(2_000_000_000n)
    // Two transfers and two fees of 5,000 lamports.
    expect((await rpc.getBalance(payer.address).send()).value).toBe(before - 2_000_000_000n - 10_000n)
  })

  it('transfers GWAY with transferChecked to a new associated token account', async () => {
    const receiver = await generateKeyPairSigner()
    const mint = validator.mint.address
    const [destination] = await findAssociatedTokenPda({ owner: receiver.address, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    const transaction = await signed([
      await getCreateAssociatedTokenIdempotentInstructionAsync({ payer, owner: receiver.address, mint }),
      getTransferCheckedInstruction({ source: validator.accounts[0]!.tokenAccount, mint, destination, authority: payer, amount: 12_345_678n, decimals: 6 }),
    ])
    await sendAndConfirm(transaction, { commitment: 'confirmed' })
    const parsed = await rpc.getTokenAccountsByOwner(receiver.address, { mint }, { encoding: 'jsonParsed' }).send()
    expect(parsed.value).toHaveLength(1)
    expect(parsed.value[0]!.pubkey).toBe(destination)
    expect(parsed.value[0]!.account.data.parsed.info).toMatchObject({
      mint,
      owner: receiver.address,
      state: 'initialized',
      tokenAmount: { amount: '12345678', decimals: 6, uiAmount: 12.345678, uiAmountString: '12.345678' },
    })
    const raw = await rpc.getTokenAccountsByOwner(receiver.address, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'base64' }).send()
    expect(raw.value).toHaveLength(1)
    expect(raw.value[0]!.account.data[1]).toBe('base64')
    expect(raw.value[0]!.account.space).toBe(165n)
    const sender = await rpc.getTokenAccountBalance(validator.accounts[0]!.tokenAccount).send()
    expect(BigInt(sender.value.amount)).toBeLessThan(DEV_SOLANA_TOKEN_AMOUNT)
  })

  it('lists an address’s signatures newest first and answers getTransaction with balances before and after', async () => {
    const receiver = await generateKeyPairSigner()
    const airdrop = await rpc.requestAirdrop(receiver.address, lamports(1_000_000_000n)).send()
    const first = await signed([getTransferSolInstruction({ source: payer, destination: receiver.address, amount: lamports(250_000_000n) })])
    await sendAndConfirm(first, { commitment: 'confirmed' })
    const second = await signed([getTransferSolInstruction({ source: payer, destination: receiver.address, amount: lamports(1n) })])
    await sendAndConfirm(second, { commitment: 'confirmed' })
    const [s1, s2] = [getSignatureFromTransaction(first), getSignatureFromTransaction(second)]

    const all = await rpc.getSignaturesForAddress(receiver.address).send()
    expect(all.map((e) => e.signature)).toEqual([s2, s1, airdrop])
    expect(all[0]).toMatchObject({ err: null, memo: null, confirmationStatus: 'finalized' })
    expect(all[0]!.slot).toBeGreaterThan(all[1]!.slot)
    expect((await rpc.getSignaturesForAddress(receiver.address, { limit: 1 }).send()).map((e) => e.signature)).toEqual([s2])
    expect((await rpc.getSignaturesForAddress(receiver.address, { before: s2 }).send()).map((e) => e.signature)).toEqual([s1, airdrop])
    expect((await rpc.getSignaturesForAddress(receiver.address, { until: airdrop }).send()).map((e) => e.signature)).toEqual([s2, s1])
    expect(await rpc.getSignaturesForAddress((await generateKeyPairSigner()).address).send()).toEqual([])

    const tx = await rpc.getTransaction(s1, { encoding: 'json', maxSupportedTransactionVersion: 0 }).send()
    expect(tx).not.toBeNull()
    const keys = tx!.transaction.message.accountKeys
    expect(keys.slice(0, 2)).toEqual([payer.address, receiver.address])
    expect(tx!.meta!.fee).toBe(5_000n)
    expect(tx!.meta!.err).toBeNull()
    expect(tx!.version).toBe(0)
    expect(tx!.transaction.signatures).toEqual([s1])
    expect(tx!.meta!.postBalances[1]! - tx!.meta!.preBalances[1]!).toBe(250_000_000n)
    expect(tx!.meta!.preBalances[0]! - tx!.meta!.postBalances[0]!).toBe(250_005_000n)
    expect(tx!.blockTime).toBeGreaterThan(0n)
    const dropped = await rpc.getTransaction(airdrop, { encoding: 'json' }).send()
    expect(dropped!.transaction.message.accountKeys[0]).toBe(receiver.address)
    expect(dropped!.meta!.postBalances[0]).toBe(1_000_000_000n)
    const wire = await rpc.getTransaction(s1, { encoding: 'base64', maxSupportedTransactionVersion: 0 }).send()
    expect(wire!.transaction).toEqual([getBase64Decoder().decode(getTransactionEncoder().encode(first)), 'base64'])
    // A v0 transaction to a client that did not say it reads them: Solana's -32015.
    const old = await post({ jsonrpc: '2.0', id: 1, method: 'getTransaction', params: [s1, { encoding: 'json' }] })
    expect((old.json as { error: { code: number } }).error.code).toBe(-32015)
    const unknown = await post({ jsonrpc: '2.0', id: 2, method: 'getTransaction', params: [getBase58Decoder().decode(new Uint8Array(64).fill(7))] })
    expect(unknown.json).toEqual({ jsonrpc: '2.0', id: 2, result: null })
    const bad = await post([
      { jsonrpc: '2.0', id: 3, method: 'getTransaction', params: ['nope'] },
      { jsonrpc: '2.0', id: 4, method: 'getSignaturesForAddress', params: [receiver.address, { limit: 0 }] },
      { jsonrpc: '2.0', id: 5, method: 'getSignaturesForAddress', params: [receiver.address, { before: 'x' }] },
      { jsonrpc: '2.0', id: 6, method: 'getTransaction', params: [s1, { encoding: 'jsonParsed' }] },
    ])
    expect((bad.json as { error: { code: number; message: string } }[]).map((a) => [a.error.code, a.error.message])).toEqual([
      [-32602, 'Invalid params: signature is not a valid base58 signature: "nope"'],
      [-32602, 'Invalid params: limit must be an integer from 1 to 1000, got 0'],
      [-32602, 'Invalid params: before is not a valid base58 signature: "x"'],
      [-32602, 'Invalid params: jsonParsed transactions are not supported by the local validator; use json, base64 or base58'],
    ])
  })

  it('refuses a transfer beyond the balance at preflight, with the simulation in the error', async () => {
    const poor = await generateKeyPairSigner()
    await rpc.requestAirdrop(poor.address, lamports(1_000_000n)).send()
    const transaction = await signed([getTransferSolInstruction({ source: poor, destination: payer.address, amount: lamports(5_000_000n) })], poor)
    const error = await sendAndConfirm(transaction, { commitment: 'confirmed' }).catch((e: unknown) => e)
    expect(isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE)).toBe(true)
    const preflight = error as SolanaError<typeof SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE>
    expect(preflight.context.logs).toContain('Transfer: insufficient lamports 995000, need 5000000')
    // The system program's custom error 1 (ResultWithNegativeLamports) in instruction 0.
    expect(isSolanaError(preflight.cause, SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM)).toBe(true)
    expect((preflight.cause as SolanaError<typeof SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM>).context).toMatchObject({ code: 1, index: 0 })
    // Nothing landed: no fee was taken.
    expect((await rpc.getBalance(poor.address).send()).value).toBe(1_000_000n)
  })

  it('answers a replayed transaction as already processed and an unknown blockhash as not found', async () => {
    const transaction = await signed([getTransferSolInstruction({ source: payer, destination: validator.accounts[1]!.address, amount: lamports(1n) })])
    const wire = getBase64EncodedWireTransaction(transaction)
    await rpc.sendTransaction(wire, { encoding: 'base64' }).send()
    await expect(post({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [wire, { encoding: 'base64' }] })).resolves.toMatchObject({
      json: { error: { code: -32002, message: 'Transaction simulation failed: This transaction has already been processed', data: { err: 'AlreadyProcessed' } } },
    })
    const stale = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(payer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: address('11111111111111111111111111111111') as never, lastValidBlockHeight: 10n }, m),
        (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: payer, destination: validator.accounts[1]!.address, amount: lamports(1n) })], m),
      ),
    )
    await expect(post({ jsonrpc: '2.0', id: 2, method: 'sendTransaction', params: [getBase64EncodedWireTransaction(stale), { encoding: 'base64' }] })).resolves.toMatchObject({
      json: { error: { code: -32002, data: { err: 'BlockhashNotFound' } } },
    })
  })

  it('takes base58 transactions (Solana\'s default encoding) and refuses an unsigned one', async () => {
    const transaction = await signed([getTransferSolInstruction({ source: payer, destination: validator.accounts[1]!.address, amount: lamports(2n) })])
    const base58 = getBase58Decoder().decode(getTransactionEncoder().encode(transaction))
    const answer = await post({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [base58] })
    expect(answer.json).toEqual({ jsonrpc: '2.0', id: 1, result: getSignatureFromTransaction(transaction) })
    const { value: blockhash } = await rpc.getLatestBlockhash().send()
    const unsigned = compileTransaction(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(payer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
        (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: payer, destination: validator.accounts[1]!.address, amount: lamports(3n) })], m),
      ),
    )
    const refused = await post({ jsonrpc: '2.0', id: 2, method: 'sendTransaction', params: [getBase64Decoder().decode(getTransactionEncoder().encode(unsigned)), { encoding: 'base64' }] })
    expect(refused.json).toMatchObject({ error: { code: -32003, message: 'Transaction signature verification failure' } })
  })

  it('simulates without landing, and without signatures by default', async () => {
    const { value: blockhash } = await rpc.getLatestBlockhash().send()
    const unsigned = compileTransaction(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(payer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
        (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: payer, destination: validator.accounts[2]!.address, amount: lamports(7n) })], m),
      ),
    )
    const wire = getBase64EncodedWireTransaction(unsigned)
    const before = (await rpc.getBalance(validator.accounts[2]!.address).send()).value
    const simulated = await rpc.simulateTransaction(wire, { encoding: 'base64', accounts: { addresses: [validator.accounts[2]!.address], encoding: 'base64' } }).send()
    expect(simulated.value.err).toBeNull()
    expect(simulated.value.logs?.some((line) => line.includes('11111111111111111111111111111111 success'))).toBe(true)
    expect(simulated.value.accounts?.[0]?.lamports).toBe(before + 7n)
    expect((await rpc.getBalance(validator.accounts[2]!.address).send()).value).toBe(before)
    const verified = await post({ jsonrpc: '2.0', id: 1, method: 'simulateTransaction', params: [wire, { encoding: 'base64', sigVerify: true }] })
    expect(verified.json).toMatchObject({ error: { code: -32003, message: 'Transaction signature verification failure' } })
    const replaced = await rpc.simulateTransaction(wire, { encoding: 'base64', replaceRecentBlockhash: true }).send()
    expect(replaced.value.replacementBlockhash?.blockhash).toBe((await rpc.getLatestBlockhash().send()).value.blockhash)
  })

  it('prices a message at 5,000 lamports per signature while its blockhash is valid', async () => {
    const transaction = await signed([getTransferSolInstruction({ source: payer, destination: validator.accounts[1]!.address, amount: lamports(1n) })])
    const message = getBase64Decoder().decode(transaction.messageBytes) as never
    expect((await rpc.getFeeForMessage(message).send()).value).toBe(5_000n)
  })

  it('advances slot, block height and epoch info together with landed transactions', async () => {
    const before = await rpc.getEpochInfo().send()
    const { value: latest } = await rpc.getLatestBlockhash().send()
    await rpc.requestAirdrop(validator.accounts[1]!.address, lamports(1n)).send()
    const after = await rpc.getEpochInfo().send()
    expect(after.absoluteSlot).toBe(before.absoluteSlot + 1n)
    expect(after.blockHeight).toBe(before.blockHeight + 1n)
    expect(after.transactionCount).toBe((before.transactionCount ?? 0n) + 1n)
    expect(await rpc.getSlot().send()).toBe(after.absoluteSlot)
    expect(await rpc.getBlockHeight().send()).toBe(after.blockHeight)
    expect(latest.lastValidBlockHeight).toBe(before.blockHeight + 150n)
    const { value: next } = await rpc.getLatestBlockhash().send()
    expect(next.blockhash).not.toBe(latest.blockhash)
    // The previous blockhash stays usable, as on a cluster.
    expect((await rpc.isBlockhashValid(latest.blockhash).send()).value).toBe(true)
    expect(after.slotIndex).toBeLessThan(after.slotsInEpoch)
  })

  it('answers the cluster-info methods', async () => {
    expect(await rpc.getHealth().send()).toBe('ok')
    expect(await rpc.getGenesisHash().send()).toBe(validator.genesisHash)
    expect((await rpc.getVersion().send())['solana-core']).toMatch(/^\d+\.\d+\.\d+$/)
    expect(await rpc.getMinimumBalanceForRentExemption(165n).send()).toBe(2_039_280n)
    const accounts = await rpc.getMultipleAccounts([validator.mint.address, (await generateKeyPairSigner()).address], { encoding: 'jsonParsed' }).send()
    expect(accounts.value[1]).toBeNull()
    expect(accounts.value[0]?.data).toMatchObject({ program: 'spl-token', parsed: { type: 'mint', info: { decimals: 6, supply: expect.any(String), freezeAuthority: null } } })
  })
})

describe('subscriptions', () => {
  it('notifies an account subscriber of a transfer to it', async () => {
    const receiver = await generateKeyPairSigner()
    const abort = new AbortController()
    const notifications = await subscriptions.accountNotifications(receiver.address, { encoding: 'base64', commitment: 'confirmed' }).subscribe({ abortSignal: abort.signal })
    const next = (async () => {
      for await (const notification of notifications) return notification
    })()
    await rpc.requestAirdrop(receiver.address, lamports(1_000_000_042n)).send()
    const notification = await next
    abort.abort()
    expect(notification?.value.lamports).toBe(1_000_000_042n)
  })

  it('notifies a signature subscriber even when the transaction landed before it subscribed', async () => {
    const signature = await rpc.requestAirdrop(validator.accounts[2]!.address, lamports(3n)).send()
    const abort = new AbortController()
    const notifications = await subscriptions.signatureNotifications(signature as Signature, { commitment: 'confirmed' }).subscribe({ abortSignal: abort.signal })
    for await (const notification of notifications) {
      expect(notification.value).toEqual({ err: null })
      break
    }
    abort.abort()
  })

  it('answers JSON-RPC errors on the socket and ignores kit\'s ping', async () => {
    const socket = new WebSocket(validator.wsUrl)
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
    const answers: unknown[] = []
    socket.on('message', (data) => answers.push(JSON.parse(String(data))))
    socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'ping' }))
    socket.send('{not json')
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'logsSubscribe', params: [] }))
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'signatureSubscribe', params: ['nope'] }))
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'slotSubscribe' }))
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'slotUnsubscribe', params: [123456] }))
    await expect.poll(() => answers.length).toBe(5)
    expect(answers[0]).toMatchObject({ id: null, error: { code: -32700 } })
    expect(answers[1]).toMatchObject({ id: 1, error: { code: -32601 } })
    expect(answers[2]).toMatchObject({ id: 2, error: { code: -32602 } })
    expect(answers[3]).toMatchObject({ id: 3, result: expect.any(Number) })
    expect(answers[4]).toMatchObject({ id: 4, error: { code: -32602, message: 'Invalid subscription id.' } })
    const slotId = (answers[3] as { result: number }).result
    await rpc.requestAirdrop(validator.accounts[2]!.address, lamports(1n)).send()
    await expect.poll(() => answers.some((a) => (a as { method?: string; params?: { subscription?: number } }).method === 'slotNotification' && (a as { params: { subscription: number } }).params.subscription === slotId)).toBe(true)
    socket.close()
  })
})

describe('HTTP JSON-RPC', () => {
  it('answers batches in order, with errors for unknown methods and bad params', async () => {
    const answer = await post([
      { jsonrpc: '2.0', id: 1, method: 'getHealth' },
      { jsonrpc: '2.0', id: 2, method: 'getNothing' },
      { jsonrpc: '2.0', id: 3, method: 'getBalance', params: ['not an address'] },
      { jsonrpc: '2.0', method: 'getHealth' },
      { jsonrpc: '2.0', id: 4, method: 'getBalance', params: { address: 'x' } },
    ])
    expect(answer.status).toBe(200)
    expect(answer.json).toEqual([
      { jsonrpc: '2.0', id: 1, result: 'ok' },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found: getNothing' } },
      { jsonrpc: '2.0', id: 3, error: { code: -32602, message: 'Invalid params: address is not a valid base58 address: "not an address"' } },
      { jsonrpc: '2.0', id: 4, error: { code: -32602, message: 'Invalid params: params must be an array' } },
    ])
  })

  it('answers a parse error, an empty batch and an oversized body', async () => {
    expect((await post('{"jsonrpc"')).json).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })
    expect((await post([])).json).toMatchObject({ error: { code: -32600 } })
    const big = await post({ jsonrpc: '2.0', id: 1, method: 'getHealth', params: ['x'.repeat(60 * 1024)] })
    expect(big.status).toBe(413)
    expect(big.json).toMatchObject({ error: { code: -32600 } })
  })

  it('allows browsers to send kit\'s headers (CORS)', async () => {
    const response = await fetch(validator.rpcUrl, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,solana-client' },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-allow-methods')).toContain('POST')
    expect(response.headers.get('access-control-allow-headers')).toContain('solana-client')
    const answer = await post({ jsonrpc: '2.0', id: 1, method: 'getSlot' }, { 'solana-client': 'js/test' })
    expect(answer.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('writes values beyond 2^53 as exact JSON integers', async () => {
    const response = await fetch(validator.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getAccountInfo', params: [validator.accounts[0]!.address, { encoding: 'base64' }] }),
    })
    expect(await response.text()).toContain('"rentEpoch":18446744073709551615')
  })
})
