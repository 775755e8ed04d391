// litesvm's transaction errors in the JSON shape Solana's RPC sends (`"AccountNotFound"`,
// `{ InstructionError: [0, { Custom: 1 }] }`, …), which kit turns back into its SolanaErrors,
// and a readable sentence for the preflight error's message.

/** A transaction error as Solana's RPC writes it. */
export type RpcTransactionError = string | Record<string, unknown>

// The order of litesvm's `TransactionErrorFieldless` and `InstructionErrorFieldless` const enums
// (litesvm 1.5, dist/internal.d.ts): the native module answers with these indices.
const TRANSACTION_ERRORS = [
  'AccountInUse', 'AccountLoadedTwice', 'AccountNotFound', 'ProgramAccountNotFound', 'InsufficientFundsForFee',
  'InvalidAccountForFee', 'AlreadyProcessed', 'BlockhashNotFound', 'CallChainTooDeep', 'MissingSignatureForFee',
  'InvalidAccountIndex', 'SignatureFailure', 'InvalidProgramForExecution', 'SanitizeFailure', 'ClusterMaintenance',
  'AccountBorrowOutstanding', 'WouldExceedMaxBlockCostLimit', 'UnsupportedVersion', 'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit', 'WouldExceedAccountDataBlockLimit', 'TooManyAccountLocks', 'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner', 'InvalidAddressLookupTableData', 'InvalidAddressLookupTableIndex', 'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit', 'WouldExceedAccountDataTotalLimit', 'MaxLoadedAccountsDataSizeExceeded', 'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit', 'UnbalancedTransaction', 'ProgramCacheHitMaxLimit', 'CommitCancelled',
] as const

const INSTRUCTION_ERRORS = [
  'GenericError', 'InvalidArgument', 'InvalidInstructionData', 'InvalidAccountData', 'AccountDataTooSmall', 'InsufficientFunds',
  'IncorrectProgramId', 'MissingRequiredSignature', 'AccountAlreadyInitialized', 'UninitializedAccount', 'UnbalancedInstruction',
  'ModifiedProgramId', 'ExternalAccountLamportSpend', 'ExternalAccountDataModified', 'ReadonlyLamportChange', 'ReadonlyDataModified',
  'DuplicateAccountIndex', 'ExecutableModified', 'RentEpochModified', 'NotEnoughAccountKeys', 'AccountDataSizeChanged',
  'AccountNotExecutable', 'AccountBorrowFailed', 'AccountBorrowOutstanding', 'DuplicateAccountOutOfSync', 'InvalidError',
  'ExecutableDataModified', 'ExecutableLamportChange', 'ExecutableAccountNotRentExempt', 'UnsupportedProgramId', 'CallDepth',
  'MissingAccount', 'ReentrancyNotAllowed', 'MaxSeedLengthExceeded', 'InvalidSeeds', 'InvalidRealloc', 'ComputationalBudgetExceeded',
  'PrivilegeEscalation', 'ProgramEnvironmentSetupFailure', 'ProgramFailedToComplete', 'ProgramFailedToCompile', 'Immutable',
  'IncorrectAuthority', 'AccountNotRentExempt', 'InvalidAccountOwner', 'ArithmeticOverflow', 'UnsupportedSysvar', 'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded', 'MaxAccountsExceeded', 'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits', 'BorshIoError',
] as const

type NativeInstructionError = number | { code: number } | { msg?: string }
type NativeTransactionError =
  | number
  | { index: number; err(): NativeInstructionError }
  | { index: number }
  | { accountIndex: number; constructor: { name: string } }

function instructionError(error: NativeInstructionError): RpcTransactionError {
  if (typeof error === 'number') return INSTRUCTION_ERRORS[error] ?? 'GenericError'
  if ('code' in error) return { Custom: error.code }
  return 'BorshIoError'
}

/** litesvm's `FailedTransactionMetadata.err()` as Solana's RPC writes it. */
export function toRpcTransactionError(error: unknown): RpcTransactionError {
  const native = error as NativeTransactionError
  if (typeof native === 'number') return TRANSACTION_ERRORS[native] ?? 'SanitizeFailure'
  if (typeof native === 'object' && native !== null) {
    if ('err' in native && typeof native.err === 'function') return { InstructionError: [native.index, instructionError(native.err())] }
    if ('index' in native) return { DuplicateInstruction: native.index }
    if ('accountIndex' in native) {
      const name = native.constructor.name.includes('Restricted') ? 'ProgramExecutionTemporarilyRestricted' : 'InsufficientFundsForRent'
      return { [name]: { account_index: native.accountIndex } }
    }
  }
  return 'SanitizeFailure'
}

/** Whether a transaction failing with `err` still lands in a block (its fee is taken), as execution errors do. */
export function landsOnChain(err: RpcTransactionError): boolean {
  return typeof err === 'object' && ('InstructionError' in err || 'InsufficientFundsForRent' in err || 'ProgramExecutionTemporarilyRestricted' in err || 'DuplicateInstruction' in err)
}

const SENTENCES: Record<string, string> = {
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  SignatureFailure: 'Transaction did not pass signature verification',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
  InsufficientFunds: 'insufficient funds for instruction',
  InsufficientFundsForRent: 'Transaction results in an account with insufficient funds for rent',
}

/** A sentence for an error, like the validator's (`Error processing Instruction 0: custom program error: 0x1`). */
export function describeTransactionError(err: RpcTransactionError): string {
  if (typeof err === 'string') return SENTENCES[err] ?? err
  const instruction = err.InstructionError
  if (Array.isArray(instruction)) {
    const [index, inner] = instruction as [number, RpcTransactionError]
    const what =
      typeof inner === 'string'
        ? (SENTENCES[inner] ?? inner)
        : typeof inner.Custom === 'number'
          ? `custom program error: 0x${inner.Custom.toString(16)}`
          : JSON.stringify(inner)
    return `Error processing Instruction ${index}: ${what}`
  }
  const [name, detail] = Object.entries(err)[0] ?? ['UnknownError', undefined]
  const account = (detail as { account_index?: number } | undefined)?.account_index
  return `${SENTENCES[name] ?? name}${account !== undefined ? ` (account index ${account})` : ''}`
}
