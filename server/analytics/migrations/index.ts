import type { FeatureMigrations } from '../../plugins/database/index.js'
import * as events from './0008_analytics_events.js'

/** The analytics events (`eventRoutes.ts`). */
export const analyticsMigrations: FeatureMigrations = {
  '0008_analytics_events': events,
}
