import { type PluginContext } from '../../kernel/index.js'
import { ConnectMethodsToken, fillSlot, lazyView, StyleSheetsToken } from '../../ui-shell/index.js'
import { ConnectionStoreToken } from '../connectors/index.js'
import { AUTH_CONNECTOR_ID, EmbeddedWalletToken } from '../embeddedWallet/index.js'
import { EmailLoginStore } from './EmailLoginStore.js'
import { EmailLoginStoreToken } from './emailTokens.js'
import { EmailSection } from './views/EmailSection.js'
import { EMAIL_STYLES } from './views/emailStyles.js'

declare module '../../kernel/views/ViewRegistry.js' {
  interface ViewDataMap {
    EmailLogin: undefined
  }
}

/**
 * The email plugin's code: Connect's email method and the EmailLogin view, logging in through
 * the embedded wallet (SPEC §4): code or device approval, then the AUTH connector connects and
 * the modal closes.
 */
export default function setupEmail(ctx: PluginContext): void {
  const wallet = ctx.resolve(EmbeddedWalletToken)
  const connection = ctx.resolve(ConnectionStoreToken)
  ctx.registerStore(
    EmailLoginStoreToken,
    new EmailLoginStore({
      auth: () => wallet.provider,
      connect: () => connection.connect(AUTH_CONNECTOR_ID, { namespace: 'eip155' }),
      onConnected: () => ctx.kit.close(),
    }),
  )
  fillSlot(ctx, ConnectMethodsToken, { id: 'email', component: EmailSection })
  fillSlot(ctx, StyleSheetsToken, { id: 'email', css: EMAIL_STYLES })
  ctx.registerView({ name: 'EmailLogin', title: 'Email', component: lazyView(() => import('./views/EmailLoginView.js'), 'EmailLoginView') })
}
