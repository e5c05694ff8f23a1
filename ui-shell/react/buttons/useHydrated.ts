import { useSyncExternalStore } from 'react'

const never = () => () => {}

/**
 * False on the server and in the page's hydrating render, true afterwards: what the server
 * cannot know (a kit starting, a connection being restored) is shown only once hydrated, so
 * the two HTMLs agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
}
