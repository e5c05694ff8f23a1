import { action, makeObservable, observable, runInAction } from 'mobx'
import { toKitError } from '../../kernel/index.js'
import type { StoreText } from '../../ui-shell/i18n/I18nStore.js'

/** What the visitor does with a passkey (issue 26): log in, add one, recover the key with it, export the key. */
export type PasskeyTask = 'login' | 'add' | 'recover' | 'export'

/** The embedded wallet's passkey requests (chains/auth AuthFrameProvider). */
export interface PasskeyAuth {
  connectPasskey(): Promise<void>
  addPasskey(): Promise<void>
  recoverWithPasskey(): Promise<unknown>
  exportPrivateKey(): Promise<void>
  readonly hasPasskey: boolean
}

export interface PasskeyStoreDeps {
  /** The embedded wallet; creating it loads the secure site's frame. */
  auth(): PasskeyAuth
  /** Connects the AUTH connector once a passkey login succeeded. */
  connect(): Promise<unknown>
  onConnected(): void
}

/**
 * One passkey task at a time and where it stands: waiting on the visitor (the frame offers the
 * secure window, which runs the passkey ceremony), done, or failed with the catalogue's sentence.
 * Also whether a signature found this device without the wallet's key share, so Account offers
 * recovery.
 */
export class PasskeyStore {
  task: PasskeyTask | undefined = undefined
  status: 'idle' | 'waiting' | 'done' | 'failed' = 'idle'
  error: StoreText | undefined = undefined
  /** A signature failed for want of this device's key share (cleared once recovered). */
  deviceShareMissing = false

  constructor(private readonly deps: PasskeyStoreDeps) {
    makeObservable(this, { task: observable, status: observable, error: observable, deviceShareMissing: observable, markDeviceShareMissing: action, reset: action, forget: action })
  }

  /** Whether a passkey protects the connected wallet. */
  get hasPasskey(): boolean {
    return this.deps.auth().hasPasskey
  }

  /** Starts `task` unless it already waits on the visitor (a view that mounts twice starts it once). */
  async start(task: PasskeyTask): Promise<void> {
    if (this.task === task && this.status === 'waiting') return
    runInAction(() => {
      this.task = task
      this.status = 'waiting'
      this.error = undefined
    })
    try {
      await this.run(task)
      runInAction(() => {
        if (task === 'recover') this.deviceShareMissing = false
        if (this.task === task) this.status = 'done'
      })
      if (task === 'login') this.deps.onConnected()
    } catch (error) {
      runInAction(() => {
        if (this.task !== task) return
        this.status = 'failed'
        // The catalogue's sentence (chains/auth passkeyErrorOf), e.g. 'Cancelled: nothing changed'.
        this.error = toKitError(error)
      })
    }
  }

  markDeviceShareMissing(): void {
    this.deviceShareMissing = true
  }

  /** Forgets everything about the wallet that was connected (it disconnected). */
  forget(): void {
    this.deviceShareMissing = false
    this.reset()
  }

  /** Forgets the last task's outcome (the view was left). */
  reset(): void {
    if (this.status === 'waiting') return
    this.task = undefined
    this.status = 'idle'
    this.error = undefined
  }

  private async run(task: PasskeyTask): Promise<void> {
    const auth = this.deps.auth()
    if (task === 'login') {
      await auth.connectPasskey()
      await this.deps.connect()
    } else if (task === 'add') await auth.addPasskey()
    else if (task === 'recover') await auth.recoverWithPasskey()
    else await auth.exportPrivateKey()
  }
}
