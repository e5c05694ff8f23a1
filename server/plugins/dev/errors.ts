import { ServerErrorCodes } from '../../errors/codes.js'
import { ServerError } from '../../errors/ServerError.js'

/** A `/dev/*` call (dev mode only) without `Authorization: Bearer <admin token>`: 401 `UNAUTHORIZED`. */
export class DevTokenRequiredError extends ServerError {
  static readonly code = ServerErrorCodes.DevTokenRequired
  override name = 'DevTokenRequiredError'
  constructor() {
    super('The /dev routes need the admin token (Authorization: Bearer <admin token>)', { code: DevTokenRequiredError.code, statusCode: 401, replyCode: 'UNAUTHORIZED' })
  }
}

/** Email login outside dev mode without `--smtp`: no mail server to send the code through. */
export class EmailLoginNotConfiguredError extends ServerError {
  static readonly code = ServerErrorCodes.EmailLoginNotConfigured
  override name = 'EmailLoginNotConfiguredError'
  constructor() {
    super('Email login is not configured on this secure site (no --smtp mail server)', { code: EmailLoginNotConfiguredError.code, statusCode: 400, replyCode: 'EMAIL_LOGIN_NOT_CONFIGURED' })
  }
}

/** The ID-registry stand-in asked to give a registered fid another custody address: a fid's owner never changes here. */
export class FidAlreadyRegisteredError extends ServerError {
  static readonly code = ServerErrorCodes.FidAlreadyRegistered
  override name = 'FidAlreadyRegisteredError'
  constructor({ fid }: { fid: number }) {
    super(`fid ${fid} is already registered: its custody address is never replaced`, { code: FidAlreadyRegisteredError.code, statusCode: 409, replyCode: 'FID_ALREADY_REGISTERED' })
  }
}

/** An on-ramp order with no provider configured: outside dev mode there is no test checkout, whose money is free. */
export class OnrampNotConfiguredError extends ServerError {
  static readonly code = ServerErrorCodes.OnrampNotConfigured
  override name = 'OnrampNotConfiguredError'
  constructor() {
    super('No on-ramp provider is configured (--onramp-provider); the test checkout runs only in dev mode', { code: OnrampNotConfiguredError.code, statusCode: 503, replyCode: 'ONRAMP_UNAVAILABLE' })
  }
}

/** An address whose history the dev fault switch (`PUT /dev/history-fault/{address}`) makes fail: 500 `HISTORY_UNAVAILABLE`, its sentence shown. */
export class HistoryFaultError extends ServerError {
  static readonly code = ServerErrorCodes.HistoryFault
  override name = 'HistoryFaultError'
  constructor() {
    super('History is unavailable', { code: HistoryFaultError.code, statusCode: 500, replyCode: 'HISTORY_UNAVAILABLE', exposeMessage: true })
  }
}

/** The on-ramp routes while the dev fault switch (`PUT /dev/onramp-fault`) is on: 503 `ONRAMP_UNAVAILABLE`, as a provider outage. */
export class OnrampFaultError extends ServerError {
  static readonly code = ServerErrorCodes.OnrampFault
  override name = 'OnrampFaultError'
  constructor() {
    super('The on-ramp provider is unavailable', { code: OnrampFaultError.code, statusCode: 503, replyCode: 'ONRAMP_UNAVAILABLE' })
  }
}

/** `GET /dev/deployment` before the backend listens: 503 `NOT_READY`. */
export class BackendNotReadyError extends ServerError {
  static readonly code = ServerErrorCodes.BackendNotReady
  override name = 'BackendNotReadyError'
  constructor() {
    super('The backend is still starting', { code: BackendNotReadyError.code, statusCode: 503, replyCode: 'NOT_READY' })
  }
}
