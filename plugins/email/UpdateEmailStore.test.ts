import { describe, expect, it } from 'vitest'
import { UpdateEmailStore, type EmailChange } from './UpdateEmailStore.js'

// The unit alone: the secure site's side is a stand-in that confirms both codes but keeps
// reporting `reported` (the email change's browser test runs the real secure site).
const secureSite = (reported: () => string): EmailChange => ({
  updateEmail: async () => undefined,
  updateEmailPrimaryOtp: async () => undefined,
  updateEmailSecondaryOtp: async () => ({ newEmail: 'new@latch.test' }),
  readEmail: async () => reported(),
})

const changeTo = async (store: UpdateEmailStore) => {
  store.setNewEmail('new@latch.test')
  await store.submitEmail()
  await store.submitCode('111111')
  await store.submitCode('222222')
}

describe('UpdateEmailStore', () => {
  it('finishes once the secure site reports the new address', async () => {
    const updated: string[] = []
    let polls = 0
    const store = new UpdateEmailStore({ auth: () => secureSite(() => (++polls < 3 ? 'old@latch.test' : 'new@latch.test')), onUpdated: (email) => updated.push(email), pollMs: 1 })
    await changeTo(store)
    expect(updated).toEqual(['new@latch.test'])
    expect(store.step).toBe('enterEmail')
    expect(store.error).toBeUndefined()
  })

  it("says 'Embedded Wallet Request Timed Out' when the new address never shows", async () => {
    const updated: string[] = []
    const store = new UpdateEmailStore({ auth: () => secureSite(() => 'old@latch.test'), onUpdated: (email) => updated.push(email), pollMs: 1, pollLimitMs: 20 })
    await changeTo(store)
    expect(store.error).toBe('Embedded Wallet Request Timed Out')
    expect(store.step).toBe('waiting')
    expect(updated).toEqual([])
  })
})
