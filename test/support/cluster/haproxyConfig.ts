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
 * The servers of one backend. Only `app` checks its servers; the others follow its verdict
 * (`track`): the secure site and the pinned fronts live in the same processes, and one check per
 * instance keeps the checks' own requests few (they count against 127.0.0.1's rate limit).
 */
const servers = (ports: number[], { offset = 0, primary, tracked = true }: { offset?: number; primary?: number; tracked?: boolean }) =>
  ports
    .map((port, index) => `  server i${index} 127.0.0.1:${port + offset} ${tracked ? `track app/i${index}` : 'check'}${primary === undefined || primary === index ? '' : ' backup'}`)
    .join('\n')

/**
 * HAProxy's configuration for the cluster: round robin with no sticky sessions (any instance
 * serves any request, WebSockets included), a health check on each server, and a failed
 * connection retried on another server (`retries`, `option redispatch`). `timeout tunnel` keeps
 * WebSockets and config streams open past the HTTP timeouts; `option forwardfor` tells the
 * instances (which trust 127.0.0.1) the client's address. Every bind uses SO_REUSEPORT (HAProxy's
 * default on Linux), so two processes can share the ports.
 */
export function haproxyConfig(layout: HaproxyLayout): string {
  const { instancePorts, healthPath } = layout
  const check = [
    `  option httpchk GET ${healthPath}`,
    '  http-check expect status 200',
    // Down after two failed checks a second apart; up again after one good one. A connection
    // refused meanwhile is retried on another server (redispatch).
    '  default-server inter 1s fall 2 rise 1',
  ].join('\n')
  const blocks = [
    `global\n  maxconn ${layout.maxconn}\n  log stderr format raw local0 warning`,
    [
      'defaults',
      '  mode http',
      '  log global',
      '  balance roundrobin',
      '  option forwardfor',
      '  option redispatch',
      '  retries 3',
      '  timeout connect 2s',
      '  timeout client 60s',
      '  timeout server 60s',
      '  timeout http-request 10s',
      '  timeout tunnel 1h',
      `  maxconn ${layout.maxconn}`,
    ].join('\n'),
    `frontend app\n  bind 127.0.0.1:${layout.appPort}\n  default_backend app`,
    `backend app\n${check}\n${servers(instancePorts, { tracked: false })}`,
    `frontend site\n  bind 127.0.0.1:${layout.sitePort}\n  default_backend site`,
    `backend site\n${servers(instancePorts, { offset: 1 })}`,
    ...layout.pinnedPorts.flatMap((port, index) => [
      `frontend pinned${index}\n  bind 127.0.0.1:${port}\n  default_backend pinned${index}`,
      `backend pinned${index}\n${servers(instancePorts, { primary: index })}`,
    ]),
  ]
  return `${blocks.join('\n\n')}\n`
}
