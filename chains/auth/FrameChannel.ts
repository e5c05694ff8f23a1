import { makeObservable, observable, runInAction } from 'mobx'
import { FrameDependencyLoadError, FrameLoadError, FrameNotSetError, FrameRequestAbortedError, FrameRequestError, FrameRequestTimeoutError, SessionExpiredError } from './errors.js'
import { CODE_CHANNEL_PARAM, codeFieldUrl } from './codeFieldUrl.js'
import { LOCALE_PARAM } from './frameLocaleParam.js'
import { refusalValuesOf } from './refusalValues.js'
import {
  APP_PREFIX,
  FRAME_LOAD_FAILED,
  FRAME_READY,
  FRAME_SESSION_UPDATE,
  parseFrameMessage,
  replyOf,
  type AppRequestMap,
  type AppRequestType,
  type FrameResultMap,
} from './frameProtocol.js'

/** SPEC §2: the frame's element id and window name. */
export const FRAME_ID = 'w3m-iframe'
export const FRAME_NAME = 'w3m-secure-iframe'

/** SPEC §9: how long a request waits for the frame to load. */
const LOAD_WAIT_MS = 20_000
/** SPEC §9: the frame counts as ready this long after it says so (its own start-up settles). */
const READY_DELAY_MS = 500
/** SPEC §9: the connect steps may wait on the visitor (reading a mail, a popup). */
const CONNECT_TIMEOUT_MS = 120_000
/** A plain request the frame answers by itself. */
const REQUEST_TIMEOUT_MS = 20_000
const CONNECT_REQUESTS = new Set<AppRequestType>([
  'CONNECT_EMAIL',
  'CONNECT_DEVICE',
  'CONNECT_OTP',
  'CONNECT_SOCIAL',
  'GET_SOCIAL_REDIRECT_URI',
  'CONNECT_FARCASTER',
  // These wait for the visitor to type a code in the secure field, like CONNECT_OTP.
  'UPDATE_EMAIL_PRIMARY_OTP',
  'UPDATE_EMAIL_SECONDARY_OTP',
  // These wait for the visitor's click in the frame and the passkey ceremony in the secure window.
  'ADD_PASSKEY',
  'RECOVER_WITH_PASSKEY',
  'EXPORT_PRIVATE_KEY',
  'CONNECT_PASSKEY',
])
/** SPEC §9: these wait for the frame without the load deadline: they only sync settings. */
const UNHURRIED_REQUESTS = new Set<AppRequestType>(['SYNC_THEME', 'SYNC_DAPP_DATA', 'SYNC_LOCALE', 'SET_PREFERRED_ACCOUNT'])
/** The frame's message for a refused session token, as the secure site sends it. */
const SESSION_EXPIRED = 'Session Expired'

export interface FrameChannelOptions {
  /** The secure site, on its own origin: every message is checked against that origin. */
  secureSiteUrl: string
  projectId: string
  chainId?: string | number
  version: string
  enableLogger?: boolean
  /** The kit's language when the frame loads: its cards, windows and emails follow it. */
  locale?: () => string
  /** SPEC §8: iframe_load_failed and iframe_request_timeout are reported. */
  onEvent?(event: 'iframe_load_failed' | 'iframe_request_timeout', properties: { type?: string }): void
  /** The secure site refused the visitor's session token (SPEC §8 alert 'Session Expired'). */
  onSessionExpired?(): void
  /** The frame's session changed (a token while signed in, null once signed out). */
  onSessionUpdate?(token: string | null): void
  /** Where the frame goes; defaults to the page's body. The kit puts it in its modal's top layer. */
  mount?(frame: HTMLIFrameElement): void
  /** For tests on a slow machine: the SPEC waits, shortened. */
  timing?: { loadWaitMs?: number; readyDelayMs?: number; connectTimeoutMs?: number; requestTimeoutMs?: number }
}

interface Pending {
  type: AppRequestType
  resolve(value: unknown): void
  reject(error: Error): void
  timer: ReturnType<typeof setTimeout> | undefined
}

/** A request waiting for the frame's READY; its load deadline, if any, is `timer`. */
interface Waiter {
  resolve(): void
  reject(error: Error): void
  timer: ReturnType<typeof setTimeout> | undefined
}

/**
 * The hidden full-window frame of the secure site and its messages (SPEC §2, §7). It accepts a
 * message only from the frame's own window and the secure site's origin, with the frame prefix,
 * and only as a reply to a request it made or as READY / SESSION_UPDATE; anything else is dropped.
 * Requests are posted to that exact origin, never '*'.
 */
export class FrameChannel {
  /** 'loading' until READY (+500 ms); 'failed' once a request gave up waiting for it. */
  status: 'loading' | 'ready' | 'failed' = 'loading'
  private frame: HTMLIFrameElement | undefined
  private readonly origin: string
  private readonly pending = new Map<string, Pending>()
  private readonly waiters = new Set<Waiter>()
  private readyTimer: ReturnType<typeof setTimeout> | undefined
  private disposed = false
  /** The frame said it cannot load its logins' dependency (LOAD_FAILED): requests fail at once until a reload. */
  private loadFailed = false
  /**
   * Names the channel between this frame and the secure code field (issue 26). Not a secret:
   * it only keeps two frames' codes apart; the code itself never passes through this page.
   */
  readonly codeChannel = crypto.randomUUID()

  constructor(private readonly options: FrameChannelOptions) {
    this.origin = new URL(options.secureSiteUrl).origin
    makeObservable(this, { status: observable })
    window.addEventListener('message', this.onMessage)
    this.frame = this.createFrame()
  }

  /** The frame element, for the view that shows it (ApproveTransaction). */
  get element(): HTMLIFrameElement | undefined {
    return this.frame
  }

  /**
   * Sends a request and waits for its reply.
   *
   * @throws FrameLoadError when the frame is not ready within 20 s; FrameRequestTimeoutError when
   * the reply does not come in time; SessionExpiredError; FrameRequestError with the frame's message;
   * FrameRequestAbortedError when the frame reloads before the reply; FrameNotSetError once disposed
   */
  async request<T extends AppRequestType>(type: T, payload?: AppRequestMap[T]): Promise<FrameResultMap[T]> {
    if (this.disposed) throw new FrameNotSetError()
    await this.whenReady(type)
    const frameWindow = this.frame?.contentWindow
    if (!frameWindow) throw new FrameNotSetError()
    const id = crypto.randomUUID()
    const timing = this.options.timing ?? {}
    // RPC requests wait on the visitor's approval in the frame: no deadline of ours.
    const timeoutMs = type === 'RPC_REQUEST' ? undefined : CONNECT_REQUESTS.has(type) ? (timing.connectTimeoutMs ?? CONNECT_TIMEOUT_MS) : (timing.requestTimeoutMs ?? REQUEST_TIMEOUT_MS)
    return new Promise<FrameResultMap[T]>((resolve, reject) => {
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(() => {
              this.pending.delete(id)
              this.options.onEvent?.('iframe_request_timeout', { type })
              reject(new FrameRequestTimeoutError({ details: type }))
            }, timeoutMs)
      this.pending.set(id, { type, resolve: resolve as (value: unknown) => void, reject, timer })
      frameWindow.postMessage({ type: `${APP_PREFIX}${type}`, id, ...(payload === undefined ? {} : { payload }) }, this.origin)
    })
  }

  /** The secure code field's URL for this frame, themed like the modal, in the kit's locale. */
  codeFieldUrl(theme: { themeMode?: 'dark' | 'light'; accent?: string } = {}): string {
    return codeFieldUrl({ secureSiteUrl: this.options.secureSiteUrl, projectId: this.options.projectId, codeChannel: this.codeChannel, locale: this.options.locale?.(), ...theme })
  }

  /** Shows the frame over `rect` (the modal's body), for the visitor to approve a request in it. */
  show(rect: { top: number; left: number; width: number; height: number }): void {
    if (!this.frame) return
    Object.assign(this.frame.style, { display: 'block', top: `${rect.top}px`, left: `${rect.left}px`, width: `${rect.width}px`, height: `${rect.height}px` })
  }

  hide(): void {
    if (this.frame) this.frame.style.display = 'none'
  }

  /**
   * Reloads the frame (SPEC: after a failed load, or a social login's redirect). The new frame
   * never answers the old one's requests, so they end now as aborted, without a timeout event;
   * requests still waiting for READY go on waiting, for the new frame.
   */
  reload(): void {
    if (this.disposed) return
    this.frame?.remove()
    clearTimeout(this.readyTimer)
    this.rejectPending(() => new FrameRequestAbortedError())
    this.loadFailed = false
    runInAction(() => (this.status = 'loading'))
    this.frame = this.createFrame()
  }

  /** Removes the frame; every request, sent or still waiting for READY, ends with FrameNotSetError. */
  dispose(): void {
    this.disposed = true
    window.removeEventListener('message', this.onMessage)
    clearTimeout(this.readyTimer)
    this.rejectPending(() => new FrameNotSetError())
    for (const waiter of [...this.waiters]) {
      clearTimeout(waiter.timer)
      this.waiters.delete(waiter)
      waiter.reject(new FrameNotSetError())
    }
    this.frame?.remove()
    this.frame = undefined
  }

  private rejectPending(error: () => Error): void {
    for (const [id, entry] of this.pending) {
      clearTimeout(entry.timer)
      this.pending.delete(id)
      entry.reject(error())
    }
  }

  private createFrame(): HTMLIFrameElement {
    const frame = document.createElement('iframe')
    frame.id = FRAME_ID
    frame.name = FRAME_NAME
    frame.title = 'Embedded wallet'
    const url = new URL(this.options.secureSiteUrl)
    url.searchParams.set('projectId', this.options.projectId)
    if (this.options.chainId !== undefined) url.searchParams.set('chainId', String(this.options.chainId))
    url.searchParams.set('version', this.options.version)
    url.searchParams.set('enableLogger', String(this.options.enableLogger ?? false))
    url.searchParams.set(CODE_CHANNEL_PARAM, this.codeChannel)
    const locale = this.options.locale?.()
    if (locale) url.searchParams.set(LOCALE_PARAM, locale)
    frame.src = url.toString()
    Object.assign(frame.style, { position: 'fixed', border: '0', display: 'none', zIndex: '2147483647', colorScheme: 'normal', background: 'transparent' })
    if (this.options.mount) this.options.mount(frame)
    else document.body.appendChild(frame)
    return frame
  }

  private whenReady(type: AppRequestType): Promise<void> {
    if (this.status === 'ready') return Promise.resolve()
    if (this.loadFailed) return Promise.reject(new FrameDependencyLoadError())
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, timer: undefined }
      if (!UNHURRIED_REQUESTS.has(type)) {
        waiter.timer = setTimeout(() => {
          this.waiters.delete(waiter)
          runInAction(() => (this.status = 'failed'))
          this.options.onEvent?.('iframe_load_failed', { type })
          reject(new FrameLoadError())
        }, this.options.timing?.loadWaitMs ?? LOAD_WAIT_MS)
      }
      this.waiters.add(waiter)
    })
  }

  private readonly onMessage = (event: MessageEvent) => {
    // Only the frame we created, on the secure site's origin: another window or origin is ignored.
    if (!this.frame || event.source !== this.frame.contentWindow || event.origin !== this.origin) return
    const message = parseFrameMessage(event.data)
    if (!message) return
    if (message.type === FRAME_READY) {
      clearTimeout(this.readyTimer)
      this.readyTimer = setTimeout(() => {
        runInAction(() => (this.status = 'ready'))
        for (const waiter of [...this.waiters]) {
          clearTimeout(waiter.timer)
          this.waiters.delete(waiter)
          waiter.resolve()
        }
      }, this.options.timing?.readyDelayMs ?? READY_DELAY_MS)
      return
    }
    if (message.type === FRAME_LOAD_FAILED) {
      // It will never be READY: what waits for it ends now, not at the 20 s deadline.
      clearTimeout(this.readyTimer)
      runInAction(() => (this.status = 'failed'))
      for (const waiter of [...this.waiters]) {
        clearTimeout(waiter.timer)
        this.waiters.delete(waiter)
        waiter.reject(new FrameDependencyLoadError())
      }
      this.loadFailed = true
      this.options.onEvent?.('iframe_load_failed', {})
      return
    }
    if (message.type === FRAME_SESSION_UPDATE) {
      const token = (message.payload as { token?: unknown } | undefined)?.token
      this.options.onSessionUpdate?.(typeof token === 'string' ? token : null)
      return
    }
    const reply = replyOf(message.type)
    const entry = message.id === undefined ? undefined : this.pending.get(message.id)
    // A reply must answer a request of ours, of the type it names.
    if (!reply || !entry || entry.type !== reply.request) return
    this.pending.delete(message.id!)
    clearTimeout(entry.timer)
    if (reply.ok) return entry.resolve(message.payload)
    const { message: text, code, values } = (message.payload ?? {}) as { message?: unknown; code?: unknown; values?: unknown }
    const messageText = typeof text === 'string' ? text.slice(0, 300) : ''
    const frameCode = typeof code === 'string' && /^[A-Z0-9_]{1,60}$/.test(code) ? code : undefined
    const numbers = refusalValuesOf(values)
    if (messageText !== SESSION_EXPIRED) return entry.reject(new FrameRequestError(messageText, { ...(frameCode ? { frameCode } : {}), ...(numbers ? { values: numbers } : {}) }))
    this.options.onSessionExpired?.()
    entry.reject(new SessionExpiredError())
  }
}
