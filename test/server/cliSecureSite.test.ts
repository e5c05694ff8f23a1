import { afterAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawnCli, stopCli, type RunningCli } from './spawnCli.js'
import { DEV_FRAME, freshDeviceId, freshEmail, siteCall, waitForMail } from './secureSiteSupport.js'

// `npm run server -- --dev`: it names the secure site and each dev stand-in, and logs each login email.
const dataDir = mkdtempSync(join(tmpdir(), 'latch-cli-secure-'))
let cli: RunningCli | undefined
afterAll(async () => {
  if (cli) await stopCli(cli)
  rmSync(dataDir, { recursive: true, force: true })
})

const ADMIN_TOKEN = 'cli-secure-site-admin-token-0123456789'

// A child `npm run server` compiles with tsx and starts chains: minutes on a loaded 2-core machine.
describe('given `npm run server -- --port 0 --data DIR --dev`', { timeout: 120_000 }, () => {
  it('prints the secure site and lists every dev stand-in, then one log line per login email, without its code', async () => {
    cli = await spawnCli(['--port', '0', '--data', dataDir, '--dev', '--admin-token', ADMIN_TOKEN])
    let siteUrl: string | undefined
    await expect.poll(() => (siteUrl = /Secure site \(embedded wallet\): (http:\/\/127\.0\.0\.1:\d+)/.exec(cli!.output())?.[1]), { timeout: 10_000 }).toBeDefined()
    // The passwordless local provider is named as the stand-in it is, for every provider without --social; so are the others.
    const standIn = /Local OpenID provider for google, x, discord, github, apple, facebook \(accepts any username, no password; give real ones with --social\): http:\/\/127\.0\.0\.1:\d+/
    await expect.poll(() => standIn.test(cli!.output()), { timeout: 10_000 }).toBe(true)
    for (const line of [
      'DEV MODE (--dev): these parts are stand-ins, unsafe for real users or funds:',
      `Embedded mail server; every login code and link in the dev mailbox: ${cli.url}/dev/mailbox?email=<address>`,
      `Farcaster relay with an ID-registry stand-in (POST ${cli.url}/dev/farcaster/register)`,
      'On-ramp test checkout (pays from the dev account for free)',
      'Every /dev/* route needs Authorization: Bearer <admin token>',
      // Without --master-secret-file and --recovery-vault-key-file, dev mode keeps both beside the database.
      `Master secret kept in the data folder (${join(dataDir, 'secure-site.key')}): it opens the server's share of every key (give --master-secret-file)`,
      `Recovery vault key kept in the data folder (${join(dataDir, 'recovery-vault.key')}): with the master secret, a copy of the folder opens every wallet without a passkey (give --recovery-vault-key-file)`,
    ])
      // Polled: the lines reach the pipe in several chunks, and the last may come after the stand-in's.
      await expect.poll(() => cli!.output(), { timeout: 10_000 }).toContain(line)
    const page = await fetch(`${siteUrl}/?projectId=latch-dev`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain('frame-ancestors')

    const email = freshEmail('cli')
    expect((await siteCall(siteUrl!, '/api/email/start', { body: { email, deviceId: freshDeviceId(), ...DEV_FRAME } })).body).toEqual({ action: 'VERIFY_DEVICE' })
    await expect.poll(() => cli!.output().includes(`[mail] Mail to ${email} received (read it in the dev mailbox)`), { timeout: 10_000 }).toBe(true)
    // The line says a mail came, never its link's token (issue 26: no secret reaches a log).
    const mail = await waitForMail({ url: cli.url, adminToken: { value: ADMIN_TOKEN } }, email, 1)
    const token = new URL(mail.link!).searchParams.get('token')!
    expect(token.length).toBeGreaterThan(10)
    expect(cli.output()).not.toContain(token)
  })
})
