import { createToken } from '../../kernel/index.js'
import type { ActivityStore } from './ActivityStore.js'

/** The Activity tab's paged history of the active account. */
export const ActivityStoreToken = createToken<ActivityStore>('ActivityStore')
