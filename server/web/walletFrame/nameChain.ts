import { SUPPORTED_NETWORKS } from '../../../chains/networks/supportedNetworks.js'
import { t } from './frameText.js'

/** The reference backend's own hardhat chains (server/chains): they have no public name. */
const LOCAL_EVM_CHAINS = new Set(['31337', '31338'])

/**
 * The chain a card names, so the visitor sees where a signature or a transaction counts (the
 * page may have switched the wallet's chain without asking): the backend's local chains as
 * 'Local chain N', a network the kit knows by its name and id, anything else by its id.
 *
 * @param caipChainId - the CAIP-2 chain the request came for
 * @returns the chain's name for the card
 *
 * @example
 * nameChain('eip155:31337') // 'Local chain 31337'
 * nameChain('eip155:1') // 'Ethereum (chain 1)'
 */
export function nameChain(caipChainId: string): string {
  const [namespace, reference] = caipChainId.split(':')
  const known = SUPPORTED_NETWORKS.find((network) => network.caipNetworkId === caipChainId)
  if (namespace !== 'eip155') return known?.name ?? caipChainId
  if (LOCAL_EVM_CHAINS.has(reference ?? '')) return t('chain.local', { id: reference })
  return known ? t('chain.known', { name: known.name, id: reference }) : t('chain.other', { id: reference })
}
