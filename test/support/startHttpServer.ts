import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface TestHttpServer {
  url: string
  requests: Array<{ method: string; url: string; body: string }>
  close(): Promise<void>
}

/**
 * Starts a real HTTP server on loopback whose answers the test decides, so client code
 * is exercised over a socket rather than against a stubbed fetch.
 */
export async function startHttpServer(
  handle: (request: IncomingMessage, response: ServerResponse, body: string) => void,
): Promise<TestHttpServer> {
  const requests: TestHttpServer['requests'] = []
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      requests.push({ method: request.method ?? '', url: request.url ?? '', body })
      handle(request, response, body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Answers with JSON and a status. */
export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
  response.end(JSON.stringify(body))
}
