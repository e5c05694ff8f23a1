import { KitError } from '../../kernel/index.js'
import { ChainsErrorCodes } from '../errors/codes.js'

/** The kit offers no eip155 provider: no connectors plugin, or no eip155 network listed. */
export class WagmiProviderUnavailableError extends KitError {
  static readonly code = ChainsErrorCodes.ChainProviderUnavailable
  override name = 'WagmiProviderUnavailableError'
  constructor() {
    super('No eip155 provider: register the connectors plugin with an eip155 network', { code: WagmiProviderUnavailableError.code })
  }
}

/** A wagmi config needs at least one eip155 network. */
export class NoEip155NetworkError extends KitError {
  static readonly code = ChainsErrorCodes.ChainNoEip155Network
  override name = 'NoEip155NetworkError'
  constructor() {
    super('No eip155 network: wagmi needs at least one', { code: NoEip155NetworkError.code })
  }
}
