import type { FrameErrorPayload } from '../../../chains/auth/frameProtocol.js'
import { codeChannelName, parseCodeFieldMessage, type CodeFieldMessage } from './codeFieldChannel.js'
import { FrameCodeNotEnteredError } from './errors.js'

/** The wallet frame's side of the code field's channel: the only way a one-time code reaches it. */
export interface CodeSource {
  /** The next code the visitor types in the secure field; FrameCodeNotEnteredError after `timeoutMs`. */
  next(timeoutMs: number): Promise<string>
  /** Tells the field the code's fate: nothing when accepted, else the refusal it shows (and it clears). */
  report(refusal?: FrameErrorPayload): void
  /** Tells an open field the frame's new locale (SYNC_LOCALE), so its words follow without a reload. */
  announceLocale(locale: string): void
}

interface Waiter {
  resolve(code: string): void
  reject(error: Error): void
  timer: ReturnType<typeof setTimeout>
}

/**
 * Codes from the secure field over a BroadcastChannel scoped to this frame's channel id. One
 * wait at a time: a newer wait ends the older (its request was abandoned by the kit). A code
 * typed while nothing waits is kept for the next wait (the kit re-issues it at once after an
 * error), and only the latest one.
 */
export class CodeInbox implements CodeSource {
  readonly #channel: BroadcastChannel
  #waiter: Waiter | undefined
  #early: string | undefined

  constructor(channelId: string) {
    this.#channel = new BroadcastChannel(codeChannelName(channelId))
    this.#channel.onmessage = (event: MessageEvent) => {
      const message = parseCodeFieldMessage(event.data)
      if (message?.type !== 'CODE') return
      const waiter = this.#waiter
      if (!waiter) return void (this.#early = message.code)
      this.#waiter = undefined
      clearTimeout(waiter.timer)
      waiter.resolve(message.code)
    }
  }

  next(timeoutMs: number): Promise<string> {
    const older = this.#waiter
    if (older) {
      clearTimeout(older.timer)
      older.reject(new FrameCodeNotEnteredError())
    }
    const early = this.#early
    this.#early = undefined
    if (early !== undefined) return Promise.resolve(early)
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          if (this.#waiter === waiter) this.#waiter = undefined
          reject(new FrameCodeNotEnteredError())
        }, timeoutMs),
      }
      this.#waiter = waiter
    })
  }

  report(refusal?: FrameErrorPayload): void {
    const result: CodeFieldMessage = refusal === undefined ? { type: 'RESULT' } : { type: 'RESULT', error: refusal.message, code: refusal.code, values: refusal.values }
    this.#channel.postMessage(result)
  }

  announceLocale(locale: string): void {
    this.#channel.postMessage({ type: 'LOCALE', locale })
  }

  /** Stops listening (the frame page lives as long as the channel; tests close it). */
  close(): void {
    this.#channel.close()
  }
}
