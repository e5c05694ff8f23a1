// RainbowKit 2 as its quick start writes it: getDefaultConfig gives MetaMask, Rainbow,
// Coinbase, WalletConnect and EIP-6963 discovery over wagmi.
import '@rainbow-me/rainbowkit/styles.css'
import { ConnectButton, getDefaultConfig, RainbowKitProvider } from '@rainbow-me/rainbowkit'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { WagmiProvider } from 'wagmi'
import { mainnet, sepolia } from 'wagmi/chains'

const config = getDefaultConfig({ appName: 'RainbowKit bench', projectId: 'latch-dev', chains: [mainnet, sepolia] })
const queryClient = new QueryClient()

createRoot(document.getElementById('root')).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <RainbowKitProvider>
        <main>
          <ConnectButton />
        </main>
      </RainbowKitProvider>
    </QueryClientProvider>
  </WagmiProvider>,
)
