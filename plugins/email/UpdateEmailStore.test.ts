import { describe, expect, it } from 'vitest'
import { UpdateEmailStore, type EmailChange } from './UpdateEmailStore.js'
import { FrameRequestError } from '../../chains/auth/errors.js'
import { englishOf } from '../../test/support/englishOf.js'

// The unit alone: the secure site's side is a stand-in that confirms both codes (as if typed in
// its field) but keeps reporting `reported` (the email change's browser test runs the real secure site).
const secureSite = (reported: () => string): EmailChange => ({
  updateEmail: async () => undefined,
  updateEmailPrimaryOtp: async () => undefined,
  updateEmailSecondaryOtp: async () => ({ newEmail: 'new@latch.test' }),
  readEmail: async () => reported(),
})

const changeTo = async (store: UpdateEmailStore) => {
  store.setNewEmail('new@latch.test')
  // Waits for both codes from the secure field, then for the new address.
  await store.submitEmail()
}
const FIELD = { codeFieldUrl: () => 'about:blank' }

describe('UpdateEmailStore', () => {
  it('finishes once the secure site reports the new address', async () => {
    const updated: string[] = []
    let polls = 0
    const store = new UpdateEmailStore({ ...FIELD, auth: () => secureSite(() => (++polls < 3 ? 'old@latch.test' : 'new@latch.test')), onUpdated: (email) => updated.push(email), pollMs: 1 })
    await changeTo(store)
    expect(updated).toEqual(['new@latch.test'])
    expect(store.step).toBe('enterEmail')
    expect(store.error).toBeUndefined()
  })

  it("says 'Embedded Wallet Request Timed Out' when the new address never shows", async () => {
    const updated: string[] = []
    const store = new UpdateEmailStore({ ...FIELD, auth: () => secureSite(() => 'old@latch.test'), onUpdated: (email) => updated.push(email), pollMs: 1, pollLimitMs: 20 })
    await changeTo(store)
    expect(englishOf(store.error!)).toBe('Embedded Wallet Request Timed Out')
    // Back on the new address, where the view shows the error: not a spinner forever.
    expect(store.step).toBe('enterEmail')
    expect(store.newEmail).toBe('new@latch.test')
    expect(store.busy).toBe(false)
    expect(updated).toEqual([])
  })

  it("shows the frame's refusal of a typed code and waits again, never taking a code itself", async () => {
    const refusals = ['Invalid code: 4 tries left']
    const shown: Array<string | undefined> = []
    const store: UpdateEmailStore = new UpdateEmailStore({
      ...FIELD,
      auth: () => ({
        ...secureSite(() => 'new@latch.test'),
        updateEmailPrimaryOtp: async (...args: unknown[]) => {
          expect(args).toEqual([])
          const refusal = refusals.shift()
          if (refusal) throw new FrameRequestError(refusal)
          shown.push(store.error && englishOf(store.error))
        },
      }),
      onUpdated: () => undefined,
      pollMs: 1,
    })
    await changeTo(store)
    expect(shown).toEqual(['Invalid code: 4 tries left'])
    expect(store.step).toBe('enterEmail')
  })

  it('stops polling once reset (the visitor left the view while waiting)', async () => {
    const updated: string[] = []
    let reads = 0
    const store: UpdateEmailStore = new UpdateEmailStore({
      ...FIELD,
      auth: () =>
        secureSite(() => {
          // The visitor leaves during the second read; the site shows the new address from the third.
          if (++reads === 2) store.reset()
          return reads >= 3 ? 'new@latch.test' : 'old@latch.test'
        }),
      onUpdated: (email) => updated.push(email),
      pollMs: 1,
    })
    await changeTo(store)
    expect(reads).toBe(2)
    expect(updated).toEqual([])
    expect(store.step).toBe('enterEmail')
  })
})
