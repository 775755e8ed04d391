// The local Solana ledger: one litesvm instance with what a cluster adds around it and litesvm
// leaves out. Slots and block height advance with every landed transaction; each landed
// transaction expires the blockhash (so an identical transfer can be sent again) while
// blockhashes handed out stay valid for 150 blocks, as on a cluster; signature statuses carry
// the slot they landed in; the preflight simulation and the errors follow Solana's RPC.
import { createHash } from 'node:crypto'
import {
  address as toAddress,
  assertIsFullySignedTransaction,
  getBase58Decoder,
  getBase64Decoder,
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
  getSignatureFromTransaction,
  type Address,
  type Blockhash,
  type EncodedAccount,
  type Lamports,
  type Signature,
  type ReadonlyUint8Array,
  type Transaction,
} from '@solana/kit'
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm'
import { RpcError, SEND_TRANSACTION_PREFLIGHT_FAILURE, TRANSACTION_SIGNATURE_VERIFICATION_FAILURE } from './jsonRpc'
import { describeTransactionError, landsOnChain, toRpcTransactionError, type RpcTransactionError } from './transactionErrors'
import { decodeMintAccount, decodeTokenAccount } from './accountEncoding'

/** Blocks a blockhash stays valid for (Solana's MAX_PROCESSING_AGE + 1). */
export const BLOCKHASH_VALIDITY_BLOCKS = 150n

/** Signature statuses kept (oldest forgotten first), so memory stays bounded on a long demo. */
export const MAX_REMEMBERED_SIGNATURES = 20_000

/** Fee per signature (litesvm's default fee structure). */
export const LAMPORTS_PER_SIGNATURE = 5_000n

const MINIMUM_SLOTS_PER_EPOCH = 32n

export type SignatureStatus = { slot: bigint; err: RpcTransactionError | null }

/** What the ledger tells its subscribers after every landed transaction or airdrop. */
export type LedgerCommit = { slot: bigint; parent: bigint; signature: Signature; err: RpcTransactionError | null }

/** A token account's balance before or after a transaction, as Solana's `preTokenBalances` / `postTokenBalances` list it. */
export type LedgerTokenBalance = { accountIndex: number; mint: Address; owner: Address; programId: Address; amount: bigint; decimals: number }

/**
 * What the ledger keeps of a landed transaction for getTransaction / getSignaturesForAddress:
 * its wire form (absent for an airdrop, which litesvm makes itself), the lamports and token
 * balances of its static accounts before and after, its fee and logs.
 */
export type LedgerTransactionRecord = {
  signature: Signature
  slot: bigint
  blockTime: bigint
  err: RpcTransactionError | null
  fee: bigint
  /** The signed transaction; null for an airdrop (its faucet is litesvm's own). */
  transaction: Transaction | null
  /** Static account keys (an airdrop's: the receiver and the System Program). */
  accountKeys: Address[]
  preBalances: bigint[]
  postBalances: bigint[]
  preTokenBalances: LedgerTokenBalance[]
  postTokenBalances: LedgerTokenBalance[]
  logs: string[]
  computeUnitsConsumed: bigint
}

const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address

export type SimulationResult = {
  err: RpcTransactionError | null
  logs: string[]
  unitsConsumed: bigint
  returnData: { programId: Address; data: [string, 'base64'] } | null
  /** The accounts after the simulation (litesvm's post-state), by address. */
  postAccounts: Map<Address, EncodedAccount>
}

export class SolanaLedger {
  readonly svm: LiteSVM
  /** The genesis hash this local cluster answers with (fixed, so the chain id is too). */
  readonly genesisHash: string
  #slot: bigint
  #blockHeight = 0n
  #transactionCount = 0n
  #blockhashes = new Map<string, bigint>()
  #statuses = new Map<string, SignatureStatus>()
  #records = new Map<string, LedgerTransactionRecord>()
  /** Signatures of the landed transactions naming each address among their static accounts, oldest first. */
  #byAddress = new Map<string, Signature[]>()
  #listeners = new Set<(commit: LedgerCommit) => void>()

  constructor() {
    // The blockhash check is ours (150 blocks of validity); litesvm's own accepts only its latest.
    this.svm = new LiteSVM().withBlockhashCheck(false).withLamports(10n ** 18n)
    this.genesisHash = getBase58Decoder().decode(createHash('sha256').update('gangway local solana cluster').digest())
    this.#slot = 1n
    this.#setClock()
    this.#blockhashes.set(this.svm.latestBlockhash(), this.#blockHeight + BLOCKHASH_VALIDITY_BLOCKS)
  }

  get slot(): bigint {
    return this.#slot
  }

  get blockHeight(): bigint {
    return this.#blockHeight
  }

  get transactionCount(): bigint {
    return this.#transactionCount
  }

  /** Called after each landed transaction; returns the unsubscribe function. */
  onCommit(listener: (commit: LedgerCommit) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  latestBlockhash(): { blockhash: Blockhash; lastValidBlockHeight: bigint } {
    const blockhash = this.svm.latestBlockhash()
    return { blockhash, lastValidBlockHeight: this.#blockhashes.get(blockhash)! }
  }

  isBlockhashValid(blockhash: string): boolean {
    const lastValid = this.#blockhashes.get(blockhash)
    return lastValid !== undefined && lastValid >= this.#blockHeight
  }

  /** Epoch and slot index of the current slot, with the epoch schedule's warm-up (as Agave computes them). */
  epochInfo(): { epoch: bigint; slotIndex: bigint; slotsInEpoch: bigint } {
    const schedule = this.svm.getEpochSchedule()
    const slot = this.#slot
    if (schedule.warmup && slot < schedule.firstNormalSlot) {
      // Epoch n of the warm-up has 32·2^n slots and starts at 32·(2^n − 1).
      let epoch = 0n
      let length = MINIMUM_SLOTS_PER_EPOCH
      while (slot >= MINIMUM_SLOTS_PER_EPOCH * ((1n << (epoch + 1n)) - 1n)) {
        epoch += 1n
        length *= 2n
      }
      return { epoch, slotIndex: slot - MINIMUM_SLOTS_PER_EPOCH * ((1n << epoch) - 1n), slotsInEpoch: length }
    }
    const first = schedule.warmup ? schedule.firstNormalSlot : 0n
    const firstEpoch = schedule.warmup ? schedule.firstNormalEpoch : 0n
    const offset = slot - first
    return {
      epoch: firstEpoch + offset / schedule.slotsPerEpoch,
      slotIndex: offset % schedule.slotsPerEpoch,
      slotsInEpoch: schedule.slotsPerEpoch,
    }
  }

  account(address: Address): EncodedAccount | null {
    const account = this.svm.getAccount(address)
    return account.exists ? account : null
  }

  status(signature: string): SignatureStatus | null {
    return this.#statuses.get(signature) ?? null
  }

  /** A landed transaction still remembered, or null. */
  transaction(signature: string): LedgerTransactionRecord | null {
    return this.#records.get(signature) ?? null
  }

  /** The remembered transactions naming `address` among their static accounts, newest first. */
  signaturesFor(address: Address): LedgerTransactionRecord[] {
    const signatures = this.#byAddress.get(address) ?? []
    const out: LedgerTransactionRecord[] = []
    for (let i = signatures.length - 1; i >= 0; i--) {
      const record = this.#records.get(signatures[i]!)
      if (record) out.push(record)
    }
    return out
  }

  /** Fee of a compiled message (5,000 lamports per signature), or null when its blockhash is unknown or expired. */
  feeForMessage(messageBytes: ReadonlyUint8Array): bigint | null {
    const message = decodeMessage(messageBytes)
    if (!this.isBlockhashValid(message.lifetimeToken)) return null
    return LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts)
  }

  /**
   * Sends `lamports` from litesvm's faucet to `to`, as a transaction of its own.
   *
   * @example
   * ledger.airdrop(address('…'), lamports(1_000_000_000n)) // the airdrop's signature
   */
  airdrop(to: Address, amount: Lamports): Signature {
    const keys = [to, SYSTEM_PROGRAM]
    const before = this.#snapshot(keys)
    const result = this.svm.airdrop(to, amount)
    if (result === null) throw new RpcError(-32603, 'Internal error: airdrop request failed')
    if (result instanceof FailedTransactionMetadata) {
      throw new RpcError(-32603, `Internal error: airdrop request failed: ${describeTransactionError(toRpcTransactionError(result.err()))}`)
    }
    const signature = getBase58Decoder().decode(result.signature()) as Signature
    this.#land(signature, null, { transaction: null, accountKeys: keys, before, fee: 0n, meta: result })
    return signature
  }

  /**
   * Lands a signed transaction, after the checks a cluster's RPC makes: signatures, blockhash,
   * replay and (unless `skipPreflight`) a simulation. Returns its signature, or throws the RPC's
   * error (-32003 for signatures, -32002 for the rest, with `{ err, logs, … }` as data).
   */
  send(transaction: Transaction, options: { skipPreflight?: boolean } = {}): Signature {
    const message = decodeMessage(transaction.messageBytes)
    try {
      assertIsFullySignedTransaction(transaction)
    } catch {
      throw new RpcError(TRANSACTION_SIGNATURE_VERIFICATION_FAILURE, 'Transaction signature verification failure')
    }
    const signature = getSignatureFromTransaction(transaction)
    if (this.#statuses.has(signature)) throw preflightFailure('AlreadyProcessed')
    if (!this.isBlockhashValid(message.lifetimeToken)) throw preflightFailure('BlockhashNotFound')
    if (options.skipPreflight !== true) {
      const simulated = this.simulate(transaction, { sigVerify: true })
      if (simulated.err !== null) throw preflightFailure(simulated.err, simulated)
    }
    const keys = [...message.staticAccounts]
    const before = this.#snapshot(keys)
    const fee = LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts)
    const result = this.svm.sendTransaction(transaction)
    if (result instanceof FailedTransactionMetadata) {
      const err = toRpcTransactionError(result.err())
      if (err === 'SignatureFailure') throw new RpcError(TRANSACTION_SIGNATURE_VERIFICATION_FAILURE, 'Transaction signature verification failure')
      // Rejected before execution: nothing landed, no fee was taken.
      if (!landsOnChain(err)) throw preflightFailure(err, metaOf(result.meta()))
      this.#land(signature, err, { transaction, accountKeys: keys, before, fee, meta: result.meta() })
      return signature
    }
    this.#land(signature, null, { transaction, accountKeys: keys, before, fee, meta: result })
    return signature
  }

  /** Runs a transaction without landing it. `sigVerify: false` (Solana's default) accepts missing or wrong signatures. */
  simulate(transaction: Transaction, options: { sigVerify: boolean }): SimulationResult {
    if (options.sigVerify) {
      try {
        assertIsFullySignedTransaction(transaction)
      } catch {
        throw new RpcError(TRANSACTION_SIGNATURE_VERIFICATION_FAILURE, 'Transaction signature verification failure')
      }
    }
    const result = options.sigVerify ? this.svm.simulateTransaction(transaction) : this.#withoutSigverify(() => this.svm.simulateTransaction(transaction))
    if (result instanceof FailedTransactionMetadata) {
      const err = toRpcTransactionError(result.err())
      if (err === 'SignatureFailure') throw new RpcError(TRANSACTION_SIGNATURE_VERIFICATION_FAILURE, 'Transaction signature verification failure')
      return { err, ...metaOf(result.meta()), postAccounts: new Map() }
    }
    const postAccounts = new Map<Address, EncodedAccount>()
    for (const account of result.postAccounts()) postAccounts.set(account.address, account)
    return { err: null, ...metaOf(result.meta()), postAccounts }
  }

  #withoutSigverify<T>(run: () => T): T {
    this.svm.withSigverify(false)
    try {
      return run()
    } finally {
      this.svm.withSigverify(true)
    }
  }

  /** Lamports and token balances of `keys` now (a missing account: 0 lamports, no token balance). */
  #snapshot(keys: readonly Address[]): { lamports: bigint[]; tokens: LedgerTokenBalance[] } {
    const lamports: bigint[] = []
    const tokens: LedgerTokenBalance[] = []
    keys.forEach((key, accountIndex) => {
      const account = this.account(key)
      lamports.push(account === null ? 0n : BigInt(account.lamports))
      const token = account === null ? null : decodeTokenAccount(account)
      if (account === null || token === null) return
      const mintAccount = this.account(token.mint)
      const mint = mintAccount === null ? null : decodeMintAccount(mintAccount)
      if (mint === null) return
      tokens.push({ accountIndex, mint: token.mint, owner: token.owner, programId: account.programAddress, amount: token.amount, decimals: mint.decimals })
    })
    return { lamports, tokens }
  }

  #land(
    signature: Signature,
    err: RpcTransactionError | null,
    landed: { transaction: Transaction | null; accountKeys: Address[]; before: { lamports: bigint[]; tokens: LedgerTokenBalance[] }; fee: bigint; meta: TransactionMetadata },
  ): void {
    const slot = this.#slot
    this.#statuses.set(signature, { slot, err })
    const after = this.#snapshot(landed.accountKeys)
    this.#records.set(signature, {
      signature,
      slot,
      blockTime: BigInt(Math.floor(Date.now() / 1000)),
      err,
      fee: landed.fee,
      transaction: landed.transaction,
      accountKeys: landed.accountKeys,
      preBalances: landed.before.lamports,
      postBalances: after.lamports,
      preTokenBalances: landed.before.tokens,
      postTokenBalances: after.tokens,
      logs: landed.meta.logs(),
      computeUnitsConsumed: landed.meta.computeUnitsConsumed(),
    })
    for (const key of new Set(landed.accountKeys)) {
      const list = this.#byAddress.get(key)
      if (list) list.push(signature)
      else this.#byAddress.set(key, [signature])
    }
    if (this.#statuses.size > MAX_REMEMBERED_SIGNATURES) this.#forget(this.#statuses.keys().next().value!)
    this.#transactionCount += 1n
    // The transaction's block is done: the next one has a new blockhash, one slot and one block later.
    this.svm.expireBlockhash()
    this.#slot += 1n
    this.#blockHeight += 1n
    this.#setClock()
    this.#blockhashes.set(this.svm.latestBlockhash(), this.#blockHeight + BLOCKHASH_VALIDITY_BLOCKS)
    for (const [hash, lastValid] of this.#blockhashes) {
      if (lastValid >= this.#blockHeight) break
      this.#blockhashes.delete(hash)
    }
    const commit: LedgerCommit = { slot, parent: slot - 1n, signature, err }
    for (const listener of [...this.#listeners]) {
      try {
        listener(commit)
      } catch {
        // A subscriber's failure is its own (a closed socket); the ledger goes on.
      }
    }
  }

  /** Forgets the oldest transaction: its status, its record and its place in the address index. */
  #forget(signature: string): void {
    this.#statuses.delete(signature)
    const record = this.#records.get(signature)
    this.#records.delete(signature)
    for (const key of new Set(record?.accountKeys ?? [])) {
      const list = this.#byAddress.get(key)
      // The oldest transaction is the first of every list that names it.
      if (list?.[0] === signature) list.shift()
      if (list?.length === 0) this.#byAddress.delete(key)
    }
  }

  #setClock(): void {
    this.svm.warpToSlot(this.#slot)
    const clock = this.svm.getClock()
    clock.slot = this.#slot
    clock.epoch = this.epochInfo().epoch
    clock.unixTimestamp = BigInt(Math.floor(Date.now() / 1000))
    this.svm.setClock(clock)
  }
}

/** The compiled message of a transaction; throws invalid params when it does not decode, or not exactly. */
export function decodeMessage(messageBytes: ReadonlyUint8Array): ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']> {
  let decoded: [ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>, number]
  try {
    decoded = getCompiledTransactionMessageDecoder().read(messageBytes, 0)
  } catch (error) {
    throw new RpcError(-32602, `Invalid params: failed to deserialize the transaction message: ${error instanceof Error ? error.message : String(error)}`)
  }
  // Solana's deserialiser would drop them silently; a dev validator says so instead.
  if (decoded[1] !== messageBytes.length) throw new RpcError(-32602, `Invalid params: failed to deserialize the transaction message: ${messageBytes.length - decoded[1]} trailing bytes`)
  // kit's decoder is lenient where litesvm's is not (a missing lookup-table count reads as none),
  // and litesvm aborts the whole process on a message it cannot read: only exact round trips pass.
  const again = getCompiledTransactionMessageEncoder().encode(decoded[0])
  if (again.length !== messageBytes.length || again.some((byte, i) => byte !== messageBytes[i])) {
    throw new RpcError(-32602, 'Invalid params: failed to deserialize the transaction message: malformed message')
  }
  sanitize(decoded[0])
  return decoded[0]
}

function metaOf(meta: TransactionMetadata): Omit<SimulationResult, 'err' | 'postAccounts'> {
  const returned = meta.returnData()
  const data = returned.data()
  return {
    logs: meta.logs(),
    unitsConsumed: meta.computeUnitsConsumed(),
    returnData: data.length === 0 ? null : { programId: toAddress(getBase58Decoder().decode(returned.programId())), data: [getBase64Decoder().decode(data), 'base64'] },
  }
}

function preflightFailure(err: RpcTransactionError, simulated?: Omit<SimulationResult, 'err' | 'postAccounts'>): RpcError {
  return new RpcError(SEND_TRANSACTION_PREFLIGHT_FAILURE, `Transaction simulation failed: ${describeTransactionError(err)}`, {
    err,
    logs: simulated?.logs ?? [],
    accounts: null,
    unitsConsumed: simulated?.unitsConsumed ?? 0n,
    returnData: simulated?.returnData ?? null,
  })
}

/**
 * Agave's message sanitisation (solana-message `sanitize`), done before litesvm sees the message:
 * its native code is not meant for unsanitised input.
 */
function sanitize(message: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>): void {
  const fail = (why: string): never => {
    throw new RpcError(-32602, `Invalid params: the transaction failed to sanitize: ${why}`)
  }
  if (message.version !== 'legacy' && message.version !== 0) fail(`transaction version ${String(message.version)} is not supported (legacy and 0 are)`)
  if (!('instructions' in message)) return fail('no instructions list')
  const { header, staticAccounts, instructions } = message
  if (new Set(staticAccounts).size !== staticAccounts.length) fail('an account is listed twice')
  const lookups = 'addressTableLookups' in message ? (message.addressTableLookups ?? []) : []
  const lookedUp = lookups.reduce((n, lookup) => n + lookup.writableIndexes.length + lookup.readonlyIndexes.length, 0)
  const total = staticAccounts.length + lookedUp
  if (header.numSignerAccounts === 0) fail('no fee payer')
  if (header.numSignerAccounts + header.numReadonlyNonSignerAccounts > staticAccounts.length) fail('more signers and read-only accounts than accounts')
  if (header.numReadonlySignerAccounts >= header.numSignerAccounts) fail('the fee payer must be writable')
  if (total > 256) fail('more than 256 accounts')
  for (const lookup of lookups) {
    if (lookup.writableIndexes.length + lookup.readonlyIndexes.length === 0) fail('an address table lookup with no indexes')
  }
  for (const instruction of instructions) {
    if (instruction.programAddressIndex === 0 || instruction.programAddressIndex >= staticAccounts.length) fail('an instruction\'s program index is out of range')
    for (const index of instruction.accountIndices ?? []) if (index >= total) fail('an instruction\'s account index is out of range')
  }
}
