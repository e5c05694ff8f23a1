import type { ConnectionStore } from '../../chains/connection/ConnectionStore.js'
import type { Eip155Adapter } from '../../chains/eip155/index.js'
import { NotConnectedError } from '../../chains/errors/connection.js'
import { SignatureDeclinedError } from '../../chains/errors/request.js'
import { isUserRejection } from '../../chains/errors/toConnectionError.js'
import type { ConvertTx } from './convertApi.js'

const hex = (value: string | undefined) => (value ? `0x${BigInt(value).toString(16)}` : undefined)

/**
 * Asks the connected eip155 wallet to sign and send a transaction the convert routes built
 * (`eth_sendTransaction` on the wallet's own provider, so the wallet shows its prompt), then waits
 * for it on the active network through the kit's RPC.
 *
 * @param connection - the kit's connection store
 * @param tx - from build-approve or build-transaction
 * @returns the hash and the mined status
 * @throws NotConnectedError with no eip155 wallet; SignatureDeclinedError 'Signature declined' when the visitor refuses
 * @example
 * const { hash, status } = await sendConvertTransaction(connection, tx)
 */
export async function sendConvertTransaction(connection: ConnectionStore, tx: ConvertTx): Promise<{ hash: string; status: 'success' | 'reverted' }> {
  const adapter = connection.getAdapter('eip155') as Eip155Adapter | undefined
  const from = connection.accountStates.get('eip155')?.address
  const network = connection.activeNetwork
  if (!adapter || !from || connection.statusOf('eip155') !== 'connected' || !network) throw new NotConnectedError({ namespace: 'eip155' })
  let hash: string
  try {
    hash = (await adapter.provider.request({
      method: 'eth_sendTransaction',
      // The wallet sends from the connected account, whatever the service wrote in `from`.
      params: [{ from, to: tx.to, data: tx.data, value: hex(tx.value) ?? '0x0', ...(tx.eip155?.gas ? { gas: hex(tx.eip155.gas) } : {}) }],
    })) as string
  } catch (error) {
    if (isUserRejection(error)) throw new SignatureDeclinedError({ cause: error })
    throw error
  }
  return { hash, status: await adapter.waitForTransaction({ hash, network }) }
}
