// `npm start`: the demo host page and the reference backend on 127.0.0.1 (PORT, default 5545).
import { createServer } from '../server/createServer.js'

const port = Number(process.env.PORT ?? 5545)
const server = await createServer({ staticDir: 'examples/dist' })
const url = await server.listen(port)
console.log(`Latch demo running at ${url}/`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void server.close().then(() => process.exit(0)))
