// The demo's "try it" panel: how a visitor connects here without a wallet of their own.
import { useState } from 'react'
import { useKitState } from 'latch'
import type { Network } from 'latch/chains/networks'
import { SOLANA_TEST_WALLET_AIRDROP_SOL, SOLANA_TEST_WALLET_NAME } from './solanaTestWalletInfo.js'

export interface TryItPanelProps {
  projectId: string
  /** Email and social login run (the backend has a secure site). */
  embeddedWallet: boolean
  /** The backend's local Solana cluster, when it has one. */
  solana: Network | undefined
  /** The test wallet's address when one was added on an earlier visit (registered again at load). */
  solanaTestWallet: string | undefined
  siwxOn: boolean
}

/** `location` with the `siwx` query parameter set or removed: the demo reads it at load. */
function withSiwx(on: boolean): string {
  const url = new URL(location.href)
  if (on) url.searchParams.set('siwx', '')
  else url.searchParams.delete('siwx')
  return url.search ? `${url.pathname}${url.search}` : url.pathname
}

function SolanaTestWallet({ solana, restored }: { solana: Network; restored: string | undefined }) {
  const [state, setState] = useState<{ status: 'idle' | 'adding' | 'added' | 'failed'; detail?: string }>(restored ? { status: 'added', detail: restored } : { status: 'idle' })
  const add = async () => {
    setState({ status: 'adding' })
    try {
      // Loaded on demand: web3.js stays out of the page until a visitor asks for the wallet.
      const { addSolanaTestWallet } = await import('./solanaTestWallet.js')
      const address = await addSolanaTestWallet({ caipNetworkId: solana.caipNetworkId, rpcUrl: solana.rpcUrls.default.http[0]! }, { create: true })
      setState({ status: 'added', detail: address })
    } catch (error) {
      setState({ status: 'failed', detail: error instanceof Error ? error.message : String(error) })
    }
  }
  return (
    <li>
      <strong>Solana test wallet:</strong> a Wallet Standard wallet in this page, with {SOLANA_TEST_WALLET_AIRDROP_SOL} SOL airdropped by the
      local cluster.{' '}
      {state.status === 'added' ? (
        <span role="status">
          {SOLANA_TEST_WALLET_NAME} added (<code>{state.detail}</code>): pick it in Connect Wallet.
        </span>
      ) : (
        <button type="button" disabled={state.status === 'adding'} onClick={() => void add()}>
          {state.status === 'adding' ? 'Adding…' : 'Add a Solana test wallet'}
        </button>
      )}
      {state.status === 'failed' ? <span role="alert"> Could not add it: {state.detail}</span> : null}
    </li>
  )
}

/** Sign in with the wallet: the link that turns it on or off (a reload), and whether the visitor is signed in. */
function SignInWithWallet({ on }: { on: boolean }) {
  const signedIn = useKitState((state) => state.signedIn) === true
  return (
    <li>
      <strong>Sign in with wallet:</strong>{' '}
      {on ? (
        <>
          on: after a connection the modal asks for a signed message. <span role="status">{signedIn ? 'Signed in.' : 'Not signed in.'}</span>{' '}
          <a href={withSiwx(false)}>Turn it off</a>
        </>
      ) : (
        <>
          off on this page. <a href={withSiwx(true)}>Turn it on</a>
        </>
      )}
    </li>
  )
}

/**
 * Short, and only what works on this backend: the dev mailbox for email codes (behind the admin
 * token, so shown as a command, not a link), the test wallets, and sign-in with the wallet.
 */
export function TryItPanel({ projectId, embeddedWallet, solana, solanaTestWallet, siwxOn }: TryItPanelProps) {
  const mailbox = `${location.origin}/dev/mailbox?email=you@example.com`
  return (
    <section aria-labelledby="try-it" className="try-it">
      <h2 id="try-it">Try it</h2>
      <ul>
        {embeddedWallet ? (
          <li>
            <strong>No wallet:</strong> type any email in Connect and read its code in the <strong>dev mailbox</strong>, behind the admin
            token <code>npm start</code> keeps in <code>.data/admin-token</code>:{' '}
            <code>curl -H "Authorization: Bearer $(cat .data/admin-token)" '{mailbox}'</code>. Social buttons sign in on a local page that asks
            only for a user name.
          </li>
        ) : null}
        {solana ? <SolanaTestWallet solana={solana} restored={solanaTestWallet} /> : null}
        <li>
          <strong>EVM test wallet:</strong> import the public dev phrase <code>test test test test test test test test test test test junk</code> in
          a browser wallet, with the network <code>{`${location.origin}/v1?chainId=eip155:31337&projectId=${projectId}`}</code> (chain id 31337):
          its accounts hold 10,000 ETH on the local chains only.
        </li>
        <SignInWithWallet on={siwxOn} />
      </ul>
    </section>
  )
}
