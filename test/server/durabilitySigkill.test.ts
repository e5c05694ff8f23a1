import { afterAll, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { recordFaultFigure } from '../support/faultsPage.js'
import { spawnCli, type RunningCli } from './spawnCli.js'
import { openStorage } from '../../server/plugins/database/openStorage.js'
import { testDatabaseUrlFor } from '../support/testDatabase.js'
import { BACKEND_MIGRATIONS } from '../../server/createServer.js'

// Issue 15: the backend killed with SIGKILL during writes (names, SIWX sessions, on-ramp orders,
// analytics events) loses nothing it acknowledged, and its database opens clean (SQLite WAL, one
// transaction per acknowledged write).
const q = 'projectId=latch-dev'
const coinType = (0x80000000 | 31337) >>> 0
const signer = privateKeyToAccount(generatePrivateKey())
const started: RunningCli[] = []

/** The CLI's whole process tree (its hardhat nodes are children): a SIGKILL of the CLI orphans them. */
function treeOf(pid: number): number[] {
  let children: number[] = []
  try {
    children = execFileSync('pgrep', ['-P', String(pid)]).toString().trim().split('\n').filter(Boolean).map(Number)
  } catch {
    children = []
  }
  return [pid, ...children.flatMap(treeOf)]
}

function killTree(pids: number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
}

async function start(dataDir: string): Promise<RunningCli> {
  // Dev mode: on-ramp orders are the test checkout's, a stand-in.
  const cli = await spawnCli(['--port', '0', '--data', dataDir, '--rate-limit', '0', '--quiet', '--dev'])
  started.push(cli)
  return cli
}

afterAll(() => {
  for (const cli of started) if (cli.child.exitCode === null) killTree(treeOf(cli.child.pid!))
})

type Write = { kind: 'name' | 'order' | 'event' | 'session'; key: string }
const PAGE = 'http://127.0.0.1:5173'

/** One acknowledged write of each kind in turn; resolves with what the server acknowledged (2xx). */
async function writeOne(url: string, kind: Write['kind'], i: number): Promise<Write | undefined> {
  const post = (path: string, body: unknown) =>
    fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: PAGE }, body: JSON.stringify(body) })
  if (kind === 'name') {
    const name = `durable-${process.pid}-${i}`
    const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(Date.now() / 1000) })
    const response = await post(`/v1/profile/account?${q}`, { coin_type: coinType, address: signer.address, message, signature: await signer.signMessage({ message }) })
    return response.ok ? { kind, key: `${name}.reown.id` } : undefined
  }
  if (kind === 'order') {
    const response = await post(`/v1/generators/onrampurl?${q}`, { destinationWallets: [{ address: signer.address }], defaultNetwork: 'latch-local', presetFiatAmount: 10 + i })
    if (!response.ok) return undefined
    const { url: checkout } = (await response.json()) as { url: string }
    return { kind, key: new URL(checkout).searchParams.get('externalTransactionId')! }
  }
  if (kind === 'session') {
    // A SIWX sign-in (EIP-4361): a nonce, then the signed message; the session is the write.
    const nonceAnswer = await post(`/v1/siwx/nonce?${q}`, {})
    if (!nonceAnswer.ok) return undefined
    const { nonce } = (await nonceAnswer.json()) as { nonce: string }
    const message = createSiweMessage({ domain: new URL(PAGE).host, address: signer.address, chainId: 31337, uri: PAGE, version: '1', nonce, issuedAt: new Date() })
    const response = await post(`/v1/siwx/sessions?${q}`, { message, signature: await signer.signMessage({ message }) })
    return response.ok ? { kind, key: message } : undefined
  }
  const eventId = `durable-event-${i}`
  const response = await post(`/e?${q}`, { eventId, timestamp: Date.now(), props: { type: 'track', event: 'DURABILITY' } })
  return response.ok ? { kind, key: eventId } : undefined
}

describe('given the backend killed with SIGKILL while it acknowledges writes', () => {
  it('keeps every acknowledged name, SIWX session, on-ramp order and event after a restart, and the database checks ok', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'latch-durable-'))
    const first = await start(dataDir)
    const acknowledged: Write[] = []
    const kinds: Write['kind'][] = ['name', 'order', 'event', 'session']
    let next = 0
    let inFlightAtKill = 0
    // Four writers back to back; the kill lands while requests are in flight.
    const writer = async () => {
      for (;;) {
        const i = next++
        inFlightAtKill++
        try {
          const write = await writeOne(first.url, kinds[i % kinds.length]!, i)
          if (write) acknowledged.push(write)
        } catch {
          return // the connection died with the server
        } finally {
          inFlightAtKill--
        }
      }
    }
    const writers = Promise.all([writer(), writer(), writer(), writer()])
    await expect.poll(() => acknowledged.length, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(300)
    const tree = treeOf(first.child.pid!)
    const inFlight = inFlightAtKill
    first.child.kill('SIGKILL')
    killTree(tree.slice(1))
    await writers
    expect(inFlight).toBeGreaterThan(0) // the kill came mid-stream, not between writes

    // The file opens clean before the server touches it again.
    const file = join(dataDir, 'latch.sqlite')
    const offline = new Database(file)
    expect(offline.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(offline.pragma('integrity_check', { simple: true })).toBe('ok')
    offline.close()

    const second = await start(dataDir)
    const db = new Database(file, { readonly: true })
    // Sessions and events are the storage layer's: the same file on SQLite, the data folder's database on the Postgres run.
    const url = await testDatabaseUrlFor(file)
    const storage = url ? await openStorage({ url, sqlite: db, migrations: BACKEND_MIGRATIONS }) : undefined
    const sessionStored = async (message: string) =>
      storage
        ? (await storage.db.selectFrom('siwx_sessions').select('id').where('message', '=', message).executeTakeFirst()) !== undefined
        : db.prepare('SELECT 1 FROM siwx_sessions WHERE message = ?').get(message) !== undefined
    const orderStored = async (id: string) =>
      storage
        ? (await storage.db.selectFrom('onramp_orders').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
        : db.prepare('SELECT 1 FROM onramp_orders WHERE id = ?').get(id) !== undefined
    const eventStored = async (eventId: string) =>
      storage
        ? (await storage.db.selectFrom('events').select('id').where('event_id', '=', eventId).executeTakeFirst()) !== undefined
        : db.prepare('SELECT 1 FROM events WHERE event_id = ?').get(eventId) !== undefined
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
      const missing: Write[] = []
      for (const write of acknowledged) {
        if (write.kind === 'name') {
          const response = await fetch(`${second.url}/v1/profile/account/${write.key}?${q}&apiVersion=2`)
          if (response.status !== 200) missing.push(write)
        } else if (write.kind === 'order') {
          // The order is the backend's row (its checkout runs on the test checkout's origin, new at each start).
          if (!(await orderStored(write.key))) missing.push(write)
        } else if (write.kind === 'session') {
          if (!(await sessionStored(write.key))) missing.push(write)
        } else if (!(await eventStored(write.key))) missing.push(write)
      }
      expect(missing).toEqual([])
      expect(new Set(acknowledged.map((w) => w.kind))).toEqual(new Set(kinds))
      recordFaultFigure({
        case: 'backend SIGKILL during writes',
        held: true,
        messagesLost: missing.length,
        note: `${acknowledged.length} acknowledged writes (names, SIWX sessions, on-ramp orders, events), ${inFlight} in flight at SIGKILL, WAL, integrity_check ok`,
      })
    } finally {
      await storage?.close()
      db.close()
    }
  }, 240_000)
})
