// @vitest-environment happy-dom
import { afterEach, expect, it, vi } from 'vitest'
import { afterFirstFrame } from './afterFirstFrame.js'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  vi.useRealTimers()
})

/** Whether `promise` has settled once pending timers and microtasks ran. */
async function settledAfterTimers(promise: Promise<void>, advanceMs: number): Promise<boolean> {
  let settled = false
  void promise.then(() => (settled = true))
  await vi.advanceTimersByTimeAsync(advanceMs)
  return settled
}

it('resolves in the task after the next frame, not before it', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout'] })
  const frames: FrameRequestCallback[] = []
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback))
  const started = afterFirstFrame()
  expect(await settledAfterTimers(started, 100)).toBe(false)
  expect(frames).toHaveLength(1)
  frames[0]!(performance.now())
  expect(await settledAfterTimers(started, 0)).toBe(true)
})

it('does not wait for a frame in a hidden tab', async () => {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
  const frame = vi.fn()
  vi.stubGlobal('requestAnimationFrame', frame)
  await afterFirstFrame()
  expect(frame).not.toHaveBeenCalled()
})

it('stops waiting for a frame once the tab is hidden (switched away right after load)', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout'] })
  vi.stubGlobal('requestAnimationFrame', () => 0)
  const started = afterFirstFrame()
  expect(await settledAfterTimers(started, 1_000)).toBe(false)
  document.dispatchEvent(new Event('visibilitychange'))
  expect(await settledAfterTimers(started, 0)).toBe(true)
})

it('waits for a slow frame, and gives up on one that never comes after 5 s (a page in an iframe not shown)', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout'] })
  vi.stubGlobal('requestAnimationFrame', () => 0)
  const started = afterFirstFrame()
  expect(await settledAfterTimers(started, 4_000)).toBe(false)
  expect(await settledAfterTimers(started, 1_000)).toBe(true)
})
