import type { FeatureMigrations } from '../../plugins/database/index.js'
import * as walletSessions from './0009_wallet_sessions.js'

/** The wallet-session grants (`sessionRoutes.ts`). */
export const sessionsMigrations: FeatureMigrations = {
  '0009_wallet_sessions': walletSessions,
}
