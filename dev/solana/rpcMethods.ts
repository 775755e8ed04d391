// The HTTP JSON-RPC methods of the local Solana validator: what @solana/kit's RPC, its
// sendAndConfirmTransactionFactory and a wallet modal call, with Solana's answer shapes, its
// limits and clear invalid-params errors. Everything else answers "Method not found".
import {
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionEncoder,
  getTransactionDecoder,
  isAddress,
  isSignature,
  lamports as toLamports,
  type Address,
  type EncodedAccount,
  type Transaction,
} from '@solana/kit'
import { decodeMintAccount, decodeTokenAccount, encodeAccount, isTokenProgram, tokenAmount, type AccountEncoding, type DataSlice } from './accountEncoding'
import { invalidParams, METHOD_NOT_FOUND, RpcError } from './jsonRpc'
import { SolanaLedger, decodeMessage, type LedgerTokenBalance, type LedgerTransactionRecord } from './ledger'

/** Solana's packet size: the most a serialised transaction may take. */
export const MAX_TRANSACTION_BYTES = 1232
const MAX_SIGNATURE_STATUSES = 256
const MAX_MULTIPLE_ACCOUNTS = 100
/** getSignaturesForAddress's most (and default) signatures per call, as Agave. */
const MAX_SIGNATURES_FOR_ADDRESS = 1000
/** Solana's MAX_PERMITTED_DATA_LENGTH. */
const MAX_ACCOUNT_DATA_BYTES = 10 * 1024 * 1024
/** The most one airdrop may give (1,000,000 SOL): the faucet is large but not bottomless. */
const MAX_AIRDROP_LAMPORTS = 10n ** 15n

const COMMITMENTS = new Set(['processed', 'confirmed', 'finalized', 'recent', 'single', 'singleGossip', 'root', 'max'])
const ENCODINGS = new Set(['base58', 'base64', 'jsonParsed', 'binary'])

export const RPC_VERSION = { 'solana-core': '2.3.0', 'feature-set': 0 } as const

type Params = readonly unknown[]
type Handler = (params: Params) => unknown

// ---- parameter checks ---------------------------------------------------------------------------

function paramAt(params: Params, index: number, name: string): unknown {
  const value = params[index]
  if (value === undefined) throw invalidParams(`missing parameter ${index + 1} (${name})`)
  return value
}

function addressParam(value: unknown, name: string): Address {
  if (typeof value !== 'string' || !isAddress(value)) throw invalidParams(`${name} is not a valid base58 address: ${preview(value)}`)
  return value
}

function preview(value: unknown): string {
  let text: string
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value))
  } catch {
    text = Object.prototype.toString.call(value)
  }
  return text.length > 60 ? `${text.slice(0, 60)}…` : text
}

const CONFIG_KEYS = [
  'commitment',
  'encoding',
  'dataSlice',
  'minContextSlot',
  'preflightCommitment',
  'skipPreflight',
  'maxRetries',
  'sigVerify',
  'replaceRecentBlockhash',
  'accounts',
  'innerInstructions',
  'searchTransactionHistory',
  'limit',
  'before',
  'until',
  'maxSupportedTransactionVersion',
] as const
type Config = Partial<Record<(typeof CONFIG_KEYS)[number], unknown>>

/** The optional configuration object at `index`; checks the fields every method shares. */
function configParam(params: Params, index: number, ledger: SolanaLedger): Config {
  const value = params[index]
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParams(`parameter ${index + 1} must be a configuration object, got ${preview(value)}`)
  const config = value as Config
  for (const key of ['commitment', 'preflightCommitment'] as const) {
    if (config[key] !== undefined && (typeof config[key] !== 'string' || !COMMITMENTS.has(config[key]))) {
      throw invalidParams(`${key} must be one of processed, confirmed, finalized; got ${preview(config[key])}`)
    }
  }
  if (config.minContextSlot !== undefined) {
    if (!isCount(config.minContextSlot)) throw invalidParams(`minContextSlot must be a non-negative integer, got ${preview(config.minContextSlot)}`)
    if (BigInt(config.minContextSlot) > ledger.slot) throw new RpcError(-32016, 'Minimum context slot has not been reached', { contextSlot: ledger.slot })
  }
  return config
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
}

function encodingOf(config: Config, fallback: AccountEncoding = 'binary'): AccountEncoding {
  if (config.encoding === undefined) return fallback
  if (config.encoding === 'base64+zstd') throw invalidParams('base64+zstd encoding is not supported by the local validator; use base64')
  if (typeof config.encoding !== 'string' || !ENCODINGS.has(config.encoding)) {
    throw invalidParams(`encoding must be one of base58, base64, jsonParsed; got ${preview(config.encoding)}`)
  }
  return config.encoding as AccountEncoding
}

function dataSliceOf(config: Config): DataSlice | undefined {
  const slice = config.dataSlice
  if (slice === undefined) return undefined
  if (typeof slice !== 'object' || slice === null || !isCount((slice as DataSlice).offset) || !isCount((slice as DataSlice).length)) {
    throw invalidParams(`dataSlice must be { offset, length } with non-negative integers, got ${preview(slice)}`)
  }
  return { offset: (slice as DataSlice).offset, length: (slice as DataSlice).length }
}

function booleanOf(config: Config, key: keyof Config, fallback: boolean): boolean {
  const value = config[key]
  if (value === undefined) return fallback
  if (typeof value !== 'boolean') throw invalidParams(`${key} must be a boolean, got ${preview(value)}`)
  return value
}

/** A wire transaction (base58 by default, as Solana's RPC) decoded by kit; refuses oversize or trailing bytes. */
function transactionParam(value: unknown, encoding: unknown): Transaction {
  if (typeof value !== 'string') throw invalidParams(`the transaction must be a string, got ${preview(value)}`)
  const wire = encoding ?? 'base58'
  if (wire !== 'base58' && wire !== 'base64') throw invalidParams(`unsupported transaction encoding ${preview(wire)}: use base58 or base64`)
  const maxChars = wire === 'base64' ? 1644 : 1683
  if (value.length > maxChars) {
    throw invalidParams(`${wire} encoded transaction too large: ${value.length} characters (max: encoded/raw ${maxChars}/${MAX_TRANSACTION_BYTES})`)
  }
  let bytes: Uint8Array
  try {
    if (wire === 'base64' && !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) throw new Error('not base64')
    bytes = (wire === 'base64' ? getBase64Encoder() : getBase58Encoder()).encode(value) as Uint8Array
  } catch {
    throw invalidParams(`the transaction is not valid ${wire}`)
  }
  if (bytes.length > MAX_TRANSACTION_BYTES) throw invalidParams(`transaction too large: ${bytes.length} bytes (max ${MAX_TRANSACTION_BYTES})`)
  let transaction: Transaction
  let end: number
  try {
    ;[transaction, end] = getTransactionDecoder().read(bytes, 0) as [Transaction, number]
  } catch (error) {
    throw invalidParams(`failed to deserialize the transaction: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (end !== bytes.length) throw invalidParams(`failed to deserialize the transaction: ${bytes.length - end} trailing bytes`)
  // Decodes the message too, so a transaction whose message is junk is refused here.
  const message = decodeMessage(transaction.messageBytes)
  if (Object.keys(transaction.signatures).length !== message.header.numSignerAccounts) {
    throw invalidParams(`the transaction has ${Object.keys(transaction.signatures).length} signatures for ${message.header.numSignerAccounts} signers`)
  }
  return transaction
}

/** A signature given as `name` in a configuration object, checked as kit's `isSignature` does. */
function signatureConfig(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !isSignature(value)) throw invalidParams(`${name} is not a valid base58 signature: ${preview(value)}`)
  return value
}

/** Token balances as Solana's transaction meta lists them (`uiTokenAmount` as getTokenAccountBalance writes it). */
function tokenBalancesJson(balances: readonly LedgerTokenBalance[]) {
  return balances.map((b) => ({ accountIndex: b.accountIndex, mint: b.mint, owner: b.owner, programId: b.programId, uiTokenAmount: tokenAmount(b.amount, b.decimals) }))
}

/**
 * A remembered transaction as getTransaction answers it, in `json` (the message's fields, base58
 * instruction data) or `base64` / `base58` (the wire bytes). An airdrop, which litesvm signs with
 * its own faucet, reads as a legacy transaction of its receiver and the System Program with no
 * instructions.
 */
function transactionJson(record: LedgerTransactionRecord, encoding: 'json' | 'base64' | 'base58') {
  const message = record.transaction === null ? null : decodeMessage(record.transaction.messageBytes)
  const version = message === null || message.version === 'legacy' ? 'legacy' : message.version
  let transaction: unknown
  if (encoding !== 'json' && record.transaction !== null) {
    const bytes = getTransactionEncoder().encode(record.transaction)
    transaction = encoding === 'base64' ? [getBase64Decoder().decode(bytes), 'base64'] : [getBase58Decoder().decode(bytes), 'base58']
  } else if (message === null || record.transaction === null) {
    transaction = {
      signatures: [record.signature],
      message: { accountKeys: record.accountKeys, header: { numRequiredSignatures: 1, numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 1 }, recentBlockhash: record.signature, instructions: [] },
    }
  } else {
    const signatures = Object.values(record.transaction.signatures).map((bytes) => (bytes === null ? '1111111111111111111111111111111111111111111111111111111111111111' : getBase58Decoder().decode(bytes)))
    transaction = {
      signatures,
      message: {
        accountKeys: message.staticAccounts,
        header: {
          numRequiredSignatures: message.header.numSignerAccounts,
          numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
          numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
        },
        recentBlockhash: message.lifetimeToken,
        // Only legacy and v0 messages land (sanitize refuses the rest), and both list instructions.
        instructions: ('instructions' in message ? message.instructions : []).map((instruction) => ({
          programIdIndex: instruction.programAddressIndex,
          accounts: [...(instruction.accountIndices ?? [])],
          data: getBase58Decoder().decode(instruction.data ?? new Uint8Array()),
          stackHeight: null,
        })),
        ...(version !== 'legacy' && 'addressTableLookups' in message
          ? { addressTableLookups: (message.addressTableLookups ?? []).map((l) => ({ accountKey: l.lookupTableAddress, writableIndexes: [...l.writableIndexes], readonlyIndexes: [...l.readonlyIndexes] })) }
          : {}),
      },
    }
  }
  return {
    slot: record.slot,
    blockTime: record.blockTime,
    ...(version === 'legacy' ? { version: 'legacy' } : { version }),
    transaction,
    meta: {
      err: record.err,
      status: record.err === null ? { Ok: null } : { Err: record.err },
      fee: record.fee,
      preBalances: record.preBalances,
      postBalances: record.postBalances,
      preTokenBalances: tokenBalancesJson(record.preTokenBalances),
      postTokenBalances: tokenBalancesJson(record.postTokenBalances),
      innerInstructions: [],
      logMessages: record.logs,
      rewards: [],
      loadedAddresses: { writable: [], readonly: [] },
      computeUnitsConsumed: record.computeUnitsConsumed,
    },
  }
}

// ---- methods ------------------------------------------------------------------------------------

/**
 * The validator's method table over a ledger.
 *
 * @example
 * const methods = createRpcMethods(new SolanaLedger())
 * methods.get('getSlot')!([]) // 1n
 */
export function createRpcMethods(ledger: SolanaLedger): Map<string, Handler> {
  const context = () => ({ slot: ledger.slot })
  const mintOf = (mint: Address): EncodedAccount | null => ledger.account(mint)
  const accountValue = (address: Address, config: Config) => {
    const account = ledger.account(address)
    return account === null ? null : encodeAccount(account, encodingOf(config), dataSliceOf(config), mintOf)
  }
  const tokenAccountOf = (address: Address) => {
    const account = ledger.account(address)
    const token = account === null ? null : decodeTokenAccount(account)
    if (token === null) throw invalidParams('not a Token account')
    const mint = ledger.account(token.mint)
    const decoded = mint === null ? null : decodeMintAccount(mint)
    if (decoded === null) throw invalidParams('could not find the Token account\'s mint')
    return { token, mint: decoded }
  }

  const methods: Record<string, Handler> = {
    getHealth: () => 'ok',
    getVersion: () => RPC_VERSION,
    getGenesisHash: () => ledger.genesisHash,
    getIdentity: () => ({ identity: ledger.genesisHash }),
    getSlot: (params) => (configParam(params, 0, ledger), ledger.slot),
    getBlockHeight: (params) => (configParam(params, 0, ledger), ledger.blockHeight),
    getTransactionCount: (params) => (configParam(params, 0, ledger), ledger.transactionCount),
    getEpochInfo: (params) => {
      configParam(params, 0, ledger)
      const { epoch, slotIndex, slotsInEpoch } = ledger.epochInfo()
      return { absoluteSlot: ledger.slot, blockHeight: ledger.blockHeight, epoch, slotIndex, slotsInEpoch, transactionCount: ledger.transactionCount }
    },
    getLatestBlockhash: (params) => (configParam(params, 0, ledger), { context: context(), value: ledger.latestBlockhash() }),
    isBlockhashValid: (params) => {
      const blockhash = paramAt(params, 0, 'blockhash')
      if (typeof blockhash !== 'string' || !isAddress(blockhash)) throw invalidParams(`blockhash is not a valid base58 hash: ${preview(blockhash)}`)
      configParam(params, 1, ledger)
      return { context: context(), value: ledger.isBlockhashValid(blockhash) }
    },
    getRecentPrioritizationFees: (params) => {
      const addresses = params[0]
      if (addresses !== undefined && (!Array.isArray(addresses) || addresses.length > 128)) throw invalidParams('expected an array of at most 128 addresses')
      for (const address of (addresses ?? []) as unknown[]) addressParam(address, 'address')
      // No fee market on a local ledger: every recent slot had a zero priority fee.
      return [{ slot: ledger.slot, prioritizationFee: 0 }]
    },
    getBalance: (params) => {
      const address = addressParam(paramAt(params, 0, 'address'), 'address')
      configParam(params, 1, ledger)
      return { context: context(), value: ledger.account(address)?.lamports ?? 0n }
    },
    getAccountInfo: (params) => {
      const address = addressParam(paramAt(params, 0, 'address'), 'address')
      const config = configParam(params, 1, ledger)
      return { context: context(), value: accountValue(address, config) }
    },
    getMultipleAccounts: (params) => {
      const addresses = paramAt(params, 0, 'addresses')
      if (!Array.isArray(addresses)) throw invalidParams(`addresses must be an array, got ${preview(addresses)}`)
      if (addresses.length > MAX_MULTIPLE_ACCOUNTS) throw invalidParams(`Too many inputs provided; max ${MAX_MULTIPLE_ACCOUNTS}`)
      const config = configParam(params, 1, ledger)
      const checked = addresses.map((address, i) => addressParam(address, `addresses[${i}]`))
      return { context: context(), value: checked.map((address) => accountValue(address, config)) }
    },
    getMinimumBalanceForRentExemption: (params) => {
      const size = paramAt(params, 0, 'dataLength')
      if (!isCount(size) || size > MAX_ACCOUNT_DATA_BYTES) throw invalidParams(`dataLength must be an integer from 0 to ${MAX_ACCOUNT_DATA_BYTES}, got ${preview(size)}`)
      configParam(params, 1, ledger)
      return ledger.svm.minimumBalanceForRentExemption(BigInt(size))
    },
    getFeeForMessage: (params) => {
      const message = paramAt(params, 0, 'message')
      if (typeof message !== 'string' || message.length > 1644 || !/^[A-Za-z0-9+/]*={0,2}$/.test(message)) {
        throw invalidParams(`message must be a base64 encoded transaction message, got ${preview(message)}`)
      }
      configParam(params, 1, ledger)
      return { context: context(), value: ledger.feeForMessage(getBase64Encoder().encode(message) as Uint8Array) }
    },
    getSignatureStatuses: (params) => {
      const signatures = paramAt(params, 0, 'signatures')
      if (!Array.isArray(signatures)) throw invalidParams(`signatures must be an array, got ${preview(signatures)}`)
      if (signatures.length > MAX_SIGNATURE_STATUSES) throw invalidParams(`Too many inputs provided; max ${MAX_SIGNATURE_STATUSES}`)
      const config = configParam(params, 1, ledger)
      booleanOf(config, 'searchTransactionHistory', false)
      const value = signatures.map((signature, i) => {
        if (typeof signature !== 'string' || !isSignature(signature)) throw invalidParams(`signatures[${i}] is not a valid base58 signature: ${preview(signature)}`)
        const status = ledger.status(signature)
        if (status === null) return null
        return {
          slot: status.slot,
          confirmations: null,
          err: status.err,
          status: status.err === null ? { Ok: null } : { Err: status.err },
          confirmationStatus: 'finalized',
        }
      })
      return { context: context(), value }
    },
    getSignaturesForAddress: (params) => {
      const address = addressParam(paramAt(params, 0, 'address'), 'address')
      const config = configParam(params, 1, ledger)
      const limit = config.limit ?? MAX_SIGNATURES_FOR_ADDRESS
      if (!isCount(limit) || limit < 1 || limit > MAX_SIGNATURES_FOR_ADDRESS) throw invalidParams(`limit must be an integer from 1 to ${MAX_SIGNATURES_FOR_ADDRESS}, got ${preview(limit)}`)
      const before = signatureConfig(config.before, 'before')
      const until = signatureConfig(config.until, 'until')
      let records = ledger.signaturesFor(address)
      if (before !== undefined) {
        // As Agave: a `before` this ledger does not know (or no longer remembers) starts nowhere.
        const at = records.findIndex((r) => r.signature === before)
        records = at < 0 ? [] : records.slice(at + 1)
      }
      if (until !== undefined) {
        const at = records.findIndex((r) => r.signature === until)
        if (at >= 0) records = records.slice(0, at)
      }
      return records.slice(0, limit).map((r) => ({ signature: r.signature, slot: r.slot, err: r.err, memo: null, blockTime: r.blockTime, confirmationStatus: 'finalized' }))
    },
    getTransaction: (params) => {
      const signature = paramAt(params, 0, 'signature')
      if (typeof signature !== 'string' || !isSignature(signature)) throw invalidParams(`signature is not a valid base58 signature: ${preview(signature)}`)
      // A bare encoding string is the legacy form of the configuration.
      const config = typeof params[1] === 'string' ? { encoding: params[1] } : configParam(params, 1, ledger)
      const encoding = config.encoding ?? 'json'
      if (encoding === 'jsonParsed') throw invalidParams('jsonParsed transactions are not supported by the local validator; use json, base64 or base58')
      if (encoding !== 'json' && encoding !== 'base64' && encoding !== 'base58') throw invalidParams(`encoding must be one of json, base64, base58; got ${preview(encoding)}`)
      const maxVersion = config.maxSupportedTransactionVersion
      if (maxVersion !== undefined && maxVersion !== null && maxVersion !== 0) throw invalidParams(`maxSupportedTransactionVersion must be 0, got ${preview(maxVersion)}`)
      const record = ledger.transaction(signature)
      if (record === null) return null
      const message = record.transaction === null ? null : decodeMessage(record.transaction.messageBytes)
      if (message !== null && message.version !== 'legacy' && maxVersion !== 0) {
        throw new RpcError(
          -32015,
          `Transaction version (${String(message.version)}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0`,
        )
      }
      return transactionJson(record, encoding)
    },
    requestAirdrop: (params) => {
      const address = addressParam(paramAt(params, 0, 'address'), 'address')
      const amount = paramAt(params, 1, 'lamports')
      if (!isCount(amount) || amount === 0 || BigInt(amount) > MAX_AIRDROP_LAMPORTS) {
        throw invalidParams(`lamports must be an integer from 1 to ${MAX_AIRDROP_LAMPORTS}, got ${preview(amount)}`)
      }
      configParam(params, 2, ledger)
      return ledger.airdrop(address, toLamports(BigInt(amount)))
    },
    sendTransaction: (params) => {
      const wire = paramAt(params, 0, 'transaction')
      const config = configParam(params, 1, ledger)
      if (config.maxRetries !== undefined && !isCount(config.maxRetries)) throw invalidParams(`maxRetries must be a non-negative integer, got ${preview(config.maxRetries)}`)
      const transaction = transactionParam(wire, config.encoding)
      return ledger.send(transaction, { skipPreflight: booleanOf(config, 'skipPreflight', false) })
    },
    simulateTransaction: (params) => {
      const wire = paramAt(params, 0, 'transaction')
      const config = configParam(params, 1, ledger)
      const transaction = transactionParam(wire, config.encoding)
      const sigVerify = booleanOf(config, 'sigVerify', false)
      const replace = booleanOf(config, 'replaceRecentBlockhash', false)
      booleanOf(config, 'innerInstructions', false)
      if (sigVerify && replace) throw invalidParams('sigVerify may not be used with replaceRecentBlockhash')
      const wanted = accountsConfig(config.accounts)
      const message = decodeMessage(transaction.messageBytes)
      const blockhashOk = replace || ledger.isBlockhashValid(message.lifetimeToken)
      const simulated = blockhashOk ? ledger.simulate(transaction, { sigVerify }) : null
      const accounts =
        wanted === null
          ? null
          : wanted.addresses.map((address) => {
              const account = simulated?.postAccounts.get(address) ?? ledger.account(address)
              return account === null || account === undefined ? null : encodeAccount(account, wanted.encoding, undefined, mintOf)
            })
      return {
        context: context(),
        value: {
          err: simulated === null ? 'BlockhashNotFound' : simulated.err,
          logs: simulated?.logs ?? [],
          accounts,
          unitsConsumed: simulated?.unitsConsumed ?? 0n,
          returnData: simulated?.returnData ?? null,
          innerInstructions: null,
          ...(replace ? { replacementBlockhash: ledger.latestBlockhash() } : {}),
        },
      }
    },
    getTokenAccountsByOwner: (params) => {
      const owner = addressParam(paramAt(params, 0, 'owner'), 'owner')
      const filter = paramAt(params, 1, 'filter')
      const config = configParam(params, 2, ledger)
      const encoding = encodingOf(config, 'binary')
      const slice = dataSliceOf(config)
      let programs: Address[]
      let mint: Address | undefined
      if (typeof filter !== 'object' || filter === null || Array.isArray(filter) || Object.keys(filter).length !== 1) {
        throw invalidParams('the filter must be { mint } or { programId }')
      }
      if ('mint' in filter) {
        mint = addressParam(filter.mint, 'mint')
        const account = ledger.account(mint)
        if (account === null || decodeMintAccount(account) === null) throw invalidParams('could not find mint')
        programs = [account.programAddress]
      } else if ('programId' in filter) {
        const program = addressParam(filter.programId, 'programId')
        if (!isTokenProgram(program)) throw invalidParams('unrecognized Token program id')
        programs = [program]
      } else {
        throw invalidParams('the filter must be { mint } or { programId }')
      }
      const value: { pubkey: Address; account: Record<string, unknown> }[] = []
      for (const program of programs) {
        for (const account of ledger.svm.getProgramAccounts(program)) {
          const token = decodeTokenAccount(account)
          if (token === null || token.owner !== owner || (mint !== undefined && token.mint !== mint)) continue
          value.push({ pubkey: account.address, account: encodeAccount(account, encoding, slice, mintOf) })
        }
      }
      return { context: context(), value }
    },
    getTokenAccountBalance: (params) => {
      const address = addressParam(paramAt(params, 0, 'account'), 'account')
      configParam(params, 1, ledger)
      const { token, mint } = tokenAccountOf(address)
      return { context: context(), value: tokenAmount(token.amount, mint.decimals) }
    },
    getTokenSupply: (params) => {
      const address = addressParam(paramAt(params, 0, 'mint'), 'mint')
      configParam(params, 1, ledger)
      const account = ledger.account(address)
      const mint = account === null ? null : decodeMintAccount(account)
      if (mint === null) throw invalidParams('not a Token mint')
      return { context: context(), value: tokenAmount(mint.supply, mint.decimals) }
    },
  }
  return new Map(Object.entries(methods))
}

function accountsConfig(value: unknown): { addresses: Address[]; encoding: AccountEncoding } | null {
  if (value === undefined || value === null) return null
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParams('accounts must be { addresses, encoding }')
  const { addresses, encoding } = value as { addresses?: unknown; encoding?: unknown }
  if (!Array.isArray(addresses) || addresses.length > MAX_MULTIPLE_ACCOUNTS) throw invalidParams(`accounts.addresses must be an array of at most ${MAX_MULTIPLE_ACCOUNTS} addresses`)
  return { addresses: addresses.map((address, i) => addressParam(address, `accounts.addresses[${i}]`)), encoding: encodingOf({ encoding }, 'base64') }
}

/**
 * Runs one method; an unknown name is "Method not found", a params value that is not an array
 * (or absent) is invalid params, as Solana's RPC answers them.
 */
export function callMethod(methods: Map<string, Handler>, method: string, params: unknown): unknown {
  const handler = methods.get(method)
  if (handler === undefined) throw new RpcError(METHOD_NOT_FOUND, `Method not found: ${method.length > 60 ? `${method.slice(0, 60)}…` : method}`)
  if (params !== undefined && params !== null && !Array.isArray(params)) throw invalidParams('params must be an array')
  return handler((params ?? []) as Params)
}
