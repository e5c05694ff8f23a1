// `npm start`: the demo host page and the reference backend (local chains included) on
// 127.0.0.1 (PORT, default 5545), in dev mode: the stand-ins run, so every login works offline.
// Data in .data/.
import { startBackend } from '../server/startBackend.js'
import { describeStandIns } from '../server/cli/describeStandIns.js'

const port = Number(process.env.PORT ?? 5545)
const backend = await startBackend({ port, staticDir: 'examples/dist', dataDir: '.data', printMail: true, dev: true, masterSecretFile: process.env.LATCH_MASTER_SECRET_FILE })
console.log(`Latch demo running at ${backend.url}/`)
console.log(`Admin page: ${backend.url}/admin/`)
console.log(`Secure site (embedded wallet): ${backend.secureSiteUrl}`)
for (const line of describeStandIns(backend, { smtp: false, socialProviders: {} })) console.log(line)
// Where, never what: a token in a log is a leaked token. Said once; later starts read the file again.
if (backend.adminToken.generatedFile) console.log(`Admin token generated: kept in ${backend.adminToken.generatedFile} (mode 0600)`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void backend.close().then(() => process.exit(0)))
