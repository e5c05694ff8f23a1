import Fastify from 'fastify'
import { SolanaCluster } from './SolanaCluster.js'
import { seedSolanaCluster, type SolanaSeed } from './seedSolanaCluster.js'
import { solanaRpcRoutes } from './solanaRpcRoutes.js'
import { attachSolanaWebSocket } from './attachSolanaWebSocket.js'

/** A running local Solana JSON-RPC endpoint. */
export interface SolanaRpc {
  /** POST JSON-RPC here: `new Connection(rpcUrl, 'confirmed')` from @solana/web3.js works. */
  rpcUrl: string
  /** Subscriptions (signatureSubscribe, slotSubscribe): `new Connection(rpcUrl, { wsEndpoint: wsUrl })`. */
  wsUrl: string
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
 * getGenesisHash, getVersion, getHealth, getFeeForMessage, isBlockhashValid, getEpochInfo,
 * getSignaturesForAddress, getTransaction (from the cluster's ledger).
 * WebSocket on the same port and path: signatureSubscribe and slotSubscribe, enough for
 * web3.js `confirmTransaction`. Transactions are final as soon as `sendTransaction` returns.
 *
 * @param options.port - 0 (default) picks a free port
 * @returns the endpoint, the cluster and the seeded addresses
 * @example
 * const solana = await startSolanaRpc()
 * const connection = new Connection(solana.rpcUrl, { commitment: 'confirmed', wsEndpoint: solana.wsUrl })
 * await connection.getBalance(new PublicKey(solana.seed.devWallet))
 * await solana.close()
 */
export async function startSolanaRpc({ port = 0, host = '127.0.0.1' }: { port?: number; host?: string } = {}): Promise<SolanaRpc> {
  const cluster = new SolanaCluster()
  const seed = seedSolanaCluster(cluster)
  const app = Fastify({ logger: false })
  await app.register(solanaRpcRoutes, { cluster })
  const detach = attachSolanaWebSocket(app.server, { cluster, matches: (url) => url === '/' || url.startsWith('/?') })
  app.addHook('preClose', async () => detach())
  await app.listen({ port, host })
  const address = app.server.address()
  const actualPort = typeof address === 'object' && address ? address.port : port
  return { rpcUrl: `http://${host}:${actualPort}`, wsUrl: `ws://${host}:${actualPort}`, cluster, seed, close: () => app.close() }
}
