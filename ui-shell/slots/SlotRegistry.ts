import { action, computed, makeObservable, observableShallow } from 'mobx'

/** What every slot entry has: an id, unique within its slot, and a place. */
export interface SlotEntry {
  id: string
  /** Lower comes first; entries without one keep the order they were added in, after those with one. */
  order?: number
}

/**
 * One of the shell's extension points: an observable, ordered list that plugins add to and the
 * shell renders, like tldraw's overridable UI components. An empty slot renders nothing.
 */
export class SlotRegistry<T extends SlotEntry> {
  entries: T[] = []

  constructor() {
    makeObservable(this, { entries: observableShallow, sorted: computed, add: action, remove: action })
  }

  /** The entries in order. */
  get sorted(): readonly T[] {
    const place = (entry: T) => entry.order ?? Number.MAX_SAFE_INTEGER
    return [...this.entries].sort((a, b) => place(a) - place(b))
  }

  /** Adds an entry (replacing one with its id) and returns the function that removes it. */
  add(entry: T): () => void {
    this.entries = [...this.entries.filter((e) => e.id !== entry.id), entry]
    return () => this.remove(entry)
  }

  /** Removes an entry, but only the very one that was added. */
  remove(entry: T): void {
    this.entries = this.entries.filter((e) => e !== entry)
  }

  get(id: string): T | undefined {
    return this.entries.find((e) => e.id === id)
  }
}
