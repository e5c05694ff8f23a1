import type { Catalogue } from '../i18n/I18nStore.js'
import en from './en.json'

/** The shell's messages: English inline, every other locale a chunk of its own. Add a locale here with its file. */
export const SHELL_MESSAGES: Catalogue = {
  en,
  ar: () => import('./ar.json'),
  ja: () => import('./ja.json'),
}
