import { Core } from '@walletconnect/core'
import { WalletKit } from '@reown/walletkit'
import { createWalletClient, defineChain, http, type Hex, type LocalAccount } from 'viem'

/**
 * A real WalletConnect wallet (@reown/walletkit) on the local relay, approving eip155
 * sessions for a viem local account and answering personal_sign with real signatures; given
 * the chain's `rpcUrl`, it also signs and sends eth_sendTransaction there. `alsoChainIds` are
 * approved beside `chainId`, so the dapp can move between them without asking the wallet.
 */
export async function startWalletKitWallet({
  relayUrl,
  account,
  chainId,
  storagePrefix,
  rejectSessions = false,
  rpcUrl,
  alsoChainIds = [],
  metadata = { name: 'Latch Test WalletKit', description: 'test wallet', url: 'http://127.0.0.1', icons: [] },
}: {
  relayUrl: string
  account: LocalAccount
  chainId: number
  storagePrefix: string
  rejectSessions?: boolean
  rpcUrl?: string
  alsoChainIds?: number[]
  /** What the wallet tells the dapp about itself (its name and icons show in the modal); a hostile peer's, in a security test. */
  metadata?: { name: string; description: string; url: string; icons: unknown[] }
}) {
  const core = new Core({ projectId: 'latch-dev', relayUrl, customStoragePrefix: storagePrefix, logger: 'silent', telemetryEnabled: false })
  // Offline like the kit: no Verify lookups of the dapp's attestation and no start-up
  // event to the hosted pulse service (WalletKit sends it whatever telemetryEnabled says).
  core.verify.resolve = async () => undefined as never
  core.eventClient.init = async () => {}
  const kit = await WalletKit.init({ core, metadata: metadata as { name: string; description: string; url: string; icons: string[] } })
  // What each dapp asked for: the namespaces of every session proposal, oldest first.
  const proposals: Array<{ optionalNamespaces: Record<string, { methods?: string[]; chains?: string[] }> }> = []
  kit.on('session_proposal', async ({ id, params }) => {
    proposals.push({ optionalNamespaces: params.optionalNamespaces as (typeof proposals)[number]['optionalNamespaces'] })
    if (rejectSessions) {
      // What a user pressing "Reject" sends: WalletConnect's USER_REJECTED (5000).
      await kit.rejectSession({ id, reason: { code: 5000, message: 'User rejected.' } })
      return
    }
    await kit.approveSession({
      id,
      namespaces: {
        eip155: {
          chains: [chainId, ...alsoChainIds].map((id) => `eip155:${id}`),
          accounts: [chainId, ...alsoChainIds].map((id) => `eip155:${id}:${account.address}`),
          methods: ['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4'],
          events: ['accountsChanged', 'chainChanged'],
        },
      },
    })
  })
  kit.on('session_request', async ({ id, topic, params }) => {
    const { method, params: args } = params.request as { method: string; params: unknown[] }
    if (method === 'eth_sendTransaction' && rpcUrl) {
      const { to, value, data } = args[0] as { to: Hex; value?: Hex; data?: Hex }
      const chain = defineChain({ id: chainId, name: `eip155:${chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } })
      try {
        const hash = await createWalletClient({ account, chain, transport: http(rpcUrl) }).sendTransaction({ to, value: value ? BigInt(value) : undefined, data })
        await kit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', result: hash } })
      } catch (error) {
        // Answered, so the dapp's request fails at once with the node's reason instead of hanging.
        await kit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', error: { code: -32000, message: (error as Error).message } } })
      }
      return
    }
    if (method !== 'personal_sign') {
      await kit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', error: { code: 4200, message: 'Unsupported method' } } })
      return
    }
    const signature = await account.signMessage({ message: { raw: args[0] as `0x${string}` } })
    await kit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', result: signature } })
  })
  return {
    kit,
    proposals,
    pair: (uri: string) => kit.pair({ uri }),
    async disconnectAll() {
      for (const session of Object.values(kit.getActiveSessions())) {
        await kit.disconnectSession({ topic: session.topic, reason: { code: 6000, message: 'User disconnected.' } })
      }
    },
    async stop() {
      await core.relayer.transportClose()
    },
  }
}
