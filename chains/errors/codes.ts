/** Every error code the chains package throws (SPEC §8's chain and connection errors). Never reused or renamed. */
export const ChainsErrorCodes = {
  CaipInvalidAddress: 'KIT_CAIP_INVALID_ADDRESS',
  CaipInvalidNetworkId: 'KIT_CAIP_INVALID_NETWORK_ID',
  ChainNotSupported: 'KIT_CHAIN_NOT_SUPPORTED',
  ChainAdapterNotFound: 'KIT_CHAIN_ADAPTER_NOT_FOUND',
  ChainNamespaceAdapterNotFound: 'KIT_CHAIN_NAMESPACE_ADAPTER_NOT_FOUND',
  ChainNetworkUndefined: 'KIT_CHAIN_NETWORK_UNDEFINED',
  ChainNetworkOrAddressUndefined: 'KIT_CHAIN_NETWORK_OR_ADDRESS_UNDEFINED',
  ChainWalletconnectNotFound: 'KIT_CHAIN_WALLETCONNECT_NOT_FOUND',
  ChainUnsupported: 'KIT_CHAIN_UNSUPPORTED',
  ChainInvalidCalls: 'KIT_CHAIN_INVALID_CALLS',
  ChainUnsafeLink: 'KIT_CHAIN_UNSAFE_LINK',
  ChainPairingExpired: 'KIT_CHAIN_PAIRING_EXPIRED',
  ConnectionRejected: 'KIT_CONNECTION_REJECTED',
  ConnectionModalClosed: 'KIT_CONNECTION_MODAL_CLOSED',
  ConnectionPopupClosed: 'KIT_CONNECTION_POPUP_CLOSED',
  ConnectionFailed: 'KIT_CONNECTION_FAILED',
  ConnectionDisconnectFailed: 'KIT_CONNECTION_DISCONNECT_FAILED',
  ConnectionDisconnectChainFailed: 'KIT_CONNECTION_DISCONNECT_CHAIN_FAILED',
  ConnectionNoConnector: 'KIT_CONNECTION_NO_CONNECTOR',
  ConnectionInvalidStatus: 'KIT_CONNECTION_INVALID_STATUS',
  ConnectionNoAuthConnector: 'KIT_CONNECTION_NO_AUTH_CONNECTOR',
  RequestSignatureDeclined: 'KIT_REQUEST_SIGNATURE_DECLINED',
  ChainDisconnectTimeout: 'KIT_CHAIN_DISCONNECT_TIMEOUT',
  ChainTransactionFailed: 'KIT_CHAIN_TRANSACTION_FAILED',
  ChainWalletUnavailable: 'KIT_CHAIN_WALLET_UNAVAILABLE',
  ChainRpcUrlMissing: 'KIT_CHAIN_RPC_URL_MISSING',
  ChainBalanceUnavailable: 'KIT_CHAIN_BALANCE_UNAVAILABLE',
  ChainProviderUnavailable: 'KIT_CHAIN_PROVIDER_UNAVAILABLE',
  ChainNoEip155Network: 'KIT_CHAIN_NO_EIP155_NETWORK',
  ConnectionNotConnected: 'KIT_CONNECTION_NOT_CONNECTED',
  ChainNotTokenMint: 'KIT_CHAIN_NOT_TOKEN_MINT',
  ChainSwitchDeclined: 'KIT_CHAIN_SWITCH_DECLINED',
} as const

declare module '../../kernel/errors/codes.js' {
  interface ErrorCodeMap {
    chains: (typeof ChainsErrorCodes)[keyof typeof ChainsErrorCodes]
  }
}
