import type { Catalogue } from '../../../ui-shell/index.js'
import en from './en.json'

/** The siwx plugin's messages: English inline, every other locale a chunk of its own. */
export const SIWX_MESSAGES: Catalogue = {
  en,
  ar: () => import('./ar.json'),
  ja: () => import('./ja.json'),
}
