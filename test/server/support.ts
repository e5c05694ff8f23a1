import { createWalletClient, createPublicClient, http, type Chain } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import type { RunningBackend } from '../../server/startBackend.js'

/** The public dev mnemonic the local chains fund. */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk'

/** GET or POST JSON against the backend; returns status and parsed body. */
export async function call(backend: { url: string }, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${backend.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  })
  const text = await response.text()
  let json: any
  try {
    json = JSON.parse(text)
  } catch {
    json = text
  }
  return { status: response.status, body: json, headers: response.headers }
}

/** viem clients for one local chain through the backend's chain RPC, signing locally with a dev account. */
export function evmClients(backend: RunningBackend, chainId: number, accountIndex = 0) {
  const deployment = backend.deployment.evm.find((chain) => chain.chainId === chainId)!
  const chain: Chain = {
    id: chainId,
    name: deployment.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [deployment.rpcUrl] } },
  }
  const account = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: accountIndex })
  const transport = http(deployment.rpcUrl)
  return {
    deployment,
    account,
    publicClient: createPublicClient({ chain, transport }),
    walletClient: createWalletClient({ chain, transport, account }),
  }
}
