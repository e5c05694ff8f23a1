import { parseArgs } from 'node:util'
import { startBackend } from './startBackend.js'

// `npm run server -- --port N --data DIR --catalogue-scale 5000 [--static DIR] [--quiet]`:
// the reference backend alone. Prints its URL once the chains are up and the contracts deployed.
const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    data: { type: 'string' },
    'catalogue-scale': { type: 'string' },
    static: { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
})

function numberFlag(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed < 0) {
    console.error(`--${name} must be a non-negative integer, got ${value}`)
    process.exit(2)
  }
  return parsed
}

const backend = await startBackend({
  port: numberFlag('port', values.port ?? process.env.PORT) ?? 0,
  host: values.host,
  dataDir: values.data ?? '.data',
  catalogueScale: numberFlag('catalogue-scale', values['catalogue-scale']),
  staticDir: values.static,
  logger: !values.quiet,
})
console.log(`Latch server ready at ${backend.url}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void backend.close().finally(() => process.exit(0)))
