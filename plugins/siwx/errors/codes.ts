/** Every error code the siwx plugin throws. Never reused or renamed. */
export const SiwxErrorCodes = {
  SiweAndSiwx: 'KIT_CONFIG_SIWE_AND_SIWX',
  Initialize: 'KIT_SIWX_INITIALIZE',
  ServerNotConfigured: 'KIT_CONFIG_SIWX_SERVER',
  NotEnabled: 'KIT_SIWX_NOT_ENABLED',
  NoAccount: 'KIT_SIWX_NO_ACCOUNT',
  NoNetwork: 'KIT_SIWX_NO_NETWORK',
} as const

declare module '../../../kernel/errors/codes.js' {
  interface ErrorCodeMap {
    siwx: (typeof SiwxErrorCodes)[keyof typeof SiwxErrorCodes]
  }
}
