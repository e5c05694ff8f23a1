import { type PluginContext } from '../../kernel/index.js'
import { ConnectMethodsToken, EventReporterToken, fillSlot, SnackbarStoreToken, StyleSheetsToken } from '../../ui-shell/index.js'
import { ConnectionStoreToken } from '../connectors/index.js'
import { AUTH_CONNECTOR_ID, EmbeddedWalletToken } from '../embeddedWallet/index.js'
import type { SocialProvider } from '../../chains/connectors/AuthConnector.js'
import { SocialLoginStore } from './SocialLoginStore.js'
import { SocialLoginStoreToken, SocialProvidersToken } from './socialsTokens.js'
import { openSocialPopup, waitForSocialResult } from './socialPopup.js'
import { socialProvidersOf } from './socialProviders.js'
import { applyTelegramRules } from './telegramRules.js'
import { SocialSection } from './views/SocialSection.js'
import { SOCIAL_STYLES } from './views/socialStyles.js'

/**
 * The socials plugin's code: Connect's social method (SPEC §1's providers in order, SPEC §6's
 * Telegram rules), the popup flow of SPEC §4 through the embedded wallet, and its events.
 */
export default function setupSocials(ctx: PluginContext): void {
  const wallet = ctx.resolve(EmbeddedWalletToken)
  const connection = ctx.resolve(ConnectionStoreToken)
  const snackbar = ctx.resolve(SnackbarStoreToken)
  const events = ctx.resolve(EventReporterToken)
  const closing = new AbortController()
  ctx.onClose(() => closing.abort())

  ctx.registerStore(
    SocialLoginStoreToken,
    new SocialLoginStore({
      auth: () => wallet.provider,
      openPopup: () => openSocialPopup(),
      waitForResult: (popup) => waitForSocialResult({ popup, secureSiteOrigin: wallet.secureSiteOrigin, signal: closing.signal }),
      connect: () => connection.connect(AUTH_CONNECTOR_ID, { namespace: 'eip155' }),
      onConnected: () => ctx.kit.close(),
      track: (event, properties) => void events?.track(event, properties),
      showError: (message) => snackbar.showError(message),
    }),
  )
  // Farcaster is not offered yet: it signs in through its own relay, not a popup.
  const providers = (): SocialProvider[] => applyTelegramRules(socialProvidersOf(ctx.features().socials)).filter((provider) => provider !== 'farcaster')
  ctx.provide(SocialProvidersToken, providers)
  fillSlot(ctx, ConnectMethodsToken, { id: 'social', component: SocialSection })
  fillSlot(ctx, StyleSheetsToken, { id: 'socials', css: SOCIAL_STYLES })
}
