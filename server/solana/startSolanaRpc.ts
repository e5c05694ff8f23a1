import Fastify from 'fastify'
import { SolanaCluster } from './SolanaCluster.js'
import { seedSolanaCluster, type SolanaSeed } from './seedSolanaCluster.js'
import { solanaRpcRoutes } from './solanaRpcRoutes.js'

/** A running local Solana JSON-RPC endpoint. */
export interface SolanaRpc {
  /** POST JSON-RPC here: `new Connection(rpcUrl, 'confirmed')` from @solana/web3.js works. */
  rpcUrl: string
  cluster: SolanaCluster
  seed: SolanaSeed
  close(): Promise<void>
}

/**
 * Starts a litesvm cluster in this process behind its own HTTP JSON-RPC endpoint on loopback,
 * seeded with a funded dev wallet and a test SPL token. The backend mounts the same routes
 * (`solanaRpcRoutes`) and forwards `/v1?chainId=solana:…` to them; this standalone form is for
 * tests that want only Solana.
 *
 * Serves: getBalance, getAccountInfo, getMultipleAccounts, getLatestBlockhash,
 * getMinimumBalanceForRentExemption, sendTransaction, simulateTransaction, getSignatureStatuses,
 * getTokenAccountsByOwner, getTokenAccountBalance, requestAirdrop, getSlot, getBlockHeight,
 * getGenesisHash, getVersion, getHealth, getFeeForMessage, isBlockhashValid, getEpochInfo.
 * No WebSocket subscriptions: confirm by polling `getSignatureStatuses` (transactions are
 * final as soon as `sendTransaction` returns).
 *
 * @param options.port - 0 (default) picks a free port
 * @returns the endpoint, the cluster and the seeded addresses
 * @example
 * const solana = await startSolanaRpc()
 * const connection = new Connection(solana.rpcUrl, 'confirmed')
 * await connection.getBalance(new PublicKey(solana.seed.devWallet))
 * await solana.close()
 */
export async function startSolanaRpc({ port = 0, host = '127.0.0.1' }: { port?: number; host?: string } = {}): Promise<SolanaRpc> {
  const cluster = new SolanaCluster()
  const seed = seedSolanaCluster(cluster)
  const app = Fastify({ logger: false })
  await app.register(solanaRpcRoutes, { cluster })
  await app.listen({ port, host })
  const address = app.server.address()
  const actualPort = typeof address === 'object' && address ? address.port : port
  return { rpcUrl: `http://${host}:${actualPort}`, cluster, seed, close: () => app.close() }
}
