// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AuthFrameProvider } from './AuthFrameProvider.js'
import { FrameDependencyLoadError, FrameLoadError, FrameNotSetError, FrameRequestAbortedError, FrameRequestTimeoutError } from './errors.js'
import { FrameChannel } from './FrameChannel.js'

const SECURE_SITE = 'https://secure.example'
const CONNECT_TIMEOUT_MS = 120_000
const LOAD_WAIT_MS = 20_000
const READY_DELAY_MS = 500

/**
 * Stands in for the secure site's window inside the frame: happy-dom loads no cross-origin page
 * (the browser tests run the real secure site). It records what the kit posts to it.
 */
function fakeSecureSiteWindow() {
  return { posted: [] as Array<{ type: string; id: string }>, postMessage(message: { type: string; id: string }) { this.posted.push(message) } }
}

let frames: Array<ReturnType<typeof fakeSecureSiteWindow>>
let events: Array<{ event: string; type?: string }>
let channel: FrameChannel

function createChannel(): FrameChannel {
  return new FrameChannel({
    secureSiteUrl: `${SECURE_SITE}/frame`,
    projectId: 'p',
    version: 'test',
    onEvent: (event, properties) => events.push({ event, ...properties }),
    mount(frame) {
      const frameWindow = fakeSecureSiteWindow()
      frames.push(frameWindow)
      Object.defineProperty(frame, 'contentWindow', { value: frameWindow })
    },
  })
}

/** The current frame says READY; the channel counts as ready READY_DELAY_MS later. */
async function frameReady(): Promise<void> {
  const source = frames.at(-1) as unknown as Window
  window.dispatchEvent(new MessageEvent('message', { data: { type: '@w3m-frame/READY' }, origin: SECURE_SITE, source }))
  await vi.advanceTimersByTimeAsync(READY_DELAY_MS)
  expect(channel.status).toBe('ready')
}

/** Settles the promise into an observable outcome without an unhandled rejection. */
function outcomeOf<T>(promise: Promise<T>) {
  const outcome: { value?: T; error?: unknown; settled: boolean } = { settled: false }
  promise.then(
    (value) => Object.assign(outcome, { value, settled: true }),
    (error: unknown) => Object.assign(outcome, { error, settled: true }),
  )
  return outcome
}

beforeEach(() => {
  vi.useFakeTimers()
  frames = []
  events = []
  channel = createChannel()
})

afterEach(() => {
  channel.dispose()
  vi.useRealTimers()
})

describe('FrameChannel reload', () => {
  it('times out an unanswered connect step after 120 s when nothing reloads it (the deadline the reload must cancel)', async () => {
    await frameReady()
    const farcaster = outcomeOf(channel.request('CONNECT_FARCASTER'))
    await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS)
    expect(farcaster.error).toBeInstanceOf(FrameRequestTimeoutError)
    expect(events).toEqual([{ event: 'iframe_request_timeout', type: 'CONNECT_FARCASTER' }])
  })

  it('ends a pending connect step as "Request was aborted" and never reports its timeout', async () => {
    await frameReady()
    const farcaster = outcomeOf(channel.request('CONNECT_FARCASTER'))
    await vi.advanceTimersByTimeAsync(0)
    expect(frames[0]!.posted.map((message) => message.type)).toEqual(['@w3m-app/CONNECT_FARCASTER'])

    channel.reload()
    await vi.advanceTimersByTimeAsync(0)
    expect(farcaster.error).toBeInstanceOf(FrameRequestAbortedError)
    expect((farcaster.error as Error & { shortMessage: string }).shortMessage).toBe('Request was aborted')

    await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS * 2)
    expect(events).toEqual([])
    expect(vi.getTimerCount()).toBe(0)
  })

  it('ends a pending RPC request (no deadline of its own), so the approval it waited on settles', async () => {
    await frameReady()
    const settled: string[] = []
    const provider = new AuthFrameProvider(channel, { onApprovalSettled: (outcome) => settled.push(outcome) }, { chainId: 31337 })
    const signing = outcomeOf(provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', '0x0000000000000000000000000000000000000001'] }))
    await vi.advanceTimersByTimeAsync(0)
    expect(frames[0]!.posted.map((message) => message.type)).toEqual(['@w3m-app/RPC_REQUEST'])
    expect(signing.settled).toBe(false)

    channel.reload()
    await vi.advanceTimersByTimeAsync(0)
    expect(signing.error).toBeInstanceOf(FrameRequestAbortedError)
    expect(settled).toEqual(['refused'])
  })

  it('lets requests waiting for READY go on to the new frame', async () => {
    const user = outcomeOf(channel.request('IS_CONNECTED'))
    channel.reload()
    await frameReady()
    expect(frames).toHaveLength(2)
    const [request] = frames[1]!.posted
    expect(request?.type).toBe('@w3m-app/IS_CONNECTED')
    window.dispatchEvent(new MessageEvent('message', { data: { type: '@w3m-frame/IS_CONNECTED_SUCCESS', id: request!.id, payload: { isConnected: true } }, origin: SECURE_SITE, source: frames[1] as unknown as Window }))
    await vi.advanceTimersByTimeAsync(0)
    expect(user.value).toEqual({ isConnected: true })
  })
})

describe('FrameChannel dispose', () => {
  it('fails a request still waiting for READY after 20 s while the kit lives (the deadline dispose must cancel)', async () => {
    const user = outcomeOf(channel.request('GET_USER', {}))
    await vi.advanceTimersByTimeAsync(LOAD_WAIT_MS)
    expect(user.error).toBeInstanceOf(FrameLoadError)
    expect(channel.status).toBe('failed')
    expect(events).toEqual([{ event: 'iframe_load_failed', type: 'GET_USER' }])
  })

  it('rejects every request waiting for READY, with or without a deadline, and reports nothing afterwards', async () => {
    const user = outcomeOf(channel.request('GET_USER', {}))
    const theme = outcomeOf(channel.request('SYNC_THEME', { themeMode: 'dark' }))
    const dapp = outcomeOf(channel.request('SYNC_DAPP_DATA', { projectId: 'p', sdkVersion: 'test', sdkType: 'latch' }))
    const account = outcomeOf(channel.request('SET_PREFERRED_ACCOUNT', { type: 'eoa' }))
    await vi.advanceTimersByTimeAsync(0)

    channel.dispose()
    await vi.advanceTimersByTimeAsync(0)
    for (const outcome of [user, theme, dapp, account]) expect(outcome.error).toBeInstanceOf(FrameNotSetError)

    await vi.advanceTimersByTimeAsync(LOAD_WAIT_MS * 2)
    expect(events).toEqual([])
    expect(channel.status).toBe('loading')
    expect(vi.getTimerCount()).toBe(0)
  })

  it('refuses a request made after dispose at once, and a reload no longer makes a frame', async () => {
    channel.dispose()
    await expect(channel.request('IS_CONNECTED')).rejects.toBeInstanceOf(FrameNotSetError)
    channel.reload()
    expect(channel.element).toBeUndefined()
    expect(frames).toHaveLength(1)
  })
})

describe('FrameChannel code field', () => {
  it("names one channel in the frame's URL and the code field's, on the secure site's origin", () => {
    const frame = channel.element!
    const channelId = new URL(frame.src).searchParams.get('codeChannel')
    expect(channelId).toBe(channel.codeChannel)
    const field = new URL(channel.codeFieldUrl({ themeMode: 'light', accent: '#ff0000' }))
    expect(field.origin).toBe(SECURE_SITE)
    expect(field.pathname).toBe('/code-field')
    expect(Object.fromEntries(field.searchParams)).toEqual({ projectId: 'p', codeChannel: channelId, theme: 'light', accent: '#ff0000' })
    // Another kit's frame gets another channel: codes typed for one never reach the other.
    expect(createChannel().codeChannel).not.toBe(channelId)
  })

  it('gives the code waits the connect deadline of 120 s, as the visitor reads a mail', async () => {
    await frameReady()
    const waits = (['CONNECT_OTP', 'UPDATE_EMAIL_PRIMARY_OTP', 'UPDATE_EMAIL_SECONDARY_OTP'] as const).map((type) => outcomeOf(channel.request(type)))
    await vi.advanceTimersByTimeAsync(0)
    expect(frames.at(-1)!.posted.map((message) => [message.type, 'payload' in message])).toEqual([
      ['@w3m-app/CONNECT_OTP', false],
      ['@w3m-app/UPDATE_EMAIL_PRIMARY_OTP', false],
      ['@w3m-app/UPDATE_EMAIL_SECONDARY_OTP', false],
    ])
    await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS - 1)
    expect(waits.map((wait) => wait.settled)).toEqual([false, false, false])
    await vi.advanceTimersByTimeAsync(1)
    expect(waits.map((wait) => wait.error)).toEqual([expect.any(FrameRequestTimeoutError), expect.any(FrameRequestTimeoutError), expect.any(FrameRequestTimeoutError)])
  })
})

describe('FrameChannel errors of SPEC §8', () => {
  const fromFrame = (data: unknown) => window.dispatchEvent(new MessageEvent('message', { data, origin: SECURE_SITE, source: frames.at(-1) as unknown as Window }))

  it("gives a frame error that says nothing the text 'An error occurred', and keeps the frame's own words otherwise", async () => {
    await frameReady()
    const silent = outcomeOf(channel.request('IS_CONNECTED'))
    const worded = outcomeOf(channel.request('GET_CHAIN_ID'))
    await vi.advanceTimersByTimeAsync(0)
    const [first, second] = frames[0]!.posted
    fromFrame({ type: '@w3m-frame/IS_CONNECTED_ERROR', id: first!.id, payload: {} })
    fromFrame({ type: '@w3m-frame/GET_CHAIN_ID_ERROR', id: second!.id, payload: { message: 'Something went wrong' } })
    await vi.advanceTimersByTimeAsync(0)
    expect((silent.error as Error & { shortMessage: string }).shortMessage).toBe('An error occurred')
    expect((worded.error as Error & { shortMessage: string }).shortMessage).toBe('Something went wrong')
  })

  it("ends what waits for READY at once with 'Unable to load email login dependency' when the frame says LOAD_FAILED, until a reload", async () => {
    const user = outcomeOf(channel.request('GET_USER', {}))
    fromFrame({ type: '@w3m-frame/LOAD_FAILED' })
    await vi.advanceTimersByTimeAsync(0)
    expect(user.error).toBeInstanceOf(FrameDependencyLoadError)
    expect((user.error as Error & { shortMessage: string }).shortMessage).toBe('Unable to load email login dependency')
    expect(channel.status).toBe('failed')
    expect(events).toEqual([{ event: 'iframe_load_failed' }])
    const later = outcomeOf(channel.request('IS_CONNECTED'))
    await vi.advanceTimersByTimeAsync(0)
    expect(later.error).toBeInstanceOf(FrameDependencyLoadError)
    // A reload tries again: the new frame's READY lets requests through.
    channel.reload()
    const retried = outcomeOf(channel.request('IS_CONNECTED'))
    await frameReady()
    expect(frames.at(-1)!.posted.map((message) => message.type)).toEqual(['@w3m-app/IS_CONNECTED'])
    expect(retried.settled).toBe(false)
  })
})
