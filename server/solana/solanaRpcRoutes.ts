import type { FastifyPluginAsync } from 'fastify'
import { answerJsonRpc } from '../rpc/jsonRpc.js'
import type { SolanaCluster } from './SolanaCluster.js'
import { callSolanaRpc } from './solanaRpcMethods.js'

export interface SolanaRpcRoutesOptions {
  cluster: SolanaCluster
  /** Where the JSON-RPC endpoint listens inside the app; `/` by default. */
  path?: string
}

/**
 * Fastify plugin: the local Solana cluster's JSON-RPC 2.0 endpoint (single and batched POSTs).
 * The methods are those of `SOLANA_RPC_METHODS`; anything else is a JSON-RPC "Method not found".
 *
 * @example
 * const cluster = new SolanaCluster()
 * await app.register(solanaRpcRoutes, { cluster, path: '/solana' })
 * // new Connection(`${url}/solana`).getBalance(publicKey)
 */
export const solanaRpcRoutes: FastifyPluginAsync<SolanaRpcRoutesOptions> = async (app, { cluster, path = '/' }) => {
  app.post(path, async (request) => answerJsonRpc(request.body, (method, params) => callSolanaRpc(cluster, method, params)))
}
