// `npm run cluster`: the production topology on one machine, for a developer. A throwaway
// Postgres and Redis, one dev-services process (this one: the mail and OpenID stand-ins and the
// two local chains), 4 backend instances behind HAProxy (CLUSTER_PORT, default 5580; the secure site on the
// next port). Ctrl-C stops everything and deletes its folders. See server/README.md, "Production topology".
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startCluster } from '../test/support/cluster/startCluster.js'

const appPort = Number(process.env.CLUSTER_PORT ?? 5580)
const instances = Number(process.env.CLUSTER_INSTANCES ?? 4)
console.log(`Starting Postgres, Redis, the local chains and ${instances} instances…`)
const cluster = await startCluster({
  instances,
  chains: true,
  appPort,
  sitePort: appPort + 1,
  onLine: (index, line) => {
    // Each instance's start-up summary once, then only what goes wrong.
    if (/error|warn/i.test(line)) console.log(`[instance ${index}] ${line}`)
  },
}).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
// Where, never what: a token in a log is a leaked token.
const secrets = mkdtempSync(join(tmpdir(), 'latch-cluster-token-'))
const tokenFile = join(secrets, 'admin-token')
writeFileSync(tokenFile, `${cluster.adminToken}\n`, { mode: 0o600 })

console.log(`
Latch cluster ready (HAProxy in front of ${instances} instances, no sticky sessions)
  Backend (public URL):     ${cluster.url}
  Relay:                    ${cluster.relayUrl}
  Secure site (own origin): ${cluster.secureSiteUrl}
  Admin page:               ${cluster.url}/admin/  (token in ${tokenFile}, mode 0600)
  Mail stand-in's mailbox:  ${cluster.devServices.url}/dev/mailbox?email=…  (Authorization: Bearer <admin token>)
  Postgres:                 ${cluster.postgresUrl}
  Redis:                    ${cluster.redisUrl}
  Chains:                   ${cluster.devServices.chainFlags.join('  ')}
  Social login:             google through the local OpenID stand-in (${cluster.devServices.socialFlags.join(' ')})
  Health check:             GET ${cluster.healthPath}${cluster.healthWarning ? `  (${cluster.healthWarning})` : ''}
${cluster.instances.map((instance, index) => `  Instance ${index}: ${instance.url} (secure site ${instance.secureSiteUrl}, pid ${instance.pid}; preferred through ${instance.pinnedUrl})`).join('\n')}
Ctrl-C stops everything.`)

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    if (stopping) return
    stopping = true
    console.log('Stopping the cluster…')
    void cluster.stop().finally(() => {
      rmSync(secrets, { recursive: true, force: true })
      process.exit(0)
    })
  })
