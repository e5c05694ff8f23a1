import { reaction } from 'mobx'
import type { Kit } from '../../kernel/index.js'

/**
 * Calls `notify` when what `read` reads changes, and tracks it again once the kit is ready: the
 * store it reads may come with the shell, which loads after the host's first render (each setup
 * runs in a task of its own), when `read` could not yet reach it. Returns the unsubscribe.
 */
export function watchAfterReady(kit: Kit, read: () => unknown, notify: () => void): () => void {
  let stopReaction = reaction(read, notify)
  const stopReady = kit.on('kit:ready', () => {
    stopReaction()
    stopReaction = reaction(read, notify)
    notify()
  })
  return () => (stopReaction(), stopReady())
}
