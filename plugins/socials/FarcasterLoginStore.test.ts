import { describe, expect, it } from 'vitest'
import { FarcasterLoginStore, type FarcasterLoginDeps } from './FarcasterLoginStore.js'
import { englishOf } from '../../test/support/englishOf.js'

// The Farcaster flow's branches a browser cannot be made to show on demand (a frame that refuses,
// a URI that is not farcaster://connect). The frame is the boundary, stood in for by plain
// objects; the whole flow runs in Chromium in test/browser/farcasterLogin.test.ts.
const URL_OK = 'farcaster://connect?channelToken=t&nonce=abcdefgh12&siweUri=http%3A%2F%2F127.0.0.1%3A1&domain=127.0.0.1%3A1'

function setup(overrides: Partial<FarcasterLoginDeps> = {}, connectFarcaster: () => Promise<unknown> = async () => ({})) {
  const calls: string[] = []
  const shown: string[] = []
  const deps: FarcasterLoginDeps = {
    auth: () => ({ getFarcasterUri: async () => (calls.push('uri'), { url: URL_OK }), connectFarcaster: () => (calls.push('connectFarcaster'), connectFarcaster()) }),
    connect: async () => void calls.push('connect'),
    onConnected: () => void calls.push('closed modal'),
    reloadFrame: () => void calls.push('reload'),
    track: (event, properties) => void calls.push(`${event}:${String(properties.message ?? properties.provider)}`),
    showError: (message) => void shown.push(englishOf(message)),
    ...overrides,
  }
  return { store: new FarcasterLoginStore(deps), calls, shown }
}

describe('FarcasterLoginStore', () => {
  it('runs started → URI → CONNECT_FARCASTER → connected, with provider farcaster in every event', async () => {
    const { store, calls, shown } = setup()
    await store.connect()
    expect(calls).toEqual(['SOCIAL_LOGIN_STARTED:farcaster', 'uri', 'SOCIAL_LOGIN_REQUEST_USER_DATA:farcaster', 'connectFarcaster', 'connect', 'SOCIAL_LOGIN_SUCCESS:farcaster', 'closed modal'])
    expect(shown).toEqual([])
    expect(store.pending).toBe(false)
  })

  it("a frame that refuses is 'Failed to connect to farcaster'", async () => {
    const { store, shown, calls } = setup({}, () => Promise.reject(new Error('Embedded Wallet Request Timed Out')))
    await store.connect()
    expect(shown).toEqual(['Failed to connect to farcaster'])
    expect(calls).toContain('SOCIAL_LOGIN_ERROR:Failed to connect to farcaster')
    expect(calls).not.toContain('connect')
  })

  it('never shows a URI that is not farcaster://connect', async () => {
    const { store, shown, calls } = setup({ auth: () => ({ getFarcasterUri: async () => ({ url: 'javascript:alert(1)' }), connectFarcaster: async () => ({}) }) })
    await store.connect()
    expect(store.url).toBeUndefined()
    expect(shown).toEqual(['Failed to connect to farcaster'])
    expect(calls).not.toContain('connect')
  })

  it("leaving while waiting ends it with 'Popup closed', clears the URI and reloads the frame; a new try works", async () => {
    // The frame answers CONNECT_FARCASTER only when the test approves; `answers` are its replies.
    const approvals: Array<(value: unknown) => void> = []
    const answers: Promise<unknown>[] = []
    const { store, calls, shown } = setup({}, () => {
      const answer = new Promise((resolve) => approvals.push(resolve))
      answers.push(answer)
      return answer
    })
    const first = store.connect()
    await expect.poll(() => store.url).toBe(URL_OK)
    store.leave()
    await first
    expect(shown).toEqual(['Popup closed'])
    expect(store.url).toBeUndefined()
    expect(calls).toContain('reload')
    // The frame's late answer changes nothing, once the store had its turns to act on it.
    approvals[0]!({})
    await answers[0]
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(calls).not.toContain('connect')
    expect(calls.filter((call) => call.startsWith('SOCIAL_LOGIN_SUCCESS'))).toEqual([])
    expect(store.pending).toBe(false)
    // The store the visitor left takes a new try, to the end.
    const second = store.connect()
    await expect.poll(() => approvals.length).toBe(2)
    approvals[1]!({})
    await second
    expect(calls.filter((call) => ['connect', 'SOCIAL_LOGIN_SUCCESS:farcaster', 'closed modal'].includes(call))).toEqual([
      'connect',
      'SOCIAL_LOGIN_SUCCESS:farcaster',
      'closed modal',
    ])
    expect(shown).toEqual(['Popup closed'])
    expect(store.url).toBe(URL_OK)
  })
})
