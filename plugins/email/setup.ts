import { reaction } from 'mobx'
import { type PluginContext } from '../../kernel/index.js'
import { AccountActionsToken, ConnectMethodsToken, fillSlot, I18nStoreToken, lazyView, registerMessages, SnackbarStoreToken, StyleSheetsToken } from '../../ui-shell/plugin.js'
import { ConnectionStoreToken } from '../connectors/index.js'
import { AUTH_CONNECTOR_ID, connectAuthAccount, EmbeddedWalletToken } from '../embeddedWallet/index.js'
import { EmailLoginStore } from './EmailLoginStore.js'
import { EmailLoginStoreToken, UpdateEmailStoreToken } from './emailTokens.js'
import { UpdateEmailStore } from './UpdateEmailStore.js'
import { EmailSection } from './views/EmailSection.js'
import { EMAIL_STYLES } from './views/emailStyles.js'
import { EMAIL_MESSAGES } from './locales/emailMessages.js'

declare module '../../kernel/views/ViewRegistry.js' {
  interface ViewDataMap {
    EmailLogin: undefined
    UpdateEmailWallet: undefined
  }
}

/** After Send, Receive and the other plugins' actions. */
const UPDATE_EMAIL_ORDER = 60

/**
 * The email plugin's code: Connect's email method and the EmailLogin view, logging in through
 * the embedded wallet (SPEC §4): code or device approval, then the AUTH connector connects and
 * the modal closes; and, for a visitor logged in by email, Account's 'Update email' action and
 * the UpdateEmailWallet view.
 */
export default function setupEmail(ctx: PluginContext): void {
  registerMessages(ctx, EMAIL_MESSAGES)
  const wallet = ctx.resolve(EmbeddedWalletToken)
  const connection = ctx.resolve(ConnectionStoreToken)
  const snackbar = ctx.resolve(SnackbarStoreToken)
  ctx.registerStore(
    EmailLoginStoreToken,
    new EmailLoginStore({
      auth: () => wallet.provider,
      connect: () => connectAuthAccount(connection),
      onConnected: () => ctx.kit.close(),
      codeFieldUrl: () => wallet.codeFieldUrl(),
      locale: () => ctx.resolve(I18nStoreToken).locale,
      // Its keys are the embedded wallet's (defined by it, which this plugin requires).
      storage: ctx.storage,
    }),
  )
  ctx.registerStore(
    UpdateEmailStoreToken,
    new UpdateEmailStore({
      auth: () => ({
        updateEmail: (params) => wallet.provider.updateEmail(params),
        updateEmailPrimaryOtp: () => wallet.provider.updateEmailPrimaryOtp(),
        updateEmailSecondaryOtp: () => wallet.provider.updateEmailSecondaryOtp(),
        readEmail: async () => (await wallet.provider.getUser()).email,
      }),
      codeFieldUrl: () => wallet.codeFieldUrl(),
      onUpdated: (email) => {
        snackbar.showSuccess({ key: 'email.updated', values: { email } })
        ctx.kit.back()
      },
    }),
  )
  fillSlot(ctx, ConnectMethodsToken, { id: 'email', component: EmailSection })
  fillSlot(ctx, StyleSheetsToken, { id: 'email', css: EMAIL_STYLES })
  ctx.registerView({ name: 'EmailLogin', title: 'email.title', component: lazyView(() => import('./views/EmailLoginView.js'), 'EmailLoginView') })
  ctx.registerView({
    name: 'UpdateEmailWallet',
    title: 'updateEmail.title',
    component: lazyView(() => import('./views/UpdateEmailWalletView.js'), 'UpdateEmailWalletView'),
  })

  // 'Update email' on Account while the visitor is logged in by email (not by a social account).
  const actions = ctx.resolve(AccountActionsToken)
  let removeAction: (() => void) | undefined
  const loggedInByEmail = () =>
    connection.activeAccountState?.connectedWalletInfo?.id === AUTH_CONNECTOR_ID && wallet.channel !== undefined && wallet.provider.email !== undefined
  ctx.onClose(
    reaction(
      loggedInByEmail,
      (byEmail) => {
        removeAction?.()
        removeAction = byEmail ? actions.add({ id: 'update-email', label: 'updateEmail.action', view: 'UpdateEmailWallet', order: UPDATE_EMAIL_ORDER }) : undefined
      },
      { fireImmediately: true },
    ),
  )
  ctx.onClose(() => removeAction?.())
}
