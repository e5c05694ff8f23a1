import { randomUUID } from 'node:crypto'
import { toHex, type Hex, type PublicClient, type TransactionReceipt } from 'viem'
import type { LatchDatabase } from '../plugins/database/openDatabase.js'

/** EIP-5792 batch status codes. */
const PENDING = 100
const CONFIRMED = 200
const REVERTED = 500
const PARTIALLY_REVERTED = 600

/** `wallet_getCallsStatus`'s answer (EIP-5792 v2). */
export interface CallsStatus {
  version: '2.0.0'
  id: string
  chainId: Hex
  status: number
  /** One UserOperation (a smart account) rather than one transaction per call. */
  atomic: boolean
  receipts: Array<{ logs: Array<{ address: Hex; data: Hex; topics: Hex[] }>; status: Hex; blockHash: Hex; blockNumber: Hex; gasUsed: Hex; transactionHash: Hex }>
}

/**
 * The batches `wallet_sendCalls` sent: for an EOA one transaction per call, in order (EIP-5792
 * lets a wallet without atomic execution do that); for a smart account the one `handleOps`
 * transaction of its UserOperation. Remembered by id for `wallet_getCallsStatus`.
 */
export class CallBatches {
  readonly #db: LatchDatabase

  constructor(db: LatchDatabase) {
    this.#db = db
    // Smart accounts' batches are atomic: a column added to databases made before them.
    const columns = db.prepare<[], { name: string }>('PRAGMA table_info(secure_site_call_batches)').all()
    if (!columns.some((column) => column.name === 'atomic')) db.exec('ALTER TABLE secure_site_call_batches ADD COLUMN atomic INTEGER NOT NULL DEFAULT 0')
  }

  record(userId: string, chainId: number, hashes: Hex[], atomic = false): string {
    const id = `0x${randomUUID().replaceAll('-', '')}`
    this.#db
      .prepare('INSERT INTO secure_site_call_batches (id, user_id, chain_id, tx_hashes, created_at, atomic) VALUES (?, ?, ?, ?, ?, ?)')
      .run(id, userId, `eip155:${chainId}`, JSON.stringify(hashes), Date.now(), atomic ? 1 : 0)
    return id
  }

  /** The batch's status, read from the chain; undefined for an id this user never got. */
  async status(userId: string, id: string, clientFor: (chainId: string) => PublicClient): Promise<CallsStatus | undefined> {
    const row = this.#db.prepare<[string, string], { chain_id: string; tx_hashes: string; atomic: number }>('SELECT chain_id, tx_hashes, atomic FROM secure_site_call_batches WHERE id = ? AND user_id = ?').get(id, userId)
    if (!row) return undefined
    const client = clientFor(row.chain_id)
    const receipts = await Promise.all((JSON.parse(row.tx_hashes) as Hex[]).map((hash) => client.getTransactionReceipt({ hash }).catch(() => undefined)))
    const landed = receipts.filter((receipt): receipt is TransactionReceipt => receipt !== undefined)
    const failed = landed.filter((receipt) => receipt.status !== 'success').length
    const status = landed.length < receipts.length ? PENDING : failed === 0 ? CONFIRMED : failed === landed.length ? REVERTED : PARTIALLY_REVERTED
    return {
      version: '2.0.0',
      id,
      chainId: toHex(Number(row.chain_id.slice('eip155:'.length))),
      status,
      atomic: row.atomic === 1,
      receipts: landed.map((receipt) => ({
        logs: receipt.logs.map((log) => ({ address: log.address, data: log.data, topics: log.topics as Hex[] })),
        status: receipt.status === 'success' ? '0x1' : '0x0',
        blockHash: receipt.blockHash,
        blockNumber: toHex(receipt.blockNumber),
        gasUsed: toHex(receipt.gasUsed),
        transactionHash: receipt.transactionHash,
      })),
    }
  }
}
