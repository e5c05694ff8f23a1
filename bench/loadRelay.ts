import Database from 'better-sqlite3'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { WebSocket } from 'ws'
import { relaySocketUrl } from '../test/support/createRelayAuthToken.js'
import type { FaultFigure } from '../test/support/faultsPage.js'

// Issue 15's relay load: 1,000 pairings (two sockets each, one topic each, both subscribed),
// every socket publishing to its pairing's topic so the total aims at 10,000 messages a second;
// delivery latency is publish-to-delivery at the other side. Messages lost must be 0.
const PAIRINGS = Number(process.env.LOAD_PAIRINGS ?? 1_000)
const TARGET_PER_SECOND = Number(process.env.LOAD_MESSAGES_PER_SECOND ?? 10_000)
const SECONDS = Number(process.env.LOAD_SECONDS ?? 10)
const TARGET_P99_MS = 50
// Small ticks: 2,000 independent clients do not publish in one synchronized burst.
const TICK_MS = 10

const require = createRequire(import.meta.url)
const tsx = join(require.resolve('tsx/package.json'), '..', 'dist/cli.mjs')

async function startRelayProcess(dataDir: string) {
  const child = spawn(process.execPath, [tsx, 'bench/loadRelayServer.ts', dataDir], { stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /relay port (\d+)/.exec(out)
      if (match) resolve(Number(match[1]))
    })
    child.once('exit', (code) => reject(new Error(`relay exited with ${code}`)))
  })
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()))
  const stop = () => (child.exitCode === null && child.kill('SIGTERM'), exited)
  return { port, stop, eventLoop: () => [...out.matchAll(/relay event-loop delay (.*)/g)].at(-1)?.[1] }
}

interface Side {
  socket: WebSocket
  topic: string
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN

export async function runRelayLoad(): Promise<FaultFigure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'latch-relay-load-'))
  const relay = await startRelayProcess(dataDir)
  const sides: Side[] = []
  const latencies: number[] = []
  let sent = 0
  let received = 0
  let refused = 0
  let nextId = 1
  try {
    // Connect and subscribe in batches, as pairings arrive.
    const open = (topic: string) =>
      new Promise<Side>((resolve, reject) => {
        const socket = new WebSocket(relaySocketUrl(`ws://127.0.0.1:${relay.port}/relay`))
        socket.once('error', reject)
        // Read without JSON.parse: the client process must not be what limits the rate.
        socket.on('message', (data) => {
          const text = data.toString()
          const at = text.indexOf('"message":"')
          if (at >= 0 && text.includes('"irn_subscription"')) {
            received++
            const fields = text.slice(at + 11, at + 60).split(':')
            latencies.push(performance.now() - Number(fields[1]))
          } else if (text.includes('"error"')) refused++
          else if (text.startsWith('{"id":-1,')) resolve({ socket, topic })
        })
        socket.once('open', () => socket.send(JSON.stringify({ id: -1, jsonrpc: '2.0', method: 'irn_subscribe', params: { topic } })))
      })
    const connectStarted = performance.now()
    for (let i = 0; i < PAIRINGS; i += 100) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(100, PAIRINGS - i) }, (_, k) => {
          const topic = (i + k).toString(16).padStart(64, '0')
          return Promise.all([open(topic), open(topic)])
        }),
      )
      for (const pair of batch) sides.push(...pair)
    }
    const connectMs = performance.now() - connectStarted

    // Each tick, the next sockets in turn publish one message each: the rate spread evenly.
    let cursor = 0
    const filler = 'x'.repeat(160)
    const started = performance.now()
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (performance.now() - started >= SECONDS * 1000) {
          clearInterval(timer)
          resolve()
          return
        }
        // As many as are due by now: a late tick catches up, so the rate is the target's.
        const due = Math.min(SECONDS * 1000, performance.now() - started) * (TARGET_PER_SECOND / 1000) - sent
        for (let n = 0; n < due; n++) {
          const side = sides[cursor++ % sides.length]!
          const message = `${sent}:${performance.now()}:${filler}`
          side.socket.send(`{"id":${nextId++},"jsonrpc":"2.0","method":"irn_publish","params":{"topic":"${side.topic}","message":"${message}","ttl":30,"tag":1108}}`)
          sent++
        }
      }, TICK_MS)
    })
    const sendSeconds = (performance.now() - started) / 1000
    // Drain: every message published reaches the other side of its pairing.
    const drainUntil = performance.now() + 15_000
    while (received < sent && performance.now() < drainUntil) await new Promise((resolve) => setTimeout(resolve, 50))
    const sorted = latencies.sort((a, b) => a - b)
    const p50 = percentile(sorted, 50)
    const p99 = percentile(sorted, 99)
    const lost = sent - received
    const rate = received / sendSeconds
    for (const side of sides) side.socket.terminate()
    await relay.stop()
    const db = new Database(join(dataDir, 'latch.sqlite'), { readonly: true })
    const written = (db.prepare('SELECT COUNT(*) AS n FROM relay_messages').get() as { n: number }).n
    db.close()
    return [
      {
        case: 'load: relay',
        held: lost === 0 && refused === 0 && p99 < TARGET_P99_MS && rate >= TARGET_PER_SECOND * 0.9,
        messagesLost: lost,
        note:
          `${PAIRINGS} pairings (${sides.length} sockets, connected in ${connectMs.toFixed(0)} ms), ${sent} messages in ${sendSeconds.toFixed(1)} s = ` +
          `${rate.toFixed(0)} delivered/s (target ${TARGET_PER_SECOND}), p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (target < ${TARGET_P99_MS}), refused ${refused}; ` +
          `relay ${process.env.LOAD_RELAY_MEMORY ? 'in memory only' : `with its SQLite store (${written} written: only messages no one received live are)`}, ` +
          `its event-loop delay ${relay.eventLoop() ?? 'unknown'}`,
      },
    ]
  } finally {
    for (const side of sides) side.socket.terminate()
    await relay.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) for (const figure of await runRelayLoad()) console.log(JSON.stringify(figure))
