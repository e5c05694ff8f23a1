import { useKit } from '../../ui-shell/react/KitContext.js'
import { useKitState } from '../../ui-shell/react/useKitState.js'
import { SiwxStoreToken } from './siwxTokens.js'
import { SiwxNotEnabledError } from './errors/SiwxNotEnabledError.js'
import type { SiwxSession } from './siwxStorage.js'
import './siwxState.js'

/**
 * The visitor's sign-in session on the active network (from `latch/plugins/siwx`): `session`
 * (message, signature, what was signed and its CACAO), `signedIn`, `signIn()`, which opens the
 * sign view for the connected account, and `signOut()`, which forgets the session.
 * `signIn()` rejects with 'SIWX is not enabled' while the `siwx` feature is off, and with
 * 'No ActiveCaipAddress found' when no wallet is connected (SPEC §8).
 */
export function useLatchSession(): { session: SiwxSession | undefined; signedIn: boolean; signIn(): Promise<void>; signOut(): Promise<void> } {
  const kit = useKit()
  const session = useKitState((state) => state.siwxSession)
  return {
    session,
    signedIn: session !== undefined,
    signIn: async () => {
      if (!kit.isProvided(SiwxStoreToken)) throw new SiwxNotEnabledError()
      await kit.resolve(SiwxStoreToken).requestSignIn()
    },
    signOut: async () => {
      if (kit.isProvided(SiwxStoreToken)) await kit.resolve(SiwxStoreToken).signOut()
    },
  }
}
