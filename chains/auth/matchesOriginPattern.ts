const REGEXP_SPECIALS = /[.*+?^${}()|[\]\\]/g

/**
 * Whether an Origin matches one allow-list entry, by the rule AppKit 1.7.10's own check uses
 * (`WcHelpersUtil.isOriginAllowed` in @reown/appkit), so the server and the client never disagree:
 * an entry with `*` is a pattern over the whole origin in which each `*` stands for any run of
 * characters (`http://localhost:*`, `https://*.example.com`, `*`); any other entry matches only
 * the exact origin it names (`http://localhost` is port 80 only).
 *
 * @param origin - an Origin header, e.g. `http://127.0.0.1:5173`
 * @param pattern - an allow-list entry
 * @returns true when the entry admits the origin
 * @example
 * matchesOriginPattern('http://localhost:5173', 'http://localhost:*') // true
 * matchesOriginPattern('http://localhost:5173', 'http://localhost') // false
 */
export function matchesOriginPattern(origin: string, pattern: string): boolean {
  if (pattern.includes('*')) {
    const source = pattern.split('*').map((part) => part.replace(REGEXP_SPECIALS, '\\$&')).join('.*')
    return new RegExp(`^${source}$`, 'u').test(origin)
  }
  // An entry with a path or a trailing slash still names its origin.
  return originOf(pattern) === origin
}

/** A URL's origin, or the string itself when it is no URL (no URL.canParse: it runs in older browsers too). */
function originOf(entry: string): string {
  try {
    return new URL(entry).origin
  } catch {
    return entry
  }
}
