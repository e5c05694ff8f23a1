// web3-onboard with its React hooks, the injected-wallets module (window.ethereum and
// EIP-6963) and the WalletConnect module. Onboard has no button component: the host writes one.
import { init, useConnectWallet } from '@web3-onboard/react'
import injectedModule from '@web3-onboard/injected-wallets'
import walletConnectModule from '@web3-onboard/walletconnect'
import { createRoot } from 'react-dom/client'

init({
  wallets: [injectedModule(), walletConnectModule({ projectId: 'latch-dev', dappUrl: location.origin })],
  chains: [
    { id: '0x1', token: 'ETH', label: 'Ethereum Mainnet', rpcUrl: 'https://ethereum-rpc.publicnode.com' },
    { id: '0xaa36a7', token: 'ETH', label: 'Sepolia', rpcUrl: 'https://ethereum-sepolia-rpc.publicnode.com' },
  ],
  appMetadata: { name: 'web3-onboard bench', description: 'bench' },
})

function App() {
  const [{ wallet, connecting }, connect] = useConnectWallet()
  return (
    <main>
      <button type="button" data-bench="connect" disabled={connecting} onClick={() => connect()}>
        {wallet ? wallet.accounts[0]?.address : 'Connect Wallet'}
      </button>
    </main>
  )
}

createRoot(document.getElementById('root')).render(<App />)
