import { catalogue } from '../i18n/catalogue.js'
import en from './en.json'

/**
 * The shell's messages: English inline, every other locale a chunk of its own, and the switch
 * that finds them another (loadLocaleFile.ts).
 */
export const SHELL_MESSAGES = catalogue(en, (locale) => import('./loadLocaleFile.js').then((files) => files.loadLocaleFile(locale)))
