import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import type { SolanaCluster } from './SolanaCluster.js'
import type { ReplyCode } from '../errors/codes.js'

/** Largest message a subscriber may send: subscriptions are tiny. */
const MAX_MESSAGE_BYTES = 16 * 1024
const MAX_SUBSCRIPTIONS_PER_SOCKET = 256
/** Open sockets allowed from one client IP, and in all: each holds a cluster listener. */
export const MAX_SOCKETS_PER_IP = 16
export const MAX_SOCKETS = 512

/** An upgrade refused before any WebSocket is made. */
export interface UpgradeRefusal {
  status: number
  code: ReplyCode
  message: string
}

export function refuseUpgrade(socket: Duplex, { status, code, message }: UpgradeRefusal): void {
  const body = JSON.stringify({ code, message })
  socket.end(`HTTP/1.1 ${status} ${code}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`)
}

/**
 * Serves Solana's WebSocket subscriptions that transaction confirmation needs on an HTTP server:
 * `signatureSubscribe` / `signatureUnsubscribe` (web3.js `confirmTransaction` waits on them) and
 * `slotSubscribe` / `slotUnsubscribe`. Upgrades on other URLs are left to other listeners (the
 * WalletConnect relay shares the server).
 *
 * @param server - the HTTP server the JSON-RPC endpoint listens on
 * @param options.matches - which upgrade requests are Solana's, by URL
 * @param options.admit - checks an upgrade (project, origin, rate limit); undefined accepts.
 *   Sockets are also capped at `MAX_SOCKETS_PER_IP` per client and `MAX_SOCKETS` in all.
 * @param options.clientIp - a request's client IP (the forwarded one behind a trusted proxy); the TCP peer by default
 * @returns a function that closes every socket and stops listening
 * @example
 * const detach = attachSolanaWebSocket(app.server, { cluster, matches: (url) => url === '/' })
 * new Connection(rpcUrl, { wsEndpoint: rpcUrl.replace(/^http/, 'ws') })
 */
export function attachSolanaWebSocket(
  server: Server,
  {
    cluster,
    matches,
    admit,
    clientIp = (request) => request.socket.remoteAddress ?? '',
  }: { cluster: SolanaCluster; matches: (url: string) => boolean; admit?: (request: IncomingMessage) => Promise<UpgradeRefusal | undefined>; clientIp?: (request: IncomingMessage) => string },
): () => void {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES })
  const perIp = new Map<string, number>()
  const onUpgrade = async (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!matches(request.url ?? '')) return
    // The rate limit may live in Redis: the client may have gone while it answered.
    const refusal = await admit?.(request)
    if (socket.destroyed) return
    if (refusal) return refuseUpgrade(socket, refusal)
    const ip = clientIp(request)
    const open = perIp.get(ip) ?? 0
    if (open >= MAX_SOCKETS_PER_IP || wss.clients.size >= MAX_SOCKETS)
      return refuseUpgrade(socket, { status: 429, code: 'TOO_MANY_SOCKETS', message: 'Too many open WebSockets' })
    perIp.set(ip, open + 1)
    // Counted from the upgrade on, so a burst of upgrades cannot pass the cap before any opens.
    socket.once('close', () => {
      const left = (perIp.get(ip) ?? 1) - 1
      if (left <= 0) perIp.delete(ip)
      else perIp.set(ip, left)
    })
    wss.handleUpgrade(request, socket, head, (ws) => serve(ws, cluster))
  }
  const onUpgradeEvent = (request: IncomingMessage, socket: Duplex, head: Buffer) => void onUpgrade(request, socket, head).catch(() => socket.destroy())
  server.on('upgrade', onUpgradeEvent)
  return () => {
    server.off('upgrade', onUpgradeEvent)
    for (const client of wss.clients) client.terminate()
    wss.close()
  }
}

function serve(ws: WebSocket, cluster: SolanaCluster): void {
  let nextId = 1
  const signatures = new Map<number, string>()
  const slots = new Set<number>()
  const send = (payload: unknown) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(payload))
  }
  const notifySignature = (id: number, slot: number, err: unknown) => {
    signatures.delete(id)
    send({ jsonrpc: '2.0', method: 'signatureNotification', params: { result: { context: { slot }, value: { err } }, subscription: id } })
  }
  const stop = cluster.onProcessed((signature, status) => {
    for (const [id, awaited] of signatures) if (awaited === signature) notifySignature(id, status.slot, status.err)
    for (const id of slots) send({ jsonrpc: '2.0', method: 'slotNotification', params: { result: { parent: status.slot - 1, root: status.slot, slot: status.slot }, subscription: id } })
  })
  ws.on('close', stop)
  ws.on('message', (data) => {
    let request: { id?: unknown; method?: unknown; params?: unknown }
    try {
      request = JSON.parse(data.toString()) as typeof request
    } catch {
      return send({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })
    }
    const id = typeof request?.id === 'number' || typeof request?.id === 'string' ? request.id : null
    const params = Array.isArray(request?.params) ? request.params : []
    const fail = (code: number, message: string) => send({ jsonrpc: '2.0', id, error: { code, message } })
    if (signatures.size + slots.size >= MAX_SUBSCRIPTIONS_PER_SOCKET && String(request?.method).endsWith('Subscribe'))
      return fail(-32602, 'Too many subscriptions')
    switch (request?.method) {
      case 'signatureSubscribe': {
        const signature = params[0]
        if (typeof signature !== 'string' || signature.length < 32 || signature.length > 100) return fail(-32602, 'Invalid param: expected a signature')
        const subscription = nextId++
        signatures.set(subscription, signature)
        send({ jsonrpc: '2.0', id, result: subscription })
        // Transactions are final as soon as they are sent: a signature may already be known.
        const status = cluster.status(signature)
        if (status) notifySignature(subscription, status.slot, status.err)
        return
      }
      case 'slotSubscribe': {
        const subscription = nextId++
        slots.add(subscription)
        return send({ jsonrpc: '2.0', id, result: subscription })
      }
      case 'signatureUnsubscribe':
      case 'slotUnsubscribe': {
        const subscription = Number(params[0])
        return send({ jsonrpc: '2.0', id, result: signatures.delete(subscription) || slots.delete(subscription) })
      }
      default:
        return fail(-32601, 'Method not found')
    }
  })
}
