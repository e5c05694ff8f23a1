import { parseArgs } from 'node:util'
import { createServer } from './createServer.js'

// `npm run server -- --port N`: the reference backend alone.
const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    static: { type: 'string' },
  },
})
const port = Number(values.port ?? process.env.PORT ?? 5545)
const server = await createServer({ staticDir: values.static, logger: true })
const url = await server.listen(port, values.host)
console.log(`Latch server ready at ${url}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void server.close().then(() => process.exit(0)))
