import type { Wallet, WalletAccount } from '@wallet-standard/base'

/** The Wallet Standard features the solana adapter uses (https://github.com/anza-xyz/wallet-standard). */
export interface SolanaWalletFeatures {
  'standard:connect': { version: string; connect(input?: { silent?: boolean }): Promise<{ accounts: readonly WalletAccount[] }> }
  'standard:disconnect'?: { version: string; disconnect(): Promise<void> }
  'standard:events'?: { version: string; on(event: 'change', listener: (properties: { accounts?: readonly WalletAccount[] }) => void): () => void }
  'solana:signMessage'?: {
    version: string
    signMessage(...inputs: Array<{ account: WalletAccount; message: Uint8Array }>): Promise<Array<{ signedMessage: Uint8Array; signature: Uint8Array }>>
  }
  'solana:signTransaction'?: {
    version: string
    signTransaction(...inputs: Array<{ account: WalletAccount; transaction: Uint8Array; chain?: string }>): Promise<Array<{ signedTransaction: Uint8Array }>>
  }
  'solana:signAndSendTransaction'?: {
    version: string
    signAndSendTransaction(
      ...inputs: Array<{ account: WalletAccount; transaction: Uint8Array; chain: string }>
    ): Promise<Array<{ signature: Uint8Array }>>
  }
}

/** Whether a Wallet Standard wallet can connect Solana accounts. */
export function isSolanaWallet(wallet: Wallet): boolean {
  return wallet.chains.some((chain) => chain.startsWith('solana:')) && 'standard:connect' in wallet.features
}

export function solanaFeatures(wallet: Wallet): SolanaWalletFeatures {
  return wallet.features as unknown as SolanaWalletFeatures
}
