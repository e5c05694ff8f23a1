import type { FeatureMigrations } from '../../plugins/database/index.js'
import * as messages from './0006_relay_messages.js'

/** The relay's mailbox (`RelayMessageStore.ts`). */
export const relayMigrations: FeatureMigrations = {
  '0006_relay_messages': messages,
}
