import { RpcHandlerExistsError, RpcNotAllowedError } from './errors/rpc.js'

/** Answers one RPC method. */
export type RpcHandler = (params: unknown) => unknown | Promise<unknown>

/**
 * The RPC methods plugins answer. The registry is the allow-list: a method nobody
 * registered is refused with 'Requested RPC call is not allowed' (SPEC §8).
 */
export class RpcRegistry {
  private readonly handlers = new Map<string, RpcHandler>()

  register(method: string, handler: RpcHandler): () => void {
    if (this.handlers.has(method)) throw new RpcHandlerExistsError({ method })
    this.handlers.set(method, handler)
    return () => {
      if (this.handlers.get(method) === handler) this.handlers.delete(method)
    }
  }

  async call(method: string, params?: unknown): Promise<unknown> {
    const handler = this.handlers.get(method)
    if (!handler) throw new RpcNotAllowedError({ method })
    return handler(params)
  }
}
