// Child process of startHardhatNode: one hardhat network (EDR) behind an HTTP server that only
// clients given its URL can use. `hardhat node` accepts every origin, so any web page could call
// hardhat_setBalance or evm_* on it. Here a request must carry the per-run secret path, name this
// loopback host (DNS rebinding) and come from no browser or from a page on loopback (the browser
// tests hand the URL to their own page); pages on any other origin are refused, preflights too.
const http = require('node:http')
const hre = require('hardhat')
const { JsonRpcHandler } = require('hardhat/internal/hardhat-network/jsonrpc/handler')

const secret = process.env.LATCH_NODE_SECRET
delete process.env.LATCH_NODE_SECRET
const port = Number(process.env.LATCH_NODE_PORT || 0)
const handler = new JsonRpcHandler(hre.network.provider)

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

function isLoopbackPage(origin) {
  try {
    const url = new URL(origin)
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.has(url.hostname)
  } catch {
    return false
  }
}

function isAllowed(request, ownHost) {
  if (request.url !== `/${secret}` || request.headers.host !== ownHost) return false
  const origin = request.headers.origin
  if (origin === undefined) return request.method === 'POST'
  return isLoopbackPage(origin) && (request.method === 'POST' || request.method === 'OPTIONS')
}

const server = http.createServer((request, response) => {
  const ownHost = `127.0.0.1:${server.address().port}`
  if (!isAllowed(request, ownHost)) {
    // No CORS header: a page cannot read this, and a preflight fails.
    response.writeHead(403, { 'content-type': 'text/plain' })
    response.end('Forbidden')
    request.resume()
    return
  }
  void handler.handleHttp(request, response)
})
server.on('error', (error) => {
  process.send?.({ type: 'error', message: String(error && error.message) })
  process.exit(1)
})
// Binding here (not a port probed by the parent) leaves no window for another process to take it.
server.listen(port, '127.0.0.1', async () => {
  // Starts EDR now, so the node answers its first call at full speed.
  await hre.network.provider.request({ method: 'eth_chainId', params: [] })
  process.send?.({ type: 'listening', port: server.address().port })
})
process.on('SIGTERM', () => process.exit(0))
process.on('disconnect', () => process.exit(0))
