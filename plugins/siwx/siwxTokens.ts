import { createToken } from '../../kernel/token.js'
import type { SiwxStore } from './SiwxStore.js'

export const SiwxStoreToken = createToken<SiwxStore>('SiwxStore')
