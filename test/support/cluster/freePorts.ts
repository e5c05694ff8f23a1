import { createServer } from 'node:net'

/** Whether `port` on loopback can be bound right now. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

/** A loopback port free right now (the kernel's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/**
 * A port P with P+1 free too: a backend given `--port P` serves its secure site on P+1, and an
 * instance keeps both across restarts (the balancer's configuration names them).
 */
export async function freePortPair(): Promise<number> {
  for (;;) {
    const port = await freePort()
    if (port < 65_535 && (await isFree(port + 1))) return port
  }
}
