import { useKitState, useKit } from '../../ui-shell/index.js'
import { SiwxStoreToken } from './siwxTokens.js'
import type { SiwxSession } from './siwxStorage.js'
import './siwxState.js'

/**
 * The visitor's sign-in session on the active network (from `latch/plugins/siwx`): `session`
 * (message, signature, and what was signed), `signedIn`, and `signOut()`, which forgets it.
 */
export function useLatchSession(): { session: SiwxSession | undefined; signedIn: boolean; signOut(): Promise<void> } {
  const kit = useKit()
  const session = useKitState((state) => state.siwxSession)
  return {
    session,
    signedIn: session !== undefined,
    signOut: async () => {
      if (kit.isProvided(SiwxStoreToken)) await kit.resolve(SiwxStoreToken).signOut()
    },
  }
}
