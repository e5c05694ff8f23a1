// The quick start on the backend's local chain (31337) instead of mainnet, so a wallet can connect
// and AppKit reads the account through its hosted services. The chain's RPC URL has the form AppKit
// gives its own networks (rpc.walletconnect.org/v1/?chainId=…&projectId=…): the test routes that host.
import { createAppKit } from '@reown/appkit/react'
import { WagmiAdapter } from '@reown/appkit-adapter-wagmi'
import { defineChain } from '@reown/appkit/networks'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { WagmiProvider } from 'wagmi'

const projectId = 'latch-dev'
const latchLocal = defineChain({
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Latch Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [`https://rpc.walletconnect.org/v1/?chainId=eip155:31337&projectId=${projectId}`] } },
})
const networks = [latchLocal]
const wagmiAdapter = new WagmiAdapter({ networks, projectId, ssr: false })
const queryClient = new QueryClient()
/** `?theme=light` for the docs' light side-by-side pictures (docs/peers); dark is AppKit's default. */
const themeMode = new URLSearchParams(location.search).get('theme') === 'light' ? 'light' : 'dark'

createAppKit({
  adapters: [wagmiAdapter],
  networks,
  projectId,
  themeMode,
  metadata: { name: 'AppKit on Latch', description: 'AppKit client test', url: location.origin, icons: [] },
})

createRoot(document.getElementById('root')).render(
  <WagmiProvider config={wagmiAdapter.wagmiConfig}>
    <QueryClientProvider client={queryClient}>
      <main>
        <appkit-button />
      </main>
    </QueryClientProvider>
  </WagmiProvider>,
)
