import { afterAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DeviceKey } from '../support/deviceKey.js'
import { spawnCli, stopCli, type RunningCli } from './spawnCli.js'
import { freshDeviceId, freshEmail, logInThroughApi, siteCall } from './secureSiteSupport.js'

// `npm run server`: new wallets are kept in shares by default, recoverable through the dev recovery vault, and the start-up log says so.
const dataDir = mkdtempSync(join(tmpdir(), 'latch-cli-shares-'))
let cli: RunningCli | undefined
afterAll(async () => {
  if (cli) await stopCli(cli)
  rmSync(dataDir, { recursive: true, force: true })
})

const ADMIN_TOKEN = 'cli-key-shares-admin-token-0123456789'

describe('given `npm run server -- --dev` (key shares are the default)', () => {
  it("says new wallets are split and recoverable, and a new user's key comes as shares: the server releases an auth share and the vault's recovery secret, and refuses to sign", { timeout: 90_000 }, async () => {
    cli = await spawnCli(['--port', '0', '--data', dataDir, '--dev', '--admin-token', ADMIN_TOKEN])
    let siteUrl: string | undefined
    await expect.poll(() => (siteUrl = /Secure site \(embedded wallet\): (http:\/\/127\.0\.0\.1:\d+)/.exec(cli!.output())?.[1]), { timeout: 10_000 }).toBeDefined()
    await expect.poll(() => cli!.output(), { timeout: 10_000 }).toContain('Key shares: new wallets are split 2-of-3')
    // Its own write, after the key-shares line: it may reach the pipe in a later chunk.
    await expect.poll(() => cli!.output(), { timeout: 10_000 }).toContain(`Automatic recovery: a recovery vault key (${join(dataDir, 'recovery-vault.key')})`)

    const key = await DeviceKey.create()
    const { token, user } = await logInThroughApi(siteUrl!, { url: cli.url, adminToken: { value: ADMIN_TOKEN } }, freshEmail('shares'), freshDeviceId(), undefined, key)
    const share = await siteCall(siteUrl!, '/api/share', { body: {}, token, key })
    expect(share.status).toBe(200)
    expect(typeof (share.body as { authShare: unknown }).authShare).toBe('string')
    const vault = await siteCall(siteUrl!, '/api/share/vault', { body: {}, token, key })
    expect(vault.status).toBe(200)
    expect(vault.body).toMatchObject({ recoverySecret: expect.any(String), evm: { evmAddress: user.evmAddress } })
    const signed = await siteCall(siteUrl!, '/api/sign', { body: { chainId: 'eip155:31337', method: 'personal_sign', params: ['0x6869', user.evmAddress] }, token, key })
    expect(signed).toMatchObject({ status: 403, body: { code: 'SIGN_IN_FRAME' } })
  })
})
