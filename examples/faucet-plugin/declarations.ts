// What the faucet adds to Latch's typed maps, by declaration merging.
import type { FaucetErrorCodes } from './errors.js'

declare module 'latch/kernel' {
  interface ViewDataMap {
    /** The Faucet view is opened without data. */
    Faucet: undefined
  }
  interface FeatureFlags {
    /** The plugin's feature flag: `false` (locally or from remote configuration) unloads it. */
    faucet?: boolean
  }
  interface ErrorCodeMap {
    faucet: (typeof FaucetErrorCodes)[keyof typeof FaucetErrorCodes]
  }
}

export {}
