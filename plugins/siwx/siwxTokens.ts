import { createToken } from '../../kernel/index.js'
import type { SiwxStore } from './SiwxStore.js'

export const SiwxStoreToken = createToken<SiwxStore>('SiwxStore')
