// `npm start`: the demo host page and the reference backend (local chains included) on
// 127.0.0.1 (PORT, default 5545). Data in .data/.
import { startBackend } from '../server/startBackend.js'

const port = Number(process.env.PORT ?? 5545)
const backend = await startBackend({ port, staticDir: 'examples/dist', dataDir: '.data', printMail: true })
console.log(`Latch demo running at ${backend.url}/`)
console.log(`Admin page: ${backend.url}/admin/`)
console.log(`Secure site (embedded wallet): ${backend.secureSiteUrl}`)
console.log(`Dev mailbox (login codes and links): ${backend.url}/dev/mailbox?email=<address>`)
// Printed once, the start that created it; afterwards it is in the file (README: the admin API).
if (backend.adminToken.generatedFile)
  console.log(`Admin token (kept in ${backend.adminToken.generatedFile}, mode 0600): ${backend.adminToken.value}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void backend.close().then(() => process.exit(0)))
