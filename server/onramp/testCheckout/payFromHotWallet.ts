import { createPublicClient, createWalletClient, erc20Abi, http, parseEther, parseUnits, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSerialQueue } from '../createSerialQueue.js'
import { OnrampPaymentError } from '../errors.js'
import type { OnrampOrder } from '../payOnrampOrder.js'
import { PAYMENT_TIMEOUT_MS } from '../payOnrampOrder.js'

/** A network the stand-in pays on, as a provider knows it: its RPC and the tokens it sells there. */
export interface HotWalletNetwork {
  rpcUrl: string
  /** By symbol (`USDC`); the native currency (ETH) needs none. */
  tokens: Record<string, { address: Address; decimals: number }>
}

/** The stand-in provider's own funded account and the networks it pays on, by CAIP-2 id. */
export interface HotWallet {
  privateKey: Hex
  networks: Record<string, HotWalletNetwork>
}

/**
 * Pays orders out of the stand-in's own hot wallet, as a real provider does on a chain the
 * backend does not own: ETH by transfer, a listed token by `transfer`, one payment at a time
 * (one account, one nonce sequence). Resolves with the mined transaction's hash.
 *
 * @example
 * const pay = payFromHotWallet({ privateKey, networks: { 'eip155:1': { rpcUrl, tokens: { USDC: { address, decimals: 6 } } } } })
 * const hash = await pay(order)
 */
export function payFromHotWallet(wallet: HotWallet): (order: OnrampOrder) => Promise<Hex> {
  const account = privateKeyToAccount(wallet.privateKey)
  const queue = createSerialQueue()
  return (order) =>
    queue.run(async () => {
      const network = wallet.networks[order.network]
      if (!network) throw new OnrampPaymentError({ reason: `the stand-in does not pay on ${order.network}` })
      const transport = http(network.rpcUrl)
      const sender = createWalletClient({ account, transport })
      const token = network.tokens[order.asset]
      if (!token && order.asset !== 'ETH') throw new OnrampPaymentError({ reason: `the stand-in does not sell ${order.asset} on ${order.network}` })
      const hash = token
        ? await sender.writeContract({ chain: null, address: token.address, abi: erc20Abi, functionName: 'transfer', args: [order.destination as Address, parseUnits(order.amount, token.decimals)] })
        : await sender.sendTransaction({ chain: null, to: order.destination as Address, value: parseEther(order.amount) })
      const receipt = await createPublicClient({ transport }).waitForTransactionReceipt({ hash, pollingInterval: 50, timeout: PAYMENT_TIMEOUT_MS })
      if (receipt.status !== 'success') throw new OnrampPaymentError({ reason: `transaction ${hash} reverted` })
      return hash
    })
}
