import type { Alert } from './AlertStore.js'

/** The alert catalogue of SPEC §8. */
export const Alerts = {
  ProjectIdNotConfigured: {
    code: 'PROJECT_ID_NOT_CONFIGURED',
    shortMessage: 'Project ID Not Configured',
    longMessage: 'Pass a projectId to createKit to use the catalogue and blockchain services.',
    variant: 'warning',
  },
  InvalidAppConfiguration: {
    code: 'INVALID_APP_CONFIGURATION',
    shortMessage: 'Invalid App Configuration',
    longMessage: "This page's origin is not on the project's allow-list.",
    variant: 'error',
  },
  InvalidProjectId: {
    code: 'INVALID_PROJECT_ID',
    shortMessage: 'Invalid Project ID',
    longMessage: 'The project id is not known to the catalogue service.',
    variant: 'error',
  },
  ServerError: {
    code: 'SERVER_ERROR',
    shortMessage: 'Server Error',
    longMessage: 'The service failed to answer; try again later.',
    variant: 'error',
  },
  RateLimited: {
    code: 'RATE_LIMITED',
    shortMessage: 'Rate Limited',
    longMessage: 'Too many requests to the service; try again shortly.',
    variant: 'error',
  },
  NetworkNotFound: {
    code: 'NETWORK_NOT_FOUND',
    shortMessage: 'Network Not Found',
    longMessage: 'The requested network is not among the kit’s networks.',
    variant: 'error',
  },
} as const satisfies Record<string, { code: string; shortMessage: string; longMessage: string; variant: Alert['variant'] }>
