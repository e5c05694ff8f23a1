/** A locale's language, lower case: 'pt-BR' → 'pt'. */
export const languageOf = (locale: string) => locale.split('-')[0]!.toLowerCase()

/**
 * The catalogue locales a locale may read, best first: itself, then the one catalogue of its
 * script or region family (Chinese comes as zh-CN, Simplified, and zh-TW, Traditional; Portuguese
 * as pt-BR), then its language. 'zh-Hant-HK' reads zh-TW, 'zh' and 'zh-SG' read zh-CN.
 */
export function localeCandidates(locale: string): string[] {
  const language = languageOf(locale)
  const family = language === 'zh' ? (/-(hant|tw|hk|mo)\b/i.test(locale) ? 'zh-TW' : 'zh-CN') : language === 'pt' ? 'pt-BR' : undefined
  return [...new Set([locale, ...(family ? [family] : []), language])]
}
