/**
 * Whether a string may be an entry of a project's allowed origins: `*`, a URL, or a URL pattern
 * whose `*` stands for a port or a label (it must read as a URL with each `*` a digit).
 * It is the `origin-entry` format of the project schemas (`createStrictAjv`).
 *
 * @param entry - e.g. `http://localhost:*`
 * @returns true when `matchesOriginPattern` can use it
 * @example
 * isOriginEntry('https://*.shop.example') // true
 * isOriginEntry('not a url') // false
 */
export function isOriginEntry(entry: string): boolean {
  return entry === '*' || URL.canParse(entry.replaceAll('*', '0'))
}
