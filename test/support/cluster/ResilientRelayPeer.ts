import WebSocket from 'ws'
import { relaySocketUrl } from '../createRelayAuthToken.js'

/**
 * A raw relay client that behaves as WalletConnect's does when its socket drops: it reconnects
 * (through the balancer, so to another instance when its own is gone), subscribes its topics
 * again, and publishes again what was not acknowledged. Together with the relay's dedupe this is
 * at-least-once delivery; `received` keeps each message once, with when it arrived.
 */
export class ResilientRelayPeer {
  private ws: WebSocket | undefined
  private nextId = 1
  private readonly topics = new Set<string>()
  private readonly pending = new Map<number, (answer: Record<string, any>) => void>()
  private closed = false
  private connected: Promise<void> | undefined
  /** Messages delivered to this peer, by message text: when each first arrived (performance.now()). */
  readonly received = new Map<string, number>()
  /** Times the socket was opened again after a drop. */
  reconnects = 0
  /** Upgrades the relay refused with an HTTP answer (429 Too many sockets, …), each retried. */
  refusedUpgrades = 0
  /** When the last drop happened and when the socket was open again after it. */
  lastDropAt: number | undefined
  lastBackAt: number | undefined

  constructor(
    private readonly relayUrl: string,
    /** The client address the balancer would forward (X-Forwarded-For): one per peer keeps the relay's per-IP caps apart. */
    private readonly clientIp: string,
    /** Called on each delivery (after it is recorded). */
    private readonly onMessage?: (message: string, topic: string) => void,
  ) {}

  /** Opens the socket (again); resolves once it is open and its topics are subscribed. */
  connect(): Promise<void> {
    this.connected ??= this.open().finally(() => (this.connected = undefined))
    return this.connected
  }

  private async open(): Promise<void> {
    for (let attempt = 0; !this.closed; attempt++) {
      const ws = new WebSocket(relaySocketUrl(this.relayUrl), { headers: { 'x-forwarded-for': this.clientIp } })
      const opened = await new Promise<boolean>((resolve) => {
        ws.once('open', () => resolve(true))
        ws.once('error', () => resolve(false))
        ws.once('unexpected-response', () => (this.refusedUpgrades++, resolve(false)))
      })
      if (!opened) {
        ws.terminate()
        await new Promise((resolve) => setTimeout(resolve, Math.min(100 * (attempt + 1), 1_000)))
        continue
      }
      this.ws = ws
      ws.on('message', (data) => this.onFrame(JSON.parse(data.toString())))
      ws.on('close', () => {
        if (this.ws !== ws) return
        this.ws = undefined
        for (const resolve of this.pending.values()) resolve({ error: 'socket closed' })
        this.pending.clear()
        if (this.closed) return
        this.lastDropAt = performance.now()
        void this.connect().then(() => {
          this.reconnects++
          this.lastBackAt = performance.now()
        })
      })
      if (this.topics.size) await this.call('irn_batchSubscribe', { topics: [...this.topics] })
      return
    }
  }

  private onFrame(frame: Record<string, any>) {
    if (frame.method === 'irn_subscription') {
      const { topic, message } = frame.params.data as { topic: string; message: string }
      if (!this.received.has(message)) {
        this.received.set(message, performance.now())
        this.onMessage?.(message, topic)
      }
      this.ws?.send(JSON.stringify({ id: frame.id, jsonrpc: '2.0', result: true }))
      return
    }
    const resolve = this.pending.get(frame.id)
    if (!resolve) return
    this.pending.delete(frame.id)
    resolve(frame)
  }

  /** One call on the current socket: its answer, or `{ error }` when the socket drops or it times out. */
  private call(method: string, params: unknown, timeoutMs = 5_000): Promise<Record<string, any>> {
    const ws = this.ws
    if (!ws || ws.readyState !== WebSocket.OPEN) return Promise.resolve({ error: 'not connected' })
    const id = this.nextId++
    return new Promise((resolve) => {
      const timer = setTimeout(() => (this.pending.delete(id), resolve({ error: 'timeout' })), timeoutMs)
      this.pending.set(id, (answer) => (clearTimeout(timer), resolve(answer)))
      ws.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
    })
  }

  /** Calls until acknowledged, reconnecting between attempts (what WalletConnect's client does). */
  private async callUntilAcknowledged(method: string, params: unknown): Promise<void> {
    while (!this.closed) {
      if (!this.ws) await this.connect()
      const answer = await this.call(method, params)
      if (answer.result !== undefined && !answer.error) return
      if (answer.error && typeof answer.error === 'object') throw new Error(`${method} refused: ${JSON.stringify(answer.error)}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }

  async subscribe(topic: string): Promise<void> {
    this.topics.add(topic)
    await this.callUntilAcknowledged('irn_subscribe', { topic })
  }

  /** Publishes until the relay acknowledges it; an unacknowledged publish is sent again. */
  publish(topic: string, message: string, ttl = 300): Promise<void> {
    return this.callUntilAcknowledged('irn_publish', { topic, message, ttl, tag: 1000 })
  }

  close(): void {
    this.closed = true
    this.ws?.terminate()
  }
}
