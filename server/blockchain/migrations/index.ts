import type { FeatureMigrations } from '../../plugins/database/index.js'
import * as historyIndex from './0001_history_index.js'
import * as historyIndexHash from './0002_history_index_hash.js'
import * as historyLogCursors from './0010_history_log_cursors.js'

/** The history index's tables (`HistoryIndexer.ts`, `readHistory.ts`) and the Transfer-log cursors of configured networks (`LogHistoryReader.ts`). */
export const blockchainMigrations: FeatureMigrations = {
  '0001_history_index': historyIndex,
  '0002_history_index_hash': historyIndexHash,
  '0010_history_log_cursors': historyLogCursors,
}
