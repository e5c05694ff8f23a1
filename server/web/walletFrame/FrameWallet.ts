import {
  isAllowedRpcMethod,
  isSafeRpcMethod,
  type AppRequestMap,
  type AppRequestType,
  type FrameResultMap,
  type FrameUser,
} from '../../../chains/auth/frameProtocol.js'
import { SecureSiteApi, type FrameSession, type SessionGrant } from './SecureSiteApi.js'
import {
  FrameChainNotSupportedError,
  FrameNoCodeFieldError,
  FramePageCodeRefusedError,
  FrameDeviceNotApprovedError,
  FrameFarcasterLoginFailedError,
  FrameInvalidEmailError,
  FrameMethodUnsupportedError,
  FrameNoLoginInProgressError,
  FrameNotSignedInError,
  FrameRpcNotAllowedError,
  FrameSessionExpiredError,
  FrameSocialLoginFailedError,
  FrameSmartAccountsUnsupportedError,
  FrameUserRejectedError,
  FrameInvalidRequestError,
  SecureSiteApiError,
  FrameNoDeviceShareError,
} from './errors.js'
import { describeRequest } from './describeRequest.js'
import { namedAccount } from './namedAccount.js'
import { refuseUnsafeRequest } from './refuseUnsafeRequest.js'
import { refuseForeignSignIn } from './refuseForeignSignIn.js'
import { describeNetworkSwitch } from './describeNetworkSwitch.js'
import { nameChain } from './nameChain.js'
import { toCaipChainId, toReplyChainId } from './toCaipChainId.js'
import { isSigningMethod } from '../../secureSite/signingMethods.js'
import type { CodeSource } from './CodeInbox.js'
import { errorPayloadOf } from './errorPayloadOf.js'
import { openShareStore, type DeviceShares, type ShareStore } from './openShareStore.js'
import { recoverFromVault } from './vaultRecovery.js'
import { decodeShare } from './signWithShares.js'
import { signInFrame } from './signInFrame.js'
import type { Address } from 'viem'
import { PasskeyRecovery } from './passkeyRecovery.js'
import { SmartSessions } from './SmartSessions.js'
import { currentFrameLocale } from './frameText.js'
import { shippedLocaleOf } from '../../../ui-shell/i18n/shippedLocaleOf.js'

/** Where the frame keeps what must survive a reload, in its own origin's storage. */
export interface FrameStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export interface FrameWalletOptions {
  storage: FrameStorage
  /** The chain from the frame's URL. */
  chainId: string
  /** The embedding page's checked origin: login calls name it, and a social login's popup posts its result there. */
  appOrigin?: string
  /** The project from the frame's URL: its users are the ones who log in here (its allow-list is checked again by every login call). */
  projectId?: string
  /**
   * Shows the approval card, described by `describe` (called again when the kit's language
   * changes while the card is open); true when the visitor approved.
   */
  approve(dappName: string, describe: () => ReturnType<typeof describeRequest>): Promise<boolean>
  /** Tells the app the session token changed (SESSION_UPDATE). */
  onSessionChange(token: string | null): void
  /** Switches the frame's words to the kit's language (SYNC_LOCALE). */
  useLocale?(locale: string): Promise<void>
  /** Applies the app's theme (SYNC_THEME): its mode, its theme variables and the card's w3mThemeVariables, unchecked. */
  applyTheme(themeMode: 'dark' | 'light' | undefined, themeVariables: unknown, w3mThemeVariables?: unknown): void
  api?: SecureSiteApi
  /** Between two device-status polls; 1 s. */
  pollMs?: number
  /** How long CONNECT_DEVICE waits for the emailed link (SPEC §9: 120 s). */
  deviceWaitMs?: number
  /** The secure code field's channel: the only source of one-time codes (absent: codes cannot be entered). */
  codes?: CodeSource
  /** How long a code wait lasts: under the kit's 120 s (SPEC §9), so the frame answers first. */
  codeWaitMs?: number
  /** This device's shares of split keys (KEY_SHARES.md); IndexedDB on the secure origin by default. */
  shares?: ShareStore
  /** Opens the passkey window for a task (`PasskeyRecovery`): at once by default. */
  openPasskeyWindow?: ConstructorParameters<typeof PasskeyRecovery>[2]
}

interface ServerUser {
  email?: string
  userName?: string
  socialProvider?: string
  evmAddress: string
  solanaAddress: string
  /** Whether a passkey seals the wallet (where the backend splits keys). */
  hasPasskey?: boolean
}

/** The API's answer for the user's account on one eip155 chain (SmartAccounts.describe). */
interface ServerAccount {
  type: 'eoa' | 'smartAccount'
  address: string
  eoaAddress: string
  smartAccountAddress?: string
  smartAccountDeployed: boolean
}

const OAUTH_PROVIDERS = new Set(['google', 'x', 'discord', 'github', 'apple', 'facebook'])

const SESSION_KEY = 'latch-secure-site:session'
/** Where a bearer token was kept before sessions were bound to the device key: now worthless. */
const OLD_TOKEN_KEY = 'latch-secure-site:token'
const DEVICE_KEY = 'latch-secure-site:device'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
/** The frame's language for the email-change emails (the kit's, from the frame's URL); none in English. */
const frameLocaleField = () => (currentFrameLocale() === 'en' ? {} : { locale: currentFrameLocale() })
/** A BCP 47 tag as the kit checks one (createKit({ locale })). */
const LOCALE = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8}){0,3}$/

/**
 * Issue 26: a code in the page's payload is refused, not ignored. The page never holds the
 * visitor's code, so one sent by it is phished or guessed; refusing says so at once (an old kit
 * learns it must show the secure field) instead of leaving the request waiting, and no code from
 * a page ever reaches the server, not even to be counted as a wrong try.
 */
function refusePageCode(payload: unknown) {
  if (typeof payload === 'object' && payload !== null && 'otp' in payload) throw new FramePageCodeRefusedError()
}

type Handlers = { [T in AppRequestType]: (payload: AppRequestMap[T] | undefined) => Promise<FrameResultMap[T]> }

/**
 * The embedded wallet as the frame runs it: one handler per app request of SPEC §7, calling the
 * secure site's API. Approvals go through `approve` (the card); keys never reach this page.
 */
export class FrameWallet {
  readonly #options: FrameWalletOptions
  readonly #api: SecureSiteApi
  readonly #shares: ShareStore
  #chainId: string
  #email: string | undefined
  #dappName = 'This app'
  /** The social login in progress: its secret never leaves this frame, so the page's result alone is worthless. */
  #socialSecret: string | undefined
  /** The Farcaster login in progress: like the social secret, it never leaves this frame. */
  #farcasterSecret: string | undefined
  /**
   * The chain the visitor signs on, per namespace. The first chain the app names after a login
   * (or on a fresh frame) is taken as is, and every card names it; after that only an approved
   * SWITCH_NETWORK changes it, and a signing request for another chain is refused.
   */
  readonly #signingChains = new Map<string, string>()
  /** Passkeys as the split key's recovery factor, and key export (KEY_SHARES.md). */
  readonly #passkeys: PasskeyRecovery
  /** Smart sessions: permissions granted on the card, used by session keys this frame keeps. */
  readonly #smartSessions: SmartSessions
  /** Approvals one at a time: a second request waits for the first card to close. */
  #approvals: Promise<unknown> = Promise.resolve()

  constructor(options: FrameWalletOptions) {
    this.#options = options
    this.#api = options.api ?? new SecureSiteApi()
    this.#shares = options.shares ?? openShareStore()
    this.#passkeys = new PasskeyRecovery(this.#api, this.#shares, options.openPasskeyWindow)
    options.storage.removeItem(OLD_TOKEN_KEY)
    this.#api.session = readSession(options.storage.getItem(SESSION_KEY))
    this.#api.onRefresh = (grant) => this.#persist(grant)
    this.#api.stored = () => readSession(options.storage.getItem(SESSION_KEY))
    this.#chainId = toCaipChainId(options.chainId) ?? 'eip155:31337'
    this.#smartSessions = new SmartSessions({
      api: this.#api,
      storage: options.storage,
      projectId: options.projectId ?? '',
      appOrigin: options.appOrigin ?? '',
      account: (chainId) => this.#api.get<ServerAccount>('/api/account', { chainId }),
      approve: (describe) => this.#oneAtATime(() => this.#options.approve(this.#dappName, describe)),
      sign: (method, chainId, params) => this.#signApproved(method, chainId, params),
    })
  }

  /** Answers one request; throws a `KitError` whose `shortMessage` is the `_ERROR` reply's message. */
  async handle<T extends AppRequestType>(type: T, payload: AppRequestMap[T] | undefined): Promise<FrameResultMap[T]> {
    try {
      return await (this.#handlers[type] as Handlers[T])(payload)
    } catch (error) {
      if (error instanceof SecureSiteApiError && error.status === 401) {
        this.#setSession(null)
        throw new FrameSessionExpiredError()
      }
      throw error
    }
  }

  readonly #handlers: Handlers = {
    CONNECT_EMAIL: async (payload) => {
      const email = typeof payload?.email === 'string' ? payload.email.trim().toLowerCase() : ''
      if (!EMAIL.test(email)) throw new FrameInvalidEmailError()
      // The kit's language for the emails; a malformed one is dropped (the server writes English).
      const locale = typeof payload?.locale === 'string' && LOCALE.test(payload.locale) ? { locale: payload.locale } : {}
      const answer = await this.#api.post<{ action: 'VERIFY_DEVICE' | 'VERIFY_OTP' }>('/api/email/start', { email, deviceId: this.#deviceId(), ...this.#asker(), ...locale })
      this.#email = email
      return { action: answer.action }
    },
    CONNECT_DEVICE: async () => {
      const email = this.#pendingEmail()
      const deadline = Date.now() + (this.#options.deviceWaitMs ?? 120_000)
      while (Date.now() < deadline) {
        const { approved } = await this.#api.post<{ approved: boolean }>('/api/device/status', { email, deviceId: this.#deviceId(), ...this.#asker() })
        if (approved) return undefined
        await new Promise((resolve) => setTimeout(resolve, this.#options.pollMs ?? 1000))
      }
      throw new FrameDeviceNotApprovedError()
    },
    CONNECT_OTP: async (payload) => {
      refusePageCode(payload)
      const email = this.#pendingEmail()
      await this.#withFieldCode(async (otp) => {
        this.#setSession(await this.#api.post<SessionGrant>('/api/otp/verify', { email, deviceId: this.#deviceId(), otp, ...this.#asker() }))
      })
      await this.#enrollShares()
      return undefined
    },
    GET_USER: async (payload) => {
      if (payload?.chainId !== undefined) this.#useChain(this.#caip(payload.chainId))
      const wish = payload?.preferredAccountType === 'eoa' || payload?.preferredAccountType === 'smartAccount' ? payload.preferredAccountType : undefined
      return this.#user(await this.#serverUser(), wish)
    },
    IS_CONNECTED: async () => {
      if (!this.#api.token) return { isConnected: false }
      try {
        await this.#serverUser()
        return { isConnected: true }
      } catch (error) {
        if (error instanceof SecureSiteApiError && error.status === 401) {
          this.#setSession(null)
          return { isConnected: false }
        }
        throw error
      }
    },
    GET_CHAIN_ID: async () => ({ chainId: toReplyChainId(this.#chainId) }),
    SWITCH_NETWORK: async (payload) => {
      const next = this.#caip(payload?.chainId)
      const current = this.#signingChains.get(namespaceOf(next))
      if (this.#api.token && current !== undefined && current !== next) {
        const account = await this.#payingAccount('', undefined, next)
        const approved = await this.#oneAtATime(() => this.#options.approve(this.#dappName, () => describeNetworkSwitch(current, next, account)))
        if (!approved) throw new FrameUserRejectedError()
        this.#signingChains.set(namespaceOf(next), next)
      }
      this.#useChain(next)
      return { chainId: toReplyChainId(this.#chainId) }
    },
    SIGN_OUT: () => this.#signOut('/api/sign-out'),
    SIGN_OUT_EVERYWHERE: async () => {
      this.#requireSession()
      return this.#signOut('/api/sign-out/everywhere')
    },
    SYNC_THEME: async (payload) => {
      const mode = payload?.themeMode
      this.#options.applyTheme(mode === 'light' || mode === 'dark' ? mode : undefined, payload?.themeVariables, payload?.w3mThemeVariables)
      return undefined
    },
    SYNC_LOCALE: async (payload) => {
      // Only a name with a catalogue switches anything (the kit sends 'en' for one it has no
      // catalogue for): a path, an unknown name or a non-string leaves the frame as it is.
      const asked = payload?.locale
      if (typeof asked === 'string' && shippedLocaleOf(asked)) {
        await this.#options.useLocale?.(asked)
        // An open code field follows too (it has its own page; the frame tells it on their channel).
        this.#options.codes?.announceLocale(currentFrameLocale())
      }
      // The locale the frame speaks now (English when it has no catalogue for the one asked).
      return { locale: currentFrameLocale() }
    },
    SYNC_DAPP_DATA: async (payload) => {
      const name = payload?.metadata?.name
      if (typeof name === 'string' && name.trim()) this.#dappName = name.trim().slice(0, 80)
      return undefined
    },
    SET_PREFERRED_ACCOUNT: async (payload) => {
      const type = payload?.type
      if (type !== 'eoa' && type !== 'smartAccount') throw new FrameSmartAccountsUnsupportedError()
      this.#requireSession()
      // SPEC §4: a smart account only where this wallet has one; eoa is always allowed.
      if (type === 'smartAccount' && !(await this.#smartAccountChainIds()).includes(Number(this.#chainId.split(':')[1]))) throw new FrameSmartAccountsUnsupportedError()
      if (this.#chainId.startsWith('solana:')) return { type: 'eoa', address: (await this.#serverUser()).solanaAddress }
      const account = await this.#api.post<ServerAccount>('/api/account/preferred', { chainId: this.#chainId, type })
      return { type: account.type, address: account.address }
    },
    GET_SMART_ACCOUNT_ENABLED_NETWORKS: async () => {
      this.#requireSession()
      return { smartAccountEnabledNetworks: await this.#smartAccountChainIds() }
    },
    INIT_SMART_ACCOUNT: async () => {
      this.#requireSession()
      const account = this.#chainId.startsWith('eip155:') ? await this.#api.get<ServerAccount>('/api/account', { chainId: this.#chainId }) : undefined
      if (!account?.smartAccountAddress) throw new FrameSmartAccountsUnsupportedError()
      return { address: account.smartAccountAddress, isDeployed: account.smartAccountDeployed }
    },
    RPC_REQUEST: async (payload) => {
      const method = typeof payload?.method === 'string' ? payload.method : ''
      if (!isAllowedRpcMethod(method)) throw new FrameRpcNotAllowedError()
      const chainId = payload?.chainId === undefined ? this.#chainId : this.#caip(payload.chainId)
      if (method === 'wallet_getAssets') return this.#smartSessions.getAssets(chainId, payload?.params)
      if (isSafeRpcMethod(method)) return (await this.#api.post<{ result: unknown }>('/api/rpc', { chainId, method, params: payload?.params })).result
      if (!isSigningMethod(method) && !SmartSessions.handles(method)) throw new FrameMethodUnsupportedError({ method })
      if (!this.#api.token) throw new FrameSessionExpiredError()
      refuseUnsafeRequest(method, payload?.params, chainId)
      this.#useChain(chainId, { context: false })
      const signingChain = this.#signingChains.get(namespaceOf(chainId))
      if (signingChain !== chainId)
        throw new FrameInvalidRequestError({ method, reason: `the request is for ${nameChain(chainId)}, the wallet is on ${nameChain(signingChain ?? chainId)}: switch network first` })
      if (this.#options.appOrigin) refuseForeignSignIn(method, payload?.params, this.#options.appOrigin)
      // Grants and revocations show their own card; a call under a granted session shows none.
      const session = await this.#smartSessions.request(method, chainId, payload?.params)
      if (session.handled) return session.result
      const account = await this.#payingAccount(method, payload?.params, chainId)
      const describe = () => describeRequest(method, payload?.params, { chainId, account })
      // Described before the queue: a request the card cannot show as signed is refused at once, never shown.
      describe()
      const approved = await this.#oneAtATime(() => this.#options.approve(this.#dappName, describe))
      if (!approved) throw new FrameUserRejectedError()
      return this.#signApproved(method, chainId, payload?.params)
    },
    UPDATE_EMAIL: async (payload) => {
      const email = typeof payload?.email === 'string' ? payload.email.trim().toLowerCase() : ''
      if (!EMAIL.test(email)) throw new FrameInvalidEmailError()
      this.#requireSession()
      return this.#api.post<{ action: 'VERIFY_PRIMARY_OTP' }>('/api/email/change', { email, appOrigin: this.#asker().appOrigin, ...frameLocaleField() })
    },
    UPDATE_EMAIL_PRIMARY_OTP: async (payload) => {
      refusePageCode(payload)
      this.#requireSession()
      await this.#withFieldCode((otp) => this.#api.post('/api/email/change/primary', { otp, appOrigin: this.#asker().appOrigin, ...frameLocaleField() }))
      return undefined
    },
    UPDATE_EMAIL_SECONDARY_OTP: async (payload) => {
      refusePageCode(payload)
      this.#requireSession()
      return this.#withFieldCode(async (otp) => {
        const { newEmail } = await this.#api.post<{ newEmail: string }>('/api/email/change/secondary', { otp })
        return { newEmail }
      })
    },
    GET_SOCIAL_REDIRECT_URI: async (payload) => {
      const provider = typeof payload?.provider === 'string' ? payload.provider : ''
      if (!OAUTH_PROVIDERS.has(provider) || !this.#options.appOrigin) throw new FrameSocialLoginFailedError({ details: provider })
      const { uri, loginSecret } = await this.#api.post<{ uri: string; loginSecret: string }>('/api/social/start', {
        provider,
        projectId: this.#options.projectId ?? '',
        appOrigin: this.#options.appOrigin,
      })
      this.#socialSecret = loginSecret
      return { uri }
    },
    CONNECT_SOCIAL: async (payload) => {
      const secret = this.#socialSecret
      const resultUri = typeof payload?.uri === 'string' ? payload.uri : ''
      if (!secret || !resultUri) throw new FrameSocialLoginFailedError({ details: 'no social login in progress' })
      this.#socialSecret = undefined
      let answer: SessionGrant & { user: ServerUser }
      try {
        answer = await this.#api.post('/api/social/finish', { resultUri, loginSecret: secret })
      } catch (error) {
        throw error instanceof SecureSiteApiError ? new FrameSocialLoginFailedError({ cause: error }) : error
      }
      this.#setSession(answer)
      await this.#enrollShares()
      if (payload?.chainId !== undefined) this.#useChain(this.#caip(payload.chainId))
      const wish = payload?.preferredAccountType === 'eoa' || payload?.preferredAccountType === 'smartAccount' ? payload.preferredAccountType : undefined
      return this.#user(answer.user, wish)
    },
    GET_FARCASTER_URI: async () => {
      if (!this.#options.appOrigin) throw new FrameFarcasterLoginFailedError({ details: 'no page origin' })
      let answer: { url: string; loginSecret: string }
      try {
        answer = await this.#api.post('/api/farcaster/start', { projectId: this.#options.projectId ?? '', appOrigin: this.#options.appOrigin })
      } catch (error) {
        throw error instanceof SecureSiteApiError ? new FrameFarcasterLoginFailedError({ cause: error }) : error
      }
      this.#farcasterSecret = answer.loginSecret
      return { url: answer.url }
    },
    CONNECT_FARCASTER: async () => {
      const secret = this.#farcasterSecret
      if (!secret) throw new FrameFarcasterLoginFailedError({ details: 'no Farcaster login in progress' })
      // SPEC §9: the visitor has 120 s to approve in their Farcaster client.
      const deadline = Date.now() + (this.#options.deviceWaitMs ?? 120_000)
      while (Date.now() < deadline) {
        let answer: { pending: true } | (SessionGrant & { user: ServerUser })
        try {
          answer = await this.#api.post('/api/farcaster/poll', { loginSecret: secret })
        } catch (error) {
          this.#farcasterSecret = undefined
          throw error instanceof SecureSiteApiError ? new FrameFarcasterLoginFailedError({ cause: error }) : error
        }
        if (!('pending' in answer)) {
          this.#farcasterSecret = undefined
          this.#setSession(answer)
          await this.#enrollShares()
          return this.#user(answer.user)
        }
        await new Promise((resolve) => setTimeout(resolve, this.#options.pollMs ?? 1000))
      }
      this.#farcasterSecret = undefined
      throw new FrameFarcasterLoginFailedError({ details: 'not approved in time' })
    },
    RELOAD: async () => {
      // After the reply is posted: the app hears SUCCESS, then READY from the reloaded page.
      setTimeout(() => location.reload(), 0)
      return undefined
    },
    ADD_PASSKEY: async () => {
      // This device keeps its shares first: once the passkey seals the wallet, the vault no longer recovers it.
      const user = await this.#serverUser()
      await this.#deviceShares(user)
      await this.#passkeys.register(user.evmAddress)
      return undefined
    },
    RECOVER_WITH_PASSKEY: async () => ({ address: await this.#passkeys.recover((await this.#serverUser()).evmAddress) }),
    CONNECT_PASSKEY: async () => {
      this.#setSession(await this.#passkeys.logIn(this.#asker()))
      return undefined
    },
    EXPORT_PRIVATE_KEY: async () => {
      const user = await this.#serverUser()
      await this.#deviceShares(user)
      await this.#passkeys.exportKey(user.evmAddress)
      return undefined
    },
  }

  /**
   * Waits for the code the visitor types in the secure field, checks it with `check`, and tells
   * the field the outcome (it shows a refusal and clears). The refusal also answers the kit's
   * request, which shows it and waits again.
   */
  async #withFieldCode<T>(check: (otp: string) => Promise<T>): Promise<T> {
    const codes = this.#options.codes
    if (!codes) throw new FrameNoCodeFieldError()
    const otp = await codes.next(this.#options.codeWaitMs ?? 110_000)
    try {
      const result = await check(otp)
      codes.report()
      return result
    } catch (error) {
      codes.report(errorPayloadOf(error))
      throw error
    }
  }

  #caip(chainId: unknown): string {
    const caip = toCaipChainId(chainId)
    if (!caip) throw new FrameChainNotSupportedError()
    return caip
  }

  #requireSession() {
    if (!this.#api.token) throw new FrameNotSignedInError()
  }

  #pendingEmail(): string {
    if (!this.#email) throw new FrameNoLoginInProgressError()
    return this.#email
  }

  /** What every login call names (the server checks both and puts them in the emails): this project, and the page that embeds the frame. */
  #asker(): { projectId: string; appOrigin: string } {
    return { projectId: this.#options.projectId ?? '', appOrigin: this.#options.appOrigin ?? '' }
  }

  #deviceId(): string {
    let id = this.#options.storage.getItem(DEVICE_KEY)
    if (!id || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
      id = crypto.randomUUID().replaceAll('-', '')
      this.#options.storage.setItem(DEVICE_KEY, id)
    }
    return id
  }

  async #signOut(path: string): Promise<undefined> {
    if (this.#api.token) {
      try {
        await this.#api.post(path)
      } catch (error) {
        // Already ended on the server: signing out succeeded all the same.
        if (!(error instanceof SecureSiteApiError && error.status === 401)) throw error
      }
    }
    this.#setSession(null)
    this.#email = undefined
    return undefined
  }

  /**
   * An approved request, signed where the key's custody says (KEY_SHARES.md): a key kept in shares
   * is assembled in this frame and signs here, the server only sends what was signed
   * (`signInFrame`); a whole key (from before the split) still signs on the server (`/api/sign`).
   */
  async #signApproved(method: string, chainId: string, params: unknown): Promise<unknown> {
    const user = await this.#serverUser()
    const solana = chainId.startsWith('solana:')
    const shares = await this.#deviceShares(user, { solana })
    if (shares && (!solana || shares.solanaShare)) {
      const account = solana ? undefined : await this.#api.get<ServerAccount>('/api/account', { chainId })
      return signInFrame({ api: this.#api, shares, account: account && { ...account, eoaAddress: account.eoaAddress as Address, smartAccountAddress: account.smartAccountAddress as Address | undefined }, solanaAddress: user.solanaAddress }, method, chainId, params)
    }
    return (await this.#api.post<{ result: unknown }>('/api/sign', { chainId, method, params })).result
  }

  /**
   * This device's shares of the user's keys: those it holds, else recovered from the vault
   * (`recoverFromVault`) and kept. Undefined for a whole key (signed on the server).
   *
   * @throws FrameNoDeviceShareError when only the wallet's passkey can recover it here (RECOVER_WITH_PASSKEY)
   */
  async #deviceShares(user: ServerUser, { solana = false } = {}): Promise<DeviceShares | undefined> {
    const held = await this.#shares.get(user.evmAddress)
    if (held && (!solana || held.solanaShare)) return held
    try {
      const recovered = await recoverFromVault(this.#api)
      await this.#shares.keep(recovered)
      return recovered
    } catch (error) {
      if (!(error instanceof SecureSiteApiError)) throw error
      // A whole key from before the split: split now, this frame keeping its shares (the server's whole rows go).
      if (error.replyCode === 'NO_KEY_SHARE') return (await this.#enrollShares('/api/share/migrate')) ?? held
      if (error.replyCode === 'NO_RECOVERY_VAULT' && held) return held
      if (error.replyCode === 'NO_RECOVERY_VAULT') throw new FrameNoDeviceShareError({ what: 'device share' })
      throw error
    }
  }

  /**
   * A new split key's device share (and, without a vault, recovery secret), taken once by the frame
   * whose login made it; or a whole key's shares as it is split at this login (`/api/share/migrate`).
   */
  async #enrollShares(path: '/api/share/enroll' | '/api/share/migrate' = '/api/share/enroll'): Promise<DeviceShares | undefined> {
    // No recovery secret where the backend's recovery vault keeps it.
    type Enrollment = { evmAddress: string; deviceShare: string; recoverySecret?: string; solanaShare?: string; solanaAddress?: string }
    const { enrollment } = await this.#api.post<{ enrollment: Enrollment | null }>(path)
    if (!enrollment) return undefined
    const shares: DeviceShares = {
      evmAddress: enrollment.evmAddress,
      deviceShare: decodeShare(enrollment.deviceShare),
      ...(enrollment.recoverySecret ? { recoverySecret: decodeShare(enrollment.recoverySecret) } : {}),
      ...(enrollment.solanaShare && enrollment.solanaAddress ? { solanaShare: decodeShare(enrollment.solanaShare), solanaAddress: enrollment.solanaAddress } : {}),
    }
    await this.#shares.keep(shares)
    return shares
  }

  /** Starts (a login's grant) or ends (null) the frame's session. */
  /**
   * Makes `chainId` the chain requests are about (`context`), and the namespace's signing chain
   * when it has none yet; an established signing chain changes only through SWITCH_NETWORK.
   */
  #useChain(chainId: string, { context = true } = {}) {
    if (context) this.#chainId = chainId
    if (!this.#signingChains.has(namespaceOf(chainId))) this.#signingChains.set(namespaceOf(chainId), chainId)
  }

  #setSession(grant: SessionGrant | null) {
    // A new login or a sign-out starts afresh: the app names the chain again, on every card.
    this.#signingChains.clear()
    if (!grant && !this.#api.session) return
    if (grant) this.#api.keep(grant)
    else this.#api.session = null
    this.#persist(grant)
  }

  /** Keeps the frame's tokens here; the app hears only `appToken`, which the API refuses. */
  #persist(grant: SessionGrant | null) {
    const session = this.#api.session
    if (session) this.#options.storage.setItem(SESSION_KEY, JSON.stringify(session))
    else this.#options.storage.removeItem(SESSION_KEY)
    this.#options.onSessionChange(session && grant ? grant.appToken : null)
  }

  async #serverUser(): Promise<ServerUser> {
    if (!this.#api.token) throw new FrameNotSignedInError()
    return this.#api.get<ServerUser>('/api/user')
  }

  async #smartAccountChainIds(): Promise<number[]> {
    return (await this.#api.get<{ chainIds: number[] }>('/api/smart-account/networks')).chainIds
  }

  /** The user on the current chain: the smart account leads when it is the preferred type there (SPEC §4). */
  async #user(user: ServerUser, wish?: 'eoa' | 'smartAccount'): Promise<FrameUser> {
    const identity = {
      ...(user.email ? { email: user.email } : {}),
      ...(user.userName ? { userName: user.userName } : {}),
      ...(user.socialProvider ? { socialProvider: user.socialProvider } : {}),
      ...(user.hasPasskey !== undefined ? { hasPasskey: user.hasPasskey } : {}),
      chainId: toReplyChainId(this.#chainId),
    }
    if (this.#chainId.startsWith('solana:'))
      return { ...identity, address: user.solanaAddress, accounts: [{ address: user.solanaAddress, type: 'eoa' }], preferredAccountType: 'eoa', smartAccountDeployed: false }
    const account = await this.#api.get<ServerAccount>('/api/account', { chainId: this.#chainId, ...(wish ? { wish } : {}) })
    const eoa = { address: account.eoaAddress, type: 'eoa' as const }
    const accounts = account.smartAccountAddress
      ? account.type === 'smartAccount'
        ? [{ address: account.smartAccountAddress, type: 'smartAccount' as const }, eoa]
        : [eoa, { address: account.smartAccountAddress, type: 'smartAccount' as const }]
      : [eoa]
    return { ...identity, address: account.address, accounts, preferredAccountType: account.type, smartAccountDeployed: account.smartAccountDeployed }
  }

  /** Who signs or pays, for the card: the address the request names (the server refuses any but the user's), else the user's account. */
  async #payingAccount(method: string, params: unknown, chainId: string): Promise<string | undefined> {
    const named = namedAccount(method, params)
    if (named !== undefined || !chainId.startsWith('eip155:')) return named
    return (await this.#api.get<ServerAccount>('/api/account', { chainId })).address
  }

  #oneAtATime<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#approvals.then(task, task)
    this.#approvals = run.catch(() => undefined)
    return run
  }
}

/** The stored session, or none when absent or unreadable (a corrupt entry signs the visitor out, never breaks the frame). */
function readSession(stored: string | null): FrameSession | null {
  if (!stored) return null
  try {
    const session = JSON.parse(stored) as Partial<FrameSession>
    if (typeof session.token === 'string' && typeof session.refreshToken === 'string' && typeof session.refreshAt === 'number') return session as FrameSession
  } catch {
    // unreadable: as if absent
  }
  return null
}

const namespaceOf = (caipChainId: string) => caipChainId.split(':')[0]!
