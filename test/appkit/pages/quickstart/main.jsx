// Reown AppKit 1.7.10 as its React quick start with the wagmi adapter writes it, with project id
// `latch-dev`. Nothing here points at Latch: the test routes AppKit's hosted services to our backend.
import { createAppKit } from '@reown/appkit/react'
import { WagmiAdapter } from '@reown/appkit-adapter-wagmi'
import { arbitrum, mainnet } from '@reown/appkit/networks'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { WagmiProvider } from 'wagmi'

const projectId = 'latch-dev'
const networks = [mainnet, arbitrum]
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
