import { catalogue } from '../../../ui-shell/index.js'
import en from './en.json'

/** The swaps plugin's messages: English inline, every other locale a chunk of its own. */
export const SWAPS_MESSAGES = catalogue(en, (locale) => import(`../locales/${locale}.json`))
