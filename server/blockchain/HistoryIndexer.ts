import { decodeEventLog, getAddress, parseAbi, type Address, type Hex, type Log } from 'viem'
import type { EvmChainHandle } from '../plugins/services/BackendServices.js'
import type { Storage } from '../plugins/database/openStorage.js'
import type { TransfersTable } from '../plugins/database/DatabaseSchema.js'
import { knownCollections } from './knownTokens.js'
import { ChainLocks } from './ChainLocks.js'

const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const APPROVAL_TOPIC = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925'
const WITHDRAWAL_TOPIC = '0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65'

const EVENTS = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
  'event Withdrawal(address indexed src, uint256 wad)',
])
const NFT_TRANSFER = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)'])

/** What one indexed row records (see the `transfers` table). */
export type TransferKind = 'native' | 'erc20' | 'erc721' | 'approve' | 'call' | 'deploy'

type LogRow = Pick<Row, 'kind' | 'token' | 'token_id' | 'sender' | 'recipient' | 'value'>

/** A transfer as indexed: the table's row, its kind one of the indexer's. */
type Row = Omit<TransfersTable, 'id' | 'kind'> & { kind: TransferKind }

/**
 * Indexes the local EVM chains into the storage layer (SQLite or Postgres): every transaction's native value, its ERC20 and
 * ERC721 Transfer logs, approvals and WETH unwraps (how a swap to ETH pays out). WETH deposits
 * need no row: the ETH sent in is the transaction's own value. Indexing runs on
 * demand, before history or balance answers, and catches up from the last indexed block; one
 * catch-up per chain runs at a time (across instances on Postgres: `ChainLocks`), and `sync` resolves only once a catch-up that began after
 * the call has finished.
 */
export class HistoryIndexer {
  /** Per chain: the catch-up running, and the one queued to start after it. */
  private readonly queues = new Map<string, { running?: Promise<void>; next?: Promise<void> }>()

  constructor(
    private readonly storage: Storage,
    private readonly chains: Map<string, EvmChainHandle>,
  ) {}

  /** Forgets what was indexed of the local chains (they start empty on every boot); a configured network's rows stay. */
  async reset(): Promise<void> {
    const local = [...this.chains.values()].filter((chain) => chain.history.source === 'blocks' && chain.history.startedHere).map((chain) => chain.caipNetworkId)
    if (local.length === 0) return
    await this.storage.db.deleteFrom('transfers').where('chain_id', 'in', local).execute()
    await this.storage.db.deleteFrom('indexed_blocks').where('chain_id', 'in', local).execute()
  }

  /**
   * Brings one chain's index up to its latest block.
   *
   * @param caipNetworkId - e.g. `eip155:31337`
   */
  async sync(caipNetworkId: string): Promise<void> {
    // A catch-up already running read the head before this call: a transaction the caller has
    // just seen mined may be past it. So wait for it, then run one that starts after this call;
    // callers arriving meanwhile share that one (it too starts after them).
    const queue = this.queues.get(caipNetworkId) ?? {}
    this.queues.set(caipNetworkId, queue)
    if (queue.next) return queue.next
    if (queue.running) {
      queue.next = queue.running.catch(() => undefined).then(() => this.start(caipNetworkId, queue))
      return queue.next
    }
    return this.start(caipNetworkId, queue)
  }

  private start(caipNetworkId: string, queue: { running?: Promise<void>; next?: Promise<void> }): Promise<void> {
    queue.next = undefined
    // One catch-up per chain across instances too (on Postgres): the other waits, then finds the
    // blocks indexed instead of reading them again, and never writes while this one starts over.
    const run = ChainLocks.of(this.storage).run(`history:${caipNetworkId}`, () => this.catchUp(caipNetworkId)).finally(() => {
      if (queue.running === run) queue.running = undefined
      if (!queue.running && !queue.next) this.queues.delete(caipNetworkId)
    })
    queue.running = run
    return run
  }

  private async catchUp(caipNetworkId: string): Promise<void> {
    const chain = this.chains.get(caipNetworkId)
    if (!chain || chain.history.source !== 'blocks') return
    const db = this.storage.db
    const latest = Number(await chain.client.getBlockNumber({ cacheTime: 0 }))
    const last = await db.selectFrom('indexed_blocks').select(['last_block', 'last_hash']).where('chain_id', '=', caipNetworkId).executeTakeFirst()
    const start = chain.history.fromBlock
    let from = Math.max(start, (last?.last_block ?? -1) + 1)
    if (last && !(await this.stillOnChain(chain, last))) {
      // Indexed from a chain that was restarted (a crash, then a boot within the lease), or a
      // reorganised last block: start over.
      await db.deleteFrom('transfers').where('chain_id', '=', caipNetworkId).execute()
      await db.deleteFrom('indexed_blocks').where('chain_id', '=', caipNetworkId).execute()
      from = start
    }
    for (let number = from; number <= latest; number++) {
      const { rows, hash } = await this.rowsOfBlock(chain, number)
      // No transaction needed: rows go in once (the unique key), and the mark only moves forward,
      // so a crash between the two, or another instance indexing the same block, repeats nothing.
      if (rows.length) await db.insertInto('transfers').values(rows).onConflict((conflict) => conflict.columns(['chain_id', 'tx_hash', 'log_index']).doNothing()).execute()
      await db
        .insertInto('indexed_blocks')
        .values({ chain_id: caipNetworkId, last_block: number, last_hash: hash })
        .onConflict((conflict) =>
          conflict
            .column('chain_id')
            .doUpdateSet((update) => ({ last_block: update.ref('excluded.last_block'), last_hash: update.ref('excluded.last_hash') }))
            .where('indexed_blocks.last_block', '<', (where) => where.ref('excluded.last_block')),
        )
        .execute()
    }
  }

  /** Whether the chain still has the block the index ends at (rows from before hashes were kept count as yes). */
  private async stillOnChain(chain: EvmChainHandle, last: { last_block: number; last_hash: string | null }): Promise<boolean> {
    if (last.last_hash === null) return true
    const block = await chain.client.getBlock({ blockNumber: BigInt(last.last_block) }).catch(() => undefined)
    return block?.hash === last.last_hash
  }

  private async rowsOfBlock(chain: EvmChainHandle, number: number): Promise<{ rows: Row[]; hash: string }> {
    const block = await chain.client.getBlock({ blockNumber: BigInt(number), includeTransactions: true })
    const rows: Row[] = []
    const spamOrNft = new Set(knownCollections(chain).map((collection) => collection.address.toLowerCase()))
    for (const tx of block.transactions) {
      const receipt = await chain.client.getTransactionReceipt({ hash: tx.hash })
      const base = {
        chain_id: chain.caipNetworkId,
        tx_hash: tx.hash,
        block_number: number,
        mined_at: Number(block.timestamp),
        status: receipt.status === 'success' ? 'confirmed' : 'failed',
        tx_from: lower(tx.from),
        tx_to: tx.to ? lower(tx.to) : null,
      }
      let index = -1
      const push = (row: LogRow) => rows.push({ ...base, log_index: index--, ...row })
      if (tx.value > 0n && tx.to)
        push({ kind: 'native', token: null, token_id: null, sender: lower(tx.from), recipient: lower(tx.to), value: tx.value.toString() })
      if (!tx.to && receipt.contractAddress)
        push({ kind: 'deploy', token: null, token_id: null, sender: lower(tx.from), recipient: lower(receipt.contractAddress), value: '0' })
      let meaningful = rows.length > 0
      for (const log of receipt.logs) {
        const row = this.rowOfLog(log as Log, spamOrNft, tx.from, tx.to ?? null)
        if (!row) continue
        meaningful = true
        rows.push({ ...base, log_index: Number(log.logIndex), ...row })
      }
      if (!meaningful && tx.to)
        push({ kind: 'call', token: null, token_id: null, sender: lower(tx.from), recipient: lower(tx.to), value: '0' })
    }
    return { rows, hash: block.hash }
  }

  private rowOfLog(log: Log, nftContracts: Set<string>, txFrom: Address, txTo: Address | null): LogRow | null {
    const topic = log.topics[0]
    const token = lower(log.address)
    try {
      if (topic === TRANSFER_TOPIC && log.topics.length === 4) {
        const { args } = decodeEventLog({ abi: NFT_TRANSFER, data: log.data, topics: log.topics as [Hex, ...Hex[]] })
        return { kind: 'erc721', token, token_id: args.tokenId.toString(), sender: lower(args.from), recipient: lower(args.to), value: '1' }
      }
      if (topic === TRANSFER_TOPIC && log.topics.length === 3 && !nftContracts.has(token)) {
        const { args } = decodeEventLog({ abi: EVENTS, eventName: 'Transfer', data: log.data, topics: log.topics as [Hex, ...Hex[]] })
        return { kind: 'erc20', token, token_id: null, sender: lower(args.from), recipient: lower(args.to), value: args.value.toString() }
      }
      if (topic === APPROVAL_TOPIC && log.topics.length === 3) {
        const { args } = decodeEventLog({ abi: EVENTS, eventName: 'Approval', data: log.data, topics: log.topics as [Hex, ...Hex[]] })
        // transferFrom also emits Approval (allowance spent): only the owner's own approvals count.
        if (lower(args.owner) !== lower(txFrom)) return null
        return { kind: 'approve', token, token_id: null, sender: lower(args.owner), recipient: lower(args.spender), value: args.value.toString() }
      }
      // A swap to ETH unwraps WETH in the router, which then pays the sender in ETH: an internal
      // transfer with no log of its own. The Withdrawal stands for it.
      if (topic === WITHDRAWAL_TOPIC && txTo) {
        const { args } = decodeEventLog({ abi: EVENTS, eventName: 'Withdrawal', data: log.data, topics: log.topics as [Hex, ...Hex[]] })
        if (lower(args.src) !== lower(txTo)) return null
        return { kind: 'native', token: null, token_id: null, sender: lower(txTo), recipient: lower(txFrom), value: args.wad.toString() }
      }
    } catch {
      // A log that only looks like a Transfer (other indexing): not ours to index.
    }
    return null
  }
}

function lower(address: string): string {
  return getAddress(address).toLowerCase()
}
