import { createToken } from '../../kernel/token.js'
import type { I18nStore } from './I18nStore.js'

/** The kit's language: `t`, `errorText`, `locale`, `dir`, `setLocale`. */
export const I18nStoreToken = createToken<I18nStore>('I18nStore')
