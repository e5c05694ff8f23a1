import { Connection, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type { AdapterContext, AdapterEvent, AdapterSession, Balance, ChainAdapter, SendTransactionParams } from '../adapter/ChainAdapter.js'

import { CaipNetworkUndefinedError, ChainNotSupportedError, TransactionFailedError } from '../errors/chain.js'
import { FailedToConnectError } from '../errors/connection.js'
import { declinable } from '../errors/declinable.js'
import { toConnectionError } from '../errors/toConnectionError.js'
import { base58 } from '@scure/base'
import type { Network } from '../networks/Network.js'
import { watchWalletStandardAccounts } from '../connectors/watchWalletStandardAccounts.js'
import { solanaFeatures } from './WalletStandardSolana.js'
import { readMintDecimals, splTransferInstructions } from './splTransfer.js'

const CONFIRM_POLL_MS = 250
const CONFIRM_TIMEOUT_MS = 30_000

/**
 * The solana adapter: @solana/web3.js over one Wallet Standard wallet. Reads and sends go to
 * the network's RPC URLs; confirmation polls `getSignatureStatuses` (no WebSocket needed).
 */
export class SolanaAdapter implements ChainAdapter {
  readonly namespace = 'solana' as const
  private accounts: readonly WalletAccount[] = []
  private network: Network | undefined
  private readonly removers = new Set<() => void>()

  constructor(
    private readonly wallet: Wallet,
    private readonly context: AdapterContext,
  ) {}

  async connect({ network, silent = false }: { network?: Network; silent?: boolean }): Promise<AdapterSession> {
    const target = network ?? this.context.networks.find((n) => n.chainNamespace === 'solana')
    if (!target) throw new CaipNetworkUndefinedError()
    let accounts: readonly WalletAccount[]
    try {
      ;({ accounts } = await solanaFeatures(this.wallet)['standard:connect'].connect({ silent }))
    } catch (error) {
      throw toConnectionError(error)
    }
    this.accounts = accounts.filter((a) => a.chains.some((c) => c.startsWith('solana:')))
    if (this.accounts.length === 0) throw new FailedToConnectError()
    this.network = target
    return { accounts: this.accounts.map((a) => this.toAccount(a)), caipNetworkId: target.caipNetworkId }
  }

  async disconnect(): Promise<void> {
    await solanaFeatures(this.wallet)['standard:disconnect']?.disconnect()
    this.accounts = []
  }

  async switchNetwork(network: Network): Promise<void> {
    // Solana wallets sign for any cluster: switching only changes where the kit sends.
    if (network.chainNamespace !== 'solana') throw new ChainNotSupportedError({ caipNetworkId: network.caipNetworkId })
    this.network = network
  }

  async getBalance({ address, network }: { address: string; network: Network }): Promise<Balance> {
    const lamports = BigInt(await this.connection(network).getBalance(new PublicKey(address)))
    return { value: lamports, decimals: 9, symbol: network.nativeCurrency.symbol, formatted: formatLamports(lamports, 9) }
  }

  /** Signs a UTF-8 message; returns the ed25519 signature in base58. */
  async signMessage({ address, message }: { address: string; message: string }): Promise<string> {
    return base58.encode(await this.signMessageBytes(address, new TextEncoder().encode(message)))
  }

  /** Signs raw message bytes with the wallet's `solana:signMessage`; returns the signature. */
  async signMessageBytes(address: string, message: Uint8Array): Promise<Uint8Array> {
    const feature = solanaFeatures(this.wallet)['solana:signMessage']
    if (!feature) throw new ChainNotSupportedError({ caipNetworkId: this.network?.caipNetworkId })
    const [output] = await declinable(() => feature.signMessage({ account: this.account(address), message }))
    return output!.signature
  }

  /** Has the wallet sign a serialized transaction (`solana:signTransaction`); returns it signed. */
  async signTransactionBytes(address: string, transaction: Uint8Array, network: Network): Promise<Uint8Array> {
    const feature = solanaFeatures(this.wallet)['solana:signTransaction']
    if (!feature) throw new ChainNotSupportedError({ caipNetworkId: network.caipNetworkId })
    const [output] = await declinable(() => feature.signTransaction({ account: this.account(address), transaction, chain: network.caipNetworkId }))
    return output!.signedTransaction
  }

  /**
   * Signs and sends a serialized transaction: through the wallet's `solana:signAndSendTransaction`
   * when it has one, else signed by the wallet and sent on the kit's RPC. Resolves with the
   * signature (base58) once the cluster confirms it.
   */
  async signAndSendTransactionBytes(address: string, transaction: Uint8Array, network: Network): Promise<string> {
    const connection = this.connection(network)
    const signAndSend = solanaFeatures(this.wallet)['solana:signAndSendTransaction']
    let signature: string
    if (signAndSend) {
      const [output] = await declinable(() => signAndSend.signAndSendTransaction({ account: this.account(address), transaction, chain: network.caipNetworkId }))
      signature = base58.encode(output!.signature)
    } else {
      signature = await connection.sendRawTransaction(await this.signTransactionBytes(address, transaction, network))
    }
    await this.confirm(connection, signature)
    return signature
  }

  /** Sends SOL, or an SPL token through associated token accounts; returns the signature. */
  async sendTransaction({ network, from, to, amount, token }: SendTransactionParams): Promise<string> {
    const connection = this.connection(network)
    const owner = new PublicKey(from)
    const recipient = new PublicKey(to)
    const transaction = new Transaction({ feePayer: owner, recentBlockhash: (await connection.getLatestBlockhash()).blockhash })
    if (!token) {
      transaction.add(SystemProgram.transfer({ fromPubkey: owner, toPubkey: recipient, lamports: amount }))
    } else {
      const mint = new PublicKey(token.address)
      const decimals = token.decimals ?? (await readMintDecimals(connection, mint))
      transaction.add(...splTransferInstructions({ owner, recipient, mint, amount, decimals }))
    }
    return this.signAndSendTransactionBytes(from, transaction.serialize({ requireAllSignatures: false, verifySignatures: false }), network)
  }

  onEvent(listener: (event: AdapterEvent) => void): () => void {
    return watchWalletStandardAccounts({
      events: solanaFeatures(this.wallet)['standard:events'],
      select: (accounts) => accounts.filter((a) => a.chains.some((c) => c.startsWith('solana:'))),
      onSelected: (accounts) => (this.accounts = accounts),
      toAccount: (account) => this.toAccount(account),
      listener,
      removers: this.removers,
    })
  }

  dispose(): void {
    for (const remove of [...this.removers]) remove()
  }

  private async confirm(connection: Connection, signature: string): Promise<void> {
    const deadline = Date.now() + CONFIRM_TIMEOUT_MS
    while (Date.now() < deadline) {
      const { value } = await connection.getSignatureStatuses([signature])
      const status = value[0]
      if (status?.err) throw new TransactionFailedError({ hash: signature, reason: JSON.stringify(status.err) })
      if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return
      await new Promise((resolve) => setTimeout(resolve, CONFIRM_POLL_MS))
    }
    throw new TransactionFailedError({ hash: signature, reason: 'not confirmed in time' })
  }

  private connection(network: Network): Connection {
    const url = this.context.rpcUrls(network)[0]
    if (!url) throw new ChainNotSupportedError({ caipNetworkId: network.caipNetworkId })
    // No WebSocket: the kit polls, and a local or proxied RPC may not serve subscriptions.
    return new Connection(url, { commitment: 'confirmed', disableRetryOnRateLimit: true })
  }

  private account(address: string): WalletAccount {
    const account = this.accounts.find((a) => a.address === address)
    if (!account) throw new FailedToConnectError()
    return account
  }

  private toAccount(account: WalletAccount) {
    return { namespace: 'solana' as const, address: account.address, type: 'eoa' as const, publicKey: base58.encode(new Uint8Array(account.publicKey)) }
  }
}

function formatLamports(value: bigint, decimals: number): string {
  const base = 10n ** BigInt(decimals)
  const fraction = (value % base).toString().padStart(decimals, '0').replace(/0+$/, '')
  return fraction ? `${value / base}.${fraction}` : `${value / base}`
}

