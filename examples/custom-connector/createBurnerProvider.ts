import { createWalletClient, http, numberToHex, type Hex, type LocalAccount } from 'viem'

/**
 * A minimal EIP-1193 provider over a key held in the page (a "burner" wallet): the kind of
 * provider a third-party wallet SDK hands you. Only what the kit calls is answered; reads
 * are forwarded to the chain's RPC.
 */
export function createBurnerProvider({ account, chainId, rpcUrl }: { account: LocalAccount; chainId: number; rpcUrl: string }) {
  const client = createWalletClient({
    account,
    chain: { id: chainId, name: 'Burner chain', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } },
    transport: http(rpcUrl),
  })
  let granted = false
  return {
    async request({ method, params = [] }: { method: string; params?: unknown }): Promise<unknown> {
      const args = params as any[]
      switch (method) {
        case 'eth_requestAccounts':
          granted = true
          return [account.address]
        case 'eth_accounts':
          return granted ? [account.address] : []
        case 'eth_chainId':
          return numberToHex(chainId)
        case 'wallet_revokePermissions':
          granted = false
          return null
        case 'personal_sign':
          return account.signMessage({ message: { raw: args[0] as Hex } })
        case 'eth_sendTransaction': {
          const { to, value, data } = args[0] as { to: Hex; value?: Hex; data?: Hex }
          return client.sendTransaction({ to, data, value: value ? BigInt(value) : undefined })
        }
        default:
          return client.request({ method: method as never, params: args as never })
      }
    },
  }
}
