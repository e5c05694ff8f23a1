import { createToken } from 'latch/plugin'
import type { FaucetStore } from './FaucetStore.js'

/** The faucet's store, for its view: `kit.resolve(FaucetStoreToken)`. */
export const FaucetStoreToken = createToken<FaucetStore>('FaucetStore')
