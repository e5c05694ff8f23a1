/**
 * An in-memory Web Storage, one per kit under test, so tests never share state. Pass the same
 * one to a second kit to simulate a reload; `entries` shows what was saved.
 */
export function createMemoryStorage(): Storage & { entries: Map<string, string> } {
  const items = new Map<string, string>()
  return {
    entries: items,
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  }
}
