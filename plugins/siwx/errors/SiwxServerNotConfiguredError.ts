import { KitError } from '../../../kernel/errors/base.js'
import { SiwxErrorCodes } from './codes.js'

/** `siwx({ storage: 'server' })` on a kit with no backend to keep the sessions on. */
export class SiwxServerNotConfiguredError extends KitError {
  static readonly code = SiwxErrorCodes.ServerNotConfigured
  override name = 'SiwxServerNotConfiguredError'
  constructor() {
    super('Sign-in sessions on the server need `apiUrl` or `blockchainApiUrl`.', {
      code: SiwxServerNotConfiguredError.code,
      metaMessages: ['Set the backend URL in the kit options, or keep the sessions on the page (the default storage).'],
    })
  }
}
