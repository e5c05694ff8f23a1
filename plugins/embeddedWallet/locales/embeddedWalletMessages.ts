import type { Catalogue } from '../../../ui-shell/index.js'
import en from './en.json'

/** The embeddedWallet plugin's messages: English inline, every other locale a chunk of its own. */
export const EMBEDDED_WALLET_MESSAGES: Catalogue = {
  en,
  ar: () => import('./ar.json'),
  ja: () => import('./ja.json'),
  de: () => import('./de.json'),
  es: () => import('./es.json'),
  fa: () => import('./fa.json'),
  fr: () => import('./fr.json'),
  he: () => import('./he.json'),
  hi: () => import('./hi.json'),
  id: () => import('./id.json'),
  it: () => import('./it.json'),
  ko: () => import('./ko.json'),
  pl: () => import('./pl.json'),
  'pt-BR': () => import('./pt-BR.json'),
  ru: () => import('./ru.json'),
  th: () => import('./th.json'),
  tr: () => import('./tr.json'),
  uk: () => import('./uk.json'),
  vi: () => import('./vi.json'),
  'zh-CN': () => import('./zh-CN.json'),
  'zh-TW': () => import('./zh-TW.json'),
}
