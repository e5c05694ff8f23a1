import { createToken } from '../../kernel/index.js'
import type { SwapStore } from './SwapStore.js'

/** The swap form and its signed steps (approve, swap). */
export const SwapStoreToken = createToken<SwapStore>('SwapStore')
