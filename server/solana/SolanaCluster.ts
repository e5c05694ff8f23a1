import { LiteSVM, FailedTransactionMetadata, type TransactionMetadata } from 'litesvm'
import { address, getBase58Decoder, getTransactionDecoder, lamports, type Address, type Transaction } from '@solana/kit'
import { transactionErrorToJson } from './transactionErrorToJson.js'
import { SolanaTransferLog } from './SolanaTransferLog.js'
import { SolanaLedger } from './SolanaLedger.js'
import { LOCAL_GENESIS_HASH } from './localGenesisHash.js'

/** What a processed or simulated transaction left behind, in the RPC's own shape. */
export interface SolanaTransactionOutcome {
  signature: string
  err: unknown
  logs: string[]
  unitsConsumed: number
}

/** Where and how a processed transaction landed. */
export interface SignatureStatus {
  slot: number
  err: unknown
}

/**
 * One in-process Solana cluster: a litesvm VM plus the little bookkeeping a JSON-RPC node keeps
 * (slot, signature statuses). Its genesis hash is derived from a fixed seed (localGenesisHash);
 * the first 32 characters are the CAIP-2 reference (`solana:<ref>`).
 */
export class SolanaCluster {
  readonly svm: LiteSVM
  readonly genesisHash: string
  /** The SOL and SPL transfers processed, for the history route. */
  readonly transfers = new SolanaTransferLog()
  /** Every committed transaction with its balances before and after (`getSignaturesForAddress`, `getTransaction`). */
  readonly ledger = new SolanaLedger()
  private readonly statuses = new Map<string, SignatureStatus>()
  private readonly listeners = new Set<(signature: string, status: SignatureStatus) => void>()
  private readonly decodeTransaction = getTransactionDecoder()
  private readonly base58 = getBase58Decoder()

  constructor() {
    // The blockhash check is off so a blockhash a wallet fetched before another transaction
    // landed still works; the blockhash still rotates after every transaction so two identical
    // transfers get different signatures.
    this.svm = new LiteSVM().withBlockhashCheck(false).withTransactionHistory(10_000n)
    this.genesisHash = LOCAL_GENESIS_HASH
  }

  /** CAIP-2 id of this cluster. */
  get caipNetworkId(): string {
    return `solana:${this.genesisHash.slice(0, 32)}`
  }

  get slot(): number {
    return Number(this.svm.getClock().slot)
  }

  /** Decodes wire bytes; throws on anything that is not a transaction. */
  decode(wire: Uint8Array): Transaction {
    return this.decodeTransaction.decode(wire)
  }

  /** Processes a signed transaction; a failed one is recorded with its error, like a real node. */
  send(wire: Uint8Array): SolanaTransactionOutcome {
    const tx = this.decode(wire)
    const keys = this.ledger.keysOf(tx)
    const before = this.ledger.snapshot(keys, (key) => this.account(key))
    const result = this.svm.sendTransaction(tx)
    const outcome = this.outcomeOf(result, this.signatureOf(tx))
    if (outcome.err === null) {
      this.transfers.record(tx, outcome.signature, this.slot + 1, (key) => this.accountData(key))
      const after = this.ledger.snapshot(keys, (key) => this.account(key))
      this.ledger.record({
        signature: outcome.signature,
        slot: this.slot + 1,
        blockTime: Math.floor(Date.now() / 1000),
        accountKeys: keys,
        wire,
        // litesvm charges 5,000 lamports a signature, as the local RPC's getFeeForMessage quotes.
        fee: Object.keys(tx.signatures).length * 5000,
        preBalances: before.lamports,
        postBalances: after.lamports,
        preTokenBalances: before.tokens,
        postTokenBalances: after.tokens,
      })
      this.advance(outcome.signature, null)
    }
    return outcome
  }

  /** Runs a transaction without committing it; `sigVerify: false` accepts unsigned ones. */
  simulate(wire: Uint8Array, sigVerify: boolean): SolanaTransactionOutcome {
    const tx = this.decode(wire)
    if (!sigVerify) this.svm.withSigverify(false)
    try {
      const result = this.svm.simulateTransaction(tx)
      if (result instanceof FailedTransactionMetadata) return this.outcomeOf(result, this.signatureOf(tx))
      return this.outcomeOf(result.meta(), this.signatureOf(tx))
    } finally {
      if (!sigVerify) this.svm.withSigverify(true)
    }
  }

  /** Credits lamports from the VM's faucet and returns the airdrop's signature. */
  airdrop(to: string, amount: bigint): SolanaTransactionOutcome {
    const result = this.svm.airdrop(address(to), lamports(amount))
    if (!result) throw new Error('Airdrop failed')
    const outcome = this.outcomeOf(result, '')
    if (outcome.err === null) this.advance(outcome.signature, null)
    return outcome
  }

  /**
   * Calls `listener` for every transaction the cluster processes (WebSocket subscriptions).
   *
   * @returns a function that removes the listener
   */
  onProcessed(listener: (signature: string, status: SignatureStatus) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  status(signature: string): SignatureStatus | null {
    return this.statuses.get(signature) ?? null
  }

  balance(owner: string): bigint {
    return this.svm.getBalance(address(owner)) ?? 0n
  }

  /** An account's data now, or undefined when it does not exist. */
  accountData(key: string): Uint8Array | undefined {
    const account = this.svm.getAccount(address(key))
    return account.exists ? Uint8Array.from(account.data) : undefined
  }

  /** An account's lamports and data now, or undefined when it does not exist. */
  account(key: string): { lamports: bigint; data: Uint8Array } | undefined {
    const account = this.svm.getAccount(address(key))
    return account.exists ? { lamports: account.lamports, data: Uint8Array.from(account.data) } : undefined
  }

  toAddress(value: string): Address {
    return address(value)
  }

  private advance(signature: string, err: unknown): void {
    const next = BigInt(this.slot + 1)
    const status = { slot: Number(next), err }
    this.statuses.set(signature, status)
    this.svm.warpToSlot(next)
    this.svm.expireBlockhash()
    for (const listener of this.listeners) listener(signature, status)
  }

  private signatureOf(tx: Transaction): string {
    const first = Object.values(tx.signatures)[0]
    return first ? this.base58.decode(first) : ''
  }

  private outcomeOf(result: TransactionMetadata | FailedTransactionMetadata, fallbackSignature: string): SolanaTransactionOutcome {
    const failed = result instanceof FailedTransactionMetadata
    const meta = failed ? result.meta() : result
    const signatureBytes = meta.signature()
    const signature = signatureBytes.some((byte) => byte !== 0) ? this.base58.decode(signatureBytes) : fallbackSignature
    return {
      signature,
      err: failed ? transactionErrorToJson(result.err()) : null,
      logs: meta.logs(),
      unitsConsumed: Number(meta.computeUnitsConsumed()),
    }
  }
}
