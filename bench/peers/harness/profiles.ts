/** How an app is loaded and opened: the device the visitor holds. */
export interface LoadProfile {
  id: 'desktop' | 'phone'
  viewport: { width: number; height: number }
  /** A phone's touch screen and mobile viewport; the modal is opened by a tap instead of a click. */
  touch: boolean
  /** CDP `Emulation.setCPUThrottlingRate`: 4 is a mid-range phone's main thread against this machine's. */
  cpuThrottle: number
  /** How long after the load event the page is left alone before the heap is read and the button pressed. */
  settleAfterLoadMs: number
}

/** The desktop profile, as every run before issue 32 measured. */
export const DESKTOP: LoadProfile = { id: 'desktop', viewport: { width: 1280, height: 800 }, touch: false, cpuThrottle: 1, settleAfterLoadMs: 2_000 }

/**
 * Issue 32's phone: an iPhone-sized viewport with touch, the CPU 4× slower, and 5 s after the load
 * event before the tap, the window over which its blocking time is summed.
 */
export const PHONE: LoadProfile = { id: 'phone', viewport: { width: 390, height: 844 }, touch: true, cpuThrottle: 4, settleAfterLoadMs: 5_000 }

/** `BENCH_PROFILES=desktop` or `phone` measures one; both by default. */
export function selectedProfiles(value = process.env.BENCH_PROFILES): LoadProfile[] {
  const wanted = value?.split(',').map((id) => id.trim())
  return [DESKTOP, PHONE].filter((profile) => !wanted || wanted.includes(profile.id))
}
