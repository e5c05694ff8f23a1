import { observer } from 'mobx-react-lite'
import type { WalletListing } from '../../catalog/WalletListing.js'
import type { ViewProps } from '../../modal/Modal.js'
import { useKit } from '../../react/KitContext.js'
import { WalletConnectPairingStoreToken } from '../../connect/connectTokens.js'
import { PairingPanel } from './PairingPanel.js'

/** What ConnectingWalletConnect is opened with: a catalogue wallet, or nothing (the WalletConnect row). */
export interface ConnectingWalletConnectData {
  wallet?: WalletListing
}

const LINK_LABELS = { mobile: 'Open in mobile app', desktop: 'Open desktop app', web: 'Open web app' } as const

/**
 * ConnectingWalletConnect: the pairing QR code and 'Copy link' and, for a catalogue wallet,
 * the links that open it with the pairing (http(s) or a registered scheme only).
 */
export const ConnectingWalletConnectView = observer(function ConnectingWalletConnectView({ data }: ViewProps) {
  const kit = useKit()
  const pairing = kit.resolve(WalletConnectPairingStoreToken)
  const wallet = (data as ConnectingWalletConnectData | undefined)?.wallet
  const links = wallet ? pairing.links(wallet) : {}
  const entries = (Object.keys(LINK_LABELS) as Array<keyof typeof LINK_LABELS>).flatMap((kind) =>
    links[kind] ? [[kind, links[kind]] as const] : [],
  )
  return (
    <>
      <PairingPanel walletName={wallet?.name} />
      {entries.length > 0 ? (
        <div className="wallet-links" aria-label={`Open ${wallet!.name}`} role="group">
          {entries.map(([kind, href]) => (
            <a key={kind} className="button secondary" href={href} target={kind === 'web' ? '_blank' : undefined} rel="noopener noreferrer">
              {LINK_LABELS[kind]}
            </a>
          ))}
        </div>
      ) : null}
    </>
  )
})

