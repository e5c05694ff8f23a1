/** What the balancer fronts: the instances' ports and the ports it listens on. */
export interface HaproxyLayout {
  /** Each instance's main port; its secure site is on `port + 1`. */
  instancePorts: number[]
  /** The backend's public port (every instance, round robin). */
  appPort: number
  /** The secure site's public port (its own origin: every instance's secure-site port). */
  sitePort: number
  /** One port per instance that prefers that instance and falls back on the others (a client "pinned" to it). */
  pinnedPorts: number[]
  /** The health check: `GET <path>` must answer 200. */
  healthPath: string
  /** Connections one HAProxy process accepts (each proxied one holds two file descriptors). */
  maxconn: number
}

/**
 * HAProxy's configuration for the cluster: round robin with no sticky sessions (any instance
 * serves any request, WebSockets included), a health check on each server, and a failed
 * connection retried on another server at once (`option redispatch 1`), the failing server taken
 * out on that first error (`observe layer4`) rather than after the next checks. `timeout tunnel`
 * keeps WebSockets and config streams open past the HTTP timeouts; `option forwardfor` tells the
 * instances (which trust 127.0.0.1) the client's address. Every bind uses SO_REUSEPORT (HAProxy's
 * default on Linux), so two processes can share the ports.
 *
 * A pinned port is one more bind of the same front: `use-server` sends its connections to that
 * instance while it is up, and the usual round robin picks another when it is not. One backend
 * for all, so one health check per instance: the checks' own requests count against 127.0.0.1's
 * rate limit. The secure site lives in the same processes: its servers follow those checks (`track`).
 */
export function haproxyConfig(layout: HaproxyLayout): string {
  const { instancePorts, healthPath } = layout
  const blocks = [
    `global\n  maxconn ${layout.maxconn}\n  log stderr format raw local0 warning`,
    [
      'defaults',
      '  mode http',
      '  log global',
      '  balance roundrobin',
      '  option forwardfor',
      '  option redispatch 1',
      '  retries 3',
      '  timeout connect 2s',
      '  timeout client 60s',
      '  timeout server 60s',
      '  timeout http-request 10s',
      '  timeout tunnel 1h',
      `  maxconn ${layout.maxconn}`,
    ].join('\n'),
    ['frontend app', `  bind 127.0.0.1:${layout.appPort}`, ...layout.pinnedPorts.map((port) => `  bind 127.0.0.1:${port}`), '  default_backend app'].join('\n'),
    [
      'backend app',
      `  option httpchk GET ${healthPath}`,
      '  http-check expect status 200',
      // Down after two failed checks a second apart, or at the first refused connection; up
      // again after one good check.
      '  default-server inter 1s fall 2 rise 1 observe layer4 error-limit 1 on-error mark-down',
      ...layout.pinnedPorts.map((port, index) => `  use-server i${index} if { dst_port ${port} }`),
      ...instancePorts.map((port, index) => `  server i${index} 127.0.0.1:${port} check`),
    ].join('\n'),
    `frontend site\n  bind 127.0.0.1:${layout.sitePort}\n  default_backend site`,
    ['backend site', ...instancePorts.map((port, index) => `  server i${index} 127.0.0.1:${port + 1} track app/i${index}`)].join('\n'),
  ]
  return `${blocks.join('\n\n')}\n`
}
