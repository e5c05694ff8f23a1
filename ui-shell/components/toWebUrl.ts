/**
 * A URL that may be linked to: http(s) only, normalised. Anything else (javascript:, data:,
 * a relative or malformed string) is dropped, so catalogue or network data never yields a
 * script link.
 *
 * @example
 * toWebUrl('https://example.org/terms') // 'https://example.org/terms'
 * toWebUrl('javascript:alert(1)')       // undefined
 */
export function toWebUrl(url: string | undefined): string | undefined {
  if (!url) return undefined
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : undefined
  } catch {
    return undefined
  }
}
