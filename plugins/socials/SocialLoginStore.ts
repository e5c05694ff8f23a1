import { makeObservable, observable, runInAction } from 'mobx'
import { toKitError } from '../../kernel/index.js'
import type { SocialProvider } from '../../chains/connectors/AuthConnector.js'
import { PopupClosedError, SocialConnectionFailedError } from './errors/socials.js'
import type { SocialPopup } from './socialPopup.js'
import type { StoreText } from '../../ui-shell/i18n/I18nStore.js'

/** The embedded wallet's social operations (SPEC §7 'Auth provider operations'). */
export interface SocialAuth {
  getSocialRedirectUri(params: { provider: SocialProvider }): Promise<{ uri: string }>
  connectSocial(params: { uri: string; chainId?: string | number }): Promise<unknown>
}

export interface SocialLoginDeps {
  /** The embedded wallet; creating it loads the secure site's frame. */
  auth(): SocialAuth
  /** Opens the popup; called in the click's own task. */
  openPopup(): SocialPopup | undefined
  /** The popup's result from the secure site's origin (`waitForSocialResult`). */
  waitForResult(popup: SocialPopup): Promise<string>
  /** Connects the AUTH connector once the frame has the session. */
  connect(): Promise<unknown>
  onConnected(): void
  /** SPEC §4's analytics events. */
  track(event: 'SOCIAL_LOGIN_STARTED' | 'SOCIAL_LOGIN_REQUEST_USER_DATA' | 'SOCIAL_LOGIN_SUCCESS' | 'SOCIAL_LOGIN_ERROR', properties: Record<string, unknown>): void
  showError(message: StoreText): void
}

/** Runs a step; any failure becomes 'Failed to initiate social connection' unless it already says more. */
async function orFail<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (error) {
    throw error instanceof PopupClosedError || error instanceof SocialConnectionFailedError ? error : new SocialConnectionFailedError({ cause: error })
  }
}

/**
 * SPEC §4 social login: started, popup opened, redirect URI obtained, result received as a
 * message from the secure site's origin, then connected (the modal closes) or failed (the
 * visitor sees why, in SPEC §8's words). One login at a time.
 */
export class SocialLoginStore {
  /** The provider whose login is in progress. */
  pending: SocialProvider | undefined = undefined
  /** The provider answered: the kit is logging in through the embedded wallet (SPEC §8 'Authenticating...'). */
  authenticating = false
  error: string | undefined = undefined

  constructor(private readonly deps: SocialLoginDeps) {
    makeObservable(this, { pending: observable, authenticating: observable, error: observable })
  }

  /** Call from the click handler itself: the popup must open before anything is awaited. */
  async connect(provider: SocialProvider): Promise<void> {
    if (this.pending) return
    const popup = this.deps.openPopup()
    runInAction(() => {
      this.pending = provider
      this.error = undefined
    })
    this.deps.track('SOCIAL_LOGIN_STARTED', { provider })
    try {
      if (!popup) throw new PopupClosedError({ details: 'the browser blocked the popup' })
      const { uri } = await orFail(() => this.deps.auth().getSocialRedirectUri({ provider }))
      if (!/^https?:\/\//i.test(uri)) throw new SocialConnectionFailedError({ details: 'the redirect URI is not http(s)' })
      if (popup.closed) throw new PopupClosedError()
      popup.location.href = uri
      const resultUri = await this.deps.waitForResult(popup)
      runInAction(() => (this.authenticating = true))
      this.deps.track('SOCIAL_LOGIN_REQUEST_USER_DATA', { provider })
      await orFail(() => this.deps.auth().connectSocial({ uri: resultUri }))
      await this.deps.connect()
      this.deps.track('SOCIAL_LOGIN_SUCCESS', { provider })
      this.deps.onConnected()
    } catch (error) {
      const message = toKitError(error).shortMessage
      this.deps.track('SOCIAL_LOGIN_ERROR', { provider, message })
      runInAction(() => (this.error = message))
      this.deps.showError(message)
    } finally {
      if (popup && !popup.closed) popup.close()
      runInAction(() => {
        this.pending = undefined
        this.authenticating = false
      })
    }
  }
}
