import type { IEqualsComparer } from 'mobx'
import type { Kit } from '../../kernel/Kit.js'
import { kernelArrivalOf } from '../hostApi/createStartingKit.js'

type Reaction = typeof import('mobx').reaction

// MobX comes with the kernel, after the host's first paint: the hooks subscribe without it in the
// host's first script (issue 32). Once loaded, a subscription is made at once.
let reaction: Reaction | undefined
let loading: Promise<Reaction> | undefined
const loadReaction = () => (loading ??= import('mobx').then((mobx) => (reaction = mobx.reaction)))

/**
 * Calls `onChange` with what `read` returns once the kit's kernel exists, then each time it
 * changes; tracks it again when the kit is ready, as a store `read` reaches may come with the
 * shell, after the host's first render. Before the kernel nothing changes: the state read is the
 * not-started one. Returns the unsubscribe.
 *
 * @example
 * const stop = watchKit(kit, () => kit.getState().address, (address) => console.log(address))
 */
export function watchKit<T>(kit: Kit, read: () => T, onChange: (value: T) => void, equals?: IEqualsComparer<T>): () => void {
  let stopReaction: (() => void) | undefined
  let stopped = false
  const track = () => {
    if (stopped || !reaction) return
    stopReaction?.()
    stopReaction = reaction(read, onChange, { equals, fireImmediately: true })
  }
  const stopReady = kit.on('kit:ready', track)
  const arrival = kernelArrivalOf(kit)
  if (reaction && !arrival) track()
  // A kernel that never comes (its chunk failed to load) is the kit's `ready` to report.
  else void Promise.all([loadReaction(), arrival]).then(track, () => {})
  return () => {
    stopped = true
    stopReaction?.()
    stopReady()
  }
}
