import { createToken } from '../../kernel/token.js'
import type { SwapStore } from './SwapStore.js'

/** The swap form and its signed steps (approve, swap). */
export const SwapStoreToken = createToken<SwapStore>('SwapStore')
