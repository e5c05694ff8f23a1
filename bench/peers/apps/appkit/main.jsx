// Reown AppKit 1.7.10 with its wagmi adapter, as its React quick start writes it: the adapter
// brings the injected, EIP-6963, WalletConnect and Coinbase connectors.
import { createAppKit } from '@reown/appkit/react'
import { WagmiAdapter } from '@reown/appkit-adapter-wagmi'
import { mainnet, sepolia } from '@reown/appkit/networks'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { WagmiProvider } from 'wagmi'

const projectId = 'latch-dev'
const networks = [mainnet, sepolia]
const wagmiAdapter = new WagmiAdapter({ networks, projectId })
const queryClient = new QueryClient()

createAppKit({
  adapters: [wagmiAdapter],
  networks,
  projectId,
  metadata: { name: 'AppKit bench', description: 'bench', url: location.origin, icons: [] },
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
