import { afterAll, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { verifyMessage } from 'viem'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { freshEmail, logInAndPersonalSign, siteCall } from './secureSiteSupport.js'
import { writeMasterSecretFile } from '../support/masterSecretFile.js'
import { step } from '../support/step.js'

// Master secret rotation (issue 26, security review M6) on the real backend and chains: keys
// sealed under secret A, `npm run rotate-master-secret` to B, and the backend started on B signs
// for the same address. The command refuses, changing nothing, while a server holds the database
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

/** `npm run rotate-master-secret -- --data DIR --old OLD --new NEW`: its exit code and output. */
function rotate(oldFile: string, newFile: string, folder = dataDir): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile('npm', ['run', '--silent', 'rotate-master-secret', '--', '--data', folder, '--old', oldFile, '--new', newFile], (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, output: `${stdout}${stderr}` }),
    )
  })
}

/** The sealed form of every stored key, to show that a refused rotation changed none. */
function sealedRows(): string[] {
  const db = new Database(join(dataDir, 'latch.sqlite'), { readonly: true })
  try {
    return db.prepare<[], { row: string }>("SELECT user_id || ':' || kind || ':' || hex(sealed) AS row FROM secure_site_keys ORDER BY user_id, kind").all().map(({ row }) => row)
  } finally {
    db.close()
  }
}

describe('given keys sealed under master secret A', () => {
  it('rotated to B, the backend on B signs for the same address; a wrong old secret, or a running server, changes nothing', { timeout: WAIT }, async () => {
    backend = await startBackend({ dev: true, rateLimit: false, dataDir, masterSecretFile: secretA })
    const { session, signed } = await step('positive control: on A the user signs', () => logInAndPersonalSign(backend!, email, MESSAGE))
    expect(signed.status).toBe(200)
    const address = session.user.evmAddress
    expect(await verifyMessage({ address, message: MESSAGE, signature: signed.body.result })).toBe(true)
    const before = sealedRows()
    expect(before).toHaveLength(2)

    await step('while the server runs, the command refuses: the database is open in another process', async () => {
      const refused = await rotate(secretA, secretB)
      expect(refused.code).toBe(1)
      expect(refused.output).toContain(`${join(dataDir, 'latch.sqlite')} is open in another process (a running server?): stop it first; nothing was changed`)
      expect(sealedRows()).toEqual(before)
    })
    await backend.close()
    backend = undefined

    await step('with a wrong old secret the command refuses and changes nothing', async () => {
      const refused = await rotate(wrongSecret, secretB)
      expect(refused.code).toBe(1)
      expect(refused.output).toMatch(/Rotation refused, nothing was changed: the old secret does not open the (secp256k1|ed25519) key of user /)
      expect(sealedRows()).toEqual(before)
    })

    await step('from A to B every key is re-sealed, and the output says sessions and codes ended', async () => {
      const rotated = await rotate(secretA, secretB)
      expect(rotated).toEqual({ code: 0, output: expect.stringContaining('Re-sealed 2 keys under') })
      expect(rotated.output).toContain('Every session and every pending login or email-change code has ended: users log in again.')
      const after = sealedRows()
      expect(after).toHaveLength(2)
      for (const [index, row] of after.entries()) expect(row).not.toBe(before[index])
    })

    backend = await startBackend({ dev: true, rateLimit: false, dataDir, masterSecretFile: secretB })
    await step('on B the session from before the rotation is over, its refresh token too', async () => {
      expect((await siteCall(backend!.secureSiteUrl, '/api/user', { token: session.token })).status).toBe(401)
      expect((await siteCall(backend!.secureSiteUrl, '/api/session/refresh', { body: { refreshToken: session.refreshToken } })).status).toBe(401)
    })
    await step('on B the user logs in again and signs for the same address', async () => {
      const again = await logInAndPersonalSign(backend!, email, MESSAGE)
      expect(again.session.user.evmAddress).toBe(address)
      expect(again.signed.status).toBe(200)
      expect(await verifyMessage({ address, message: MESSAGE, signature: again.signed.body.result })).toBe(true)
    })
    await backend.close()
    backend = undefined
  })

  it('moves a dev-mode folder off its default <data>/secure-site.key onto a file outside it', { timeout: WAIT }, async () => {
    const devEmail = freshEmail('rotation-dev')
    backend = await startBackend({ dev: true, rateLimit: false, dataDir: devDataDir })
    const { session, signed } = await step('positive control: under the dev default the user signs', () => logInAndPersonalSign(backend!, devEmail, MESSAGE))
    expect(signed.status).toBe(200)
    await backend.close()
    backend = undefined
    const rotated = await rotate(join(devDataDir, 'secure-site.key'), secretB, devDataDir)
    expect(rotated).toEqual({ code: 0, output: expect.stringContaining('Re-sealed 2 keys under') })
    backend = await startBackend({ dev: true, rateLimit: false, dataDir: devDataDir, masterSecretFile: secretB })
    const again = await logInAndPersonalSign(backend, devEmail, MESSAGE)
    expect(again.session.user.evmAddress).toBe(session.user.evmAddress)
    expect(await verifyMessage({ address: session.user.evmAddress, message: MESSAGE, signature: again.signed.body.result })).toBe(true)
  })
})
