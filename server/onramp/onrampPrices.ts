import { chainPrices } from '../blockchain/chainPrices.js'
import type { PriceTable } from '../blockchain/PriceTable.js'
import type { BackendServices } from '../plugins/services/BackendServices.js'
import type { OnrampNetwork } from './onrampNetworks.js'

/**
 * The USD prices an order on `network` is priced at: the network's own (its configured price
 * feeds over the fixed table), as balances are valued; the fixed table where the network is no
 * EVM chain (the local Solana cluster).
 */
export function onrampPrices(services: BackendServices, network: OnrampNetwork): Promise<PriceTable> {
  const chain = services.evmChains.get(network.caipNetworkId)
  return chain ? chainPrices(services, chain) : Promise.resolve(services.prices)
}
