import { reaction } from 'mobx'
import * as v from 'valibot'
import type { PluginContext, StorageDefinitions } from '../../kernel/index.js'
import { isWalletConnectConnector } from '../../chains/walletconnect/isWalletConnectConnector.js'
import { WALLET_CONNECT_ID } from '../../chains/walletconnect/walletConnectId.js'
import type { ConnectorRegistry } from './ConnectorRegistry.js'

const Text = (max: number) => v.pipe(v.string(), v.minLength(1), v.maxLength(max))

declare module '../../kernel/storage/storageKeys.js' {
  interface StorageItemMap {
    /** The wallet app the WalletConnect session was paired with by link (SPEC §3 'deeplink choice'). */
    walletConnectDeeplinkChoice: { href: string; name: string }
  }
}

const DEEPLINK_STORAGE: StorageDefinitions = {
  walletConnectDeeplinkChoice: { schema: v.strictObject({ href: Text(2048), name: Text(128) }) },
}

/**
 * Keeps the WalletConnect link choice on this device (SPEC §3 'Stored locally'): written once a
 * pairing made by link is approved, read back at start so a restored session's requests reopen
 * the same wallet app, removed on disconnect. A stored link that is not http(s) or one of the
 * host's `walletSchemes` (or not a choice at all) is removed, never followed.
 *
 * The pairing store is made on first use (issue 32): with nothing stored, this follows it only
 * once something else made it (a connect, the QR view, a restored session's provider).
 *
 * @returns the remover
 */
export function rememberWalletLinkChoice(ctx: PluginContext, registry: ConnectorRegistry): () => void {
  ctx.storage.define(DEEPLINK_STORAGE)
  const connector = registry.get(WALLET_CONNECT_ID)
  if (!connector || !isWalletConnectConnector(connector)) return () => {}
  const stored = ctx.storage.get('walletConnectDeeplinkChoice')
  // A returning visitor's choice goes back at once: the restored session's first request reopens it.
  if (stored && !connector.pairing.restoreLinkChoice(stored, ctx.options.walletSchemes)) ctx.storage.remove('walletConnectDeeplinkChoice')
  let made = false
  let stopSaving = () => {}
  const stopWaiting = connector.onPairingMade((pairing) => {
    made = true
    stopSaving = reaction(
      () => pairing.linkChoice,
      (choice) => (choice ? ctx.storage.set('walletConnectDeeplinkChoice', { href: choice.href, name: choice.name }) : ctx.storage.remove('walletConnectDeeplinkChoice')),
    )
  })
  // However the session ended (the visitor, the wallet, another tab), its choice goes with it.
  // A store not made yet holds no choice: nothing to clear, and nothing to make.
  const stopListening = ctx.on('wallet:disconnected', ({ connectorId }) => {
    if (connectorId === WALLET_CONNECT_ID && made) connector.pairing.clear()
  })
  return () => {
    stopWaiting()
    stopSaving()
    stopListening()
  }
}
