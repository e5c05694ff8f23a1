import { afterAll, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { verifyMessage } from 'viem'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { freshDeviceId, freshEmail, logInThroughApi, siteCall } from './secureSiteSupport.js'
import { splitKeyAccount } from './splitKeyAccount.js'
import { writeMasterSecretFile } from '../support/masterSecretFile.js'
import { step } from '../support/step.js'
import { testDatabaseUrlFor } from '../support/testDatabase.js'
import { openStorage } from '../../server/plugins/database/openStorage.js'
import { BACKEND_MIGRATIONS } from '../../server/createServer.js'

// Master secret rotation (issue 26, security review M6) on the real backend and chains: split
// keys (the default) whose auth shares are sealed under secret A, `npm run rotate-master-secret` to
// B, and on the backend started on B the user's shares still make the same address's key. The command refuses, changing nothing, while a server holds the database
// and when its old secret is not the one the keys were sealed under.
const WAIT = 240_000
const MESSAGE = 'Signed after a master secret rotation'
const secretA = writeMasterSecretFile()
const secretB = writeMasterSecretFile()
const wrongSecret = writeMasterSecretFile()
const dataDir = mkdtempSync(join(tmpdir(), 'latch-rotation-'))
const devDataDir = mkdtempSync(join(tmpdir(), 'latch-rotation-dev-'))
const email = freshEmail('rotation')
let backend: RunningBackend | undefined

afterAll(async () => {
  await backend?.close()
  for (const dir of [dataDir, devDataDir, dirname(secretA), dirname(secretB), dirname(wrongSecret)]) rmSync(dir, { recursive: true, force: true })
})

/**
 * `npm run rotate-master-secret -- --data DIR --old OLD --new NEW`: its exit code and output. On
 * the Postgres run it is given the data folder's database, as an operator gives DATABASE_URL.
 */
async function rotate(oldFile: string, newFile: string, folder = dataDir): Promise<{ code: number; output: string }> {
  const url = await testDatabaseUrlFor(join(folder, 'latch.sqlite'))
  const env = url ? { ...process.env, DATABASE_URL: url } : process.env
  return new Promise((resolve) => {
    execFile('npm', ['run', '--silent', 'rotate-master-secret', '--', '--data', folder, '--old', oldFile, '--new', newFile], { env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, output: `${stdout}${stderr}` }),
    )
  })
}

/**
 * Logs `email` in on a new device and signs `message` with the key its shares make (the vault's
 * recovery share and the auth share the server opens with its master secret), as the frame would.
 */
async function logInAndSign(on: RunningBackend, email: string, message: string) {
  const session = await logInThroughApi(on.secureSiteUrl, on, email, freshDeviceId())
  const account = await splitKeyAccount(on.secureSiteUrl, session)
  return { session, address: account.address, signature: await account.signMessage({ message }) }
}

/** The sealed form of every auth share (the master secret's), to show that a refused rotation changed none. */
async function sealedRows(): Promise<string[]> {
  const url = await testDatabaseUrlFor(join(dataDir, 'latch.sqlite'))
  if (url) {
    const storage = await openStorage({ url, migrations: BACKEND_MIGRATIONS })
    try {
      const rows = await storage.db.selectFrom('secure_site_key_shares').select(['user_id', 'kind', 'sealed']).where('holder', '=', 'auth').orderBy('user_id').orderBy('kind').execute()
      return rows.map((row) => `${row.user_id}:${row.kind}:${Buffer.from(row.sealed).toString('hex').toUpperCase()}`)
    } finally {
      await storage.close()
    }
  }
  const db = new Database(join(dataDir, 'latch.sqlite'), { readonly: true })
  try {
    return db.prepare<[], { row: string }>("SELECT user_id || ':' || kind || ':' || hex(sealed) AS row FROM secure_site_key_shares WHERE holder = 'auth' ORDER BY user_id, kind").all().map(({ row }) => row)
  } finally {
    db.close()
  }
}

describe('given keys sealed under master secret A', () => {
  it('rotated to B, the backend on B signs for the same address; a wrong old secret, or a running server, changes nothing', { timeout: WAIT }, async () => {
    backend = await startBackend({ dev: true, rateLimit: false, dataDir, masterSecretFile: secretA })
    const { session, address: signer, signature } = await step('positive control: on A the user signs', () => logInAndSign(backend!, email, MESSAGE))
    const address = session.user.evmAddress
    expect(signer).toBe(address)
    expect(await verifyMessage({ address, message: MESSAGE, signature })).toBe(true)
    const before = await sealedRows()
    expect(before).toHaveLength(2)

    await step('while the server runs, the command refuses: the database is open in another process', async () => {
      const refused = await rotate(secretA, secretB)
      expect(refused.code).toBe(1)
      // It names the database it found in use: the data folder's file, or the Postgres database on that run.
      expect(refused.output).toContain('is open in another process (a running server?): stop it first; nothing was changed')
      expect(await sealedRows()).toEqual(before)
    })
    await backend.close()
    backend = undefined

    await step('with a wrong old secret the command refuses and changes nothing', async () => {
      const refused = await rotate(wrongSecret, secretB)
      expect(refused.code).toBe(1)
      expect(refused.output).toMatch(/Rotation refused, nothing was changed: the old secret does not open the (secp256k1|ed25519) auth share of user /)
      expect(await sealedRows()).toEqual(before)
    })

    await step('from A to B every key is re-sealed, and the output says sessions and codes ended', async () => {
      const rotated = await rotate(secretA, secretB)
      expect(rotated).toEqual({ code: 0, output: expect.stringContaining('Re-sealed 2 auth shares of split keys under') })
      expect(rotated.output).toContain('Every session and every pending login or email-change code has ended: users log in again.')
      const after = await sealedRows()
      expect(after).toHaveLength(2)
      for (const [index, row] of after.entries()) expect(row).not.toBe(before[index])
    })

    backend = await startBackend({ dev: true, rateLimit: false, dataDir, masterSecretFile: secretB })
    await step('on B the session from before the rotation is over, its refresh token too', async () => {
      expect((await siteCall(backend!.secureSiteUrl, '/api/user', { token: session.token })).status).toBe(401)
      expect((await siteCall(backend!.secureSiteUrl, '/api/session/refresh', { body: { refreshToken: session.refreshToken } })).status).toBe(401)
    })
    await step('on B the user logs in again and signs for the same address', async () => {
      const again = await logInAndSign(backend!, email, MESSAGE)
      expect(again.session.user.evmAddress).toBe(address)
      expect(again.address).toBe(address)
      expect(await verifyMessage({ address, message: MESSAGE, signature: again.signature })).toBe(true)
    })
    await backend.close()
    backend = undefined
  })

  it('moves a dev-mode folder off its default <data>/secure-site.key onto a file outside it', { timeout: WAIT }, async () => {
    const devEmail = freshEmail('rotation-dev')
    backend = await startBackend({ dev: true, rateLimit: false, dataDir: devDataDir })
    const { session, signature } = await step('positive control: under the dev default the user signs', () => logInAndSign(backend!, devEmail, MESSAGE))
    expect(await verifyMessage({ address: session.user.evmAddress, message: MESSAGE, signature })).toBe(true)
    await backend.close()
    backend = undefined
    const rotated = await rotate(join(devDataDir, 'secure-site.key'), secretB, devDataDir)
    expect(rotated).toEqual({ code: 0, output: expect.stringContaining('Re-sealed 2 auth shares of split keys under') })
    backend = await startBackend({ dev: true, rateLimit: false, dataDir: devDataDir, masterSecretFile: secretB })
    const again = await logInAndSign(backend, devEmail, MESSAGE)
    expect(again.session.user.evmAddress).toBe(session.user.evmAddress)
    expect(await verifyMessage({ address: session.user.evmAddress, message: MESSAGE, signature: again.signature })).toBe(true)
  })
})
