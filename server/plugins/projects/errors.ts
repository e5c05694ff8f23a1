import { ServerErrorCodes } from '../../errors/codes.js'
import { ServerError } from '../../errors/ServerError.js'

/** A `--projects` file that is not a valid list of projects: names the file and the field. */
export class ProjectsFileError extends ServerError {
  static readonly code = ServerErrorCodes.ProjectsFileInvalid
  override name = 'ProjectsFileError'
  /**
   * @param file - the path given to `--projects`
   * @param field - the dot path of the first bad field, e.g. `0.allowedOrigins.0`
   * @param reason - what is wrong with it
   */
  constructor({ file, field, reason, cause }: { file: string; field: string; reason: string; cause?: unknown }) {
    super(`${file}: ${field} ${reason}`, { code: ProjectsFileError.code, statusCode: 500, replyCode: 'INTERNAL', cause })
  }
}

/** An admin call naming a project the database does not hold: 404 `PROJECT_NOT_FOUND`. */
export class ProjectNotFoundError extends ServerError {
  static readonly code = ServerErrorCodes.ProjectNotFound
  override name = 'ProjectNotFoundError'
  constructor({ id }: { id: string }) {
    super(`No project with the id ${JSON.stringify(id.slice(0, 128))}`, { code: ProjectNotFoundError.code, statusCode: 404, replyCode: 'PROJECT_NOT_FOUND' })
  }
}

/** Creating a project whose id is taken: 409 `PROJECT_EXISTS` (PUT replaces an existing one). */
export class ProjectExistsError extends ServerError {
  static readonly code = ServerErrorCodes.ProjectExists
  override name = 'ProjectExistsError'
  constructor({ id }: { id: string }) {
    super(`A project with the id ${JSON.stringify(id.slice(0, 128))} exists`, { code: ProjectExistsError.code, statusCode: 409, replyCode: 'PROJECT_EXISTS' })
  }
}
