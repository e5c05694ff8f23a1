import { erc20Abi, encodeFunctionData, parseUnits, parseEther, type Hex } from 'viem'
import { LAMPORTS_PER_SOL } from '@solana/web3.js'
import type { BackendServices } from '../plugins/services/BackendServices.js'
import { DEV_ACCOUNTS } from '../chains/deployEvmContracts.js'
import { findOnrampNetwork } from './onrampNetworks.js'
import { OnrampPaymentError } from './errors.js'
import type { OnrampOrdersTable } from '../plugins/database/DatabaseSchema.js'

/** A payment not mined by then has failed; well inside the order's lease (`PAYING_LEASE_MS`). */
export const PAYMENT_TIMEOUT_MS = 60_000

/** An order as stored in `onramp_orders`. */
export type OnrampOrder = OnrampOrdersTable

/**
 * Delivers a checkout's asset on the local chain: the faucet account (EVM) sends ETH or USDC,
 * the Solana cluster's faucet airdrops SOL. Resolves with the transaction hash or signature.
 * Payments run one at a time (`services.paymentQueue`, `ChainLocks`: per backend, and on Postgres
 * across instances): the faucet's nonce must not race itself. Which order is paid, once, is
 * `OnrampOrders.claim`'s lease.
 */
export function payOnrampOrder(services: BackendServices, order: OnrampOrder): Promise<string> {
  return services.paymentQueue.run(() => deliver(services, order))
}

async function deliver(services: BackendServices, order: OnrampOrder): Promise<string> {
  const network = findOnrampNetwork(services, order.network)
  if (!network) throw new OnrampPaymentError({ reason: `unknown network ${order.network}` })
  if (services.solana && network.caipNetworkId === services.solana.caipNetworkId) {
    const lamports = BigInt(Math.round(Number(order.amount) * LAMPORTS_PER_SOL))
    const outcome = services.solana.cluster.airdrop(order.destination, lamports)
    if (outcome.err !== null) throw new OnrampPaymentError({ reason: `airdrop failed: ${JSON.stringify(outcome.err)}` })
    return outcome.signature
  }
  const chain = services.evmChains.get(network.caipNetworkId)!
  // The faucet holds funds only on the local chains this backend started: elsewhere the provider pays.
  if (!chain.contracts) throw new OnrampPaymentError({ reason: `the local test checkout pays only on local chains, not ${network.caipNetworkId}` })
  const token = network.assets[order.asset]
  const request =
    token
      ? { to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [order.destination as Hex, parseUnits(order.amount, chain.contracts.usdc.decimals)] }), value: '0x0' }
      : { to: order.destination, data: '0x', value: `0x${parseEther(order.amount).toString(16)}` }
  // The faucet is an unlocked hardhat account: the node signs, as a provider's hot wallet would.
  const hash = (await chain.client.request({ method: 'eth_sendTransaction' as never, params: [{ from: DEV_ACCOUNTS.faucet, ...request }] as never })) as Hex
  const receipt = await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 20, timeout: PAYMENT_TIMEOUT_MS })
  if (receipt.status !== 'success') throw new OnrampPaymentError({ reason: `transaction ${hash} reverted` })
  return hash
}
