import { createServer, type AddressInfo } from 'node:net'

/**
 * A loopback port free right now: for a server whose proxy (or public URL) must be known before
 * it starts. Another process may take it meanwhile; tests use it at once.
 */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}
