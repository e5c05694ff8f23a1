import { randomUUID } from 'node:crypto'
import { toHex, type Hex, type PublicClient, type TransactionReceipt } from 'viem'
import type { Storage } from '../plugins/database/index.js'

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
  readonly #storage: Storage

  constructor(storage: Storage) {
    this.#storage = storage
  }

  async record(userId: string, chainId: number, hashes: Hex[], atomic = false): Promise<string> {
    const id = `0x${randomUUID().replaceAll('-', '')}`
    await this.#storage.db
      .insertInto('secure_site_call_batches')
      .values({ id, user_id: userId, chain_id: `eip155:${chainId}`, tx_hashes: JSON.stringify(hashes), created_at: Date.now(), atomic: atomic ? 1 : 0 })
      .execute()
    return id
  }

  /** The batch's status, read from the chain; undefined for an id this user never got. */
  async status(userId: string, id: string, clientFor: (chainId: string) => PublicClient): Promise<CallsStatus | undefined> {
    const row = await this.#storage.db.selectFrom('secure_site_call_batches').select(['chain_id', 'tx_hashes', 'atomic']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()
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
