import * as v from 'valibot'
import type { RefusalValues } from './refusalValues.js'

// The cross-frame protocol between the kit (the host page) and the embedded wallet's secure site
// (SPEC §7 'Cross-frame messages'), shared by both sides so they cannot drift apart. Every app
// request carries an id; the frame answers it once, `<TYPE>_SUCCESS` or `<TYPE>_ERROR` with a
// message, and may also send READY and SESSION_UPDATE on its own. Messages are plain objects
// (structured clone), posted with an exact target origin, never '*'.

export const APP_PREFIX = '@w3m-app/'
export const FRAME_PREFIX = '@w3m-frame/'

/** What the app may ask the frame, with the payload each request carries. */
export interface AppRequestMap {
  SWITCH_NETWORK: { chainId: string | number }
  /** `locale`: the kit's language, for the emails the secure site sends ('ar', 'pt-BR'). */
  CONNECT_EMAIL: { email: string; locale?: string }
  /** Waits until the visitor approves this device by the emailed link; a code is then emailed. */
  CONNECT_DEVICE: undefined
  /** Issue 26: waits for the code typed in the secure field (never in the page); a payload with a code is refused. */
  CONNECT_OTP: undefined
  CONNECT_SOCIAL: { uri: string; preferredAccountType?: AccountTypeName; chainId?: string | number }
  GET_SOCIAL_REDIRECT_URI: { provider: string }
  GET_FARCASTER_URI: undefined
  CONNECT_FARCASTER: undefined
  GET_USER: { chainId?: string | number; preferredAccountType?: AccountTypeName; socialUri?: string }
  SIGN_OUT: undefined
  /** Ends every session of the signed-in user, on every device (issue 26). */
  SIGN_OUT_EVERYWHERE: undefined
  IS_CONNECTED: undefined
  GET_CHAIN_ID: undefined
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: undefined
  INIT_SMART_ACCOUNT: undefined
  SET_PREFERRED_ACCOUNT: { type: AccountTypeName }
  RPC_REQUEST: { method: string; params?: unknown; chainId?: string | number }
  UPDATE_EMAIL: { email: string }
  /** Like CONNECT_OTP: the current address's code, from the secure field. */
  UPDATE_EMAIL_PRIMARY_OTP: undefined
  /** Like CONNECT_OTP: the new address's code, from the secure field. */
  UPDATE_EMAIL_SECONDARY_OTP: undefined
  /**
   * `themeVariables`: the host's own; `w3mThemeVariables` (SPEC §3 theme sync): what the frame's
   * card is drawn with, resolved by the kit from its theme and the host's variables.
   */
  SYNC_THEME: { themeMode?: 'dark' | 'light'; themeVariables?: Record<string, string | number>; w3mThemeVariables?: W3mThemeVariables }
  SYNC_DAPP_DATA: { projectId: string; sdkVersion: string; sdkType: string; metadata?: { name?: string; description?: string; url?: string; icons?: string[] } }
  /** The kit's language changed (kit.setLocale): the frame's cards, windows and emails switch to it without a reload. */
  SYNC_LOCALE: { locale: string }
  RELOAD: undefined
  /** Issue 26: registers a passkey in the secure site's window; it then seals the wallet's recovery share. */
  ADD_PASSKEY: undefined
  /** Issue 26: on a device without the wallet's device share, recovers the key with the passkey (in the secure site's window) and re-splits it. */
  RECOVER_WITH_PASSKEY: undefined
  /** Issue 26: shows the private key in the secure site's window; the reply never carries it. */
  EXPORT_PRIVATE_KEY: undefined
  /** Issue 26: logs in with a passkey, in the secure site's window (no email). */
  CONNECT_PASSKEY: undefined
}

/** The theme the frame's card takes (SPEC §3 w3mThemeVariables): the modal's accent and background, and the host's font and corner radius. */
export interface W3mThemeVariables {
  '--w3m-accent'?: string
  '--w3m-background'?: string
  '--w3m-font-family'?: string
  '--w3m-border-radius-master'?: string
}

export type AppRequestType = keyof AppRequestMap
export type AccountTypeName = 'eoa' | 'smartAccount'

/** The signed-in visitor as the frame reports them (GET_USER, CONNECT_SOCIAL, CONNECT_FARCASTER). */
export interface FrameUser {
  email?: string
  userName?: string
  /** The provider a social user logged in with ('google', 'discord', …). */
  socialProvider?: string
  /** The account on the chain asked for: an EVM address for eip155, base58 for solana. */
  address: string
  chainId: string | number
  accounts: Array<{ address: string; type: AccountTypeName }>
  preferredAccountType?: AccountTypeName
  smartAccountDeployed?: boolean
  /**
   * Issue 26: whether a passkey protects the wallet (seals its recovery share). Optional: a frame
   * that does not say leaves the kit to what it saw (a passkey added, recovered or logged in with).
   */
  hasPasskey?: boolean
}

/** What each request's SUCCESS carries. */
export interface FrameResultMap {
  SWITCH_NETWORK: { chainId: string | number }
  CONNECT_EMAIL: { action: 'VERIFY_DEVICE' | 'VERIFY_OTP' }
  CONNECT_DEVICE: undefined
  CONNECT_OTP: undefined
  CONNECT_SOCIAL: FrameUser
  GET_SOCIAL_REDIRECT_URI: { uri: string }
  GET_FARCASTER_URI: { url: string }
  CONNECT_FARCASTER: FrameUser
  GET_USER: FrameUser
  SIGN_OUT: undefined
  SIGN_OUT_EVERYWHERE: undefined
  IS_CONNECTED: { isConnected: boolean }
  GET_CHAIN_ID: { chainId: string | number }
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: { smartAccountEnabledNetworks: number[] }
  INIT_SMART_ACCOUNT: { address: string; isDeployed: boolean }
  SET_PREFERRED_ACCOUNT: { type: AccountTypeName; address: string }
  RPC_REQUEST: unknown
  UPDATE_EMAIL: { action: 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP' }
  UPDATE_EMAIL_PRIMARY_OTP: undefined
  UPDATE_EMAIL_SECONDARY_OTP: { newEmail: string }
  SYNC_THEME: undefined
  SYNC_DAPP_DATA: undefined
  /** The locale the frame now speaks. */
  SYNC_LOCALE: { locale: string }
  RELOAD: undefined
  ADD_PASSKEY: undefined
  RECOVER_WITH_PASSKEY: { address: string }
  EXPORT_PRIVATE_KEY: undefined
  CONNECT_PASSKEY: undefined
}

/** An app → frame message. */
export interface AppMessage<T extends AppRequestType = AppRequestType> {
  type: `${typeof APP_PREFIX}${T}`
  id: string
  payload?: AppRequestMap[T]
}

/** A frame → app message: a reply (with the request's id) or an announcement (READY, SESSION_UPDATE). */
export interface FrameMessage {
  type: string
  id?: string
  payload?: unknown
}

/** The frame's announcements, sent without a request. */
export const FRAME_READY = `${FRAME_PREFIX}READY`
/** The session token changed (signed in, refreshed, signed out: then `{ token: null }`). */
export const FRAME_SESSION_UPDATE = `${FRAME_PREFIX}SESSION_UPDATE`
/**
 * The frame could not load what its logins depend on (its own server's project record): it will
 * never be READY, so the kit stops waiting at once (SPEC §8 'Unable to load email login dependency').
 * It carries nothing: a page whose origin is not yet checked learns only that the site is down.
 */
export const FRAME_LOAD_FAILED = `${FRAME_PREFIX}LOAD_FAILED`

export const APP_REQUEST_TYPES: readonly AppRequestType[] = [
  'SWITCH_NETWORK',
  'CONNECT_EMAIL',
  'CONNECT_DEVICE',
  'CONNECT_OTP',
  'CONNECT_SOCIAL',
  'GET_SOCIAL_REDIRECT_URI',
  'GET_FARCASTER_URI',
  'CONNECT_FARCASTER',
  'GET_USER',
  'SIGN_OUT',
  'SIGN_OUT_EVERYWHERE',
  'IS_CONNECTED',
  'GET_CHAIN_ID',
  'GET_SMART_ACCOUNT_ENABLED_NETWORKS',
  'INIT_SMART_ACCOUNT',
  'SET_PREFERRED_ACCOUNT',
  'RPC_REQUEST',
  'UPDATE_EMAIL',
  'UPDATE_EMAIL_PRIMARY_OTP',
  'UPDATE_EMAIL_SECONDARY_OTP',
  'SYNC_THEME',
  'SYNC_DAPP_DATA',
  'SYNC_LOCALE',
  'RELOAD',
  'ADD_PASSKEY',
  'RECOVER_WITH_PASSKEY',
  'EXPORT_PRIVATE_KEY',
  'CONNECT_PASSKEY',
]

export const successType = (type: AppRequestType) => `${FRAME_PREFIX}${type}_SUCCESS`
export const errorType = (type: AppRequestType) => `${FRAME_PREFIX}${type}_ERROR`

/**
 * SPEC §5/§7: RPC methods the frame answers without asking the visitor (reads, and what a wallet
 * signs only after its own approval: raw transactions already signed).
 */
export const SAFE_RPC_METHODS: readonly string[] = [
  'eth_accounts',
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getAccount',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getCode',
  'eth_getLogs',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
  'eth_sendRawTransaction',
  'eth_syncing',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'wallet_getAssets',
]

/** RPC methods the frame answers only once the visitor approves them in the frame (ApproveTransaction). */
export const NOT_SAFE_RPC_METHODS: readonly string[] = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
]

export const isSafeRpcMethod = (method: string) => SAFE_RPC_METHODS.includes(method)
export const isAllowedRpcMethod = (method: string) => SAFE_RPC_METHODS.includes(method) || NOT_SAFE_RPC_METHODS.includes(method)

/**
 * The payload of a `<TYPE>_ERROR` reply: the sentence to show, and the code of what failed (the
 * secure site's reply code, such as `NO_PASSKEY`, or the frame's, such as `KIT_FRAME_NO_DEVICE_SHARE`).
 */
export interface FrameErrorPayload {
  message: string
  code?: string
  /** The numbers in the sentence (`triesLeft`, `minutes`, `seconds`), so the kit can say it in the visitor's language. */
  values?: RefusalValues
}

/** The frame's answer to a code wait that ended with nothing typed in the secure field: the kit just asks again. */
export const CODE_NOT_ENTERED_MESSAGE = 'No code was entered in time'

/** SPEC §8: the sentence for a method on neither list, and the one the modal shows about 300 ms later. */
export const RPC_METHOD_NOT_ALLOWED_MESSAGE = 'Requested RPC call is not allowed'
export const RPC_METHOD_NOT_ALLOWED_UI_MESSAGE = 'Action not allowed'

// Schemas are built on first use, not when the module loads: the embedded wallet's setup imports
// this at page load, and its frame (the only reader) loads once the modal opens (issue 32's heap).
let appMessageSchema: ReturnType<typeof buildAppMessageSchema> | undefined
const buildAppMessageSchema = () => v.object({
  type: v.pipe(
    v.string(),
    v.check((type) => type.startsWith(APP_PREFIX) && APP_REQUEST_TYPES.includes(type.slice(APP_PREFIX.length) as AppRequestType)),
  ),
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  payload: v.optional(v.unknown()),
})

let frameMessageSchema: ReturnType<typeof buildFrameMessageSchema> | undefined
const buildFrameMessageSchema = () => v.object({
  type: v.pipe(v.string(), v.startsWith(FRAME_PREFIX), v.maxLength(80)),
  id: v.optional(v.pipe(v.string(), v.maxLength(64))),
  payload: v.optional(v.unknown()),
})

/** An app message the frame may act on, or undefined for anything else (dropped, never thrown). */
export function parseAppMessage(data: unknown): AppMessage | undefined {
  const result = v.safeParse((appMessageSchema ??= buildAppMessageSchema()), data)
  return result.success ? (result.output as AppMessage) : undefined
}

/** A frame message the app may act on, or undefined for anything else. */
export function parseFrameMessage(data: unknown): FrameMessage | undefined {
  const result = v.safeParse((frameMessageSchema ??= buildFrameMessageSchema()), data)
  return result.success ? result.output : undefined
}

/** The request type a reply answers, and whether it succeeded; undefined for announcements. */
export function replyOf(type: string): { request: AppRequestType; ok: boolean } | undefined {
  const match = /^@w3m-frame\/([A-Z_]+)_(SUCCESS|ERROR)$/.exec(type)
  const request = match?.[1] as AppRequestType | undefined
  return request && APP_REQUEST_TYPES.includes(request) ? { request, ok: match![2] === 'SUCCESS' } : undefined
}

/**
 * SPEC §4 social login: what the popup, on the secure site's origin, posts to its opener (the
 * page) once the provider answered: the result URI for CONNECT_SOCIAL, or the failure. Not a
 * frame message (it comes from the popup, not the frame); the kit accepts it only from the
 * secure site's origin and the popup it opened.
 */
export const SOCIAL_RESULT_TYPE = 'latch-social/RESULT'

export type SocialResultMessage = { type: typeof SOCIAL_RESULT_TYPE; resultUri: string } | { type: typeof SOCIAL_RESULT_TYPE; error: string }

let socialResultSchema: ReturnType<typeof buildSocialResultSchema> | undefined
const buildSocialResultSchema = () => v.union([
  v.strictObject({ type: v.literal(SOCIAL_RESULT_TYPE), resultUri: v.pipe(v.string(), v.minLength(1), v.maxLength(2048)) }),
  v.strictObject({ type: v.literal(SOCIAL_RESULT_TYPE), error: v.pipe(v.string(), v.maxLength(300)) }),
])

/** A social result message, or undefined for anything else. */
export function parseSocialResultMessage(data: unknown): SocialResultMessage | undefined {
  const result = v.safeParse((socialResultSchema ??= buildSocialResultSchema()), data)
  return result.success ? (result.output as SocialResultMessage) : undefined
}
