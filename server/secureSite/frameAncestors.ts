// A CSP host-source: scheme, host (optionally `*.` first), optional port or `:*`.
const CSP_SOURCE = /^https?:\/\/(\*\.)?[a-z0-9.-]+(:(\d{1,5}|\*))?$|^https?:\/\/\[[0-9a-f:]+\](:(\d{1,5}|\*))?$/i

/**
 * The `frame-ancestors` directive for a project's allow-list. Entries CSP can express (exact
 * origins, `http://localhost:*`, `https://*.example.com`, `*`) are kept; any other pattern
 * (a `*` inside a host) cannot be written in CSP and is left out, so such origins cannot
 * embed the frame: stricter than the list, never looser. `'none'` when nothing is left.
 *
 * @param allowedOrigins - the project's `allowedOrigins`
 * @returns e.g. `frame-ancestors http://localhost:*`
 * @example
 * frameAncestors(['http://localhost:*', 'https://app.example.com/']) // "frame-ancestors http://localhost:* https://app.example.com"
 */
export function frameAncestors(allowedOrigins: readonly string[]): string {
  const sources = allowedOrigins
    .map((entry) => (entry.includes('*') || !URL.canParse(entry) ? entry : new URL(entry).origin))
    .filter((entry) => entry === '*' || CSP_SOURCE.test(entry))
  return `frame-ancestors ${sources.length ? [...new Set(sources)].join(' ') : "'none'"}`
}
