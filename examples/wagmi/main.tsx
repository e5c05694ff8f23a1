// A dapp on wagmi with Latch as its wallet modal. wagmi does everything the dapp does itself
// (sign, send, switch chain); Latch connects the visitor and is the wagmi connector
// (`latch/wagmi`). The page is served by the reference backend (`npm start`), whose two local
// chains it uses through the backend's chain RPC.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { createWalletClient, custom, parseEther } from 'viem'
import { useConnect, useConnection, useSendTransaction, useSignMessage, useSwitchChain, WagmiProvider } from 'wagmi'
import { ConnectButton, createKit, LatchProvider, NetworkButton, useLatchDisconnect, useLatchProvider } from 'latch'
import { eip155Connectors } from 'latch/chains/eip155'
import { walletConnect } from 'latch/chains/walletconnect'
import { localEvmNetwork } from 'latch/chains/networks'
import { account } from 'latch/plugins/account'
import { connect } from 'latch/plugins/connect'
import { connectors } from 'latch/plugins/connectors'
import { createLatchWagmiConfig } from 'latch/wagmi'

const projectId = 'latch-dev'
const chainRpc = (chainId: number) => `${location.origin}/v1?chainId=eip155:${chainId}&projectId=${projectId}`
const networks = [localEvmNetwork(31337, chainRpc(31337)), localEvmNetwork(31338, chainRpc(31338))]
// Where the example's transfers go: a burn address, so nothing depends on who receives them.
const RECIPIENT = '0x000000000000000000000000000000000000dEaD'

const metadata = { name: 'Latch with wagmi', description: 'A wagmi dapp with Latch', url: location.origin, icons: [] }
// Browser wallets and, through the backend's WalletConnect relay, mobile ones.
const sources = [eip155Connectors(), walletConnect({ projectId, metadata, relayUrl: `${location.origin.replace(/^http/, 'ws')}/relay` })]
const kit = createKit({ projectId, apiUrl: location.origin, metadata }, [connectors({ networks, sources }), connect(), account()])
const wagmiConfig = createLatchWagmiConfig({ kit, networks })
const queryClient = new QueryClient()

/** What wagmi reports, and the dapp's own actions through wagmi's hooks. */
function WagmiPanel() {
  const connection = useConnection()
  const { connectors: [latch], mutate: connectWith, error: connectError } = useConnect()
  const { mutate: signMessage, data: signature, error: signError } = useSignMessage()
  const { mutate: sendTransaction, data: hash, error: sendError } = useSendTransaction()
  const { mutate: switchChain, error: switchError } = useSwitchChain()
  const errors = [connectError, signError, sendError, switchError].flatMap((error) => (error ? [error.name] : []))
  return (
    <section aria-label="wagmi">
      <dl>
        <dt>Status</dt>
        <dd data-field="status">{connection.status}</dd>
        <dt>Address</dt>
        <dd data-field="address">{connection.address ?? '—'}</dd>
        <dt>Chain</dt>
        <dd data-field="chainId">{connection.chainId}</dd>
        <dt>Signature</dt>
        <dd data-field="signature">{signature ?? '—'}</dd>
        <dt>Transaction</dt>
        <dd data-field="hash">{hash ?? '—'}</dd>
        <dt>Errors</dt>
        <dd data-field="errors">{errors.join(', ') || '—'}</dd>
      </dl>
      <button type="button" onClick={() => latch && connectWith({ connector: latch })}>
        Connect with wagmi
      </button>
      <button type="button" onClick={() => signMessage({ message: 'Hello from a wagmi dapp' })}>
        Sign with wagmi
      </button>
      <button type="button" onClick={() => sendTransaction({ to: RECIPIENT, value: parseEther('0.25') })}>
        Send 0.25 ETH with wagmi
      </button>
      <button type="button" onClick={() => switchChain({ chainId: connection.chainId === 31337 ? 31338 : 31337 })}>
        Switch chain with wagmi
      </button>
    </section>
  )
}

/** The same connection through Latch's own hooks: viem over the kit's provider, and disconnect. */
function LatchPanel() {
  const provider = useLatchProvider('eip155')
  const { disconnect } = useLatchDisconnect()
  const [signature, setSignature] = useState<string>()
  const sign = async () => {
    if (!provider) return
    const wallet = createWalletClient({ transport: custom(provider) })
    const [address] = await wallet.getAddresses()
    if (address) setSignature(await wallet.signMessage({ account: address, message: 'Hello from viem' }))
  }
  return (
    <section aria-label="Latch">
      <dl>
        <dt>viem signature</dt>
        <dd data-field="viemSignature">{signature ?? '—'}</dd>
      </dl>
      <button type="button" disabled={!provider} onClick={() => void sign()}>
        Sign with viem
      </button>
      <button type="button" onClick={() => void disconnect()}>
        Disconnect with Latch
      </button>
    </section>
  )
}

createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={wagmiConfig}>
    <QueryClientProvider client={queryClient}>
      <LatchProvider kit={kit}>
        <header>
          <ConnectButton />
          <NetworkButton />
        </header>
        <WagmiPanel />
        <LatchPanel />
      </LatchProvider>
    </QueryClientProvider>
  </WagmiProvider>,
)
