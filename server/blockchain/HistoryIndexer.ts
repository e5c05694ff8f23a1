import { decodeEventLog, getAddress, parseAbi, type Address, type Hex, type Log } from 'viem'
import type { EvmChainHandle } from '../BackendServices.js'
import type { LatchDatabase } from '../storage/openDatabase.js'

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

interface Row {
  chain_id: string
  tx_hash: string
  block_number: number
  log_index: number
  mined_at: number
  status: string
  tx_from: string
  tx_to: string | null
  kind: TransferKind
  token: string | null
  token_id: string | null
  sender: string
  recipient: string
  value: string
}

/**
 * Indexes the local EVM chains into SQLite: every transaction's native value, its ERC20 and
 * ERC721 Transfer logs, approvals and WETH unwraps (how a swap to ETH pays out). WETH deposits
 * need no row: the ETH sent in is the transaction's own value. Indexing runs on
 * demand, before history or balance answers, and catches up from the last indexed block; one
 * catch-up per chain runs at a time.
 */
export class HistoryIndexer {
  private readonly running = new Map<string, Promise<void>>()
  private readonly insert
  private readonly readLast
  private readonly writeLast

  constructor(
    private readonly db: LatchDatabase,
    private readonly chains: Map<string, EvmChainHandle>,
  ) {
    this.insert = db.prepare(`INSERT OR IGNORE INTO transfers
      (chain_id, tx_hash, block_number, log_index, mined_at, status, tx_from, tx_to, kind, token, token_id, sender, recipient, value)
      VALUES (@chain_id, @tx_hash, @block_number, @log_index, @mined_at, @status, @tx_from, @tx_to, @kind, @token, @token_id, @sender, @recipient, @value)`)
    this.readLast = db.prepare<[string], { last_block: number }>('SELECT last_block FROM indexed_blocks WHERE chain_id = ?')
    this.writeLast = db.prepare('INSERT INTO indexed_blocks (chain_id, last_block) VALUES (?, ?) ON CONFLICT (chain_id) DO UPDATE SET last_block = excluded.last_block')
  }

  /** Forgets everything indexed: the local chains start empty on every boot. */
  reset(): void {
    this.db.exec('DELETE FROM transfers; DELETE FROM indexed_blocks;')
  }

  /**
   * Brings one chain's index up to its latest block.
   *
   * @param caipNetworkId - e.g. `eip155:31337`
   */
  async sync(caipNetworkId: string): Promise<void> {
    const pending = this.running.get(caipNetworkId)
    if (pending) return pending
    const run = this.catchUp(caipNetworkId).finally(() => this.running.delete(caipNetworkId))
    this.running.set(caipNetworkId, run)
    return run
  }

  private async catchUp(caipNetworkId: string): Promise<void> {
    const chain = this.chains.get(caipNetworkId)
    if (!chain) return
    const latest = Number(await chain.client.getBlockNumber({ cacheTime: 0 }))
    const from = (this.readLast.get(caipNetworkId)?.last_block ?? -1) + 1
    for (let number = from; number <= latest; number++) {
      const rows = await this.rowsOfBlock(chain, number)
      this.db.transaction(() => {
        for (const row of rows) this.insert.run(row)
        this.writeLast.run(caipNetworkId, number)
      })()
    }
  }

  private async rowsOfBlock(chain: EvmChainHandle, number: number): Promise<Row[]> {
    const block = await chain.client.getBlock({ blockNumber: BigInt(number), includeTransactions: true })
    const rows: Row[] = []
    const spamOrNft = new Set([chain.contracts.nft.address.toLowerCase(), chain.contracts.spamNft.address.toLowerCase()])
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
    return rows
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
