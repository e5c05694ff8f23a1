import { observer } from 'mobx-react-lite'
import { useI18n, useKit, type ViewProps } from '../../../../ui-shell/plugin.js'
import { WalletConnectPairingStoreToken } from '../../connectTokens.js'
import { PairingPanel } from './PairingPanel.js'

const LINK_LABELS = { mobile: 'walletConnect.link.mobile', desktop: 'walletConnect.link.desktop', web: 'walletConnect.link.web' } as const

/**
 * ConnectingWalletConnect: the pairing QR code and 'Copy link' and, for a catalogue wallet,
 * the links that open it with the pairing (http(s) or a registered scheme only).
 */
export const ConnectingWalletConnectView = observer(function ConnectingWalletConnectView({ data }: ViewProps<'ConnectingWalletConnect'>) {
  const kit = useKit()
  const pairing = kit.resolve(WalletConnectPairingStoreToken)
  // Opened without data by a host or SPEC §2's opening rules: the plain QR code.
  const wallet = data?.wallet
  const { t } = useI18n()
  const links = wallet ? pairing.links(wallet) : {}
  const entries = (Object.keys(LINK_LABELS) as Array<keyof typeof LINK_LABELS>).flatMap((kind) =>
    links[kind] ? [[kind, links[kind]] as const] : [],
  )
  return (
    <>
      <PairingPanel walletName={wallet?.name} />
      {wallet && entries.length > 0 ? (
        <div className="wallet-links" aria-label={t('walletConnect.open', { name: wallet.name })} role="group">
          {entries.map(([kind, href]) => (
            <a
              key={kind}
              className="button secondary"
              href={href}
              target={kind === 'web' ? '_blank' : undefined}
              rel="noopener noreferrer"
              onClick={() => pairing.chooseLink(wallet, kind)}
            >
              {t(LINK_LABELS[kind])}
            </a>
          ))}
        </div>
      ) : null}
    </>
  )
})

