import type { SiwxSession } from './siwxStorage.js'

// The plugin's part of `kit.getState()` (types only: no code, so the entry can import it).
declare module '../../kernel/Kit.js' {
  interface KitStateMap {
    /** The connected account has a sign-in session on the active network. */
    signedIn?: boolean
    /** That session. */
    siwxSession?: SiwxSession
  }
}
