// Chain and connection errors of SPEC §8, each a KitError with a stable code.
export { InvalidCaipAddressError, InvalidCaipNetworkIdError } from './caip.js'
export {
  ConnectionRejectedError,
  FailedToConnectError,
  FailedToDisconnectChainError,
  FailedToDisconnectError,
  InvalidConnectionStatusError,
  NotConnectedError,
  ModalClosedError,
  NoConnectorForConnectionError,
} from './connection.js'
export {
  AdapterNotFoundError,
  ChainAdapterNotFoundError,
  CaipNetworkOrAddressUndefinedError,
  CaipNetworkUndefinedError,
  DisconnectTimeoutError,
  RpcUrlMissingError,
  TransactionFailedError,
  WalletUnavailableError,
  BalanceUnavailableError,
  ChainNotSupportedError,
  NetworkSwitchDeclinedError,
  InvalidCallsError,
  PairingExpiredError,
  UnsafeWalletLinkError,
  UnsupportedChainError,
  WalletConnectConnectorNotFoundError,
  NotTokenMintError,
} from './chain.js'
export { SignatureDeclinedError } from './request.js'
export { isUserRejection, toConnectionError } from './toConnectionError.js'
