import { afterAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type WebSocket from 'ws'
import { spawnCli, stopCli, type RunningCli } from './spawnCli.js'
import { relaySocketUrl } from '../support/createRelayAuthToken.js'
import { tryRelayUpgrade } from '../support/relayClient.js'

// Issue 31: `--relay-max-connections N` caps the WebSockets one instance's relay holds (1,000 by
// default; the cluster bench raises it). Three sockets here, so the cap is reached at once, well
// under the per-client cap of 50: the refusal is the instance's, not the client's.
const MAX = 3
let cli: RunningCli | undefined
let dataDir: string | undefined
const opened: WebSocket[] = []
afterAll(async () => {
  for (const ws of opened) ws.terminate()
  if (cli) await stopCli(cli)
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

describe('given `npm run server --relay-max-connections 3`', { timeout: 120_000 }, () => {
  it('31: holds three relay sockets, refuses a fourth with TOO_MANY_SOCKETS, and takes one again once a socket closes', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'latch-cli-relay-'))
    cli = await spawnCli(['--port', '0', '--data', dataDir, '--dev', '--no-local-chains', '--chain', 'eip155:10=http://127.0.0.1:9', '--relay-max-connections', String(MAX)])
    const relayUrl = `${cli.url.replace('http', 'ws')}/relay`
    const socketUrl = () => relaySocketUrl(relayUrl)

    for (let n = 0; n < MAX; n++) expect(await tryRelayUpgrade(socketUrl(), {}, opened)).toBe('open')
    expect(await tryRelayUpgrade(socketUrl())).toEqual({ status: 429, body: { code: 'TOO_MANY_SOCKETS', message: 'Too many open WebSockets' } })

    opened.shift()!.close()
    // The relay counts the socket gone once its close handshake ends.
    await expect.poll(() => tryRelayUpgrade(socketUrl(), {}, opened), { timeout: 15_000, interval: 200 }).toBe('open')
    expect(opened).toHaveLength(MAX)
  })
})
