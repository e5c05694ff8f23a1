import type { Wallet, WalletAccount } from '@wallet-standard/base'

/** A bitcoin account may say what it is for; the kit takes payment accounts only (SPEC §5). */
export type BitcoinWalletAccount = WalletAccount & { purpose?: 'payment' | 'ordinals' | string }

/** The Wallet Standard features the bip122 adapter uses. */
export interface BitcoinWalletFeatures {
  'bitcoin:connect'?: {
    version: string
    connect(input: { purposes: Array<'payment' | 'ordinals'> }): Promise<{ accounts: readonly BitcoinWalletAccount[] }>
  }
  'standard:connect'?: { version: string; connect(input?: { silent?: boolean }): Promise<{ accounts: readonly BitcoinWalletAccount[] }> }
  'standard:disconnect'?: { version: string; disconnect(): Promise<void> }
  'standard:events'?: { version: string; on(event: 'change', listener: (p: { accounts?: readonly BitcoinWalletAccount[] }) => void): () => void }
  'bitcoin:signMessage'?: {
    version: string
    signMessage(...inputs: Array<{ account: WalletAccount; message: Uint8Array }>): Promise<Array<{ signedMessage: Uint8Array; signature: Uint8Array }>>
  }
}

export function bitcoinFeatures(wallet: Wallet): BitcoinWalletFeatures {
  return wallet.features as unknown as BitcoinWalletFeatures
}

/** Whether a Wallet Standard wallet exposes bitcoin accounts and message signing. */
export function isBitcoinWallet(wallet: Wallet): boolean {
  const features = wallet.features as Record<string, unknown>
  return (
    wallet.chains.some((chain) => chain.startsWith('bitcoin:')) &&
    ('bitcoin:connect' in features || 'standard:connect' in features) &&
    'bitcoin:signMessage' in features
  )
}

/** Payment accounts only: an account without a purpose is taken as payment. */
export function isPaymentAccount(account: BitcoinWalletAccount): boolean {
  return account.purpose === undefined || account.purpose === 'payment'
}
