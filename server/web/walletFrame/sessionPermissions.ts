import { decodeFunctionData, decodeFunctionResult, encodeFunctionData, formatUnits, hexToBigInt, isAddress, isAddressEqual, isHex, parseAbi, toHex, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { FrameStorage } from './FrameWallet.js'
import type { SecureSiteApi } from './SecureSiteApi.js'
import type { RequestDescription } from './describeRequest.js'
import { checkPreparedUserOperation, type PreparedUserOperation } from './checkPreparedUserOperation.js'
import { nameChain } from './nameChain.js'
import { FrameInvalidRequestError } from './errors.js'

/** The one permission type smart sessions grant (ERC-7715): transfers of one ERC-20, up to an allowance. */
export const ERC20_TRANSFER_PERMISSION = 'erc20-token-transfer'
/** Longest grant: 30 days, as `/v1/sessions` records it. */
const MAX_SESSION_SECONDS = 30 * 24 * 3600
const STORE_KEY = 'latch-secure-site:smart-sessions'

export const SESSION_ACCOUNT_ABI = parseAbi([
  'function grantSession(address key, address token, uint256 allowance, uint48 validUntil)',
  'function revokeSession(address key)',
])
const ERC20_ABI = parseAbi(['function transfer(address to, uint256 amount)', 'function decimals() view returns (uint8)', 'function symbol() view returns (string)', 'function balanceOf(address) view returns (uint256)'])

/** An ERC-7715 grant request, checked: one token, its allowance, until `expiry` (unix seconds). */
export interface GrantRequest {
  chainId: string
  expiry: number
  token: Address
  allowance: bigint
}

/** A session key this frame keeps (never the page): its key signs the account's transfers within the grant. */
export interface StoredSession {
  /** The session key's address: the permission's context. */
  context: Address
  privateKey: Hex
  /** The page the grant was made for: another page embedding this frame cannot use it. */
  appOrigin: string
  account: Address
  chainId: string
  token: Address
  allowance: string
  expiry: number
}

/**
 * Reads `wallet_grantPermissions`' params (ERC-7715): `[{ chainId, expiry, permissions: [{ type:
 * 'erc20-token-transfer', data: { address, allowance } }] }]`, for the signing chain. The signer
 * is this wallet's own session key, whatever the request names.
 *
 * @throws FrameInvalidRequestError for anything else
 */
export function parseGrantRequest(params: unknown, chainId: string): GrantRequest {
  const invalid = (reason: string) => new FrameInvalidRequestError({ method: 'wallet_grantPermissions', reason })
  const request = (Array.isArray(params) ? params[0] : params) as Record<string, unknown> | undefined
  if (!request || typeof request !== 'object') throw invalid('no permission request')
  if (request.chainId !== undefined && toCaip(request.chainId) !== chainId) throw invalid(`the request is for another chain than ${nameChain(chainId)}`)
  const now = Math.floor(Date.now() / 1000)
  const expiry = request.expiry
  if (typeof expiry !== 'number' || !Number.isInteger(expiry) || expiry <= now || expiry > now + MAX_SESSION_SECONDS) throw invalid('expiry must be a future unix time within 30 days')
  const permissions = request.permissions
  if (!Array.isArray(permissions) || permissions.length !== 1) throw invalid('exactly one permission')
  const permission = permissions[0] as { type?: unknown; data?: { address?: unknown; allowance?: unknown } }
  if (permission?.type !== ERC20_TRANSFER_PERMISSION) throw invalid(`only ${ERC20_TRANSFER_PERMISSION} permissions`)
  const token = permission.data?.address
  const allowance = permission.data?.allowance
  if (typeof token !== 'string' || !isAddress(token, { strict: false })) throw invalid('data.address must be the token')
  if (typeof allowance !== 'string' || !isHex(allowance) || allowance.length > 66 || hexToBigInt(allowance) === 0n) throw invalid('data.allowance must be a positive hex amount')
  return { chainId, expiry, token: token as Address, allowance: hexToBigInt(allowance) }
}

function toCaip(chainId: unknown): string | undefined {
  if (typeof chainId === 'string' && /^0x[0-9a-fA-F]+$/.test(chainId)) return `eip155:${Number.parseInt(chainId, 16)}`
  if (typeof chainId === 'number') return `eip155:${chainId}`
  return typeof chainId === 'string' ? chainId : undefined
}

/** The token's symbol and decimals, read through the secure site's RPC (a read the card needs). */
export async function readToken(api: SecureSiteApi, chainId: string, token: Address): Promise<{ symbol: string; decimals: number }> {
  const call = async (functionName: 'symbol' | 'decimals') =>
    (await api.post<{ result: Hex }>('/api/rpc', { chainId, method: 'eth_call', params: [{ to: token, data: encodeFunctionData({ abi: ERC20_ABI, functionName }) }, 'latest'] })).result
  return {
    symbol: decodeFunctionResult({ abi: ERC20_ABI, functionName: 'symbol', data: await call('symbol') }),
    decimals: decodeFunctionResult({ abi: ERC20_ABI, functionName: 'decimals', data: await call('decimals') }),
  }
}

/** The card for a grant: who may spend what, of which token, until when, without asking again. */
export function describeGrant(grant: GrantRequest, token: { symbol: string; decimals: number }, account: Address): RequestDescription {
  return {
    title: 'Allow spending without asking',
    rows: [
      { label: 'Up to', value: `${formatUnits(grant.allowance, token.decimals)} ${token.symbol}` },
      { label: 'Token contract', value: grant.token },
      { label: 'Until', value: new Date(grant.expiry * 1000).toUTCString() },
      { label: 'Network', value: nameChain(grant.chainId) },
      { label: 'Account', value: account },
    ],
  }
}

/** The card for a revocation (the token where this frame holds the key; any device may revoke). */
export function describeRevoke(revoked: { context: Address; token?: Address; chainId: string; account: Address }): RequestDescription {
  return {
    title: 'Revoke a spending permission',
    rows: [
      ...(revoked.token ? [{ label: 'Token contract', value: revoked.token }] : []),
      { label: 'Session key', value: revoked.context },
      { label: 'Network', value: nameChain(revoked.chainId) },
      { label: 'Account', value: revoked.account },
    ],
  }
}

/** The session keys of this frame, in its origin's storage. */
export class SessionKeyStore {
  readonly #storage: FrameStorage

  constructor(storage: FrameStorage) {
    this.#storage = storage
  }

  all(): StoredSession[] {
    try {
      const stored = JSON.parse(this.#storage.getItem(STORE_KEY) ?? '[]') as StoredSession[]
      return Array.isArray(stored) ? stored : []
    } catch {
      return []
    }
  }

  find(context: unknown, account: Address, chainId: string, appOrigin: string): StoredSession | undefined {
    if (typeof context !== 'string' || !isAddress(context, { strict: false })) return undefined
    return this.all().find((session) => isAddressEqual(session.context, context) && isAddressEqual(session.account, account) && session.chainId === chainId && session.appOrigin === appOrigin)
  }

  keep(session: StoredSession) {
    this.#storage.setItem(STORE_KEY, JSON.stringify([...this.all().filter((kept) => kept.expiry > Date.now() / 1000), session]))
  }

  remove(context: Address) {
    this.#storage.setItem(STORE_KEY, JSON.stringify(this.all().filter((kept) => !isAddressEqual(kept.context, context))))
  }
}

/** The permission context a `wallet_sendCalls` names (ERC-7715's `capabilities.permissions.context`). */
export function sessionContextOf(method: string, params: unknown): string | undefined {
  if (method !== 'wallet_sendCalls') return undefined
  const request = (Array.isArray(params) ? params[0] : undefined) as { capabilities?: { permissions?: { context?: unknown } } } | undefined
  const context = request?.capabilities?.permissions?.context
  return typeof context === 'string' ? context : undefined
}

/**
 * Sends a `wallet_sendCalls` under a session: one `transfer` on the session's token, signed by its
 * key, no card. The secure site and the smart account (on chain) both refuse what the grant does not cover.
 *
 * @returns the batch id, as `wallet_sendCalls` answers
 */
export async function sendWithSession(api: SecureSiteApi, session: StoredSession, params: unknown): Promise<{ id: string }> {
  const method = 'wallet_sendCalls'
  const invalid = (reason: string) => new FrameInvalidRequestError({ method, reason })
  const calls = ((Array.isArray(params) ? params[0] : undefined) as { calls?: unknown } | undefined)?.calls
  if (!Array.isArray(calls) || calls.length !== 1) throw invalid('a session sends exactly one call')
  const call = calls[0] as { to?: unknown; value?: unknown; data?: unknown }
  if (typeof call.to !== 'string' || !isAddress(call.to, { strict: false }) || !isAddressEqual(call.to, session.token)) throw invalid('a session only calls its token')
  if (call.value !== undefined && (typeof call.value !== 'string' || !isHex(call.value) || hexToBigInt(call.value) !== 0n)) throw invalid('a session sends no native value')
  if (typeof call.data !== 'string' || !isHex(call.data)) throw invalid('no call data')
  try {
    if (decodeFunctionData({ abi: ERC20_ABI, data: call.data }).functionName !== 'transfer') throw new Error('not transfer')
  } catch {
    throw invalid('a session only transfers its token')
  }
  const wire = { to: session.token, data: call.data }
  const prepared = await api.post<PreparedUserOperation>('/api/prepare/userOperation', { chainId: session.chainId, calls: [wire] })
  const hash = checkPreparedUserOperation(prepared, { method, chainId: session.chainId, sender: session.account, calls: [wire] })
  const signature = await privateKeyToAccount(session.privateKey).sign({ hash })
  const { sender, nonce, callData } = prepared.userOperation
  return api.post('/api/submit/sessionOperation', { chainId: session.chainId, userOperation: { sender, nonce, callData }, sessionKey: session.context, signature })
}

/**
 * `wallet_getAssets` (ERC-7811) for the current chain: the native balance and those of the ERC-20s
 * the request's `assetFilter` names, read through the secure site's RPC.
 */
export async function getAssets(api: SecureSiteApi, chainId: string, params: unknown): Promise<Record<Hex, Array<{ address: string; balance: Hex; type: string }>>> {
  const request = (Array.isArray(params) ? params[0] : undefined) as { account?: unknown; assetFilter?: Record<string, Array<{ address?: unknown; type?: unknown }>> } | undefined
  const account = request?.account
  if (typeof account !== 'string' || !isAddress(account, { strict: false })) throw new FrameInvalidRequestError({ method: 'wallet_getAssets', reason: 'account must be an address' })
  const chainHex = toHex(Number(chainId.split(':')[1]))
  const rpc = async (method: string, rpcParams: unknown[]) => (await api.post<{ result: Hex }>('/api/rpc', { chainId, method, params: rpcParams })).result
  const assets: Array<{ address: string; balance: Hex; type: string }> = [{ address: 'native', balance: await rpc('eth_getBalance', [account, 'latest']), type: 'native' }]
  const filter = request?.assetFilter?.[chainHex] ?? []
  for (const asset of Array.isArray(filter) ? filter.slice(0, 20) : []) {
    if (asset?.type !== 'erc20' || typeof asset.address !== 'string' || !isAddress(asset.address, { strict: false })) continue
    const balance = await rpc('eth_call', [{ to: asset.address, data: encodeFunctionData({ abi: ERC20_ABI, functionName: 'balanceOf', args: [account as Address] }) }, 'latest'])
    assets.push({ address: asset.address, balance: toHex(hexToBigInt(balance)), type: 'erc20' })
  }
  return { [chainHex]: assets }
}
