import type { FastifyPluginAsync } from 'fastify'
import { InvalidFieldError } from '../plugins/requestGuards/errors.js'
import { getAddress } from 'viem'
import { readEvmBalances, readSolanaBalances, type BalanceEntry } from './readBalances.js'
import { CaipNetworkIdString } from '../http/schemas.js'
import { accountRoute } from './accountRoute.js'
import { requestBaseUrl } from '../http/requestBaseUrl.js'
import { isSolanaAddress } from '../solana/isSolanaAddress.js'
import { readConfiguredSolanaBalances } from '../solana/configured/readConfiguredSolanaBalances.js'

interface BalanceQuery {
  projectId: string
  currency?: string
  chainId?: string
  forceUpdate?: string
}

/**
 * SPEC §7 `GET /v1/account/{address}/balance`: native and token balances read on chain, priced
 * from the price table. Reads are cached per block only (a new block is a miss); `forceUpdate`
 * bypasses even that. Without `chainId`
 * an EVM address gets every local EVM chain. Unsupported networks get `{ balances: [] }`.
 */
export const balanceRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app
  accountRoute<BalanceQuery>(
    app,
    'balance',
    { query: { currency: { type: 'string', enum: ['usd'] }, chainId: CaipNetworkIdString, forceUpdate: { type: 'string', maxLength: 256 } } },
    async (request) => {
      const { address } = request.params
      if (!address.startsWith('0x') && !isSolanaAddress(address))
        throw new InvalidFieldError({ field: 'params/address', problem: 'must be an EVM or Solana address' })
      const { chainId } = request.query
      const baseUrl = requestBaseUrl(request)
      const balances: BalanceEntry[] = []
      if (address.startsWith('0x')) {
        const owner = getAddress(address.toLowerCase())
        const chains = chainId ? [services.evmChains.get(chainId)].filter((chain) => chain !== undefined) : [...services.evmChains.values()]
        // forceUpdate is accepted in any form the kit sends ('true', '1', a timestamp); 'false' and '0' are not.
        const forceUpdate = request.query.forceUpdate !== undefined && !['false', '0', ''].includes(request.query.forceUpdate)
        for (const chain of chains) balances.push(...(await readEvmBalances(services, chain, owner, baseUrl, { forceUpdate })))
      } else {
        // Configured clusters read through their nodes; the local one (dev stack) from litesvm.
        const configured = chainId ? [services.solanaNetworks?.get(chainId)].filter((network) => network !== undefined) : [...(services.solanaNetworks?.values() ?? [])]
        for (const network of configured) balances.push(...(await readConfiguredSolanaBalances(services, network, address, baseUrl)))
        if (services.solana && (!chainId || chainId === services.solana.caipNetworkId)) balances.push(...readSolanaBalances(services, services.solana, address, baseUrl))
      }
      return { balances }
    },
  )
}
