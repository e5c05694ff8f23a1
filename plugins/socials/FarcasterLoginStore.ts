import { makeObservable, observable, runInAction } from 'mobx'
import { toKitError } from '../../kernel/index.js'
import { FarcasterConnectionFailedError, PopupClosedError } from './errors/socials.js'
import type { StoreText } from '../../ui-shell/i18n/I18nStore.js'

/** The embedded wallet's Farcaster operations (SPEC §7). */
export interface FarcasterAuth {
  getFarcasterUri(): Promise<{ url: string }>
  connectFarcaster(): Promise<unknown>
}

export interface FarcasterLoginDeps {
  auth(): FarcasterAuth
  /** Connects the AUTH connector once the frame has the session. */
  connect(): Promise<unknown>
  onConnected(): void
  /** Reloads the embedded wallet's frame (SPEC §2: leaving ConnectingFarcaster unconnected). */
  reloadFrame(): void
  track(event: 'SOCIAL_LOGIN_STARTED' | 'SOCIAL_LOGIN_REQUEST_USER_DATA' | 'SOCIAL_LOGIN_SUCCESS' | 'SOCIAL_LOGIN_ERROR', properties: Record<string, unknown>): void
  showError(message: StoreText): void
}

const PROVIDER = 'farcaster'
/** The only link the view offers: the Farcaster client's registered scheme. */
const FARCASTER_URL = /^farcaster:\/\/connect\?/

/**
 * SPEC §4 Farcaster login: the frame's `farcaster://connect` URI (shown as a QR code and a link),
 * then the frame waits until the visitor approves in their Farcaster client, then the AUTH
 * connector connects and the modal closes. Closing the modal while waiting ends it with 'Popup
 * closed'; leaving the view unconnected clears the URI and reloads the frame (SPEC §2).
 */
export class FarcasterLoginStore {
  url: string | undefined = undefined
  pending = false
  error: string | undefined = undefined
  #cancel: ((error: Error) => void) | undefined

  constructor(private readonly deps: FarcasterLoginDeps) {
    makeObservable(this, { url: observable, pending: observable, error: observable })
  }

  async connect(): Promise<void> {
    if (this.pending) return
    const cancelled = new Promise<never>((_, reject) => (this.#cancel = reject))
    cancelled.catch(() => undefined)
    const orCancel = <T>(step: Promise<T>) => Promise.race([step, cancelled])
    runInAction(() => {
      this.pending = true
      this.error = undefined
      this.url = undefined
    })
    this.deps.track('SOCIAL_LOGIN_STARTED', { provider: PROVIDER })
    try {
      const { url } = await orCancel(orFail(() => this.deps.auth().getFarcasterUri()))
      if (!FARCASTER_URL.test(url)) throw new FarcasterConnectionFailedError({ details: 'the URI is not farcaster://connect' })
      runInAction(() => (this.url = url))
      this.deps.track('SOCIAL_LOGIN_REQUEST_USER_DATA', { provider: PROVIDER })
      await orCancel(orFail(() => this.deps.auth().connectFarcaster()))
      await orCancel(this.deps.connect())
      this.deps.track('SOCIAL_LOGIN_SUCCESS', { provider: PROVIDER })
      this.deps.onConnected()
    } catch (error) {
      const message = toKitError(error).shortMessage
      this.deps.track('SOCIAL_LOGIN_ERROR', { provider: PROVIDER, message })
      runInAction(() => (this.error = message))
      this.deps.showError(message)
    } finally {
      this.#cancel = undefined
      runInAction(() => (this.pending = false))
    }
  }

  /**
   * The visitor left ConnectingFarcaster (back, or the modal closed) without connecting: the
   * wait ends with 'Popup closed', the URI is dropped, and the frame reloads so its half-done
   * login (and its polling) is gone.
   */
  leave(): void {
    this.#cancel?.(new PopupClosedError({ details: 'the modal closed' }))
    runInAction(() => (this.url = undefined))
    this.deps.reloadFrame()
  }
}

async function orFail<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (error) {
    throw error instanceof PopupClosedError || error instanceof FarcasterConnectionFailedError ? error : new FarcasterConnectionFailedError({ cause: error })
  }
}
