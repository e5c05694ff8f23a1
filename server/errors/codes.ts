/**
 * Every error code the reference backend throws, in one registry (STYLE §4). A code is never
 * reused or renamed. These name the failure for server logic and logs; what a client sees on
 * the wire is the error's `replyCode` (`INVALID_SWAP`, ...), which the README documents.
 */
export const ServerErrorCodes = {
  InvalidSwap: 'KIT_SERVER_INVALID_SWAP',
  InvalidJsonBody: 'KIT_SERVER_INVALID_JSON_BODY',
  OriginNotAllowed: 'KIT_SERVER_ORIGIN_NOT_ALLOWED',
  ImageNotFound: 'KIT_SERVER_IMAGE_NOT_FOUND',
  NodeStartFailed: 'KIT_SERVER_NODE_START_FAILED',
  OnrampPaymentFailed: 'KIT_SERVER_ONRAMP_PAYMENT_FAILED',
  ProjectsFileInvalid: 'KIT_SERVER_PROJECTS_FILE_INVALID',
  ProjectNotFound: 'KIT_SERVER_PROJECT_NOT_FOUND',
  ProjectExists: 'KIT_SERVER_PROJECT_EXISTS',
  AdminUnauthorized: 'KIT_SERVER_ADMIN_UNAUTHORIZED',
  AdminTokenTooShort: 'KIT_SERVER_ADMIN_TOKEN_TOO_SHORT',
  InvalidProjectId: 'KIT_SERVER_INVALID_PROJECT_ID',
  RateLimited: 'KIT_SERVER_RATE_LIMITED',
  RouteNotFound: 'KIT_SERVER_ROUTE_NOT_FOUND',
  TooManyStreams: 'KIT_SERVER_TOO_MANY_STREAMS',
  SessionExpired: 'KIT_SERVER_SESSION_EXPIRED',
  LoginLocked: 'KIT_SERVER_LOGIN_LOCKED',
  ResendTooSoon: 'KIT_SERVER_RESEND_TOO_SOON',
  InvalidLoginCode: 'KIT_SERVER_INVALID_LOGIN_CODE',
  LoginCodeExpired: 'KIT_SERVER_LOGIN_CODE_EXPIRED',
  NoLoginCode: 'KIT_SERVER_NO_LOGIN_CODE',
  DeviceLinkInvalid: 'KIT_SERVER_DEVICE_LINK_INVALID',
  ChainNotSupported: 'KIT_SERVER_CHAIN_NOT_SUPPORTED',
  RpcMethodNotAllowed: 'KIT_SERVER_RPC_METHOD_NOT_ALLOWED',
  InvalidSignRequest: 'KIT_SERVER_INVALID_SIGN_REQUEST',
  ChainRpcFailed: 'KIT_SERVER_CHAIN_RPC_FAILED',
  EmailInUse: 'KIT_SERVER_EMAIL_IN_USE',
  SocialProviderNotConfigured: 'KIT_SERVER_SOCIAL_PROVIDER_NOT_CONFIGURED',
  SocialCallbackInvalid: 'KIT_SERVER_SOCIAL_CALLBACK_INVALID',
  SocialLoginFailed: 'KIT_SERVER_SOCIAL_LOGIN_FAILED',
  SocialResultInvalid: 'KIT_SERVER_SOCIAL_RESULT_INVALID',
  NoEmailOnAccount: 'KIT_SERVER_NO_EMAIL_ON_ACCOUNT',
  LoginOriginRequired: 'KIT_SERVER_LOGIN_ORIGIN_REQUIRED',
  MailLimitReached: 'KIT_SERVER_MAIL_LIMIT_REACHED',
  InvalidProof: 'KIT_SERVER_INVALID_PROOF',
  DevTokenRequired: 'KIT_SERVER_DEV_TOKEN_REQUIRED',
  EmailLoginNotConfigured: 'KIT_SERVER_EMAIL_LOGIN_NOT_CONFIGURED',
  FidAlreadyRegistered: 'KIT_SERVER_FID_ALREADY_REGISTERED',
  OnrampNotConfigured: 'KIT_SERVER_ONRAMP_NOT_CONFIGURED',
  NodeBusy: 'KIT_SERVER_NODE_BUSY',
  SponsorshipQuotaExceeded: 'KIT_SERVER_SPONSORSHIP_QUOTA_EXCEEDED',
  MasterSecretMissing: 'KIT_SERVER_MASTER_SECRET_MISSING',
  MasterSecretFileInvalid: 'KIT_SERVER_MASTER_SECRET_FILE_INVALID',
  KeyUnsealFailed: 'KIT_SERVER_KEY_UNSEAL_FAILED',
  DatabaseInUse: 'KIT_SERVER_DATABASE_IN_USE',
  MasterSecretRotationRefused: 'KIT_SERVER_MASTER_SECRET_ROTATION_REFUSED',
  // No longer thrown (the frame signs split keys); kept so the code is never reused.
  DeviceShareRequired: 'KIT_SERVER_DEVICE_SHARE_REQUIRED',
  NoKeyShare: 'KIT_SERVER_NO_KEY_SHARE',
  SignInFrameRequired: 'KIT_SERVER_SIGN_IN_FRAME_REQUIRED',
  SignedSubmissionRefused: 'KIT_SERVER_SIGNED_SUBMISSION_REFUSED',
  PasskeyRefused: 'KIT_SERVER_PASSKEY_REFUSED',
  NoPasskey: 'KIT_SERVER_NO_PASSKEY',
  ReshareRefused: 'KIT_SERVER_RESHARE_REFUSED',
  NoRecoveryVault: 'KIT_SERVER_NO_RECOVERY_VAULT',
  DatabaseUrlInvalid: 'KIT_SERVER_DATABASE_URL_INVALID',
  DatabaseMigrationFailed: 'KIT_SERVER_DATABASE_MIGRATION_FAILED',
} as const

export type ServerErrorCode = (typeof ServerErrorCodes)[keyof typeof ServerErrorCodes]

declare module '../../kernel/errors/codes.js' {
  interface ErrorCodeMap {
    server: ServerErrorCode
  }
}
