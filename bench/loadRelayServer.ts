import Fastify from 'fastify'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { relayPlugin } from '../server/relay/relayPlugin.js'
import { openDatabase } from '../server/plugins/database/openDatabase.js'

// The relay alone for bench/loadRelay.ts, in a process of its own so the load's clients do not
// share its event loop: on-disk SQLite (messages kept until their TTL), the default limits but
// for room for both sides of 1,000 pairings. Prints its port; SIGTERM stops it.
const dataDir = process.argv[2]!
const db = openDatabase(dataDir)
const app = Fastify({ logger: false })
// LOAD_RELAY_MEMORY=1: without the store, to see what persistence costs.
await app.register(relayPlugin, { path: '/relay', db: process.env.LOAD_RELAY_MEMORY ? undefined : db, maxConnections: 2_100, maxConnectionsPerIp: 2_100, maxUpgradesPerMinute: 10_000 })
await app.listen({ port: 0, host: '127.0.0.1' })
const address = app.server.address()
console.log(`relay port ${typeof address === 'object' && address ? address.port : 0}`)
// The relay's own event-loop delay so far, printed every second: tells a slow relay from a slow client.
const delay = monitorEventLoopDelay({ resolution: 5 })
delay.enable()
setInterval(() => console.log(`relay event-loop delay p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(1)} ms`), 1_000).unref()
process.once('SIGTERM', () => void app.close().finally(() => (db.close(), process.exit(0))))
