import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { answerJsonRpc, errorResponse, JsonRpcError, RPC_LIMIT_EXCEEDED } from './jsonRpc.js'
import { NodeBusyError } from './errors.js'
import { forwardEvmRpc } from './forwardEvmRpc.js'
import { forwardSolanaRpc } from '../solana/configured/forwardSolanaRpc.js'
import { callSolanaRpc } from '../solana/solanaRpcMethods.js'
import { attachSolanaWebSocket } from '../solana/attachSolanaWebSocket.js'
import { projectProperties } from '../http/schemas.js'
import { admitUpgrade } from './admitUpgrade.js'

/** AppKit's chain URLs end in a slash (`https://rpc.walletconnect.org/v1/?chainId=…`); ours did not. */
const RPC_PATHS = ['/v1', '/v1/']

/** How long one HTTP request to the chain RPC may take, all calls of a batch together. */
const RPC_REQUEST_DEADLINE_MS = 10_000

/**
 * SPEC §7 chain RPC: `POST /v1?chainId=<caip2>&projectId=…` answers JSON-RPC 2.0, single or
 * batched, forwarded to the EVM networks' and configured Solana clusters' upstreams (allow-listed
 * methods, ranked with fallback), or answered by the local Solana cluster. An unknown
 * chain is a JSON-RPC error (code -32602), never an HTTP 500.
 */
export const chainRpcRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app
  const { guards } = app
  // Solana subscriptions on the same URL as its JSON-RPC: `ws://…/v1?chainId=solana:…`.
  // Upgrades never reach Fastify's hooks, so the same checks run here.
  const { solana } = services
  if (solana) {
    const detach = attachSolanaWebSocket(app.server, {
      cluster: solana.cluster,
      matches: (url) => {
        const parsed = new URL(url, 'http://localhost')
        return RPC_PATHS.includes(parsed.pathname) && parsed.searchParams.get('chainId') === solana.caipNetworkId
      },
      admit: (request) => admitUpgrade(request, guards),
      clientIp: guards.clientIp,
    })
    app.addHook('preClose', async () => detach())
  }

  const schema = {
    querystring: { type: 'object', properties: { ...projectProperties, chainId: { type: 'string', maxLength: 64 } }, required: ['chainId', 'projectId'] },
  }
  const answer = async (request: FastifyRequest<{ Querystring: { chainId: string; projectId: string } }>) => {
    const { chainId } = request.query
    // One deadline for the whole HTTP request, batch included: the kit gives up after 10 s anyway (SPEC §9).
    const deadline = AbortSignal.timeout(RPC_REQUEST_DEADLINE_MS)
    const evm = services.evmChains.get(chainId)
    // Per client IP (request.ip: the forwarded one only behind a trusted proxy): one client's
    // costly calls cannot take every node worker. A refusal is JSON-RPC's "limit exceeded".
    const busy = () => new JsonRpcError(RPC_LIMIT_EXCEEDED, new NodeBusyError({ maxPerUser: services.nodeCalls.maxPerUser }).shortMessage, { code: 'NODE_BUSY' })
    if (evm)
      return answerJsonRpc(
        request.body,
        (method, params, signal) => services.nodeCalls.run(`ip:${request.ip}`, method, () => forwardEvmRpc(evm.upstreams, method, params, signal), busy),
        deadline,
      )
    const configuredSolana = services.solanaNetworks?.get(chainId)
    if (configuredSolana)
      return answerJsonRpc(
        request.body,
        (method, params, signal) => services.nodeCalls.run(`ip:${request.ip}`, method, () => forwardSolanaRpc(configuredSolana, method, params, signal), busy),
        deadline,
      )
    if (solana && chainId === solana.caipNetworkId)
      return answerJsonRpc(request.body, (method, params) => callSolanaRpc(solana.cluster, method, params), deadline)
    const body = request.body as { id?: unknown } | undefined
    const id = body && typeof body === 'object' && !Array.isArray(body) && (typeof body.id === 'number' || typeof body.id === 'string') ? body.id : null
    return errorResponse(id, new JsonRpcError(-32602, `Unsupported chainId: ${chainId.slice(0, 64)}`))
  }
  for (const path of RPC_PATHS) app.post(path, { schema }, answer)
}
