import { ServerErrorCodes } from './codes.js'
import { ServerError } from './ServerError.js'

/** A `--config` file or `--chain` flag that does not describe valid networks (or, in the file, providers): names the source and the field. */
export class NetworkConfigError extends ServerError {
  static readonly code = ServerErrorCodes.NetworkConfigInvalid
  override name = 'NetworkConfigError'
  /**
   * @param source - the file given to `--config`, or `--chain`
   * @param field - the JSON pointer of the first bad field, e.g. `/networks/0/rpcUrls/0` (`''`: the whole file); none for a flag
   * @param reason - what is wrong with it
   */
  constructor({ source, field, reason, cause }: { source: string; field?: string; reason: string; cause?: unknown }) {
    super(field === undefined ? `${source}: ${reason}` : `${source}: ${field || '(top level)'} ${reason}`, { code: NetworkConfigError.code, statusCode: 500, replyCode: 'INTERNAL', cause })
  }
}

/** A `--token-list` (file or URL) that could not be read or is not a Uniswap token list. */
export class TokenListError extends ServerError {
  static readonly code = ServerErrorCodes.TokenListInvalid
  override name = 'TokenListError'
  /**
   * @param source - the file or URL
   * @param reason - e.g. `/tokens/3/decimals must be <= 255`, or `HTTP 404`
   */
  constructor({ source, reason, cause }: { source: string; reason: string; cause?: unknown }) {
    super(`Token list ${source}: ${reason}`, { code: TokenListError.code, statusCode: 500, replyCode: 'INTERNAL', cause })
  }
}
