import type { StorageBackend } from '../../kernel/storage/createStorage.js'

/** A Web Storage stand-in that outlives a kit, so a second kit sees what the first saved (a reload). */
export function createMemoryStorage(): StorageBackend & { entries: Map<string, string> } {
  const entries = new Map<string, string>()
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  }
}
