import { createToken } from '../../kernel/token.js'
import type { OnrampStore } from './OnrampStore.js'

/** The Buy flow: options, quote, checkout and the wait for the purchase. */
export const OnrampStoreToken = createToken<OnrampStore>('OnrampStore')
