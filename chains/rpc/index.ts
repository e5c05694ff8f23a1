// The chain RPC client's transport: batched JSON-RPC over HTTP with ranked fallback.
export {
  createRpcTransport,
  RPC_BATCH_SIZE,
  RPC_RANK_INTERVAL_MS,
  RPC_RANK_SAMPLE_COUNT,
  RPC_RANK_WEIGHTS,
  RPC_TIMEOUT_MS,
} from './createRpcTransport.js'
export type { RpcTransport } from './createRpcTransport.js'
