import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { AdminTokenTooShortError } from './errors.js'

/** The admin API's bearer token, and where it came from. */
export interface AdminToken {
  value: string
  /** Set only when this start generated the token (and wrote it here): the one time to print it. */
  generatedFile?: string
}

/** Shorter operator tokens are refused: the admin API can rewrite every project. */
export const MIN_ADMIN_TOKEN_LENGTH = 16

/** Where a generated token is kept, beside the database. */
export const ADMIN_TOKEN_FILE = 'admin-token'

/**
 * The admin token of a start: the operator's (`--admin-token`), else the one kept in the data
 * folder's `admin-token` file, else a new random one written there (mode 0600, owner only). A
 * backend without a data folder (`':memory:'`) gets a new random one per start, not written.
 *
 * @param options - the operator's token and the data folder
 * @returns the token; `generatedFile` tells the CLI to print it this once
 * @throws AdminTokenTooShortError for an operator token under 16 characters
 * @example
 * const token = resolveAdminToken({ dataDir: '.data' })
 * if (token.generatedFile) console.log(`Admin token (kept in ${token.generatedFile}): ${token.value}`)
 */
export function resolveAdminToken({ token, dataDir }: { token?: string; dataDir: string }): AdminToken {
  if (token !== undefined) {
    if (token.length < MIN_ADMIN_TOKEN_LENGTH) throw new AdminTokenTooShortError({ minLength: MIN_ADMIN_TOKEN_LENGTH })
    return { value: token }
  }
  const generated = randomBytes(32).toString('base64url')
  if (dataDir === ':memory:') return { value: generated }
  const file = join(dataDir, ADMIN_TOKEN_FILE)
  if (existsSync(file)) return { value: readFileSync(file, 'utf8').trim() }
  // `wx`: never overwrite a token another start wrote meanwhile.
  writeFileSync(file, `${generated}\n`, { mode: 0o600, flag: 'wx' })
  return { value: generated, generatedFile: file }
}
