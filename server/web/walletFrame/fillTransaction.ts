import { hexToBigInt, type Address, type Hex, type TransactionSerializableEIP1559 } from 'viem'
import type { SecureSiteApi } from './SecureSiteApi.js'

/** What an app asks to send (eth_sendTransaction, or one call of wallet_sendCalls). */
export interface TransactionRequest {
  to?: Address
  value?: bigint
  data?: Hex
  gas?: bigint
}

/** Added to the base fee's double: the local chains take any tip; a real one gets a small one. */
const DEFAULT_TIP = 1_000_000_000n

/**
 * Fills an EIP-1559 transaction from the user's EOA for the frame to sign (KEY_SHARES.md): nonce,
 * gas and fees read through the secure site's safe reads (`/api/rpc`, whose eth_estimateGas is
 * capped), never from the page. `nonceOffset` numbers a batch's later calls.
 */
export async function fillTransaction(api: SecureSiteApi, chainId: string, from: Address, request: TransactionRequest, nonceOffset = 0): Promise<TransactionSerializableEIP1559> {
  const read = async <T>(method: string, params: unknown[]): Promise<T> => (await api.post<{ result: T }>('/api/rpc', { chainId, method, params })).result
  const call = { from, ...(request.to ? { to: request.to } : {}), ...(request.value ? { value: `0x${request.value.toString(16)}` } : {}), ...(request.data ? { data: request.data } : {}) }
  const [nonce, gas, block, tip] = await Promise.all([
    read<Hex>('eth_getTransactionCount', [from, 'pending']),
    request.gas === undefined ? read<Hex>('eth_estimateGas', [call]) : Promise.resolve(`0x${request.gas.toString(16)}` as Hex),
    read<{ baseFeePerGas?: Hex }>('eth_getBlockByNumber', ['latest', false]),
    read<Hex>('eth_maxPriorityFeePerGas', []).catch(() => `0x${DEFAULT_TIP.toString(16)}` as Hex),
  ])
  const maxPriorityFeePerGas = hexToBigInt(tip)
  const baseFee = block.baseFeePerGas ? hexToBigInt(block.baseFeePerGas) : 0n
  return {
    type: 'eip1559',
    chainId: Number(chainId.split(':')[1]),
    nonce: Number(hexToBigInt(nonce)) + nonceOffset,
    gas: hexToBigInt(gas),
    maxFeePerGas: baseFee * 2n + maxPriorityFeePerGas,
    maxPriorityFeePerGas,
    to: request.to,
    value: request.value,
    data: request.data,
  }
}
