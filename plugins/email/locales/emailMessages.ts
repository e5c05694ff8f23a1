import { catalogue } from '../../../ui-shell/plugin.js'
import en from './en.json'

/**
 * The email plugin's messages: English inline, every other locale a chunk of its own, and the switch
 * that finds them another (loadLocaleFile.ts).
 */
export const EMAIL_MESSAGES = catalogue(en, (locale) => import('./loadLocaleFile.js').then((files) => files.loadLocaleFile(locale)))
