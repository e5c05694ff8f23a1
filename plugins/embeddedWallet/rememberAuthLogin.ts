import type { PluginContext } from '../../kernel/index.js'
import type { ConnectionStore } from '../../chains/connection/ConnectionStore.js'
import type { FrameUser } from '../../chains/auth/frameProtocol.js'
import { AUTH_STORAGE } from './authStorage.js'
import { AUTH_CONNECTOR_ID } from './embeddedWalletTokens.js'
import type { EmbeddedWallet } from './EmbeddedWallet.js'

/**
 * Remembers, on this device, who logged in through the embedded wallet (SPEC §3 'Stored
 * locally'): the email and that it was used, or the social provider and user name; and names
 * the saved connection after them (Connection.auth) so Connected Wallets says which account.
 * A disconnect forgets the login (SPEC §4: disconnect clears cached login data); the last
 * email stays for the field, shown again only after the next email login.
 */
export function rememberAuthLogin(ctx: PluginContext, connection: ConnectionStore, wallet: () => EmbeddedWallet): void {
  const storage = ctx.storage
  storage.define(AUTH_STORAGE)

  const remember = async (namespace: Parameters<ConnectionStore['saveConnectionAuth']>[0]) => {
    const provider = wallet().provider
    const user: FrameUser | undefined = provider.user ?? (await provider.getUser().catch(() => undefined))
    if (!user) return
    if (user.socialProvider) {
      storage.set('connectedSocialProvider', user.socialProvider)
      if (user.userName) storage.set('connectedSocialUsername', user.userName)
      else storage.remove('connectedSocialUsername')
      storage.remove('emailLoginUsed')
    } else if (user.email) {
      storage.set('email', user.email)
      storage.set('emailLoginUsed', true)
      storage.remove('connectedSocialProvider')
      storage.remove('connectedSocialUsername')
    }
    // The whole name: Connected Wallets cuts it to fit, a reader of the record may not want it cut.
    const username = user.userName ?? user.email
    connection.saveConnectionAuth(namespace, AUTH_CONNECTOR_ID, { name: user.socialProvider ?? 'email', ...(username ? { username } : {}) })
    const networks = await provider.getSmartAccountEnabledNetworks().catch(() => undefined)
    if (networks && networks.length > 0) storage.set('smartAccountEnabledNetworks', networks.join(','))
    else if (networks) storage.remove('smartAccountEnabledNetworks')
  }

  ctx.onClose(ctx.on('wallet:connected', ({ namespace, connectorId }) => void (connectorId === AUTH_CONNECTOR_ID && remember(namespace))))
  ctx.onClose(
    ctx.on('wallet:disconnected', ({ connectorId }) => {
      if (connectorId !== AUTH_CONNECTOR_ID) return
      for (const key of ['emailLoginUsed', 'connectedSocialProvider', 'connectedSocialUsername', 'smartAccountEnabledNetworks'] as const) storage.remove(key)
    }),
  )
}

/** The EVM chain ids the embedded wallet last said run smart accounts, or undefined when not known. */
export function smartAccountEnabledNetworks(ctx: PluginContext): number[] | undefined {
  return ctx.storage.get('smartAccountEnabledNetworks')?.split(',').map(Number)
}
