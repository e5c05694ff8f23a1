import { KIT_VERSION } from '../version.js'
import type { ErrorCode } from './codes.js'

/** Named parameters every kit error accepts besides its own. */
export interface KitErrorParameters {
  cause?: unknown
  details?: string
  docsPath?: string
  metaMessages?: string[]
}

/**
 * The root of every error the kit throws. Views show `shortMessage`; code branches on `code`.
 *
 * @example
 * class NoWalletError extends KitError {
 *   static readonly code = 'KIT_WALLET_MISSING'
 *   override name = 'NoWalletError'
 *   constructor() { super('No wallet found', { code: NoWalletError.code }) }
 * }
 */
export class KitError extends Error {
  override name = 'KitError'
  readonly code: ErrorCode
  readonly shortMessage: string
  readonly details?: string
  readonly docsPath?: string
  readonly metaMessages?: string[]
  readonly version = KIT_VERSION

  constructor(shortMessage: string, parameters: KitErrorParameters & { code: ErrorCode }) {
    const details =
      parameters.details ??
      (parameters.cause instanceof Error ? parameters.cause.message : undefined)
    const lines = [shortMessage, ...(parameters.metaMessages ?? [])]
    if (details && details !== shortMessage) lines.push('', `Details: ${details}`)
    if (parameters.docsPath) lines.push(`Docs: ${parameters.docsPath}`)
    lines.push(`Version: latch@${KIT_VERSION}`)
    super(lines.join('\n'), parameters.cause === undefined ? undefined : { cause: parameters.cause })
    this.code = parameters.code
    this.shortMessage = shortMessage
    this.details = details
    this.docsPath = parameters.docsPath
    this.metaMessages = parameters.metaMessages
  }
}

/** Wraps anything thrown into a KitError, keeping the original as `cause`. */
export function toKitError(error: unknown): KitError {
  if (error instanceof KitError) return error
  return new UnknownError({ cause: error })
}

/** A failure the kit could not classify: 'Unknown error' (SPEC §8). */
export class UnknownError extends KitError {
  static readonly code = 'KIT_UNKNOWN'
  override name = 'UnknownError'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Unknown error', { code: UnknownError.code, cause })
  }
}
