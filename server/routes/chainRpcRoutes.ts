import type { FastifyPluginAsync } from 'fastify'
import type { BackendServices } from '../BackendServices.js'
import { answerJsonRpc, errorResponse, JsonRpcError } from '../rpc/jsonRpc.js'
import { forwardEvmRpc } from '../rpc/forwardEvmRpc.js'
import { callSolanaRpc } from '../solana/solanaRpcMethods.js'
import { attachSolanaWebSocket } from '../solana/attachSolanaWebSocket.js'
import { projectProperties } from './schemas.js'

/**
 * SPEC §7 chain RPC: `POST /v1?chainId=<caip2>&projectId=…` answers JSON-RPC 2.0, single or
 * batched, from the local EVM nodes (allow-listed methods) and the Solana cluster. An unknown
 * chain is a JSON-RPC error (code -32602), never an HTTP 500.
 */
export const chainRpcRoutes: FastifyPluginAsync<{ services: BackendServices }> = async (app, { services }) => {
  // Solana subscriptions on the same URL as its JSON-RPC: `ws://…/v1?chainId=solana:…`.
  const detach = attachSolanaWebSocket(app.server, {
    cluster: services.solana.cluster,
    matches: (url) => {
      const parsed = new URL(url, 'http://localhost')
      return parsed.pathname === '/v1' && parsed.searchParams.get('chainId') === services.solana.caipNetworkId
    },
  })
  app.addHook('preClose', async () => detach())

  app.post<{ Querystring: { chainId: string; projectId: string } }>(
    '/v1',
    {
      schema: {
        querystring: { type: 'object', properties: { ...projectProperties, chainId: { type: 'string', maxLength: 64 } }, required: ['chainId', 'projectId'] },
      },
    },
    async (request) => {
      const { chainId } = request.query
      const evm = services.evmChains.get(chainId)
      if (evm) return answerJsonRpc(request.body, (method, params) => forwardEvmRpc(evm.nodeRpcUrl, method, params))
      if (chainId === services.solana.caipNetworkId)
        return answerJsonRpc(request.body, (method, params) => callSolanaRpc(services.solana.cluster, method, params))
      const body = request.body as { id?: unknown } | undefined
      const id = body && typeof body === 'object' && !Array.isArray(body) && (typeof body.id === 'number' || typeof body.id === 'string') ? body.id : null
      return errorResponse(id, new JsonRpcError(-32602, `Unsupported chainId: ${chainId.slice(0, 64)}`))
    },
  )
}
