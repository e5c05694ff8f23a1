import { describe, expect, it } from 'vitest'
import { SocialLoginStore, type SocialLoginDeps } from './SocialLoginStore.js'
import { PopupClosedError } from './errors/socials.js'
import type { SocialPopup } from './socialPopup.js'
import { englishOf } from '../../test/support/englishOf.js'

// The flow's failure paths a browser cannot be made to show on demand (a blocked popup, a frame
// that refuses, a redirect that is not http(s)). The popup and the frame are the boundary, stood
// in for by plain objects; the whole flow runs in Chromium in test/browser/socialLogin.test.ts.
function setup(overrides: Partial<SocialLoginDeps> = {}) {
  const popup: SocialPopup & { closedByKit: boolean } = {
    closed: false,
    closedByKit: false,
    location: { href: 'about:blank' },
    close() {
      this.closedByKit = true
      ;(this as { closed: boolean }).closed = true
    },
  }
  const calls: string[] = []
  const shown: string[] = []
  const deps: SocialLoginDeps = {
    auth: () => ({
      getSocialRedirectUri: async ({ provider }) => (calls.push(`uri:${provider}`), { uri: 'http://127.0.0.1:1/auth?x=1' }),
      connectSocial: async ({ uri }) => void calls.push(`connectSocial:${uri}`),
    }),
    openPopup: () => popup,
    waitForResult: async () => 'http://127.0.0.1:2/social/result?token=t',
    connect: async () => void calls.push('connect'),
    onConnected: () => void calls.push('closed modal'),
    track: (event, properties) => void calls.push(`${event}:${String(properties.message ?? properties.provider)}`),
    showError: (message) => void shown.push(englishOf(message)),
    ...overrides,
  }
  return { store: new SocialLoginStore(deps), popup, calls, shown }
}

describe('SocialLoginStore', () => {
  it('runs started → redirect URI → result → CONNECT_SOCIAL → connected, sending the popup to the provider', async () => {
    // 'Authenticating…' from the provider's answer until the login through the frame ends.
    const phases: boolean[] = []
    const { store, popup, calls, shown } = setup({
      auth: () => ({
        getSocialRedirectUri: async ({ provider }) => (calls.push(`uri:${provider}`), phases.push(store.authenticating), { uri: 'http://127.0.0.1:1/auth?x=1' }),
        connectSocial: async ({ uri }) => void (calls.push(`connectSocial:${uri}`), phases.push(store.authenticating)),
      }),
    })
    await store.connect('google')
    expect(popup.location.href).toBe('http://127.0.0.1:1/auth?x=1')
    expect(calls).toEqual([
      'SOCIAL_LOGIN_STARTED:google',
      'uri:google',
      'SOCIAL_LOGIN_REQUEST_USER_DATA:google',
      'connectSocial:http://127.0.0.1:2/social/result?token=t',
      'connect',
      'SOCIAL_LOGIN_SUCCESS:google',
      'closed modal',
    ])
    expect(shown).toEqual([])
    expect(store.pending).toBeUndefined()
    expect([...phases, store.authenticating]).toEqual([false, true, false])
  })

  it("a blocked popup is 'Popup closed', and the frame is never asked", async () => {
    const { store, calls, shown } = setup({ openPopup: () => undefined })
    await store.connect('x')
    expect(calls).toEqual(['SOCIAL_LOGIN_STARTED:x', 'SOCIAL_LOGIN_ERROR:Popup closed'])
    expect(shown).toEqual(['Popup closed'])
    expect(store.error).toBe('Popup closed')
  })

  it("a frame that cannot give the redirect URI is 'Failed to initiate social connection'; the kit closes the popup", async () => {
    const { store, popup, shown } = setup({
      auth: () => ({ getSocialRedirectUri: () => Promise.reject(new Error('Embedded Wallet Request Timed Out')), connectSocial: async () => undefined }),
    })
    await store.connect('discord')
    expect(shown).toEqual(['Failed to initiate social connection'])
    expect(popup.closedByKit).toBe(true)
  })

  it('never sends the popup to a redirect that is not http(s)', async () => {
    const { store, popup, shown } = setup({
      auth: () => ({ getSocialRedirectUri: async () => ({ uri: 'javascript:alert(1)' }), connectSocial: async () => undefined }),
    })
    await store.connect('github')
    expect(popup.location.href).toBe('about:blank')
    expect(shown).toEqual(['Failed to initiate social connection'])
  })

  it('keeps the popup error as is, and allows one login at a time', async () => {
    const { store, calls, shown } = setup({ waitForResult: () => Promise.reject(new PopupClosedError()) })
    const first = store.connect('apple')
    expect(store.pending).toBe('apple')
    // A second click while the first popup is open starts nothing.
    await store.connect('facebook')
    await first
    expect(calls.filter((call) => call.startsWith('SOCIAL_LOGIN_STARTED'))).toEqual(['SOCIAL_LOGIN_STARTED:apple'])
    expect(shown).toEqual(['Popup closed'])
  })
})
