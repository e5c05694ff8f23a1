import { describe, expect, it } from 'vitest'

// The public surface of each chains entry and of the connectors plugin: a change here is an
// API change and must be deliberate.
describe('given the chains entries', () => {
  it('export exactly these names', async () => {
    const entries = {
      caip: await import('./caip/index.js'),
      networks: await import('./networks/index.js'),
      rpc: await import('./rpc/index.js'),
      errors: await import('./errors/index.js'),
      connectors: await import('./connectors/index.js'),
      connection: await import('./connection/index.js'),
      eip155: await import('./eip155/index.js'),
      solana: await import('./solana/index.js'),
      bip122: await import('./bip122/index.js'),
      polkadot: await import('./polkadot/index.js'),
      walletconnect: await import('./walletconnect/index.js'),
      plugin: await import('../plugins/connectors/index.js'),
    }
    expect(Object.fromEntries(Object.entries(entries).map(([name, module]) => [name, Object.keys(module).sort()]))).toMatchInlineSnapshot(`
      {
        "bip122": [
          "bitcoinConnectors",
          "createBitcoinConnector",
          "isBitcoinWallet",
          "isPaymentAccount",
        ],
        "caip": [
          "CHAIN_NAMESPACES",
          "formatCaipAddress",
          "formatCaipNetworkId",
          "isChainNamespace",
          "isEvmAddress",
          "isNamespaceAddress",
          "isSolanaAddress",
          "parseCaipAddress",
          "parseCaipNetworkId",
        ],
        "connection": [
          "CONNECTOR_WAIT_MS",
          "ConnectionStore",
          "DEFAULT_PREFERRED_ACCOUNT_TYPES",
          "DISCONNECT_TIMEOUT_MS",
          "MAX_RECENT_WALLETS",
          "emptyAccountState",
        ],
        "connectors": [
          "createExternalConnector",
          "createMultiChainConnector",
          "isMultiChainConnector",
        ],
        "eip155": [
          "ProviderErrorCode",
          "ProviderRpcError",
          "createEip1193Connector",
          "eip155Connectors",
        ],
        "errors": [
          "AdapterNotFoundError",
          "CaipNetworkOrAddressUndefinedError",
          "CaipNetworkUndefinedError",
          "ChainNotSupportedError",
          "ConnectionRejectedError",
          "DisconnectTimeoutError",
          "FailedToConnectError",
          "FailedToDisconnectChainError",
          "FailedToDisconnectError",
          "InvalidCaipAddressError",
          "InvalidCaipNetworkIdError",
          "InvalidCallsError",
          "InvalidConnectionStatusError",
          "ModalClosedError",
          "NoConnectorForConnectionError",
          "PairingExpiredError",
          "RpcUrlMissingError",
          "SignatureDeclinedError",
          "TransactionFailedError",
          "UnsafeWalletLinkError",
          "UnsupportedChainError",
          "WalletConnectConnectorNotFoundError",
          "WalletUnavailableError",
          "isUserRejection",
          "toConnectionError",
        ],
        "networks": [
          "BITCOIN_NETWORK",
          "BITCOIN_TESTNET_NETWORK",
          "POLKADOT_NETWORK",
          "SUPPORTED_NETWORKS",
          "localEvmNetwork",
          "localSolanaNetwork",
          "resolveRpcUrls",
        ],
        "plugin": [
          "ConnectionStoreToken",
          "ConnectorRegistry",
          "ConnectorRegistryToken",
          "connectors",
        ],
        "polkadot": [
          "createPolkadotConnector",
          "polkadotConnectors",
        ],
        "rpc": [
          "RPC_BATCH_SIZE",
          "RPC_RANK_INTERVAL_MS",
          "RPC_RANK_SAMPLE_COUNT",
          "RPC_RANK_WEIGHTS",
          "RPC_TIMEOUT_MS",
          "createRpcTransport",
        ],
        "solana": [
          "createSolanaConnector",
          "isSolanaWallet",
          "solanaConnectors",
        ],
        "walletconnect": [
          "DEFAULT_EIP155_METHODS",
          "PAIRING_EXPIRY_MARGIN_MS",
          "PAIRING_TTL_MS",
          "WALLET_CONNECT_ID",
          "WalletConnectStore",
          "createWalletConnectConnector",
          "createWalletLink",
          "isWalletConnectConnector",
          "shouldReusePairing",
          "walletConnect",
          "walletLinks",
        ],
      }
    `)
  })
})
