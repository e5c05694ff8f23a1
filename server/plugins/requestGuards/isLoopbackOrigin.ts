const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/**
 * Whether an Origin header names a page served from this machine's loopback interface
 * (`http://127.0.0.1:5173`, `http://localhost`, `http://[::1]:8080`), on any port.
 *
 * @param origin - the request's Origin header; `undefined` (no browser page) is not an origin
 * @returns true only for an http(s) loopback origin
 * @example
 * isLoopbackOrigin('http://localhost:5173') // true
 * isLoopbackOrigin('https://evil.example') // false
 */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin)
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.has(url.hostname)
  } catch {
    return false
  }
}
