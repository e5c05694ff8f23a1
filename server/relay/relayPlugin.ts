import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import { verifyRelayAuth } from './verifyRelayAuth.js'
import { refuseUpgrade, type UpgradeRefusal } from '../solana/attachSolanaWebSocket.js'
import { createRateLimiter } from '../plugins/requestGuards/createRateLimiter.js'
import type { Storage } from '../plugins/database/openStorage.js'
import { RelayMessageStore } from './RelayMessageStore.js'
import { DEFAULT_RELAY_LIMITS, RelayHub, RelayLimitError, type RelayLimits, type RelayMessage, type RelayPeer } from './RelayHub.js'

export interface RelayOptions {
  /** URL path of the WebSocket endpoint. */
  path?: string
  limits?: Partial<RelayLimits>
  /** Largest frame a client may send. */
  maxPayloadBytes?: number
  /** Requests per second a connection may make, with a burst of ten times that. */
  maxRequestsPerSecond?: number
  maxConnections?: number
  /** Open sockets one client IP may hold (50 by default). */
  maxConnectionsPerIp?: number
  /** Upgrades one client IP may make a minute (120 by default): reconnect storms stay cheap. */
  maxUpgradesPerMinute?: number
  /**
   * Projects whose id a client may put on the relay URL (`?projectId=`, as WalletConnect's relay
   * requires); without it any non-empty id is taken.
   */
  projects?: { has(projectId: string): boolean }
  /** A raw request's client IP (X-Forwarded-For only behind a trusted proxy); the TCP peer by default. */
  clientIp?: (request: IncomingMessage) => string
  /**
   * The relay's public URLs, which a client's auth token must name as `aud`; by default
   * `ws://` and `wss://` on the upgrade's Host header and `path` (give them behind a proxy that rewrites Host).
   */
  audiences?: readonly string[]
  /** Ping period; a client that misses two pongs is dropped. */
  pingIntervalMs?: number
  sweepIntervalMs?: number
  /**
   * Where messages outlive a restart (the storage layer); without it they are kept in memory
   * only. On Postgres, instances sharing it deliver each other's messages.
   */
  storage?: Storage
  /** On a shared (Postgres) store: how often other instances' messages are read (500 ms by default). */
  pullIntervalMs?: number
  /** A shared Redis (`--redis`): instances deliver each other's messages through it. */
  redisUrl?: string
}

type JsonRpcRequest = { id?: unknown; jsonrpc?: unknown; method?: unknown; params?: unknown }

const isString = (value: unknown, max = 100_000): value is string => typeof value === 'string' && value.length > 0 && value.length <= max
const isTopic = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value)
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}

async function registerRelay(app: FastifyInstance, options: RelayOptions = {}): Promise<void> {
  const path = options.path ?? '/relay'
  const store = options.storage && new RelayMessageStore(options.storage)
  const shared = options.storage?.dialect === 'postgres'
  const hub = new RelayHub({ ...DEFAULT_RELAY_LIMITS, ...options.limits }, Date.now, store, { shared })
  await hub.load()
  const rate = options.maxRequestsPerSecond ?? 50
  const maxConnections = options.maxConnections ?? 1000
  const maxPerIp = options.maxConnectionsPerIp ?? 50
  const upgrades = createRateLimiter({ max: options.maxUpgradesPerMinute ?? 120, windowMs: 60_000 })
  const clientIp = options.clientIp ?? ((request: IncomingMessage) => request.socket.remoteAddress ?? '')
  const perIp = new Map<string, number>()
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxPayloadBytes ?? 512 * 1024 })
  const alive = new WeakMap<WebSocket, boolean>()

  /** Why an upgrade is refused, checked cheapest first; undefined admits it. */
  const refusalOf = (url: URL, ip: string): UpgradeRefusal | undefined => {
    if (upgrades.hit(ip) !== undefined) return { status: 429, code: 'RATE_LIMITED', message: 'Rate limited' }
    const projectId = url.searchParams.get('projectId') ?? ''
    if (!projectId || projectId.length > 128 || (options.projects && !options.projects.has(projectId)))
      return { status: 403, code: 'INVALID_PROJECT_ID', message: 'Invalid Project ID' }
    if ((perIp.get(ip) ?? 0) >= maxPerIp || wss.clients.size >= maxConnections) return { status: 429, code: 'TOO_MANY_SOCKETS', message: 'Too many open WebSockets' }
    return undefined
  }

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://relay')
    if (url.pathname !== path) return
    const ip = clientIp(request)
    const refusal = refusalOf(url, ip)
    if (refusal) return refuseUpgrade(socket, refusal)
    // Clients sign a JWT (EdDSA, did:key issuer) for this relay's URL when they connect: refuse
    // unsigned, forged, long-lived ones and those made for another relay.
    const host = request.headers.host ?? ''
    const clientId = verifyRelayAuth(url.searchParams.get('auth') ?? '', { audiences: options.audiences ?? [`ws://${host}${path}`, `wss://${host}${path}`] })
    if (!clientId) return refuseUpgrade(socket, { status: 401, code: 'UNAUTHORIZED', message: 'Relay auth token invalid' })
    perIp.set(ip, (perIp.get(ip) ?? 0) + 1)
    // Counted from the upgrade on, so a burst of upgrades cannot pass the cap before any opens.
    socket.once('close', () => {
      const left = (perIp.get(ip) ?? 1) - 1
      if (left <= 0) perIp.delete(ip)
      else perIp.set(ip, left)
    })
    wss.handleUpgrade(request, socket, head, (ws) => serve(ws, clientId, ip))
  }

  const serve = (ws: WebSocket, clientId: string, ip: string) => {
    alive.set(ws, true)
    let tokens = rate * 10
    let refilledAt = Date.now()
    const peer: RelayPeer = {
      clientId,
      owner: ip,
      deliver(subscriptionId: string, message: RelayMessage) {
        if (ws.readyState !== ws.OPEN) return
        const { topic, message: body, publishedAt, tag } = message
        ws.send(
          JSON.stringify({
            id: Date.now() * 1000 + Math.floor(Math.random() * 1000),
            jsonrpc: '2.0',
            method: 'irn_subscription',
            params: { id: subscriptionId, data: { topic, message: body, publishedAt, tag } },
          }),
        )
      },
    }
    const reply = (id: unknown, result: unknown) => ws.send(JSON.stringify({ id, jsonrpc: '2.0', result }))
    const fail = (id: unknown, code: number, message: string) =>
      ws.send(JSON.stringify({ id: id ?? null, jsonrpc: '2.0', error: { code, message } }))

    ws.on('pong', () => alive.set(ws, true))
    ws.on('close', () => hub.remove(peer))
    ws.on('error', () => ws.terminate())
    ws.on('message', (data, isBinary) => {
      const now = Date.now()
      tokens = Math.min(rate * 10, tokens + ((now - refilledAt) / 1000) * rate)
      refilledAt = now
      if (tokens < 1) return fail(null, -32029, 'Too many requests')
      tokens -= 1
      if (isBinary) return fail(null, -32700, 'Parse error')
      let request: JsonRpcRequest
      try {
        request = JSON.parse(data.toString()) as JsonRpcRequest
      } catch {
        return fail(null, -32700, 'Parse error')
      }
      if (!request || typeof request !== 'object') return fail(null, -32600, 'Invalid request')
      // Acknowledgements of our deliveries carry no method.
      if (request.method === undefined) return
      const id = typeof request.id === 'number' || typeof request.id === 'string' ? request.id : null
      try {
        const result = handle(String(request.method), record(request.params))
        if (result === undefined) return fail(id, -32601, 'Method not found')
        // Acknowledged once stored: a publish the client saw accepted survives a restart.
        if (!store) return reply(id, result)
        store.afterCommit((committed) => (committed ? reply(id, result) : fail(id, -32000, 'Storage failed')))
      } catch (error) {
        if (error instanceof RelayLimitError) return fail(id, -32029, error.message)
        return fail(id, -32602, 'Invalid params')
      }
    })

    const handle = (method: string, params: Record<string, unknown>): unknown => {
      const topicsOf = (value: unknown): string[] => {
        if (!Array.isArray(value) || value.length > 500 || !value.every(isTopic)) throw new Error('topics')
        return value as string[]
      }
      const publishParams = (topic: unknown, message: unknown, tag: unknown, ttl: unknown) => {
        if (!isTopic(topic) || !isString(message)) throw new Error('publish')
        return { topic, message, tag: Number(tag) || 0, ttl: Number(ttl) || 300 }
      }
      switch (method) {
        case 'irn_subscribe': {
          if (!isTopic(params.topic)) throw new Error('topic')
          return hub.subscribe(peer, params.topic)
        }
        case 'irn_batchSubscribe':
          return topicsOf(params.topics).map((topic) => hub.subscribe(peer, topic))
        case 'irn_unsubscribe':
          if (!isTopic(params.topic)) throw new Error('topic')
          hub.unsubscribe(peer, params.topic)
          return true
        case 'irn_batchUnsubscribe': {
          const subscriptions = Array.isArray(params.subscriptions) ? params.subscriptions : []
          for (const sub of subscriptions.slice(0, 500)) if (isTopic(record(sub).topic)) hub.unsubscribe(peer, record(sub).topic as string)
          return true
        }
        case 'irn_publish':
          hub.publish(peer, publishParams(params.topic, params.message, params.tag, params.ttl))
          return true
        case 'irn_batchFetchMessages':
          return {
            messages: hub.fetch(topicsOf(params.topics)).map(({ topic, message, publishedAt, tag }) => ({ topic, message, publishedAt, tag })),
            hasMore: false,
          }
        // The dapp creates the pairing topic without subscribing: subscribe it here, or it
        // never hears the wallet's answer.
        case 'wc_proposeSession': {
          const message = publishParams(params.pairingTopic, params.sessionProposal, 1100, params.ttl)
          hub.subscribe(peer, message.topic)
          hub.publish(peer, message)
          return true
        }
        // Likewise the wallet's session topic; the response goes on the pairing topic.
        case 'wc_approveSession': {
          const response = publishParams(params.pairingTopic, params.sessionProposalResponse, 1101, params.ttl)
          const settle = publishParams(params.sessionTopic, params.sessionSettlementRequest, 1102, params.ttl)
          hub.subscribe(peer, settle.topic)
          hub.publish(peer, response)
          hub.publish(peer, settle)
          return true
        }
        default:
          return undefined
      }
    }
  }

  const pinger = setInterval(() => {
    for (const ws of wss.clients) {
      if (!alive.get(ws)) {
        ws.terminate()
        continue
      }
      alive.set(ws, false)
      ws.ping()
    }
  }, options.pingIntervalMs ?? 15_000)
  const sweeper = setInterval(() => hub.sweep(), options.sweepIntervalMs ?? 10_000)
  // One pull at a time: a slow database must not stack them up.
  let pulling: Promise<void> | undefined
  const puller =
    shared &&
    setInterval(() => {
      pulling ??= hub
        .pull()
        .catch((error: unknown) => console.error('[latch relay] reading other instances’ messages failed', error))
        .finally(() => (pulling = undefined))
    }, options.pullIntervalMs ?? 500)
  pinger.unref()
  sweeper.unref()
  if (puller) puller.unref()

  app.server.on('upgrade', onUpgrade)
  app.decorate('relayHub', hub)
  // Before the HTTP server stops: upgraded sockets would otherwise hold its close open.
  app.addHook('preClose', async () => {
    clearInterval(pinger)
    clearInterval(sweeper)
    if (puller) clearInterval(puller)
    await pulling
    app.server.off('upgrade', onUpgrade)
    for (const ws of wss.clients) ws.terminate()
    await new Promise<void>((resolve) => wss.close(() => resolve()))
    await store?.flush()
  })
}

/**
 * A local WalletConnect relay (the irn JSON-RPC over WebSocket that @walletconnect/core
 * speaks) on the Fastify server's own HTTP port, so the demo and the tests need no hosted
 * relay. Messages are kept until their TTL (with `storage`, undelivered ones also across a
 * restart, and on Postgres every one, so instances sharing it hand each other their messages
 * within `pullIntervalMs`); clients are pinged; each connection has limits. Wrapped in fastify-plugin: it hangs
 * on the root server's 'upgrade' and decorates it with `relayHub`, so it opts out of encapsulation.
 *
 * @example
 * await app.register(relayPlugin, { path: '/relay' })
 */
export const relayPlugin = fp(registerRelay, { name: 'latch-relay' })
