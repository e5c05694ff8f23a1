import { compareShallow, reaction } from 'mobx'
import { KIT_VERSION, ModalStoreToken, ViewStackToken, type PluginContext } from '../../kernel/index.js'
import { AccountActionsToken, AlertStoreToken, EventReporterToken, I18nStoreToken, lazyView, ModalOverlayToken, registerMessages, shippedLocaleOf, SnackbarStoreToken, ThemeStoreToken } from '../../ui-shell/plugin.js'
import type { AccountTypeName } from '../../chains/auth/frameProtocol.js'
import type { AuthConnector } from '../../chains/connectors/AuthConnector.js'
import { ConnectionStoreToken, ConnectorRegistryToken } from '../connectors/index.js'
import { authDisplayName } from './authDisplayName.js'
import { watchAllowedOrigins } from './watchAllowedOrigins.js'
import { EmbeddedWallet } from './EmbeddedWallet.js'
import { EmbeddedWalletAlerts } from './embeddedWalletAlerts.js'
import { AUTH_CONNECTOR_ID, EmbeddedWalletToken } from './embeddedWalletTokens.js'
import { APPROVE_TRANSACTION_STYLES } from './views/approveTransactionStyles.js'
import { ACCOUNT_TYPE_STYLES } from './views/accountTypeStyles.js'
import { setupPasskeys } from './setupPasskeys.js'
import { setupSmartSessions } from './setupSmartSessions.js'
import { rememberAuthLogin, smartAccountEnabledNetworks } from './rememberAuthLogin.js'
import { w3mThemeVariables } from './w3mThemeVariables.js'
import { EMBEDDED_WALLET_MESSAGES } from './locales/embeddedWalletMessages.js'

declare module '../../kernel/views/ViewRegistry.js' {
  interface ViewDataMap {
    ApproveTransaction: undefined
    AccountType: undefined
  }
}

export interface EmbeddedWalletSetupOptions {
  secureSiteUrl: string
  preferredAccountType: AccountTypeName
}

/** SPEC §8: 'Action not allowed' shows about this long after a refused method. */
const NOT_ALLOWED_DELAY_MS = 300
/** After Send and Receive, next to 'Update email'. */
const ACCOUNT_TYPE_ORDER = 40

/**
 * The embedded wallet's code: the AUTH connector (eip155) over the secure site's frame, the
 * ApproveTransaction view that shows the frame while the visitor approves a request in it, the
 * frame's alerts and events, and the theme kept in sync.
 */
export function createEmbeddedWalletSetup(options: EmbeddedWalletSetupOptions) {
  return (ctx: PluginContext) => {
  registerMessages(ctx, EMBEDDED_WALLET_MESSAGES)
    const connection = ctx.resolve(ConnectionStoreToken)
    const registry = ctx.resolve(ConnectorRegistryToken)
    const snackbar = ctx.resolve(SnackbarStoreToken)
    const stack = ctx.resolve(ViewStackToken)
    const modal = ctx.resolve(ModalStoreToken)
    const theme = ctx.resolve(ThemeStoreToken)
    const alerts = ctx.resolve(AlertStoreToken)
    const events = ctx.resolve(EventReporterToken)
    const firstEvmNetwork = connection.networks.find((network) => network.chainNamespace === 'eip155')
    let openedForApproval = false
    // Cleared on close: the snackbar must not appear after the kit is gone.
    let notAllowedTimer: ReturnType<typeof setTimeout> | undefined
    ctx.onClose(() => clearTimeout(notAllowedTimer))

    const wallet = ctx.registerStore(
      EmbeddedWalletToken,
      new EmbeddedWallet({
        frame: {
          secureSiteUrl: options.secureSiteUrl,
          projectId: String(ctx.options.projectId ?? ''),
          chainId: firstEvmNetwork ? Number(firstEvmNetwork.id) : undefined,
          version: KIT_VERSION,
          enableLogger: ctx.options.debug === true,
          locale: () => ctx.resolve(I18nStoreToken).locale,
          // In the modal's top layer: a modal dialog makes everything outside it inert.
          mount: (frame) => void ctx.resolve(ModalOverlayToken).attach(frame),
          onEvent(event, properties) {
            void events?.track(event, properties)
            alerts.raise(event === 'iframe_load_failed' ? EmbeddedWalletAlerts.FrameLoadFailed : EmbeddedWalletAlerts.RequestTimedOut)
          },
          onSessionExpired: () => alerts.raise(EmbeddedWalletAlerts.SessionExpired),
        },
        preferredAccountType: options.preferredAccountType,
        hooks: {
          onApprovalRequested() {
            wallet.setApprovalPending(true)
            openedForApproval = !modal.isOpen
            if (openedForApproval) void ctx.kit.open({ view: 'ApproveTransaction' })
            else stack.push('ApproveTransaction')
          },
          onApprovalSettled() {
            wallet.setApprovalPending(false)
            if (stack.current?.view !== 'ApproveTransaction') return
            if (openedForApproval || !stack.canGoBack) ctx.kit.close()
            else ctx.kit.back()
          },
          onDeviceShareMissing: () => passkeys.onDeviceShareMissing(),
          onSmartSessionRequest: (method) => smartSessions.onSmartSessionRequest(method),
          onPermissionsGranted: (result) => smartSessions.onPermissionsGranted(result),
          onMethodNotAllowed() {
            if (!modal.isOpen) void ctx.kit.open()
            clearTimeout(notAllowedTimer)
            notAllowedTimer = setTimeout(() => snackbar.showError('approve.notAllowed'), NOT_ALLOWED_DELAY_MS)
          },
        },
        dappData: () => ({
          projectId: String(ctx.options.projectId ?? ''),
          sdkVersion: KIT_VERSION,
          sdkType: 'latch',
          metadata: ctx.options.metadata as { name?: string; url?: string } | undefined,
        }),
        theme: () => ({ themeMode: theme.mode, themeVariables: theme.variables, w3mThemeVariables: w3mThemeVariables(theme.variables) }),
      }),
    )
    ctx.onClose(() => wallet.dispose())
    const passkeys = setupPasskeys(ctx, () => wallet)
    const smartSessions = setupSmartSessions(ctx, () => wallet)
    // The host may switch the mode or its variables (the accent) live: the frame follows both.
    ctx.onClose(reaction(() => [theme.mode, theme.variables], () => wallet.syncTheme(), { equals: compareShallow }))
    // kit.setLocale: the frame's cards and emails follow at once, without reloading it (a reload would end its requests).
    // A name with no catalogue reads English in the kit: the frame is told 'en' (it ignores names it has no catalogue for).
    ctx.onClose(reaction(() => ctx.resolve(I18nStoreToken).locale, (locale) => wallet.syncLocale(shippedLocaleOf(locale) ? locale : 'en')))

    watchAllowedOrigins(ctx, modal, alerts)
    // SPEC §3 account state: the signed-in user, their provider, the smart account's deployment and which address is which.
    ctx.onClose(
      reaction(
        () => (connection.accountStates.get('eip155')?.connectedWalletInfo?.id === AUTH_CONNECTOR_ID && wallet.channel ? wallet.provider.user : undefined),
        (user) => {
          if (!user) return
          const labels = Object.fromEntries(user.accounts.map((account) => [account.address, account.type === 'smartAccount' ? 'Smart Account' : 'EOA']))
          connection.patchAccountDetails('eip155', { user, socialProvider: user.socialProvider, smartAccountDeployed: user.smartAccountDeployed === true, addressLabels: labels })
        },
        { fireImmediately: true },
      ),
    )
    rememberAuthLogin(ctx, connection, () => wallet)

    // One AUTH connector per namespace the embedded wallet holds keys for (SPEC §9: Solana and EVM),
    // over the same frame and session.
    const evmConnector: AuthConnector = {
      id: AUTH_CONNECTOR_ID,
      name: 'Email',
      type: 'AUTH',
      chain: 'eip155',
      get provider() {
        return wallet.provider
      },
      async createAdapter(context) {
        const { AuthEip155Adapter } = await import('../../chains/auth/AuthEip155Adapter.js')
        return new AuthEip155Adapter(wallet.provider, context)
      },
    }
    ctx.onClose(registry.register(evmConnector))
    const cluster = connection.networks.find((network) => network.chainNamespace === 'solana')
    if (cluster) {
      // Written out, not spread: spreading would read the provider getter and load the frame now.
      const solanaConnector: AuthConnector = {
        id: AUTH_CONNECTOR_ID,
        name: 'Email',
        type: 'AUTH',
        chain: 'solana',
        get provider() {
          return wallet.provider
        },
        async createAdapter(context) {
          const [{ SolanaAdapter }, { createFrameSolanaWallet }] = await Promise.all([
            import('../../chains/solana/adapter.js'),
            import('../../chains/auth/createFrameSolanaWallet.js'),
          ])
          return new SolanaAdapter(createFrameSolanaWallet(wallet.provider, cluster.caipNetworkId as `solana:${string}`), context)
        },
      }
      ctx.onClose(registry.register(solanaConnector))
    }

    // SPEC §5: the embedded wallet's user by name (social user name or email) while it is the active connection.
    ctx.contributeState('authDisplayName', () => {
      const active = connection.activeAccountState
      if (!connection.isConnected || active?.connectedWalletInfo?.id !== AUTH_CONNECTOR_ID || !wallet.channel) return undefined
      return authDisplayName(wallet.provider.user)
    })

    // The host API's embeddedWalletInfo (useLatchAccount, kit.getAccount): who is signed in and with which account.
    ctx.contributeState('embeddedWalletInfo', () => {
      const active = connection.activeAccountState
      const user = wallet.channel ? wallet.provider.user : undefined
      if (!connection.isConnected || active?.connectedWalletInfo?.id !== AUTH_CONNECTOR_ID || !user) return undefined
      const inUse = user.accounts.find((account) => account.address.toLowerCase() === active.address?.toLowerCase())
      return {
        user: { ...(user.email ? { email: user.email } : {}), ...(user.userName ? { username: user.userName } : {}) },
        authProvider: user.socialProvider ?? 'email',
        accountType: inUse?.type ?? user.preferredAccountType ?? 'eoa',
        isSmartAccountDeployed: user.smartAccountDeployed === true,
      }
    })

    ctx.registerView({
      name: 'AccountType',
      title: 'accountType.title',
      component: lazyView(() => import('./views/AccountTypeView.js'), 'AccountTypeView'),
      styles: ACCOUNT_TYPE_STYLES,
    })
    // SPEC §4: 'Account type' on Account while the embedded wallet is connected on an eip155 chain.
    const actions = ctx.resolve(AccountActionsToken)
    let removeAction: (() => void) | undefined
    ctx.onClose(
      reaction(
        () =>
          connection.activeAccountState?.connectedWalletInfo?.id === AUTH_CONNECTOR_ID &&
          wallet.channel !== undefined &&
          wallet.provider.user?.accounts.some((account) => account.type === 'smartAccount') === true &&
          // SPEC §3: not on a chain the secure site last said runs no smart accounts.
          (smartAccountEnabledNetworks(ctx)?.includes(Number(connection.activeNetwork?.id)) ?? true),
        (offered) => {
          removeAction?.()
          removeAction = offered ? actions.add({ id: 'account-type', label: 'accountType.action', view: 'AccountType', order: ACCOUNT_TYPE_ORDER }) : undefined
        },
        { fireImmediately: true },
      ),
    )
    ctx.onClose(() => removeAction?.())

    ctx.registerView({
      name: 'ApproveTransaction',
      title: 'approve.title',
      component: lazyView(() => import('./views/ApproveTransactionView.js'), 'ApproveTransactionView'),
      styles: APPROVE_TRANSACTION_STYLES,
    })
  }
}
