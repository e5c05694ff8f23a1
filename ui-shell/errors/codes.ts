/** Every error code the core entry (shell, services, host API) throws. Never reused or renamed. */
export const ShellErrorCodes = {
  HttpStatus: 'KIT_HTTP_STATUS',
  HttpRateLimited: 'KIT_HTTP_RATE_LIMITED',
  HttpServerError: 'KIT_HTTP_SERVER_ERROR',
  HttpTimeout: 'KIT_HTTP_TIMEOUT',
  HttpAborted: 'KIT_HTTP_ABORTED',
  HttpNetwork: 'KIT_HTTP_NETWORK',
  HttpNotConfigured: 'KIT_HTTP_NOT_CONFIGURED',
  NoKitProvider: 'KIT_SHELL_NO_PROVIDER',
  ElementDefined: 'KIT_SHELL_ELEMENT_DEFINED',
  OptionsInvalid: 'KIT_SHELL_OPTIONS_INVALID',
  OpenArgsInvalid: 'KIT_SHELL_OPEN_ARGS_INVALID',
} as const

declare module '../../kernel/errors/codes.js' {
  interface ErrorCodeMap {
    shell: (typeof ShellErrorCodes)[keyof typeof ShellErrorCodes]
  }
}
