import { reaction } from 'mobx'
import type { PluginContext } from '../../ui-shell/plugin.js'
import type { ConnectionStore } from '../../chains/connection/ConnectionStore.js'
import type { ConnectorRegistry } from '../connectors/index.js'
import type { HttpClient, SnackbarStore } from '../../ui-shell/plugin.js'
import { ApiClientToken, assetImageUrl, HttpNotConfiguredError } from '../../ui-shell/plugin.js'
import type { ViewStack } from '../../kernel/index.js'
import { AccountStore } from './AccountStore.js'
import { SendStore } from './SendStore.js'
import { NetworkSwitchStore } from './NetworkSwitchStore.js'
import { NftStore } from './NftStore.js'
import { ProfileWalletsStore } from './ProfileWalletsStore.js'
import { ReceiverProfileStore } from './ReceiverProfileStore.js'
import { fetchBalances } from './fetchBalances.js'
import { fetchNfts } from './fetchNfts.js'
import { fetchServedNetworks } from './fetchServedNetworks.js'
import { fetchIdentity } from './fetchIdentity.js'
import { fetchNameAddress } from './fetchNameAddress.js'
import { AccountStoreToken, NetworkSwitchStoreToken, NftStoreToken, ProfileWalletsStoreToken, SendStoreToken } from './accountTokens.js'

/** What the account stores are built from: the plugin's resolved dependencies. */
export interface AccountStoresDeps {
  connection: ConnectionStore
  connectors: ConnectorRegistry
  snackbar: SnackbarStore
  stack: ViewStack
  blockchain: HttpClient | undefined
}

/**
 * Builds and shares the account plugin's stores, and the kit state the host's AccountButton and
 * NetworkButton read. In its own chunk: a visitor who never connects and never opens an account
 * view never loads it (issue 9's start-up budget).
 */
export function registerAccountStores(ctx: PluginContext, { connection, connectors, snackbar, stack, blockchain }: AccountStoresDeps): void {
  const noService = () => Promise.reject(new HttpNotConfiguredError({ service: 'blockchain' }))
  const catalogue = ctx.kit.isProvided(ApiClientToken) ? ctx.resolve(ApiClientToken) : undefined
  const account = ctx.registerStore(
    AccountStoreToken,
    new AccountStore({
      connection,
      fetchBalances: (params) => (blockchain ? fetchBalances(blockchain, { ...params, signal: ctx.signal }) : noService()),
      fetchIdentity: (address) => (blockchain ? fetchIdentity(blockchain, address, ctx.signal) : noService()),
      cache: ctx.storage,
      showError: (message) => snackbar.showError(message),
      showSuccess: (message) => snackbar.showSuccess(message),
      copyText: (text) => navigator.clipboard.writeText(text),
    }),
  )
  const resolveName = (name: string) => (blockchain ? fetchNameAddress(blockchain, name, ctx.signal) : noService())
  const receiverProfiles = new ReceiverProfileStore({
    resolveName,
    fetchIdentity: (address) => (blockchain ? fetchIdentity(blockchain, address, ctx.signal) : noService()),
    cache: ctx.storage,
    // The address check imports viem: loaded with the first lookup, not with the account chunk.
    isAddress: async (namespace, value) => (await import('../../chains/caip/isNamespaceAddress.js')).isNamespaceAddress(namespace, value),
  })
  ctx.onClose(() => receiverProfiles.dispose())
  ctx.registerStore(
    SendStoreToken,
    new SendStore({
      connection,
      resolveName,
      refreshBalances: () => account.loadBalances({ force: true }),
      snackbar,
      onSent: () => stack.reset('Account'),
      balances: () => account.tokens,
      receiverProfiles,
    }),
  )
  ctx.registerStore(
    NetworkSwitchStoreToken,
    new NetworkSwitchStore({
      connection,
      navigation: {
        push: (view, data) => stack.push(view, data),
        replace: (view, data) => stack.replace(view, data),
        back: () => ctx.kit.back(),
        showAccount: () => stack.reset('Account'),
      },
      showError: (message) => snackbar.showError(message),
      ...(blockchain ? { fetchServedNetworks: () => fetchServedNetworks(blockchain, ctx.signal) } : {}),
    }),
  )
  ctx.registerStore(
    ProfileWalletsStoreToken,
    new ProfileWalletsStore({
      connection,
      connectorName: (id) => connectors.get(id)?.name,
      connectorIcon: (id) => {
        const connector = connectors.get(id)
        const own = connector?.imageUrl ?? connector?.info?.icon
        return own ?? (connector?.imageId && catalogue ? assetImageUrl(catalogue, connector.imageId) : undefined)
      },
      showError: (message) => snackbar.showError(message),
      openConnect: () => stack.push('Connect'),
      onAllDisconnected: () => ctx.kit.close(),
    }),
  )
  ctx.registerStore(
    NftStoreToken,
    new NftStore({
      connection,
      fetchNfts: blockchain ? (params) => fetchNfts(blockchain, { ...params, signal: ctx.signal }) : undefined,
      showError: (message) => snackbar.showError(message),
    }),
  )

  // The host page's AccountButton and useLatchBalance read these (SPEC §5: balance floored to 3).
  ctx.contributeState('balance', () => account.balance)
  ctx.contributeState('balanceSymbol', () => account.balanceSymbol)
  ctx.contributeState('profileName', () => account.profileName)
  // Read for each connected account, not only when Account opens: after a reload the host's
  // AccountButton shows the registered name at once, not the email until the modal is opened.
  ctx.onClose(reaction(() => (connection.isConnected ? connection.address : undefined), (address) => void (address && account.loadIdentity()), { fireImmediately: true }))
  ctx.contributeState('profileImage', () => account.avatarUrl)
}
