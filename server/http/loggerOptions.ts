import type { FastifyServerOptions } from 'fastify'

/** `true` logs to stdout; `{ stream }` sends the same lines (JSON, one per line) to that stream. */
export type LoggerOption = boolean | { stream: { write(line: string): unknown } }

/** Query parameters whose values are secrets: login and OAuth codes, OAuth state, device tokens, relay auth. */
const SECRET_PARAMS = new Set(['code', 'state', 'token', 'otp', 'auth', 'id_token', 'access_token', 'refresh_token', 'session'])

/**
 * A request URL with the values of secret query parameters replaced, so request logs never
 * carry a login code, an OAuth `code`/`state` or a device-approval token.
 *
 * @example
 * redactUrl('/social/callback?code=abc&state=xyz') // '/social/callback?code=[redacted]&state=[redacted]'
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?')
  if (at < 0) return url
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0] ?? ''
      let decoded = name
      try {
        decoded = decodeURIComponent(name)
      } catch {
        // A malformed name stays as it was; its value is redacted to be safe.
        return `${name}=[redacted]`
      }
      return SECRET_PARAMS.has(decoded.toLowerCase()) ? `${name}=[redacted]` : pair
    })
    .join('&')
  return `${url.slice(0, at)}?${query}`
}

/**
 * Fastify's `logger` option for both servers: off, stdout or a given stream, with request
 * URLs redacted (`redactUrl`).
 *
 * @param option - see `LoggerOption`
 */
export function fastifyLoggerOptions(option: LoggerOption | undefined): FastifyServerOptions['logger'] {
  if (!option) return false
  const serializers = {
    req: (request: { method?: string; url?: string; hostname?: string; ip?: string; socket?: { remotePort?: number } }) => ({
      method: request.method,
      url: redactUrl(request.url ?? ''),
      host: request.hostname,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    }),
  }
  return option === true ? { serializers } : { stream: option.stream, serializers }
}

/** Where one-line dev logs (the `[mail]` lines) go: the logger's stream when one is given, else stdout. */
export function lineLoggerOf(option: LoggerOption | undefined): (line: string) => void {
  if (option && option !== true) return (line) => void option.stream.write(`${line}\n`)
  return (line) => console.log(line)
}
