import { ServerErrorCodes } from '../../errors/codes.js'
import { ServerError } from '../../errors/ServerError.js'

/** `--database` / `DATABASE_URL` names no database this server opens: a start-up refusal for the operator. */
export class DatabaseUrlInvalidError extends ServerError {
  static readonly code = ServerErrorCodes.DatabaseUrlInvalid
  override name = 'DatabaseUrlInvalidError'
  /** @param url - what was given, its password already hidden */
  constructor({ url }: { url: string }) {
    super(`--database must be a postgres:// or postgresql:// URL (or nothing, for the embedded SQLite file); got ${url}`, {
      code: DatabaseUrlInvalidError.code,
      statusCode: 500,
      replyCode: 'INTERNAL',
    })
  }
}

/**
 * A database that could not be reached or migrated at start: the server does not run on a schema
 * it does not know.
 */
export class DatabaseMigrationFailedError extends ServerError {
  static readonly code = ServerErrorCodes.DatabaseMigrationFailed
  override name = 'DatabaseMigrationFailedError'
  /**
   * @param location - the database, its password hidden
   * @param migration - the migration that failed; undefined when none ran (unreachable, refused)
   */
  constructor({ location, migration, cause }: { location: string; migration?: string; cause: unknown }) {
    const reason = cause instanceof Error ? cause.message : String(cause)
    super(migration ? `Database ${location}: migration ${migration} failed: ${reason}` : `Database ${location} could not be opened or migrated: ${reason}`, {
      code: DatabaseMigrationFailedError.code,
      statusCode: 500,
      replyCode: 'INTERNAL',
      cause,
    })
  }
}
