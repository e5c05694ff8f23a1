import { reaction } from 'mobx'
import { ModalStoreToken, ViewStackToken, type PluginContext } from '../../kernel/index.js'
import { ConnectMethodsToken, EventReporterToken, fillSlot, lazyView, registerMessages, SnackbarStoreToken, StyleSheetsToken } from '../../ui-shell/plugin.js'
import { ConnectionStoreToken } from '../connectors/index.js'
import { connectAuthAccount, EmbeddedWalletToken } from '../embeddedWallet/index.js'
import { SocialLoginStore } from './SocialLoginStore.js'
import { FarcasterLoginStoreToken, SocialLoginStoreToken, SocialProvidersToken } from './socialsTokens.js'
import { FarcasterLoginStore } from './FarcasterLoginStore.js'
import { FARCASTER_STYLES } from './views/farcasterStyles.js'
import { openSocialPopup, waitForSocialResult } from './socialPopup.js'
import { socialProvidersOf } from './socialProviders.js'
import { applyTelegramRules } from './telegramRules.js'
import { SocialSection } from './views/SocialSection.js'
import { SOCIAL_STYLES } from './views/socialStyles.js'
import { SOCIALS_MESSAGES } from './locales/socialsMessages.js'

/** How long after going back the frame reloads (SPEC §9: back follow-up 100 ms). */
const BACK_FOLLOW_UP_MS = 100

declare module '../../kernel/views/ViewRegistry.js' {
  interface ViewDataMap {
    ConnectingFarcaster: undefined
  }
}

/**
 * The socials plugin's code: Connect's social method (SPEC §1's providers in order, SPEC §6's
 * Telegram rules), the popup flow of SPEC §4 through the embedded wallet, Farcaster's
 * ConnectingFarcaster view, and their events.
 */
export default function setupSocials(ctx: PluginContext): void {
  registerMessages(ctx, SOCIALS_MESSAGES)
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
      connect: () => connectAuthAccount(connection),
      onConnected: () => ctx.kit.close(),
      track: (event, properties) => void events?.track(event, properties),
      showError: (message) => snackbar.showError(message),
    }),
  )
  // Farcaster signs in through a relay, not a popup: its own store and view (SPEC §2 ConnectingFarcaster).
  // The frame reloads once the modal has gone back (SPEC §9's follow-up), so rebuilding it does not stall the view's change.
  let frameReload: ReturnType<typeof setTimeout> | undefined
  ctx.onClose(() => clearTimeout(frameReload))
  const farcaster = new FarcasterLoginStore({
    auth: () => wallet.provider,
    connect: () => connectAuthAccount(connection),
    onConnected: () => ctx.kit.close(),
    reloadFrame: () => {
      clearTimeout(frameReload)
      frameReload = setTimeout(() => wallet.channel?.reload(), BACK_FOLLOW_UP_MS)
    },
    track: (event, properties) => void events?.track(event, properties),
    showError: (message) => snackbar.showError(message),
  })
  ctx.registerStore(FarcasterLoginStoreToken, farcaster)
  // SPEC §3 account state: the Farcaster link, on the namespace being connected, while it waits on the visitor.
  ctx.onClose(reaction(() => farcaster.url, (url) => connection.patchAccountDetails(connection.activeNamespace ?? 'eip155', { farcasterUrl: url })))
  ctx.registerView({ name: 'ConnectingFarcaster', title: 'farcaster.title', styles: FARCASTER_STYLES, component: lazyView(() => import('./views/ConnectingFarcasterView.js'), 'ConnectingFarcasterView') })
  // SPEC §2: leaving ConnectingFarcaster (back, or closing the modal) unconnected ends the login.
  const stack = ctx.resolve(ViewStackToken)
  const modal = ctx.resolve(ModalStoreToken)
  ctx.onClose(
    reaction(
      () => modal.isOpen && stack.current?.view === 'ConnectingFarcaster',
      (showing, wasShowing) => {
        if (wasShowing && !showing && !connection.isConnected) farcaster.leave()
      },
    ),
  )
  const providers = () => applyTelegramRules(socialProvidersOf(ctx.features().socials))
  ctx.provide(SocialProvidersToken, providers)
  fillSlot(ctx, ConnectMethodsToken, { id: 'social', component: SocialSection })
  fillSlot(ctx, StyleSheetsToken, { id: 'socials', css: SOCIAL_STYLES })
}
