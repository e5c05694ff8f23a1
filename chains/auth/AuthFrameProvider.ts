import { computed, makeObservable, observable, observableRef, runInAction } from 'mobx'
import type { AuthProvider, SocialProvider } from '../connectors/AuthConnector.js'
import type { Eip1193Provider } from '../eip155/Eip1193Provider.js'
import { ProviderRpcError } from '../eip155/ProviderRpcError.js'
import { FrameRequestError, RpcMethodNotAllowedError } from './errors.js'
import { missingShareOf, passkeyErrorOf } from './passkeyErrorOf.js'
import type { FrameChannel } from './FrameChannel.js'
import { isSmartSessionRequest, usesSessionPermission } from './smartSessionRequests.js'
import { isAllowedRpcMethod, isSafeRpcMethod, type AccountTypeName, type FrameUser } from './frameProtocol.js'

/** What the kit's UI does around frame requests (the auth plugin: ApproveTransaction, 'Action not allowed'). */
export interface AuthFrameHooks {
  /** A request the visitor must approve in the frame was sent: show the frame. */
  onApprovalRequested?(): void
  /** Its answer came (approved, refused or failed): hide the frame. */
  onApprovalSettled?(outcome: 'approved' | 'refused'): void
  /** A method on neither list was refused before reaching the frame. */
  onMethodNotAllowed?(method: string): void
  /** Issue 26: a signature failed because this device lacks the wallet's key share; the passkey recovers it. */
  onDeviceShareMissing?(): void
  /** A smart-session request (`isSmartSessionRequest`) is about to go: throws while the host has them off (SPEC §1). */
  onSmartSessionRequest?(method: string): void
  /** A permission was granted: the plugin records it with the backend, and may answer with more. */
  onPermissionsGranted?(result: unknown): Promise<unknown>
}

/** The frame's refusal when the visitor rejects, mapped to EIP-1193's 4001 so every caller reads it as a decline. */
const USER_REJECTED = 'User rejected the request.'
/** JSON-RPC's 'Invalid params', which EIP-1193 callers read for a malformed request. */
const INVALID_PARAMS = -32602

/** EIP-3326's `[{ chainId: '0x…' }]`; undefined for anything else. */
function requestedChainId(params: unknown): number | undefined {
  const chainId = Array.isArray(params) && typeof params[0] === 'object' && params[0] !== null ? (params[0] as { chainId?: unknown }).chainId : undefined
  if (typeof chainId !== 'string' || !/^0x[0-9a-fA-F]{1,14}$/.test(chainId)) return undefined
  const id = Number.parseInt(chainId, 16)
  return Number.isSafeInteger(id) && id > 0 ? id : undefined
}

type Listener = (...args: unknown[]) => void

/**
 * The embedded wallet as the kit and the host see it: the auth operations of SPEC §7 (email,
 * device, code, social, Farcaster, user) and an EIP-1193 provider for eip155 whose signing and
 * sending go through the frame, where the visitor approves them. Methods on neither RPC list
 * are refused here (SPEC §5) and never posted.
 */
export class AuthFrameProvider implements Eip1193Provider, AuthProvider {
  user: FrameUser | undefined = undefined
  email: string | undefined = undefined
  /** A passkey was added, recovered with or logged in with in this session (the frame may not say so in GET_USER). */
  private passkeyProtected = false
  private chainId: number | undefined
  private readonly listeners = new Map<string, Set<Listener>>()

  constructor(
    readonly channel: FrameChannel,
    private readonly hooks: AuthFrameHooks = {},
    options: { chainId?: number; preferredAccountType?: AccountTypeName } = {},
  ) {
    this.chainId = options.chainId
    this.preferredAccountType = options.preferredAccountType
    makeObservable<AuthFrameProvider, 'passkeyProtected'>(this, { user: observableRef, email: observable, passkeyProtected: observable, hasPasskey: computed })
  }

  /** SPEC §4: the account type asked for on eip155 (the frame may not offer it). */
  preferredAccountType: AccountTypeName | undefined

  async connectEmail({ email, locale }: { email: string; locale?: string }): Promise<{ action: 'VERIFY_DEVICE' | 'VERIFY_OTP' }> {
    const result = await this.channel.request('CONNECT_EMAIL', locale ? { email, locale } : { email })
    runInAction(() => (this.email = email))
    return result
  }

  connectDevice(): Promise<undefined> {
    return this.channel.request('CONNECT_DEVICE')
  }

  /** Waits for the code the visitor types in the secure field (issue 26); rejects with the frame's refusal of it. */
  connectOtp(): Promise<undefined> {
    return this.channel.request('CONNECT_OTP')
  }

  /** Starts an email change: a code goes to the current address first (VERIFY_PRIMARY_OTP). */
  updateEmail({ email }: { email: string }): Promise<{ action: 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP' }> {
    return this.channel.request('UPDATE_EMAIL', { email })
  }

  /** Waits for the current address's code in the secure field; a code then goes to the new address. */
  updateEmailPrimaryOtp(): Promise<undefined> {
    return this.channel.request('UPDATE_EMAIL_PRIMARY_OTP')
  }

  /** Waits for the new address's code in the secure field: the change is done, the frame names the new address. */
  updateEmailSecondaryOtp(): Promise<{ newEmail: string }> {
    return this.channel.request('UPDATE_EMAIL_SECONDARY_OTP')
  }

  async isConnected(): Promise<boolean> {
    return (await this.channel.request('IS_CONNECTED')).isConnected
  }

  /** Reads the signed-in visitor's account on a chain ('eip155:N', N, or 'solana:…'). */
  async getUser(chainId?: string | number): Promise<FrameUser> {
    const asked = chainId ?? this.chainId
    const solana = String(asked ?? '').startsWith('solana:')
    // SPEC §4: solana accounts are eoa; the eip155 preference is this provider's own.
    const user = await this.channel.request('GET_USER', { chainId: asked, preferredAccountType: solana ? 'eoa' : this.preferredAccountType })
    // The eip155 session (eth_accounts, eth_chainId) is this provider's; a Solana account is only returned.
    if (solana) return user
    runInAction(() => {
      this.user = user
      if (user.email) this.email = user.email
    })
    if (typeof user.chainId === 'number' || /^\d+$/.test(String(user.chainId))) this.chainId = Number(user.chainId)
    return user
  }

  /** The EVM chain ids the secure site runs smart accounts on (SPEC §7 'get smart account enabled networks'). */
  async getSmartAccountEnabledNetworks(): Promise<number[]> {
    const { smartAccountEnabledNetworks } = await this.channel.request('GET_SMART_ACCOUNT_ENABLED_NETWORKS')
    return Array.isArray(smartAccountEnabledNetworks) ? smartAccountEnabledNetworks.filter((id) => Number.isSafeInteger(id) && id > 0) : []
  }

  /**
   * SPEC §4: switches the account type on the current chain (the frame refuses a smart account
   * where it has none); the host hears `accountsChanged` with the account now in use.
   */
  async setPreferredAccountType(type: AccountTypeName): Promise<FrameUser> {
    await this.channel.request('SET_PREFERRED_ACCOUNT', { type })
    const user = await this.getUser()
    this.emit('accountsChanged', [user.address])
    return user
  }

  async signOut(): Promise<void> {
    return this.endSession('SIGN_OUT')
  }

  /** Issue 26: ends the visitor's sessions on every device (the frame asks the secure site), then signs out here. */
  async signOutEverywhere(): Promise<void> {
    return this.endSession('SIGN_OUT_EVERYWHERE')
  }

  private async endSession(type: 'SIGN_OUT' | 'SIGN_OUT_EVERYWHERE'): Promise<void> {
    try {
      await this.channel.request(type)
    } finally {
      runInAction(() => {
        this.user = undefined
        this.email = undefined
        this.passkeyProtected = false
      })
      this.emit('accountsChanged', [])
      this.emit('disconnect')
    }
  }

  connectSocial(params: { uri: string; preferredAccountType?: string; chainId?: string | number }): Promise<unknown> {
    return this.channel.request('CONNECT_SOCIAL', { ...params, preferredAccountType: params.preferredAccountType as AccountTypeName | undefined })
  }

  getSocialRedirectUri(params: { provider: SocialProvider }): Promise<{ uri: string }> {
    return this.channel.request('GET_SOCIAL_REDIRECT_URI', params)
  }

  getFarcasterUri(): Promise<{ url: string }> {
    return this.channel.request('GET_FARCASTER_URI')
  }

  /** Waits (up to SPEC §9's 120 s) until the visitor approved the URI's login in their Farcaster client. */
  async connectFarcaster(): Promise<FrameUser> {
    const user = await this.channel.request('CONNECT_FARCASTER')
    runInAction(() => (this.user = user))
    return user
  }

  /**
   * Issue 26: adds a passkey to the wallet; it then seals the wallet's recovery share. The frame
   * asks the visitor to continue in the secure site's window (a click in the frame: show it).
   *
   * @throws PasskeyNotAddableError, PasskeyRefusedError, PasskeyNotFinishedError, PasskeyCancelledError, SecureWindowBlockedError
   */
  async addPasskey(): Promise<void> {
    await this.passkeyRequest('ADD_PASSKEY')
    runInAction(() => (this.passkeyProtected = true))
  }

  /**
   * Issue 26: on a device without the wallet's key share, recovers the key with the passkey (in
   * the secure site's window); the key is split afresh and this device keeps the new share.
   *
   * @returns the recovered address
   * @throws NoPasskeyError, PasskeyRefusedError, RecoveryRefusedError, PasskeyNotFinishedError, PasskeyCancelledError
   */
  async recoverWithPasskey(): Promise<{ address: string }> {
    const recovered = await this.passkeyRequest('RECOVER_WITH_PASSKEY')
    runInAction(() => (this.passkeyProtected = true))
    return recovered
  }

  /**
   * Issue 26: shows the private key in the secure site's window; the frame's reply, and so this
   * page, never carries it.
   *
   * @throws DeviceShareMissingError (recover first), PasskeyNotFinishedError, PasskeyCancelledError
   */
  async exportPrivateKey(): Promise<void> {
    await this.passkeyRequest('EXPORT_PRIVATE_KEY')
  }

  /**
   * Issue 26: logs in with a passkey alone (no email), in the secure site's window; then connect
   * as after an email login.
   *
   * @throws PasskeyRefusedError (e.g. another project's wallet), PasskeyNotFinishedError, PasskeyCancelledError
   */
  async connectPasskey(): Promise<void> {
    await this.passkeyRequest('CONNECT_PASSKEY')
    runInAction(() => (this.passkeyProtected = true))
  }

  /** Whether a passkey protects the signed-in wallet: as seen here (added, recovered or logged in with), or as the frame last said. */
  get hasPasskey(): boolean {
    return this.passkeyProtected || (this.user?.hasPasskey ?? false)
  }

  private async passkeyRequest<T extends 'ADD_PASSKEY' | 'RECOVER_WITH_PASSKEY' | 'EXPORT_PRIVATE_KEY' | 'CONNECT_PASSKEY'>(type: T) {
    try {
      return await this.channel.request(type)
    } catch (error) {
      throw passkeyErrorOf(error)
    }
  }

  getEmail(): string | undefined {
    return this.email
  }

  /** EIP-1193: accounts and the chain from the session; everything else through the frame's RPC. */
  async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
    switch (method) {
      case 'eth_requestAccounts':
        return [(await this.getUser()).address]
      case 'eth_accounts':
        return this.user ? [this.user.address] : []
      case 'eth_chainId':
        return this.chainId === undefined ? (await this.channel.request('GET_CHAIN_ID')).chainId : `0x${this.chainId.toString(16)}`
      case 'wallet_switchEthereumChain': {
        const chainId = requestedChainId(params)
        if (chainId === undefined) throw new ProviderRpcError(INVALID_PARAMS, 'Invalid params: wallet_switchEthereumChain takes [{ chainId: "0x…" }]')
        return this.switchChain(chainId)
      }
    }
    return this.rpc({ method, params, chainId: this.chainId })
  }

  /**
   * An RPC request through the frame on a chain (eip155's current one, or a Solana cluster):
   * methods on neither list are refused here (SPEC §5); not-safe ones wait for the visitor's
   * approval in the frame, and a rejection is EIP-1193's 4001.
   */
  async rpc({ method, params, chainId }: { method: string; params?: unknown; chainId?: string | number }): Promise<unknown> {
    if (!isAllowedRpcMethod(method)) {
      this.hooks.onMethodNotAllowed?.(method)
      throw Object.assign(new RpcMethodNotAllowedError({ details: method }), { code: 4200 })
    }
    if (isSmartSessionRequest(method, params)) this.hooks.onSmartSessionRequest?.(method)
    // A call under a granted session is signed by its session key, with no card to show.
    const safe = isSafeRpcMethod(method) || usesSessionPermission(method, params)
    if (!safe) this.hooks.onApprovalRequested?.()
    let result: unknown
    try {
      result = await this.channel.request('RPC_REQUEST', { method, params, chainId })
      if (!safe) this.hooks.onApprovalSettled?.('approved')
    } catch (error) {
      if (!safe) this.hooks.onApprovalSettled?.('refused')
      if (error instanceof FrameRequestError && error.shortMessage === USER_REJECTED) throw Object.assign(error, { code: 4001 })
      const missing = missingShareOf(error)
      if (missing) {
        this.hooks.onDeviceShareMissing?.()
        throw missing
      }
      throw error
    }
    // After the card settled: a grant is recorded with the backend, whose refusal is the caller's to read.
    if (method === 'wallet_grantPermissions' && this.hooks.onPermissionsGranted) return this.hooks.onPermissionsGranted(result)
    return result
  }

  on(event: string, listener: Listener): this {
    let set = this.listeners.get(event)
    if (!set) this.listeners.set(event, (set = new Set()))
    set.add(listener)
    return this
  }

  removeListener(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener)
    return this
  }

  private async switchChain(chainId: number): Promise<null> {
    // Signed in, the frame asks the visitor on its card (issue 26): the modal shows it, as for a signature.
    const asks = this.user !== undefined && chainId !== this.chainId
    if (asks) this.hooks.onApprovalRequested?.()
    try {
      await this.channel.request('SWITCH_NETWORK', { chainId })
      if (asks) this.hooks.onApprovalSettled?.('approved')
    } catch (error) {
      if (asks) this.hooks.onApprovalSettled?.('refused')
      if (error instanceof FrameRequestError && error.shortMessage === USER_REJECTED) throw Object.assign(error, { code: 4001 })
      throw error
    }
    this.chainId = chainId
    // The account may differ per chain (a smart account is deployed per chain).
    if (this.user) await this.getUser(chainId)
    this.emit('chainChanged', `0x${chainId.toString(16)}`)
    return null
  }

  private emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args)
  }
}
