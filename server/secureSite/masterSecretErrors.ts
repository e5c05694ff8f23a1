import { ServerErrorCodes } from '../errors/codes.js'
import { ServerError } from '../errors/ServerError.js'

/** How an operator makes a master secret file; said by every refusal that asks for one. */
export const MAKE_MASTER_SECRET =
  'make one outside the data folder, e.g. (umask 077; node -e "console.log(require(\'node:crypto\').randomBytes(32).toString(\'base64\'))" > /etc/latch/master.key)'

/**
 * A start outside dev mode on a real data folder without `--master-secret-file`: the secret that
 * seals every key must not sit beside the database it protects, so there is no default.
 */
export class MasterSecretMissingError extends ServerError {
  static readonly code = ServerErrorCodes.MasterSecretMissing
  override name = 'MasterSecretMissingError'
  constructor() {
    super(`No master secret: give --master-secret-file FILE (or LATCH_MASTER_SECRET_FILE) with 32 random bytes in base64, or those bytes in LATCH_MASTER_SECRET; ${MAKE_MASTER_SECRET}`, {
      code: MasterSecretMissingError.code,
      statusCode: 500,
      replyCode: 'INTERNAL',
    })
  }
}

/** A master secret file that is missing, malformed, readable by others, or inside the data folder. */
export class MasterSecretFileInvalidError extends ServerError {
  static readonly code = ServerErrorCodes.MasterSecretFileInvalid
  override name = 'MasterSecretFileInvalidError'
  /** @param reason - what is wrong, naming the file (and the data folder when that is the problem) */
  constructor({ reason, cause }: { reason: string; cause?: unknown }) {
    super(`Master secret file refused: ${reason}`, { code: MasterSecretFileInvalidError.code, statusCode: 500, replyCode: 'INTERNAL', cause })
  }
}

/** A secret given in the environment (`LATCH_MASTER_SECRET`, `LATCH_RECOVERY_VAULT_KEY`) that is not 32 bytes in base64, or a vault key equal to the master secret. */
export class MasterSecretValueInvalidError extends ServerError {
  static readonly code = ServerErrorCodes.MasterSecretValueInvalid
  override name = 'MasterSecretValueInvalidError'
  /**
   * @param variable - where the value came from, e.g. `LATCH_MASTER_SECRET` (never the value)
   * @param reason - what is wrong, when it is not the format
   */
  constructor({ variable, reason }: { variable: string; reason?: string }) {
    super(`${variable} refused: ${reason ?? `it must hold exactly 32 random bytes in base64, e.g. node -e "console.log(require('node:crypto').randomBytes(32).toString('base64'))"`}`, {
      code: MasterSecretValueInvalidError.code,
      statusCode: 500,
      replyCode: 'INTERNAL',
    })
  }
}

/**
 * A stored key that the server's master secret does not open: the data folder was started with
 * another secret (a copy, a lost or wrong file). Nothing is signed; 503 `KEY_UNAVAILABLE`.
 */
export class KeyUnsealFailedError extends ServerError {
  static readonly code = ServerErrorCodes.KeyUnsealFailed
  override name = 'KeyUnsealFailedError'
  constructor({ cause }: { cause?: unknown } = {}) {
    super("This wallet's key cannot be opened with this server's master secret", { code: KeyUnsealFailedError.code, statusCode: 503, replyCode: 'KEY_UNAVAILABLE', cause })
  }
}

/** A tool that must have the database alone (master secret rotation) while a server has it open. */
export class DatabaseInUseError extends ServerError {
  static readonly code = ServerErrorCodes.DatabaseInUse
  override name = 'DatabaseInUseError'
  /** @param file - the database file */
  constructor({ file, cause }: { file: string; cause?: unknown }) {
    super(`${file} is open in another process (a running server?): stop it first; nothing was changed`, { code: DatabaseInUseError.code, statusCode: 500, replyCode: 'INTERNAL', cause })
  }
}

/** A master secret rotation that cannot run as asked (a wrong old secret, no database); nothing was changed. */
export class MasterSecretRotationRefusedError extends ServerError {
  static readonly code = ServerErrorCodes.MasterSecretRotationRefused
  override name = 'MasterSecretRotationRefusedError'
  /** @param reason - what stops it */
  constructor({ reason, cause }: { reason: string; cause?: unknown }) {
    super(`Rotation refused, nothing was changed: ${reason}`, { code: MasterSecretRotationRefusedError.code, statusCode: 500, replyCode: 'INTERNAL', cause })
  }
}

/** A share asked for a wallet whose key is not kept in shares (a whole key from before the split). 404 `NO_KEY_SHARE`. */
export class NoKeyShareError extends ServerError {
  static readonly code = ServerErrorCodes.NoKeyShare
  override name = 'NoKeyShareError'
  constructor() {
    super("This wallet's key is not kept in shares", { code: NoKeyShareError.code, statusCode: 404, replyCode: 'NO_KEY_SHARE' })
  }
}
