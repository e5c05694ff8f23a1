// litesvm declares its error enums as `const enum` and does not export them at runtime, so the
// names are listed here in declaration order (litesvm 1.5 internal.d.ts). They are the names
// Solana's JSON-RPC uses in `err`, e.g. `"AccountNotFound"` or `{"InstructionError":[0,{"Custom":1}]}`.
const TRANSACTION_ERRORS = ['AccountInUse', 'AccountLoadedTwice', 'AccountNotFound', 'ProgramAccountNotFound', 'InsufficientFundsForFee', 'InvalidAccountForFee', 'AlreadyProcessed', 'BlockhashNotFound', 'CallChainTooDeep', 'MissingSignatureForFee', 'InvalidAccountIndex', 'SignatureFailure', 'InvalidProgramForExecution', 'SanitizeFailure', 'ClusterMaintenance', 'AccountBorrowOutstanding', 'WouldExceedMaxBlockCostLimit', 'UnsupportedVersion', 'InvalidWritableAccount', 'WouldExceedMaxAccountCostLimit', 'WouldExceedAccountDataBlockLimit', 'TooManyAccountLocks', 'AddressLookupTableNotFound', 'InvalidAddressLookupTableOwner', 'InvalidAddressLookupTableData', 'InvalidAddressLookupTableIndex', 'InvalidRentPayingAccount', 'WouldExceedMaxVoteCostLimit', 'WouldExceedAccountDataTotalLimit', 'MaxLoadedAccountsDataSizeExceeded', 'ResanitizationNeeded', 'InvalidLoadedAccountsDataSizeLimit', 'UnbalancedTransaction', 'ProgramCacheHitMaxLimit', 'CommitCancelled']
const INSTRUCTION_ERRORS = ['GenericError', 'InvalidArgument', 'InvalidInstructionData', 'InvalidAccountData', 'AccountDataTooSmall', 'InsufficientFunds', 'IncorrectProgramId', 'MissingRequiredSignature', 'AccountAlreadyInitialized', 'UninitializedAccount', 'UnbalancedInstruction', 'ModifiedProgramId', 'ExternalAccountLamportSpend', 'ExternalAccountDataModified', 'ReadonlyLamportChange', 'ReadonlyDataModified', 'DuplicateAccountIndex', 'ExecutableModified', 'RentEpochModified', 'NotEnoughAccountKeys', 'AccountDataSizeChanged', 'AccountNotExecutable', 'AccountBorrowFailed', 'AccountBorrowOutstanding', 'DuplicateAccountOutOfSync', 'InvalidError', 'ExecutableDataModified', 'ExecutableLamportChange', 'ExecutableAccountNotRentExempt', 'UnsupportedProgramId', 'CallDepth', 'MissingAccount', 'ReentrancyNotAllowed', 'MaxSeedLengthExceeded', 'InvalidSeeds', 'InvalidRealloc', 'ComputationalBudgetExceeded', 'PrivilegeEscalation', 'ProgramEnvironmentSetupFailure', 'ProgramFailedToComplete', 'ProgramFailedToCompile', 'Immutable', 'IncorrectAuthority', 'AccountNotRentExempt', 'InvalidAccountOwner', 'ArithmeticOverflow', 'UnsupportedSysvar', 'IllegalOwner', 'MaxAccountsDataAllocationsExceeded', 'MaxAccountsExceeded', 'MaxInstructionTraceLengthExceeded', 'BuiltinProgramsMustConsumeComputeUnits', 'BorshIoError']

/**
 * Converts a litesvm transaction error into the JSON a Solana node returns in `err`.
 *
 * @param error - what `FailedTransactionMetadata.err()` returned
 * @returns a string for field-less errors, else a one-key object
 */
export function transactionErrorToJson(error: unknown): unknown {
  if (typeof error === 'number') return TRANSACTION_ERRORS[error] ?? 'InvalidError'
  if (error && typeof error === 'object') {
    const record = error as Record<string, unknown> & { err?: () => unknown; index?: number; accountIndex?: number }
    if (typeof record.err === 'function') return { InstructionError: [record.index ?? 0, instructionErrorToJson(record.err())] }
    const kind = error.constructor?.name ?? ''
    if (kind.includes('DuplicateInstruction')) return { DuplicateInstruction: record.index ?? 0 }
    if (kind.includes('InsufficientFundsForRent')) return { InsufficientFundsForRent: { account_index: record.accountIndex ?? 0 } }
    if (kind.includes('ProgramExecutionTemporarilyRestricted'))
      return { ProgramExecutionTemporarilyRestricted: { account_index: record.accountIndex ?? 0 } }
  }
  return 'InvalidError'
}

function instructionErrorToJson(error: unknown): unknown {
  if (typeof error === 'number') return INSTRUCTION_ERRORS[error] ?? 'InvalidError'
  if (error && typeof error === 'object') {
    const record = error as { code?: number; msg?: string }
    if (typeof record.code === 'number') return { Custom: record.code }
    if (typeof record.msg === 'string') return { BorshIoError: record.msg }
  }
  return 'GenericError'
}
