import { observer } from 'mobx-react-lite'
import { PairingPanel } from './PairingPanel.js'

/** ConnectingWalletConnectBasic (SPEC §2 rule 2): the pairing QR code and 'Copy link', without a wallet. */
export const ConnectingWalletConnectBasicView = observer(function ConnectingWalletConnectBasicView() {
  return <PairingPanel />
})
