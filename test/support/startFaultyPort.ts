import { createServer, connect, type Server, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'

/** What the port does to a connection: pass it on, refuse it, swallow it, or answer nonsense. */
export type FaultMode = 'up' | 'down' | 'hang' | 'garbage'

export interface FaultyPort {
  /** `http://127.0.0.1:<port>`: fixed for the port's life, whatever its mode. */
  url: string
  mode: FaultMode
  /** Connections accepted since start (not counting refused ones). */
  connections: number
  setMode(mode: FaultMode): Promise<void>
  close(): Promise<void>
}

// An HTTP answer a JSON-RPC or JSON client cannot parse.
const GARBAGE = 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\naccess-control-allow-origin: *\r\ncontent-length: 17\r\nconnection: close\r\n\r\n{"jsonrpc":<<<}}}'

/**
 * A real TCP port in front of a real server (the backend, a chain node) whose failure the test
 * decides: 'up' relays bytes both ways, 'down' closes the listener so connections are refused,
 * 'hang' accepts and never answers, 'garbage' answers a broken HTTP body. A fault on the wire,
 * as a dead or stuck host gives, not a stubbed client. Changing mode cuts open connections.
 *
 * @param target - the `http://host:port` the port relays to when up
 * @param mode - the mode at start
 */
export async function startFaultyPort(target: string, mode: FaultMode = 'up'): Promise<FaultyPort> {
  const { hostname, port: targetPort } = new URL(target)
  const sockets = new Set<Socket>()
  let server: Server | undefined
  let port = 0
  const state = {
    url: '',
    mode,
    connections: 0,
    async setMode(next: FaultMode) {
      for (const socket of sockets) socket.destroy()
      sockets.clear()
      state.mode = next
      if (next === 'down') await stop()
      else if (!server) await listen()
    },
    close: () => stop(),
  }
  const track = (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
  }
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const listening = createServer((socket) => {
        state.connections++
        track(socket)
        if (state.mode === 'hang') return socket.resume()
        if (state.mode === 'garbage') return void socket.once('data', () => socket.end(GARBAGE))
        const upstream = connect(Number(targetPort), hostname)
        track(upstream)
        upstream.on('close', () => socket.destroy())
        socket.on('close', () => upstream.destroy())
        // The node behind checks that Host names it (DNS rebinding guard): each request's Host is
        // rewritten to the target's. A request's head arrives in one chunk on loopback.
        socket.on('data', (chunk: Buffer) => upstream.write(chunk.toString('latin1').replace(/^host:[^\r\n]*/im, `Host: ${hostname}:${targetPort}`), 'latin1'))
        socket.on('end', () => upstream.end())
        upstream.pipe(socket)
      })
      listening.once('error', reject)
      listening.listen(port, '127.0.0.1', () => {
        port = (listening.address() as AddressInfo).port
        server = listening
        resolve()
      })
    })
  const stop = () =>
    new Promise<void>((resolve) => {
      const closing = server
      server = undefined
      for (const socket of sockets) socket.destroy()
      if (!closing) return resolve()
      closing.close(() => resolve())
    })
  await listen()
  state.url = `http://127.0.0.1:${port}`
  if (mode === 'down') await stop()
  return state
}
