import type { Catalogue } from '../../../ui-shell/index.js'
import en from './en.json'

/** The onramp plugin's messages: English inline, every other locale a chunk of its own. */
export const ONRAMP_MESSAGES: Catalogue = {
  en,
  ar: () => import('./ar.json'),
  ja: () => import('./ja.json'),
}
