import { catalogue } from '../i18n/catalogue.js'
import en from './en.json'

/** The shell's messages: English inline, every other locale a chunk of its own. */
export const SHELL_MESSAGES = catalogue(en, (locale) => import(`../locales/${locale}.json`))
