// Child process of startHardhatNode: one hardhat network (EDR) behind an HTTP server that only
// the process which spawned it can use. `hardhat node` accepts every origin, so any web page
// could call hardhat_setBalance or evm_* on it; here a request must carry the per-run secret
// path, come from no browser (no Origin header) and name this loopback host (DNS rebinding).
const http = require('node:http')
const hre = require('hardhat')
const { JsonRpcHandler } = require('hardhat/internal/hardhat-network/jsonrpc/handler')

const secret = process.env.LATCH_NODE_SECRET
delete process.env.LATCH_NODE_SECRET
const port = Number(process.env.LATCH_NODE_PORT || 0)
const handler = new JsonRpcHandler(hre.network.provider)

const server = http.createServer((request, response) => {
  const address = server.address()
  const ownHost = `127.0.0.1:${address.port}`
  if (request.method !== 'POST' || request.url !== `/${secret}` || request.headers.origin !== undefined || request.headers.host !== ownHost) {
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
