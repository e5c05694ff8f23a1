import { KitError, type KitErrorParameters } from '../../kernel/errors/base.js'
import { ChainsErrorCodes } from './codes.js'

type Cause = Pick<KitErrorParameters, 'cause'>

/** The wallet knows neither the chain nor how to add it (SPEC §4). */
export class ChainNotSupportedError extends KitError {
  static readonly code = ChainsErrorCodes.ChainNotSupported
  override name = 'ChainNotSupportedError'
  constructor({ caipNetworkId, cause }: { caipNetworkId?: string } & Cause = {}) {
    super('Chain is not supported', { code: ChainNotSupportedError.code, details: caipNetworkId, cause })
  }
}

/**
 * The visitor declined the wallet's network switch (EIP-1193 4001). Not 'Connection rejected':
 * the connection stands, only the switch was refused; the words are SwitchNetwork's own.
 */
export class NetworkSwitchDeclinedError extends KitError {
  static readonly code = ChainsErrorCodes.ChainSwitchDeclined
  override name = 'NetworkSwitchDeclinedError'
  constructor({ caipNetworkId, cause }: { caipNetworkId?: string } & Cause = {}) {
    super('Switch declined', { code: NetworkSwitchDeclinedError.code, details: caipNetworkId, cause })
  }
}

/** No adapter is loaded for the namespace of a request. */
export class AdapterNotFoundError extends KitError {
  static readonly code = ChainsErrorCodes.ChainAdapterNotFound
  override name = 'AdapterNotFoundError'
  constructor({ namespace }: { namespace?: string } = {}) {
    super('Adapter not found', { code: AdapterNotFoundError.code, details: namespace })
  }
}

/**
 * SPEC §8 'Chain adapter not found': the host listed a network of a namespace no chain plugin
 * serves (no connector source nor connector for it), so nothing could ever connect there.
 */
export class ChainAdapterNotFoundError extends KitError {
  static readonly code = ChainsErrorCodes.ChainNamespaceAdapterNotFound
  override name = 'ChainAdapterNotFoundError'
  constructor({ namespace }: { namespace: string }) {
    super('Chain adapter not found', { code: ChainAdapterNotFoundError.code, details: namespace })
  }
}

/** A request needs the active network and none is set. */
export class CaipNetworkUndefinedError extends KitError {
  static readonly code = ChainsErrorCodes.ChainNetworkUndefined
  override name = 'CaipNetworkUndefinedError'
  constructor() {
    super('CaipNetwork is undefined', { code: CaipNetworkUndefinedError.code })
  }
}

/** A request needs a connected address and network, and one of them is missing. */
export class CaipNetworkOrAddressUndefinedError extends KitError {
  static readonly code = ChainsErrorCodes.ChainNetworkOrAddressUndefined
  override name = 'CaipNetworkOrAddressUndefinedError'
  constructor() {
    super('CaipNetwork or CaipAddress is undefined', { code: CaipNetworkOrAddressUndefinedError.code })
  }
}

/** A WalletConnect action ran without the WalletConnect connector. */
export class WalletConnectConnectorNotFoundError extends KitError {
  static readonly code = ChainsErrorCodes.ChainWalletconnectNotFound
  override name = 'WalletConnectConnectorNotFoundError'
  constructor() {
    super('WalletConnectConnector not found', { code: WalletConnectConnectorNotFoundError.code })
  }
}

/** Send and balance work on eip155 and solana only (SPEC §5). */
export class UnsupportedChainError extends KitError {
  static readonly code = ChainsErrorCodes.ChainUnsupported
  override name = 'UnsupportedChainError'
  constructor({ namespace }: { namespace?: string } = {}) {
    super('Unsupported chain', { code: UnsupportedChainError.code, details: namespace })
  }
}

/** A wallet_sendCalls call whose `to` or `data` does not start with 0x (SPEC §5). */
export class InvalidCallsError extends KitError {
  static readonly code = ChainsErrorCodes.ChainInvalidCalls
  override name = 'InvalidCallsError'
  constructor({ index }: { index: number }) {
    super('Invalid wallet_sendCalls call: to and data must start with 0x', {
      code: InvalidCallsError.code,
      details: `call ${index}`,
    })
  }
}

/** A wallet link that is neither http(s) nor a registered wallet scheme. */
export class UnsafeWalletLinkError extends KitError {
  static readonly code = ChainsErrorCodes.ChainUnsafeLink
  override name = 'UnsafeWalletLinkError'
  constructor({ link }: { link: string }) {
    super('Wallet link refused: only http(s) and registered wallet schemes are allowed', {
      code: UnsafeWalletLinkError.code,
      details: link.slice(0, 80),
    })
  }
}

/** The WalletConnect pairing URI expired before the wallet approved. */
export class PairingExpiredError extends KitError {
  static readonly code = ChainsErrorCodes.ChainPairingExpired
  override name = 'PairingExpiredError'
  constructor() {
    super('Pairing expired', { code: PairingExpiredError.code })
  }
}

/** A wallet did not answer a disconnect within SPEC §9's 3 s; the kit lets go of it anyway. */
export class DisconnectTimeoutError extends KitError {
  static readonly code = ChainsErrorCodes.ChainDisconnectTimeout
  override name = 'DisconnectTimeoutError'
  constructor({ namespace }: { namespace: string }) {
    super('The wallet did not answer the disconnect in time', { code: DisconnectTimeoutError.code, details: namespace })
  }
}

/** A transaction was sent but failed or was not confirmed. */
export class TransactionFailedError extends KitError {
  static readonly code = ChainsErrorCodes.ChainTransactionFailed
  override name = 'TransactionFailedError'
  constructor({ hash, reason }: { hash: string; reason: string }) {
    super('Transaction failed', { code: TransactionFailedError.code, details: `${hash}: ${reason}` })
  }
}

/** A wallet's provider is gone (the extension was removed or disabled). */
export class WalletUnavailableError extends KitError {
  static readonly code = ChainsErrorCodes.ChainWalletUnavailable
  override name = 'WalletUnavailableError'
  constructor({ name }: { name: string }) {
    super(`Wallet ${name} is not available`, { code: WalletUnavailableError.code })
  }
}

/** An RPC transport was built with no endpoint. */
export class RpcUrlMissingError extends KitError {
  static readonly code = ChainsErrorCodes.ChainRpcUrlMissing
  override name = 'RpcUrlMissingError'
  constructor({ network }: { network?: string } = {}) {
    super('No RPC URL for this network', { code: RpcUrlMissingError.code, details: network })
  }
}

/** SPEC §8 'Token Balance Unavailable': the native balance could not be read from any RPC URL. */
export class BalanceUnavailableError extends KitError {
  static readonly code = ChainsErrorCodes.ChainBalanceUnavailable
  override name = 'BalanceUnavailableError'
  constructor({ caipNetworkId, cause }: { caipNetworkId?: string } & Cause = {}) {
    super('Token Balance Unavailable', { code: BalanceUnavailableError.code, details: caipNetworkId, cause })
  }
}

/** A Solana address given as a token's mint is not an SPL token mint account. */
export class NotTokenMintError extends KitError {
  static readonly code = ChainsErrorCodes.ChainNotTokenMint
  override name = 'NotTokenMintError'
  constructor({ mint }: { mint: string }) {
    super('Not a token', { code: NotTokenMintError.code, details: `${mint} is not an SPL token mint` })
  }
}
