import { createToken } from '../../kernel/index.js'
import type { HistoryStore } from './HistoryStore.js'

/** The Activity tab's transactions: `kit.resolve(HistoryStoreToken)`. */
export const HistoryStoreToken = createToken<HistoryStore>('HistoryStore')
