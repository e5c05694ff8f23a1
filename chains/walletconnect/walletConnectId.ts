/** The WalletConnect connector's id, and its source's: the one place the literal is written. */
export const WALLET_CONNECT_ID = 'walletConnect'
