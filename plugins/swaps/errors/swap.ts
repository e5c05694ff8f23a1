import { KitError, type KitErrorParameters } from '../../../kernel/index.js'
import { SwapErrorCodes } from './codes.js'

/** SPEC §8: the active network is not one of SPEC §9's swap chains (nor a local chain). */
export class SwapNetworkNotSupportedError extends KitError {
  static readonly code = SwapErrorCodes.NetworkNotSupported
  override name = 'SwapNetworkNotSupportedError'
  constructor({ caipNetworkId }: { caipNetworkId: string | undefined }) {
    super('Network not supported for Swaps', { code: SwapNetworkNotSupportedError.code, details: caipNetworkId ?? 'no network' })
  }
}

/** SPEC §8: the blockchain service has no gas price for the active network. */
export class GasPriceNotSupportedError extends KitError {
  static readonly code = SwapErrorCodes.GasPriceNotSupported
  override name = 'GasPriceNotSupportedError'
  constructor({ caipNetworkId, cause }: { caipNetworkId: string } & Pick<KitErrorParameters, 'cause'>) {
    super('Network not supported for Gas Price', { code: GasPriceNotSupportedError.code, details: caipNetworkId, cause })
  }
}

/** The amount to swap is above the visitor's balance of the token: refused before signing. */
export class InsufficientBalanceError extends KitError {
  static readonly code = SwapErrorCodes.InsufficientBalance
  override name = 'InsufficientBalanceError'
  constructor({ symbol }: { symbol: string }) {
    super(`Insufficient ${symbol} balance`, { code: InsufficientBalanceError.code, details: symbol })
  }
}

/** The pools cannot pay out for this amount (the quote route refused it, or quoted nothing). */
export class InsufficientLiquidityError extends KitError {
  static readonly code = SwapErrorCodes.InsufficientLiquidity
  override name = 'InsufficientLiquidityError'
  constructor({ cause }: Pick<KitErrorParameters, 'cause'> = {}) {
    super('Insufficient liquidity', { code: InsufficientLiquidityError.code, cause })
  }
}

/** The approve or swap was mined but reverted (a price that moved past the slippage, a spent allowance). */
export class SwapTransactionRevertedError extends KitError {
  static readonly code = SwapErrorCodes.TransactionReverted
  override name = 'SwapTransactionRevertedError'
  constructor({ hash, step }: { hash: string; step: 'approve' | 'swap' }) {
    super(step === 'approve' ? 'The approval failed on chain' : 'The swap failed on chain', { code: SwapTransactionRevertedError.code, details: hash })
  }
}

/** The service built no transaction for this pair on this network (SPEC §7: unsupported networks get empty results). */
export class SwapNoTransactionError extends KitError {
  static readonly code = SwapErrorCodes.NoTransaction
  override name = 'SwapNoTransactionError'
  constructor({ step }: { step: 'approve' | 'swap' }) {
    super(step === 'approve' ? 'No approval could be prepared' : 'No swap could be prepared', { code: SwapNoTransactionError.code })
  }
}
