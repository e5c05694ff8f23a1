import { createWalletClient, parseEventLogs } from 'viem'
import { upstreamTransport } from '../../rpc/upstreamTransport.js'
import { entryPoint08Abi, toPackedUserOperation } from 'viem/account-abstraction'
import { bundlerAccount } from '../../chains/bundlerAccount.js'
import { ChainRpcFailedError } from '../errors.js'
import type { Bundler } from './Bundler.js'

/**
 * The secure site as its own bundler: `EntryPoint.handleOps` sent by its bundler key, which pays
 * the gas. Callers run one at a time per chain (the key's nonces).
 */
export const localBundler: Bundler = {
  async bundle(chain, userOperation, userOpHash) {
    const { entryPoint } = chain.contracts
    const wallet = createWalletClient({ account: bundlerAccount, chain: chain.client.chain!, transport: upstreamTransport(chain) })
    const hash = await wallet.writeContract({ address: entryPoint, abi: entryPoint08Abi, functionName: 'handleOps', args: [[toPackedUserOperation(userOperation)], bundlerAccount.address] })
    const receipt = await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    const event = parseEventLogs({ abi: entryPoint08Abi, logs: receipt.logs, eventName: 'UserOperationEvent' }).find((log) => log.args.userOpHash === userOpHash)
    // handleOps succeeds even when the account's call reverts: the operation's own event says.
    if (receipt.status !== 'success' || !event?.args.success) throw new ChainRpcFailedError({ message: `UserOperation ${userOpHash} reverted (transaction ${hash})` })
    return hash
  },
}
