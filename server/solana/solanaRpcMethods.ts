import { getBase58Decoder, getBase58Encoder, getBase64Encoder, type Address } from '@solana/kit'
import { JsonRpcError, RPC_INVALID_PARAMS, RPC_METHOD_NOT_FOUND } from '../rpc/jsonRpc.js'
import type { SolanaCluster } from './SolanaCluster.js'
import type { LedgerEntry, LedgerTokenBalance } from './SolanaLedger.js'
import { parseTokenAccount, parseMint, TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID } from './splLayouts.js'

type Params = unknown[] | Record<string, unknown>

/** Largest single airdrop, like devnet's faucet cap (in lamports: 1,000 SOL). */
const MAX_AIRDROP = 1_000n * 1_000_000_000n
/** A real node's fee per signature; litesvm charges the same. */
const LAMPORTS_PER_SIGNATURE = 5000

const base58 = getBase58Encoder()
const base64 = getBase64Encoder()

/** The methods served, for the chain RPC's allow-list and the README. */
export const SOLANA_RPC_METHODS = [
  'getBalance',
  'getAccountInfo',
  'getMultipleAccounts',
  'getLatestBlockhash',
  'getMinimumBalanceForRentExemption',
  'sendTransaction',
  'simulateTransaction',
  'getSignatureStatuses',
  'getSignaturesForAddress',
  'getTransaction',
  'getTokenAccountsByOwner',
  'getTokenAccountBalance',
  'requestAirdrop',
  'getSlot',
  'getBlockHeight',
  'getGenesisHash',
  'getVersion',
  'getHealth',
  'getFeeForMessage',
  'isBlockhashValid',
  'getEpochInfo',
] as const

/**
 * Answers one Solana JSON-RPC method against the cluster, in the shapes a real node returns
 * (`{context:{slot}, value}` where the real API has a context).
 *
 * @param cluster - the litesvm-backed cluster
 * @param method - the JSON-RPC method
 * @param params - positional params as sent
 * @returns the result; throws `JsonRpcError` for bad params or unknown methods
 */
export async function callSolanaRpc(cluster: SolanaCluster, method: string, params: Params): Promise<unknown> {
  const args = Array.isArray(params) ? params : []
  const context = { slot: cluster.slot, apiVersion: '2.1.0' }
  switch (method) {
    case 'getBalance':
      return { context, value: Number(cluster.balance(pubkeyParam(cluster, args[0]))) }
    case 'getAccountInfo': {
      const config = configParam(args[1])
      return { context, value: accountJson(cluster, pubkeyParam(cluster, args[0]), config.encoding) }
    }
    case 'getMultipleAccounts': {
      if (!Array.isArray(args[0]) || args[0].length > 100) throw invalid('params[0] must be an array of at most 100 public keys')
      const config = configParam(args[1])
      return { context, value: args[0].map((key) => accountJson(cluster, pubkeyParam(cluster, key), config.encoding)) }
    }
    case 'getLatestBlockhash':
      return { context, value: { blockhash: cluster.svm.latestBlockhash(), lastValidBlockHeight: cluster.slot + 150 } }
    case 'getMinimumBalanceForRentExemption': {
      const size = args[0]
      if (typeof size !== 'number' || !Number.isInteger(size) || size < 0 || size > 10 * 1024 * 1024)
        throw invalid('params[0] must be a data length between 0 and 10485760')
      return Number(cluster.svm.minimumBalanceForRentExemption(BigInt(size)))
    }
    case 'sendTransaction': {
      const config = configParam(args[1])
      const outcome = cluster.send(wireParam(cluster, args[0], config.encoding))
      if (outcome.err !== null)
        throw new JsonRpcError(-32002, `Transaction simulation failed: ${JSON.stringify(outcome.err)}`, {
          err: outcome.err,
          logs: outcome.logs,
          accounts: null,
          unitsConsumed: outcome.unitsConsumed,
        })
      return outcome.signature
    }
    case 'simulateTransaction': {
      const config = configParam(args[1])
      const outcome = cluster.simulate(wireParam(cluster, args[0], config.encoding ?? 'base58'), config.sigVerify === true)
      return { context, value: { err: outcome.err, logs: outcome.logs, accounts: null, unitsConsumed: outcome.unitsConsumed, returnData: null } }
    }
    case 'getSignatureStatuses': {
      if (!Array.isArray(args[0]) || args[0].length > 256) throw invalid('params[0] must be an array of at most 256 signatures')
      const value = args[0].map((signature) => {
        if (typeof signature !== 'string') throw invalid('params[0] must hold signature strings')
        const status = cluster.status(signature)
        if (!status) return null
        return {
          slot: status.slot,
          confirmations: null,
          err: status.err,
          status: status.err === null ? { Ok: null } : { Err: status.err },
          confirmationStatus: 'finalized',
        }
      })
      return { context, value }
    }
    case 'getSignaturesForAddress': {
      const config = (args[1] ?? {}) as { limit?: unknown; before?: unknown }
      const limit = typeof config.limit === 'number' && Number.isInteger(config.limit) && config.limit > 0 && config.limit <= 1000 ? config.limit : 1000
      const before = typeof config.before === 'string' ? config.before : undefined
      return cluster.ledger.signaturesFor(pubkeyParam(cluster, args[0]), { limit, before }).map((entry) => ({
        signature: entry.signature,
        slot: entry.slot,
        err: null,
        memo: null,
        blockTime: entry.blockTime,
        confirmationStatus: 'finalized',
      }))
    }
    case 'getTransaction': {
      if (typeof args[0] !== 'string') throw invalid('params[0] must be a signature string')
      // The ledger keeps wire bytes: the json encodings (web3.js's default) are not served.
      if (configParam(args[1]).encoding !== 'base64') throw invalid('Invalid param: getTransaction is served in base64 encoding only')
      const entry = cluster.ledger.get(args[0])
      return entry ? transactionJson(entry) : null
    }
    case 'getTokenAccountsByOwner':
      return { context, value: tokenAccountsByOwner(cluster, args) }
    case 'getTokenAccountBalance': {
      const account = cluster.svm.getAccount(pubkeyParam(cluster, args[0]))
      const parsed = account.exists ? parseTokenAccount(account.data) : null
      if (!parsed) throw invalid('Invalid param: not a Token account')
      return { context, value: tokenAmount(parsed.amount, decimalsOf(cluster, parsed.mint)) }
    }
    case 'requestAirdrop': {
      const to = pubkeyParam(cluster, args[0])
      const amount = args[1]
      if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0 || BigInt(amount) > MAX_AIRDROP)
        throw invalid('params[1] must be a lamport amount between 1 and 1000000000000')
      const outcome = cluster.airdrop(to, BigInt(amount))
      if (outcome.err !== null) throw new JsonRpcError(-32603, `Airdrop failed: ${JSON.stringify(outcome.err)}`)
      return outcome.signature
    }
    case 'getSlot':
    case 'getBlockHeight':
      return cluster.slot
    case 'getGenesisHash':
      return cluster.genesisHash
    case 'getVersion':
      return { 'solana-core': '2.1.0', 'feature-set': 0 }
    case 'getHealth':
      return 'ok'
    case 'getFeeForMessage': {
      const message = args[0]
      if (typeof message !== 'string' || message.length > 4096) throw invalid('params[0] must be a base64 message')
      const bytes = decodeBytes(message, 'base64')
      // The first byte of a legacy message (or the second of a versioned one) is the signer count.
      const signers = bytes[0] !== undefined && bytes[0] & 0x80 ? (bytes[1] ?? 1) : (bytes[0] ?? 1)
      return { context, value: signers * LAMPORTS_PER_SIGNATURE }
    }
    case 'isBlockhashValid':
      return { context, value: typeof args[0] === 'string' }
    case 'getEpochInfo':
      return { absoluteSlot: cluster.slot, blockHeight: cluster.slot, epoch: 0, slotIndex: cluster.slot, slotsInEpoch: 432000, transactionCount: null }
    default:
      throw new JsonRpcError(RPC_METHOD_NOT_FOUND, `Method not found: ${method.slice(0, 64)}`)
  }
}

function invalid(message: string): JsonRpcError {
  return new JsonRpcError(RPC_INVALID_PARAMS, message)
}

function pubkeyParam(cluster: SolanaCluster, value: unknown): Address {
  if (typeof value !== 'string' || value.length < 32 || value.length > 44) throw invalid('Invalid param: expected a base58 public key')
  try {
    return cluster.toAddress(value)
  } catch {
    throw invalid('Invalid param: expected a base58 public key')
  }
}

function configParam(value: unknown): { encoding?: string; sigVerify?: boolean; mint?: string; programId?: string } {
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid('Invalid params: configuration must be an object')
  return value as { encoding?: string; sigVerify?: boolean }
}

function decodeBytes(value: string, encoding: string): Uint8Array {
  try {
    if (encoding === 'base64') return new Uint8Array(base64.encode(value))
    if (encoding === 'base58') return new Uint8Array(base58.encode(value))
  } catch {
    throw invalid(`Invalid param: not ${encoding}`)
  }
  throw invalid(`Invalid param: unsupported encoding ${encoding.slice(0, 16)}`)
}

function wireParam(cluster: SolanaCluster, value: unknown, encoding = 'base58'): Uint8Array {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) throw invalid('params[0] must be an encoded transaction')
  const bytes = decodeBytes(value, encoding)
  try {
    cluster.decode(bytes)
  } catch {
    throw invalid('Invalid param: failed to deserialize the transaction')
  }
  return bytes
}

function decimalsOf(cluster: SolanaCluster, mint: string): number {
  const account = cluster.svm.getAccount(cluster.toAddress(mint))
  return (account.exists && parseMint(account.data)?.decimals) || 0
}

function tokenAmount(amount: bigint, decimals: number) {
  const text = amount.toString().padStart(decimals + 1, '0')
  const uiAmountString = decimals === 0 ? text : `${text.slice(0, -decimals)}.${text.slice(-decimals)}`.replace(/\.?0+$/, '')
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
}

function accountJson(cluster: SolanaCluster, key: Address, encoding = 'base64') {
  const account = cluster.svm.getAccount(key)
  if (!account.exists) return null
  const common = {
    executable: account.executable,
    lamports: Number(account.lamports),
    owner: account.programAddress as string,
    rentEpoch: 18446744073709551615,
    space: account.data.length,
  }
  if (encoding === 'jsonParsed') {
    const parsed = parsedData(cluster, account.programAddress as string, account.data)
    if (parsed) return { ...common, data: parsed }
  }
  if (encoding === 'base58') return { ...common, data: [base58Decode(account.data), 'base58'] }
  return { ...common, data: [Buffer.from(account.data).toString('base64'), 'base64'] }
}

// @solana/kit names codecs from the bytes' side: an encoder turns a string into bytes.
const base58Decoder = getBase58Decoder()
function base58Decode(bytes: Uint8Array): string {
  return base58Decoder.decode(bytes)
}

function parsedData(cluster: SolanaCluster, owner: string, data: Uint8Array) {
  if (owner !== TOKEN_PROGRAM_ID && owner !== TOKEN_2022_PROGRAM_ID) return null
  const tokenAccount = parseTokenAccount(data)
  if (tokenAccount)
    return {
      program: owner === TOKEN_PROGRAM_ID ? 'spl-token' : 'spl-token-2022',
      parsed: {
        type: 'account',
        info: {
          isNative: false,
          mint: tokenAccount.mint,
          owner: tokenAccount.owner,
          state: 'initialized',
          tokenAmount: tokenAmount(tokenAccount.amount, decimalsOf(cluster, tokenAccount.mint)),
        },
      },
      space: data.length,
    }
  const mint = parseMint(data)
  if (mint)
    return {
      program: 'spl-token',
      parsed: {
        type: 'mint',
        info: { decimals: mint.decimals, isInitialized: true, mintAuthority: mint.mintAuthority, supply: mint.supply.toString(), freezeAuthority: null },
      },
      space: data.length,
    }
  return null
}

function tokenAccountsByOwner(cluster: SolanaCluster, args: unknown[]) {
  const owner = pubkeyParam(cluster, args[0])
  const filter = configParam(args[1])
  if (!filter.mint && !filter.programId) throw invalid('params[1] must name a mint or a programId')
  const mint = filter.mint ? pubkeyParam(cluster, filter.mint) : undefined
  const programId = filter.programId ? pubkeyParam(cluster, filter.programId) : TOKEN_PROGRAM_ID
  const config = configParam(args[2])
  return cluster.svm
    .getProgramAccounts(cluster.toAddress(programId))
    .filter((account) => {
      const parsed = parseTokenAccount(account.data)
      return parsed !== null && parsed.owner === owner && (!mint || parsed.mint === mint)
    })
    .map((account) => ({ pubkey: account.address as string, account: accountJson(cluster, account.address, config.encoding) }))
}

/** `getTransaction`'s answer (json encoding): the transaction as base64 wire bytes and its balance changes. */
function transactionJson(entry: LedgerEntry) {
  const tokenBalances = (list: LedgerTokenBalance[]) =>
    list.map(({ accountIndex, mint, owner, amount, decimals }) => ({ accountIndex, mint, owner, programId: TOKEN_PROGRAM_ID, uiTokenAmount: tokenAmount(amount, decimals) }))
  return {
    slot: entry.slot,
    blockTime: entry.blockTime,
    version: 'legacy',
    transaction: [Buffer.from(entry.wire).toString('base64'), 'base64'],
    meta: {
      err: null,
      status: { Ok: null },
      fee: entry.fee,
      preBalances: entry.preBalances.map(Number),
      postBalances: entry.postBalances.map(Number),
      preTokenBalances: tokenBalances(entry.preTokenBalances),
      postTokenBalances: tokenBalances(entry.postTokenBalances),
      logMessages: [],
      innerInstructions: [],
      loadedAddresses: { writable: [], readonly: [] },
    },
  }
}
