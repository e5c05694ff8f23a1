import type { FrameStorage } from './FrameWallet.js'

/**
 * The frame's storage: its origin's localStorage when the browser grants it; in memory when it
 * does not (a third-party frame in a browser that blocks third-party storage, as Chromium's
 * incognito does). Then the session lasts as long as the frame, and each load is a new device.
 *
 * @returns a storage that never throws
 */
export function openFrameStorage(): FrameStorage {
  try {
    const probe = 'latch-secure-site:probe'
    localStorage.setItem(probe, '1')
    localStorage.removeItem(probe)
    return localStorage
  } catch {
    const memory = new Map<string, string>()
    return {
      getItem: (key) => memory.get(key) ?? null,
      setItem: (key, value) => void memory.set(key, value),
      removeItem: (key) => void memory.delete(key),
    }
  }
}
