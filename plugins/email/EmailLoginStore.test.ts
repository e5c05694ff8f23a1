import { describe, expect, it } from 'vitest'
import { EmailLoginStore } from './EmailLoginStore.js'
import { FrameNotSetError, FrameRequestError } from '../../chains/auth/errors.js'
import { CODE_NOT_ENTERED_MESSAGE } from '../../chains/auth/frameProtocol.js'
import { englishOf } from '../../test/support/englishOf.js'

// The unit alone: the frame is a stand-in whose code waits end as the test scripts them (the
// visitor types in the secure field; the real path runs in test/security/secureCodeField.test.ts).
function storeWith(waits: Array<() => Promise<unknown>>) {
  const calls: unknown[][] = []
  const connected: string[] = []
  const errorsSeen: Array<string | undefined> = []
  const store: EmailLoginStore = new EmailLoginStore({
    auth: () => ({
      connectEmail: async () => ({ action: 'VERIFY_OTP' as const }),
      connectDevice: async () => undefined,
      connectOtp: async (...args: unknown[]) => {
        calls.push(args)
        errorsSeen.push(store.error && englishOf(store.error))
        return (waits.shift() ?? (() => new Promise(() => undefined)))()
      },
    }),
    connect: async () => undefined,
    onConnected: () => connected.push(store.email),
    codeFieldUrl: () => 'about:blank',
  })
  store.setEmail('visitor@latch.test')
  return { store, calls, connected, errorsSeen }
}

describe('EmailLoginStore', () => {
  it('waits for the secure field, shows a refusal while it waits again, and connects once a code is accepted', async () => {
    const { store, calls, connected, errorsSeen } = storeWith([
      async () => Promise.reject(new FrameRequestError(CODE_NOT_ENTERED_MESSAGE)),
      async () => Promise.reject(new FrameRequestError('Invalid code: 4 tries left')),
      async () => undefined,
    ])
    await store.submitEmail()
    await expect.poll(() => connected).toEqual(['visitor@latch.test'])
    // The page never passes a code: each wait is asked for with nothing.
    expect(calls).toEqual([[], [], []])
    // A wait with nothing typed is asked again quietly; the refusal shows during the next wait.
    expect(errorsSeen).toEqual([undefined, undefined, 'Invalid code: 4 tries left'])
    expect(store.step).toBe('enterEmail')
  })

  it('stops waiting when the frame is gone, with its error on the code step', async () => {
    const { store, connected } = storeWith([async () => Promise.reject(new FrameNotSetError())])
    await store.submitEmail()
    await expect.poll(() => store.error && englishOf(store.error)).toBe(new FrameNotSetError().shortMessage)
    expect(store.step).toBe('verifyOtp')
    expect(connected).toEqual([])
  })
})
