import { describe, expect, it } from 'vitest'
import { PasskeyStore, type PasskeyAuth } from './PasskeyStore.js'
import { FrameRequestError } from '../../chains/auth/errors.js'
import { passkeyErrorOf } from '../../chains/auth/passkeyErrorOf.js'

// The unit alone: the frame's passkey requests are stand-ins (the real path, with the secure
// window and Chromium's virtual authenticator, runs in test/browser/passkeyModal.test.ts).
function storeWith(answer: () => Promise<void>) {
  const connected: string[] = []
  let calls = 0
  const auth: PasskeyAuth = {
    connectPasskey: async () => (calls++, answer()),
    addPasskey: async () => (calls++, answer()),
    recoverWithPasskey: async () => (calls++, answer()),
    exportPrivateKey: async () => (calls++, answer()),
    hasPasskey: false,
  }
  const store = new PasskeyStore({ auth: () => auth, connect: async () => connected.push('connect'), onConnected: () => connected.push('closed') })
  return { store, connected, calls: () => calls }
}

describe('PasskeyStore', () => {
  it('logs in with a passkey, then connects and closes the modal', async () => {
    const { store, connected } = storeWith(async () => undefined)
    await store.start('login')
    expect(store.status).toBe('done')
    expect(connected).toEqual(['connect', 'closed'])
  })

  it('starts a task once while it waits on the visitor (a view mounted twice)', async () => {
    let finish!: () => void
    const { store, calls } = storeWith(() => new Promise<void>((resolve) => (finish = resolve)))
    const first = store.start('add')
    void store.start('add')
    expect(calls()).toBe(1)
    expect(store.status).toBe('waiting')
    finish()
    await first
    expect(store.status).toBe('done')
  })

  it('shows the catalogue’s sentence for a refusal, and recovery clears the missing share', async () => {
    const { store } = storeWith(async () => {
      throw passkeyErrorOf(new FrameRequestError("This wallet's recovery share is not sealed by a passkey", { frameCode: 'NO_PASSKEY' }))
    })
    store.markDeviceShareMissing()
    await store.start('recover')
    expect(store).toMatchObject({ status: 'failed', error: { shortMessage: 'This wallet has no passkey: add one from Account on the device you used first' }, deviceShareMissing: true })
    const recovered = storeWith(async () => undefined).store
    recovered.markDeviceShareMissing()
    await recovered.start('recover')
    expect(recovered.deviceShareMissing).toBe(false)
  })
})
