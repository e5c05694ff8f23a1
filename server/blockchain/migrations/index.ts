import type { FeatureMigrations } from '../../plugins/database/index.js'
import * as historyIndex from './0001_history_index.js'
import * as historyIndexHash from './0002_history_index_hash.js'

/** The history index's tables (`HistoryIndexer.ts`, `readHistory.ts`). */
export const blockchainMigrations: FeatureMigrations = {
  '0001_history_index': historyIndex,
  '0002_history_index_hash': historyIndexHash,
}
