import type { Wallet } from '@wallet-standard/base'
import type { AdapterContext, AdapterEvent, AdapterSession, Balance, ChainAdapter } from '../adapter/ChainAdapter.js'
import { CaipNetworkUndefinedError, ChainNotSupportedError, UnsupportedChainError } from '../errors/chain.js'
import { FailedToConnectError } from '../errors/connection.js'
import { SignatureDeclinedError } from '../errors/request.js'
import { isUserRejection, toConnectionError } from '../errors/toConnectionError.js'
import type { Network } from '../networks/Network.js'
import { watchWalletStandardAccounts } from '../connectors/watchWalletStandardAccounts.js'
import { bitcoinFeatures, isPaymentAccount, type BitcoinWalletAccount } from './WalletStandardBitcoin.js'

/**
 * The bip122 adapter over a Wallet Standard bitcoin wallet: payment accounts and message
 * signing. Balances and sends are not offered on bip122 (SPEC §9).
 */
export class BitcoinAdapter implements ChainAdapter {
  readonly namespace = 'bip122' as const
  private accounts: readonly BitcoinWalletAccount[] = []
  private readonly removers = new Set<() => void>()

  constructor(
    private readonly wallet: Wallet,
    private readonly context: AdapterContext,
  ) {}

  async connect({ network, silent = false }: { network?: Network; silent?: boolean }): Promise<AdapterSession> {
    const target = network ?? this.context.networks.find((n) => n.chainNamespace === 'bip122')
    if (!target) throw new CaipNetworkUndefinedError()
    const features = bitcoinFeatures(this.wallet)
    let accounts: readonly BitcoinWalletAccount[]
    try {
      if (features['bitcoin:connect'] && !silent) ({ accounts } = await features['bitcoin:connect'].connect({ purposes: ['payment'] }))
      else if (features['standard:connect']) ({ accounts } = await features['standard:connect'].connect({ silent }))
      else accounts = silent ? (this.wallet.accounts as readonly BitcoinWalletAccount[]) : []
    } catch (error) {
      throw toConnectionError(error)
    }
    this.accounts = accounts.filter((a) => a.chains.some((c) => c.startsWith('bitcoin:')) && isPaymentAccount(a))
    if (this.accounts.length === 0) throw new FailedToConnectError()
    return { accounts: this.accounts.map((a) => this.toAccount(a)), caipNetworkId: target.caipNetworkId }
  }

  async disconnect(): Promise<void> {
    await bitcoinFeatures(this.wallet)['standard:disconnect']?.disconnect()
    this.accounts = []
  }

  async switchNetwork(network: Network): Promise<void> {
    if (network.chainNamespace !== 'bip122') throw new ChainNotSupportedError({ caipNetworkId: network.caipNetworkId })
  }

  async getBalance(): Promise<Balance> {
    throw new UnsupportedChainError({ namespace: 'bip122' })
  }

  /** Signs a message; returns the wallet's signature (BIP-322 or legacy) in base64. */
  async signMessage({ address, message }: { address: string; message: string }): Promise<string> {
    const account = this.accounts.find((a) => a.address === address)
    const feature = bitcoinFeatures(this.wallet)['bitcoin:signMessage']
    if (!account || !feature) throw new FailedToConnectError()
    try {
      const [output] = await feature.signMessage({ account, message: new TextEncoder().encode(message) })
      return toBase64(output!.signature)
    } catch (error) {
      if (isUserRejection(error)) throw new SignatureDeclinedError({ cause: error })
      throw error
    }
  }

  onEvent(listener: (event: AdapterEvent) => void): () => void {
    return watchWalletStandardAccounts({
      events: bitcoinFeatures(this.wallet)['standard:events'],
      select: (accounts) => accounts.filter((a) => a.chains.some((c) => c.startsWith('bitcoin:')) && isPaymentAccount(a)),
      onSelected: (accounts) => (this.accounts = accounts),
      toAccount: (account) => this.toAccount(account),
      listener,
      removers: this.removers,
    })
  }

  dispose(): void {
    for (const remove of [...this.removers]) remove()
  }

  private toAccount(account: BitcoinWalletAccount) {
    const publicKey = Array.from(account.publicKey, (b) => b.toString(16).padStart(2, '0')).join('')
    return { namespace: 'bip122' as const, address: account.address, type: 'payment' as const, publicKey }
  }
}

function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}
