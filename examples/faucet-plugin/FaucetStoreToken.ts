import { createToken } from 'latch'
import type { FaucetStore } from './FaucetStore.js'

/** The faucet's store, for its view: `kit.resolve(FaucetStoreToken)`. */
export const FaucetStoreToken = createToken<FaucetStore>('FaucetStore')
