import { encodeFunctionData, isAddress, isAddressEqual, toHex, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { FrameStorage } from './FrameWallet.js'
import type { SecureSiteApi } from './SecureSiteApi.js'
import type { RequestDescription } from './describeRequest.js'
import {
  ERC20_TRANSFER_PERMISSION,
  SESSION_ACCOUNT_ABI,
  SessionKeyStore,
  describeGrant,
  describeRevoke,
  getAssets,
  parseGrantRequest,
  readToken,
  sendWithSession,
  sessionContextOf,
} from './sessionPermissions.js'
import { FrameInvalidRequestError, FrameSmartAccountsUnsupportedError, FrameUserRejectedError } from './errors.js'

export interface SmartSessionsOptions {
  api: SecureSiteApi
  storage: FrameStorage
  projectId: string
  /** The embedding page's checked origin: a session is usable only by the page it was granted to. */
  appOrigin: string
  /** The user's account on an eip155 chain (`/api/account`). */
  account(chainId: string): Promise<{ type: 'eoa' | 'smartAccount'; smartAccountAddress?: string }>
  /** Shows the card, one at a time, described (again after a locale change) by `describe`; true when approved. */
  approve(describe: () => RequestDescription): Promise<boolean>
  /** Signs an approved request with the owner key, where its custody says (FrameWallet `#signApproved`). */
  sign(method: string, chainId: string, params: unknown): Promise<unknown>
}

/** What the owner signs for `/v1/sessions` to record a grant (sessionRoutes.ts). */
export interface SessionRecord {
  message: string
  signature: Hex
}

/**
 * Smart sessions in the frame (SPEC §1, §5): `wallet_grantPermissions` registers a fresh session
 * key on the smart account by an owner-signed operation the visitor approves on the card; the key
 * stays in this origin's storage and signs `wallet_sendCalls` naming its context without a card;
 * `wallet_revokePermissions` removes it on chain (owner-signed, on the card). The smart account
 * enforces token, allowance and expiry on chain.
 */
export class SmartSessions {
  readonly #options: SmartSessionsOptions
  readonly #keys: SessionKeyStore

  constructor(options: SmartSessionsOptions) {
    this.#options = options
    this.#keys = new SessionKeyStore(options.storage)
  }

  static handles(method: string): boolean {
    return method === 'wallet_grantPermissions' || method === 'wallet_revokePermissions'
  }

  getAssets(chainId: string, params: unknown) {
    return getAssets(this.#options.api, chainId, params)
  }

  /** Answers a session request; `handled: false` for any other, which the card path signs. */
  async request(method: string, chainId: string, params: unknown): Promise<{ handled: false } | { handled: true; result: unknown }> {
    if (method === 'wallet_grantPermissions') return { handled: true, result: await this.#grant(chainId, params) }
    if (method === 'wallet_revokePermissions') return { handled: true, result: await this.#revoke(chainId, params) }
    const context = sessionContextOf(method, params)
    if (context === undefined) return { handled: false }
    const account = await this.#smartAccount(chainId, method)
    const session = this.#keys.find(context, account, chainId, this.#options.appOrigin)
    if (!session) throw new FrameInvalidRequestError({ method, reason: 'no session of this wallet and page has that permission context' })
    return { handled: true, result: await sendWithSession(this.#options.api, session, params) }
  }

  async #grant(chainId: string, params: unknown) {
    const method = 'wallet_grantPermissions'
    const grant = parseGrantRequest(params, chainId)
    const account = await this.#smartAccount(chainId, method)
    const token = await readToken(this.#options.api, chainId, grant.token)
    if (!(await this.#options.approve(() => describeGrant(grant, token, account)))) throw new FrameUserRejectedError()
    const privateKey = generatePrivateKey()
    const context = privateKeyToAccount(privateKey).address
    const data = encodeFunctionData({ abi: SESSION_ACCOUNT_ABI, functionName: 'grantSession', args: [context, grant.token, grant.allowance, grant.expiry] })
    await this.#options.sign('eth_sendTransaction', chainId, [{ from: account, to: account, data }])
    this.#keys.keep({ context, privateKey, appOrigin: this.#options.appOrigin, account, chainId, token: grant.token, allowance: toHex(grant.allowance), expiry: grant.expiry })
    const permissions = [{ type: ERC20_TRANSFER_PERMISSION, data: { address: grant.token, allowance: toHex(grant.allowance), symbol: token.symbol, decimals: token.decimals }, context }]
    // The backend's record (`POST /v1/sessions/{address}`), signed by the account under the same approval.
    const message = JSON.stringify({ projectId: this.#options.projectId, chainId, expiry: grant.expiry, permissions, nonce: context })
    const signature = (await this.#options.sign('personal_sign', chainId, [toHex(message), account])) as Hex
    const record: SessionRecord = { message, signature }
    return { context, address: account, chainId: toHex(Number(chainId.split(':')[1])), expiry: grant.expiry, permissions, signer: { type: 'key', data: { id: context } }, record }
  }

  /** `[{ context, pci? }]`: removes the key on chain; with the backend's pci, also signs its revocation. EIP-2255's `[{ eth_accounts }]` is a no-op here. */
  async #revoke(chainId: string, params: unknown) {
    const method = 'wallet_revokePermissions'
    const request = (Array.isArray(params) ? params[0] : undefined) as { context?: unknown; pci?: unknown } | undefined
    if (request?.context === undefined) return null
    if (typeof request.context !== 'string' || !isAddress(request.context, { strict: false })) throw new FrameInvalidRequestError({ method, reason: 'context must be a session key address' })
    const context = request.context as Address
    const account = await this.#smartAccount(chainId, method)
    // The owner removes a key on chain from any device; this frame may not hold it.
    const held = this.#keys.all().find((session) => isAddressEqual(session.context, context))
    if (!(await this.#options.approve(() => describeRevoke({ context, token: held?.token, chainId, account })))) throw new FrameUserRejectedError()
    const data = encodeFunctionData({ abi: SESSION_ACCOUNT_ABI, functionName: 'revokeSession', args: [context] })
    await this.#options.sign('eth_sendTransaction', chainId, [{ from: account, to: account, data }])
    this.#keys.remove(context)
    if (typeof request.pci !== 'string' || request.pci.length > 128) return { revoked: true }
    // sessionRoutes' revokeSessionMessage: the backend checks it against the account.
    const signature = (await this.#options.sign('personal_sign', chainId, [toHex(`Revoke Latch session ${request.pci}`), account])) as Hex
    return { revoked: true, record: { pci: request.pci, signature } }
  }

  async #smartAccount(chainId: string, method: string): Promise<Address> {
    if (!chainId.startsWith('eip155:')) throw new FrameInvalidRequestError({ method, reason: 'smart sessions are for EVM chains' })
    const account = await this.#options.account(chainId)
    if (account.type !== 'smartAccount' || !account.smartAccountAddress) throw new FrameSmartAccountsUnsupportedError()
    return account.smartAccountAddress as Address
  }
}
