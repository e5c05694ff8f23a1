import { getCompiledTransactionMessageDecoder, getTransactionDecoder } from '@solana/kit'
import { formatUnits } from 'viem'
import type { BackendServices } from '../../plugins/services/BackendServices.js'
import type { HistoryEntry, HistoryTransfer } from '../../blockchain/readHistory.js'
import { priceOf } from '../../blockchain/PriceTable.js'
import { usdValue } from '../../blockchain/usdValue.js'
import { callSolanaNetwork } from './callSolanaNetwork.js'
import { readOwnerTokenAccounts } from './readOwnerTokenAccounts.js'
import type { SolanaNetworkHandle } from './SolanaNetworkHandle.js'

interface SignatureInfo {
  signature: string
  slot: number
  err: unknown
  blockTime?: number | null
}

interface TokenBalance {
  accountIndex: number
  mint: string
  owner?: string
  uiTokenAmount: { amount: string; decimals: number }
}

interface TransactionAnswer {
  blockTime?: number | null
  transaction: [string, string]
  meta: {
    err: unknown
    fee: number
    preBalances: number[]
    postBalances: number[]
    preTokenBalances?: TokenBalance[]
    postTokenBalances?: TokenBalance[]
    loadedAddresses?: { writable: string[]; readonly: string[] }
  } | null
}

/** One balance change of the account in a transaction: what moved, and with whom. */
interface Movement {
  mint?: string
  decimals: number
  /** Positive: received. */
  delta: bigint
  counterparty: string
}

const decodeTransaction = getTransactionDecoder()
const decodeMessage = getCompiledTransactionMessageDecoder()

/**
 * An account's history on a configured Solana cluster, newest first, from its nodes only: the
 * signatures naming the account or its token accounts of listed mints (`getSignaturesForAddress`,
 * at most `maxSignatures` each), each read with `getTransaction`. The transfers are the account's
 * balance changes the node reports (SOL net of the fee it paid; SPL by owner), never guessed.
 * The cursor is the count of entries already returned; past `maxSignatures` the answer says `partial`.
 */
export async function readConfiguredSolanaHistory(
  services: BackendServices,
  network: SolanaNetworkHandle,
  account: string,
  { cursor, limit, baseUrl }: { cursor: number; limit: number; baseUrl: string },
): Promise<{ data: HistoryEntry[]; next: string | null; partial?: true }> {
  const tokenAccounts = await readOwnerTokenAccounts(network, account)
  const wanted = cursor + limit + 1
  const fetchLimit = Math.min(wanted, network.maxSignatures)
  const lists = await Promise.all(
    [account, ...tokenAccounts.map((token) => token.address)].map((address) =>
      callSolanaNetwork<SignatureInfo[]>(network, 'getSignaturesForAddress', [address, { limit: fetchLimit, commitment: 'confirmed' }]),
    ),
  )
  const bySignature = new Map<string, SignatureInfo>()
  for (const info of lists.flat()) bySignature.set(info.signature, info)
  const all = [...bySignature.values()].sort((a, b) => b.slot - a.slot || a.signature.localeCompare(b.signature))
  // A list cut at `maxSignatures` may hide older transactions: said rather than a history that looks complete.
  const truncated = fetchLimit < wanted && lists.some((list) => list.length >= fetchLimit)
  const page = all.slice(cursor, cursor + limit)
  const data = await Promise.all(page.map((info) => readEntry(services, network, account, info, baseUrl)))
  const more = all.length > cursor + limit
  return { data: data.filter((entry) => entry !== null), next: more ? String(cursor + limit) : null, ...(truncated && !more ? { partial: true as const } : {}) }
}

async function readEntry(services: BackendServices, network: SolanaNetworkHandle, account: string, info: SignatureInfo, baseUrl: string): Promise<HistoryEntry | null> {
  const answer = await callSolanaNetwork<TransactionAnswer | null>(network, 'getTransaction', [
    info.signature,
    { encoding: 'base64', commitment: 'confirmed', maxSupportedTransactionVersion: 0 },
  ])
  // Pruned from the node's ledger: left out, not made up.
  if (!answer?.meta) return null
  const keys = accountKeys(answer)
  const movements = movementsOf(answer, keys, account, network)
  const transfers = movements.map((movement) => toTransfer(services, network, account, movement, baseUrl))
  const outs = movements.some((movement) => movement.delta < 0n)
  const ins = movements.some((movement) => movement.delta > 0n)
  const blockTime = answer.blockTime ?? info.blockTime
  return {
    id: info.signature,
    metadata: {
      operationType: outs && ins ? 'trade' : outs ? 'send' : ins ? 'receive' : 'execute',
      hash: info.signature,
      minedAt: blockTime ? new Date(blockTime * 1000).toISOString() : '',
      sentFrom: keys[0] ?? '',
      sentTo: transfers.find((transfer) => transfer.direction === 'out')?.recipient ?? keys[1] ?? '',
      status: answer.meta.err === null ? 'confirmed' : 'failed',
      chain: network.caipNetworkId,
    },
    transfers,
  }
}

/** The transaction's account keys in the order the meta's balances list them: static, then loaded writable, then loaded read-only. */
function accountKeys(answer: TransactionAnswer): string[] {
  const message = decodeMessage.decode(decodeTransaction.decode(Buffer.from(answer.transaction[0], 'base64')).messageBytes)
  const loaded = answer.meta?.loadedAddresses
  return [...message.staticAccounts.map(String), ...(loaded?.writable ?? []), ...(loaded?.readonly ?? [])]
}

function movementsOf(answer: TransactionAnswer, keys: string[], account: string, network: SolanaNetworkHandle): Movement[] {
  const meta = answer.meta!
  const movements: Movement[] = []
  const lamportDelta = (index: number) => BigInt(meta.postBalances[index] ?? 0) - BigInt(meta.preBalances[index] ?? 0) + (index === 0 ? BigInt(meta.fee) : 0n)
  const index = keys.indexOf(account)
  if (index >= 0) {
    const delta = lamportDelta(index)
    if (delta !== 0n) {
      // The counterparty: the account whose balance moved most the other way.
      const others = keys.map((key, i) => ({ key, delta: lamportDelta(i) })).filter((other) => other.key !== account && (delta > 0n ? other.delta < 0n : other.delta > 0n))
      others.sort((a, b) => (abs(b.delta) > abs(a.delta) ? 1 : -1))
      movements.push({ decimals: 9, delta, counterparty: others[0]?.key ?? '' })
    }
  }
  const byOwnerMint = new Map<string, { owner: string; mint: string; decimals: number; delta: bigint }>()
  const add = (balance: TokenBalance, sign: bigint) => {
    const owner = balance.owner ?? ''
    const key = `${owner}:${balance.mint}`
    const entry = byOwnerMint.get(key) ?? { owner, mint: balance.mint, decimals: balance.uiTokenAmount.decimals, delta: 0n }
    entry.delta += sign * BigInt(balance.uiTokenAmount.amount)
    byOwnerMint.set(key, entry)
  }
  for (const balance of meta.preTokenBalances ?? []) add(balance, -1n)
  for (const balance of meta.postTokenBalances ?? []) add(balance, 1n)
  const changes = [...byOwnerMint.values()]
  for (const change of changes) {
    if (change.owner !== account || change.delta === 0n) continue
    const counterparty = changes.find((other) => other.mint === change.mint && other.owner !== account && (change.delta > 0n ? other.delta < 0n : other.delta > 0n))
    const listed = network.tokens.find((token) => token.mint === change.mint)
    movements.push({ mint: change.mint, decimals: listed?.decimals ?? change.decimals, delta: change.delta, counterparty: counterparty?.owner ?? '' })
  }
  return movements
}

function toTransfer(services: BackendServices, network: SolanaNetworkHandle, account: string, movement: Movement, baseUrl: string): HistoryTransfer {
  const listed = movement.mint === undefined ? undefined : network.tokens.find((token) => token.mint === movement.mint)
  const symbol = movement.mint === undefined ? 'SOL' : (listed?.symbol ?? movement.mint.slice(0, 4).toUpperCase())
  const name = movement.mint === undefined ? 'Solana' : (listed?.name ?? `Token ${movement.mint.slice(0, 4)}`)
  const numeric = formatUnits(abs(movement.delta), movement.decimals)
  // An unlisted token has no price here: its value is not guessed.
  const price = movement.mint === undefined || listed ? priceOf(services.prices, symbol) : 0
  const incoming = movement.delta > 0n
  return {
    fungible_info: { name, symbol, icon: { url: `${baseUrl}/public/getTokenImage/${symbol}` } },
    direction: incoming ? 'in' : 'out',
    quantity: { numeric },
    sender: incoming ? movement.counterparty : account,
    recipient: incoming ? account : movement.counterparty,
    value: usdValue(numeric, price),
    price,
  }
}

function abs(value: bigint): bigint {
  return value < 0n ? -value : value
}
