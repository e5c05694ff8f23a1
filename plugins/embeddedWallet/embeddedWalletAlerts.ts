import type { Alert } from '../../ui-shell/plugin.js'

/** SPEC §8's alerts of the embedded wallet, for the host's developer (shown in debug mode). */
export const EmbeddedWalletAlerts = {
  FrameLoadFailed: {
    code: 'EMBEDDED_WALLET_LOAD_FAILED',
    shortMessage: 'Network Error loading the embedded wallet',
    longMessage: "The secure site's frame did not load: check the secureSiteUrl option and that this origin is on the project's allow-list.",
    variant: 'error',
  },
  RequestTimedOut: {
    code: 'EMBEDDED_WALLET_REQUEST_TIMED_OUT',
    shortMessage: 'Embedded Wallet Request Timed Out',
    longMessage: 'The secure site did not answer in time.',
    variant: 'error',
  },
  SessionExpired: {
    code: 'EMBEDDED_WALLET_SESSION_EXPIRED',
    shortMessage: 'Session Expired',
    longMessage: "The embedded wallet's session token is not valid any more; the visitor must log in again.",
    variant: 'error',
  },
} as const satisfies Record<string, Alert>
