import { decodeEventLog, getAddress, pad, parseAbi, type Hex, type Log } from 'viem'
import type { EvmChainHandle } from '../plugins/services/BackendServices.js'
import type { Storage } from '../plugins/database/openStorage.js'

const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const ERC20_TRANSFER = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 value)'])
const ERC721_TRANSFER = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)'])
/** Ranges read per request at most: a first look at an old account continues on the next request. */
const RANGES_PER_SYNC = 25

/**
 * History of a configured network, from the node alone: the ERC-20 and ERC-721 Transfer logs that
 * name an account (as sender or recipient), read in `eth_getLogs` ranges of at most
 * `maxBlockRange` blocks from the network's `fromBlock`, into the same `transfers` rows the local
 * chains' indexer writes. Each account's cursor is kept in the store. Native transfers leave no
 * log: they are not read here, and the history answer says so.
 */
export class LogHistoryReader {
  private readonly running = new Map<string, Promise<boolean>>()

  constructor(private readonly storage: Storage) {}

  /**
   * Reads `account`'s logs on `chain` up to the head, or `RANGES_PER_SYNC` ranges, whichever ends first.
   *
   * @returns whether the reading reached the head (false: older blocks are still to read, on the next request)
   */
  async sync(chain: EvmChainHandle, account: string): Promise<boolean> {
    const key = `${chain.caipNetworkId}|${account.toLowerCase()}`
    const current = this.running.get(key)
    if (current) return current
    const run = this.catchUp(chain, account.toLowerCase()).finally(() => this.running.delete(key))
    this.running.set(key, run)
    return run
  }

  private async catchUp(chain: EvmChainHandle, account: string): Promise<boolean> {
    if (chain.history.source !== 'logs') return true
    const { maxBlockRange, fromBlock } = chain.history
    const db = this.storage.db
    const head = Number(await chain.client.getBlockNumber({ cacheTime: 0 }))
    const cursor = await db.selectFrom('history_log_cursors').select('last_block').where('chain_id', '=', chain.caipNetworkId).where('account', '=', account).executeTakeFirst()
    let next = cursor ? cursor.last_block + 1 : (fromBlock ?? head)
    if (!cursor)
      await db
        .insertInto('history_log_cursors')
        .values({ chain_id: chain.caipNetworkId, account, first_block: next, last_block: next - 1 })
        .onConflict((conflict) => conflict.columns(['chain_id', 'account']).doNothing())
        .execute()
    for (let ranges = 0; next <= head && ranges < RANGES_PER_SYNC; ranges++) {
      const to = Math.min(head, next + maxBlockRange - 1)
      await this.readRange(chain, account, next, to)
      await db
        .updateTable('history_log_cursors')
        .set({ last_block: to })
        .where('chain_id', '=', chain.caipNetworkId)
        .where('account', '=', account)
        .where('last_block', '<', to)
        .execute()
      next = to + 1
    }
    return next > head
  }

  private async readRange(chain: EvmChainHandle, account: string, from: number, to: number): Promise<void> {
    const topic = pad(account as Hex)
    const range = { fromBlock: `0x${from.toString(16)}`, toBlock: `0x${to.toString(16)}` }
    // Topics match by position: one call for the account as sender, one as recipient.
    const [sent, received] = await Promise.all(
      [[TRANSFER_TOPIC, topic], [TRANSFER_TOPIC, null, topic]].map(
        (topics) => chain.client.request({ method: 'eth_getLogs', params: [{ ...range, topics } as never] }) as Promise<Log[]>,
      ),
    )
    const logs = [...sent!, ...received!].filter((log, index, all) => all.findIndex((other) => other.transactionHash === log.transactionHash && other.logIndex === log.logIndex) === index)
    if (logs.length === 0) return
    const blocks = new Map<string, Promise<number>>()
    const txs = new Map<string, Promise<{ from: string; to: string | null }>>()
    const minedAt = (blockHash: Hex) => blocks.get(blockHash) ?? (blocks.set(blockHash, chain.client.getBlock({ blockHash }).then((block) => Number(block.timestamp))), blocks.get(blockHash)!)
    const txOf = (hash: Hex) => txs.get(hash) ?? (txs.set(hash, chain.client.getTransaction({ hash }).then((tx) => ({ from: lower(tx.from), to: tx.to ? lower(tx.to) : null }))), txs.get(hash)!)
    const rows = []
    for (const log of logs) {
      const decoded = decodeTransfer(log)
      if (!decoded) continue
      const tx = await txOf(log.transactionHash!)
      rows.push({
        chain_id: chain.caipNetworkId,
        tx_hash: log.transactionHash!,
        log_index: Number(log.logIndex),
        block_number: Number(log.blockNumber),
        mined_at: await minedAt(log.blockHash!),
        // A log exists only in a transaction that succeeded.
        status: 'confirmed',
        tx_from: tx.from,
        tx_to: tx.to,
        ...decoded,
      })
    }
    if (rows.length) await this.storage.db.insertInto('transfers').values(rows).onConflict((conflict) => conflict.columns(['chain_id', 'tx_hash', 'log_index']).doNothing()).execute()
  }
}

function decodeTransfer(log: Log) {
  const topics = log.topics as [Hex, ...Hex[]]
  try {
    if (topics.length === 4) {
      const { args } = decodeEventLog({ abi: ERC721_TRANSFER, data: log.data, topics })
      return { kind: 'erc721', token: lower(log.address), token_id: args.tokenId.toString(), sender: lower(args.from), recipient: lower(args.to), value: '1' }
    }
    if (topics.length === 3) {
      const { args } = decodeEventLog({ abi: ERC20_TRANSFER, data: log.data, topics })
      return { kind: 'erc20', token: lower(log.address), token_id: null, sender: lower(args.from), recipient: lower(args.to), value: args.value.toString() }
    }
  } catch {
    // Only looks like a Transfer: not ours to report.
  }
  return undefined
}

function lower(address: string): string {
  return getAddress(address).toLowerCase()
}
