import { describe, expect, it } from 'vitest'
import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawnCli, stopCli } from './spawnCli.js'
import { call } from './support.js'
import { writeMasterSecretFile } from '../support/masterSecretFile.js'

// Outside dev mode a real data folder needs the operator's master secret, kept outside it.
const masterSecretFile = writeMasterSecretFile()
const ANNOUNCEMENT = /Admin token generated: kept in (.+) \(mode 0600\)\n/

// A child `npm run server` compiles with tsx and starts chains: minutes on a loaded 2-core machine.
describe('given `npm run server -- --data DIR` without --admin-token', { timeout: 120_000 }, () => {
  it('11: says where the generated token is kept (never the token itself) once, at the first start; later starts say nothing and take the same token', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'latch-cli-token-'))
    const first = await spawnCli(['--port', '0', '--data', dataDir, '--master-secret-file', masterSecretFile, '--quiet'])
    let token: string
    try {
      // Printed right after the ready line, in the same write or the next one.
      await expect.poll(() => ANNOUNCEMENT.test(first.output()), { timeout: 10_000, interval: 50 }).toBe(true)
      const [, file] = ANNOUNCEMENT.exec(first.output())!
      expect(file).toBe(join(dataDir, 'admin-token'))
      token = readFileSync(file!, 'utf8').trim()
      expect(token.length).toBeGreaterThanOrEqual(16)
      // A token in a log is a leaked token (security review L8).
      expect(first.output()).not.toContain(token)
      // Not in dev mode: the log says no stand-in runs and what is refused for want of configuration.
      expect(first.output()).toContain('No dev stand-ins run (no --dev)')
      expect(first.output()).toContain('Not configured, so refused: email login (no --smtp); google, x, discord, github, apple, facebook login (no --social, nor social in --config)')
      expect(statSync(file!).mode & 0o777).toBe(0o600)
      expect((await call(first, '/admin/api/projects/latch-dev', { headers: { authorization: `Bearer ${token}` } })).status).toBe(200)
      // The admin page too, without any build step: its address is printed beside the token.
      expect(first.output()).toContain(`Admin page: ${first.url}/admin/`)
      const page = await fetch(`${first.url}/admin/`)
      expect({ status: page.status, type: page.headers.get('content-type') }).toEqual({ status: 200, type: 'text/html; charset=utf-8' })
      expect((await fetch(`${first.url}/admin/admin.js`)).status).toBe(200)
    } finally {
      await stopCli(first)
    }

    const second = await spawnCli(['--port', '0', '--data', dataDir, '--master-secret-file', masterSecretFile, '--quiet'])
    try {
      expect((await call(second, '/admin/api/projects/latch-dev', { headers: { authorization: `Bearer ${token}` } })).status).toBe(200)
    } finally {
      await stopCli(second)
    }
    // Read once the process has closed its output, so nothing printed late is missed.
    expect(second.output()).not.toContain('Admin token')
    expect(second.output()).not.toContain(token)
  })

  it('11: takes --admin-token instead, and prints no token', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'latch-cli-token-'))
    const token = 'operator-token-from-the-flag'
    const cli = await spawnCli(['--port', '0', '--data', dataDir, '--master-secret-file', masterSecretFile, '--quiet', '--admin-token', token])
    try {
      expect((await call(cli, '/admin/api/projects', { headers: { authorization: `Bearer ${token}` } })).status).toBe(200)
    } finally {
      await stopCli(cli)
    }
    expect(cli.output()).not.toContain(token)
  })
})
