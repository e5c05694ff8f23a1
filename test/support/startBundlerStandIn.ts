import Fastify from 'fastify'
import { toHex, type Hash, type Hex } from 'viem'
import { formatUserOperation, getUserOperationHash, type UserOperation } from 'viem/account-abstraction'
import type { SmartAccountChain } from '../../server/secureSite/SmartAccounts.js'
import { localBundler } from '../../server/secureSite/bundlers/localBundler.js'

/** A running ERC-4337 bundler stand-in: its URL, the JSON-RPC methods it was called with, `close`. */
export interface BundlerStandIn {
  url: string
  calls: string[]
  /** What `eth_estimateUserOperationGas` answers next (a test raises it past the policy). */
  estimate: { callGasLimit: bigint; verificationGasLimit: bigint; preVerificationGas: bigint }
  close(): Promise<void>
}

/**
 * An external bundler as the secure site meets one: the ERC-4337 JSON-RPC methods on their own
 * port. Sent operations are bundled on the local chain with `handleOps` (the backend's own
 * bundling code, playing the bundler's executor); receipts are answered once mined.
 *
 * @param chain - the chain it bundles on, read per request (known once the backend started)
 */
export async function startBundlerStandIn(chain: () => SmartAccountChain): Promise<BundlerStandIn> {
  const mined = new Map<string, { hash: Hash; sender: Hex; nonce: Hex }>()
  const app = Fastify()
  const standIn: BundlerStandIn = {
    url: '',
    calls: [],
    estimate: { callGasLimit: 100_000n, verificationGasLimit: 300_000n, preVerificationGas: 50_000n },
    close: () => app.close(),
  }
  app.post<{ Body: { id: number; method: string; params: unknown[] } }>('/', async (request) => {
    const { id, method, params } = request.body
    standIn.calls.push(method)
    const answer = (result: unknown) => ({ jsonrpc: '2.0', id, result })
    if (method === 'eth_estimateUserOperationGas')
      return answer({ callGasLimit: toHex(standIn.estimate.callGasLimit), verificationGasLimit: toHex(standIn.estimate.verificationGasLimit), preVerificationGas: toHex(standIn.estimate.preVerificationGas) })
    if (method === 'eth_sendUserOperation') {
      const handle = chain()
      const userOperation = formatUserOperation(params[0] as never) as UserOperation<'0.8'>
      const userOpHash = getUserOperationHash({ userOperation, entryPointAddress: handle.contracts.entryPoint, entryPointVersion: '0.8', chainId: handle.chainId })
      try {
        const hash = await localBundler.bundle(handle, userOperation, userOpHash)
        mined.set(userOpHash, { hash, sender: userOperation.sender, nonce: toHex(userOperation.nonce) })
      } catch (error) {
        return { jsonrpc: '2.0', id, error: { code: -32500, message: String(error) } }
      }
      return answer(userOpHash)
    }
    if (method === 'eth_getUserOperationReceipt') {
      const entry = mined.get(String(params[0]))
      if (!entry) return answer(null)
      const receipt = await chain().client.request({ method: 'eth_getTransactionReceipt', params: [entry.hash] })
      return answer({ userOpHash: params[0], entryPoint: chain().contracts.entryPoint, sender: entry.sender, nonce: entry.nonce, actualGasCost: '0x0', actualGasUsed: '0x0', success: true, logs: [], receipt })
    }
    return { jsonrpc: '2.0', id, error: { code: -32601, message: `${method} is not supported` } }
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  standIn.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  return standIn
}
