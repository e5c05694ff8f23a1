import { afterAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawnCli, stopCli, type RunningCli } from './spawnCli.js'
import { DEV_FRAME, freshDeviceId, freshEmail, siteCall } from './secureSiteSupport.js'

// `npm run server`: it names the secure site and the dev mailbox, and logs each login email.
const dataDir = mkdtempSync(join(tmpdir(), 'latch-cli-secure-'))
let cli: RunningCli | undefined
afterAll(async () => {
  if (cli) await stopCli(cli)
  rmSync(dataDir, { recursive: true, force: true })
})

describe('given `npm run server -- --port 0 --data DIR`', () => {
  it('prints the secure site, the dev mailbox and the local OpenID stand-in, then one log line per login email with its code', async () => {
    cli = await spawnCli(['--port', '0', '--data', dataDir])
    let siteUrl: string | undefined
    await expect.poll(() => (siteUrl = /Secure site \(embedded wallet\): (http:\/\/127\.0\.0\.1:\d+)/.exec(cli!.output())?.[1]), { timeout: 10_000 }).toBeDefined()
    expect(cli.output()).toContain(`Dev mailbox (login codes and links): ${cli.url}/dev/mailbox?email=<address>`)
    // The passwordless local provider is named as the stand-in it is, for every provider without --social.
    const standIn = /Local OpenID provider for google, x, discord, github, apple, facebook \(dev stand-in: accepts any username, no password; give real ones with --social\): http:\/\/127\.0\.0\.1:\d+/
    await expect.poll(() => standIn.test(cli!.output()), { timeout: 10_000 }).toBe(true)
    const page = await fetch(`${siteUrl}/?projectId=latch-dev`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain('frame-ancestors')

    const email = freshEmail('cli')
    expect((await siteCall(siteUrl!, '/api/email/start', { body: { email, deviceId: freshDeviceId(), ...DEV_FRAME } })).body).toEqual({ action: 'VERIFY_DEVICE' })
    await expect.poll(() => new RegExp(`\\[mail\\] Mail to ${email.replace(/[.+]/g, '\\$&')}: Approve a new device http://127\\.0\\.0\\.1:\\d+/device/approve\\?token=`).test(cli!.output()), { timeout: 10_000 }).toBe(true)
  })
})
