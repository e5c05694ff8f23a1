import { action, makeObservable, observable } from 'mobx'
import type { StoreText } from '../i18n/I18nStore.js'

export type SnackbarVariant = 'loading' | 'success' | 'error'

export interface SnackbarMessage {
  /** A message key, a key with values, or an error: the snackbar writes it in the visitor's language. */
  message: StoreText
  variant: SnackbarVariant
}

/** SPEC §4/§9: a message replacing an open one appears after 150 ms. */
export const SNACKBAR_SWAP_MS = 150
/** Success and error messages hide themselves; loading stays until replaced or hidden. */
export const SNACKBAR_VISIBLE_MS = 2_200

/** The snackbar's state: one message at a time, swapped with a short gap so the change reads. */
export class SnackbarStore {
  current: SnackbarMessage | undefined = undefined
  private swapTimer: ReturnType<typeof setTimeout> | undefined
  private hideTimer: ReturnType<typeof setTimeout> | undefined

  constructor() {
    makeObservable<SnackbarStore, 'setCurrent'>(this, { current: observable, setCurrent: action, hide: action })
  }

  /** Shows a message; if one is open it is hidden first and this one shows 150 ms later. */
  show(message: StoreText, variant: SnackbarVariant): void {
    this.clearTimers()
    const next = { message, variant }
    if (this.current) {
      this.hide()
      this.swapTimer = setTimeout(() => this.setCurrent(next), SNACKBAR_SWAP_MS)
    } else {
      this.setCurrent(next)
    }
  }

  showLoading(message: StoreText): void {
    this.show(message, 'loading')
  }

  showSuccess(message: StoreText): void {
    this.show(message, 'success')
  }

  showError(message: StoreText): void {
    this.show(message, 'error')
  }

  hide(): void {
    clearTimeout(this.hideTimer)
    this.current = undefined
  }

  dispose(): void {
    this.clearTimers()
  }

  private setCurrent(next: SnackbarMessage): void {
    this.current = next
    if (next.variant !== 'loading') this.hideTimer = setTimeout(() => this.hide(), SNACKBAR_VISIBLE_MS)
  }

  private clearTimers(): void {
    clearTimeout(this.swapTimer)
    clearTimeout(this.hideTimer)
  }
}
