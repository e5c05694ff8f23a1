import { afterAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { toHex, verifyMessage, type Address, type Hex } from 'viem'
import Database from 'better-sqlite3'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { unsealKey } from '../../server/secureSite/SqliteKeyStore.js'
import { launchBrowser } from '../support/launchBrowser.js'
import { writeMasterSecretFile } from '../support/masterSecretFile.js'
import type { TestHttpServer } from '../support/startHttpServer.js'
import { approveInWalletFrame } from '../support/approveInWalletFrame.js'
import { step } from '../support/step.js'
import { freshEmail, logInThroughApi } from '../server/secureSiteSupport.js'
import { frameAnswer, logInThroughFrame, openFrameHostPage, postToFrame, startFrameHost } from './frameHost.js'
import { addressOf, databaseRows, folderBytes, frameShares, keyForms } from './keyShareFiles.js'

// Issue 26, "No whole key on the server": a wallet made before keys were split (its key sealed
// whole under the master secret) is split at its user's next login in the frame, and the whole key
// leaves the server. On the real backend (restarted on the same data folder, first with whole keys,
// then with the default), Chromium and the local chain: the user signs as the same address, the
// database keeps only sealed shares, and neither the key nor its sealed form is left in the folder.
const WAIT = 300_000
const PROJECT = 'migration-host'
const HOST = '127.0.0.1'
const MESSAGE = 'Signed after the split'
const dataDir = mkdtempSync(join(tmpdir(), 'latch-migration-'))
const masterSecretFile = writeMasterSecretFile()
const recoveryVaultKeyFile = writeMasterSecretFile()
const masterSecret = () => Buffer.from(readFileSync(masterSecretFile, 'utf8').trim(), 'base64')
let backend: RunningBackend | undefined
let browser: Browser | undefined
let host: TestHttpServer | undefined

afterAll(async () => {
  await browser?.close()
  await host?.close()
  await backend?.close()
  for (const dir of [dataDir, dirname(masterSecretFile), dirname(recoveryVaultKeyFile)]) rmSync(dir, { recursive: true, force: true })
})

/** The user's whole secp256k1 key and its sealed row, as the operator holding the master secret reads them. */
function wholeKey(evmAddress: Address): { key: Uint8Array; sealed: Buffer } {
  const db = new Database(join(dataDir, 'latch.sqlite'), { readonly: true })
  try {
    const row = db
      .prepare<[string], { user_id: string; sealed: Buffer }>("SELECT k.user_id, k.sealed FROM secure_site_keys k JOIN secure_site_users u ON u.id = k.user_id WHERE u.evm_address = ? AND k.kind = 'secp256k1'")
      .get(evmAddress)!
    return { key: new Uint8Array(unsealKey(row.sealed, { userId: row.user_id, kind: 'secp256k1', secret: masterSecret() })), sealed: row.sealed }
  } finally {
    db.close()
  }
}

describe('given a wallet whose key the server keeps whole (made before key shares)', () => {
  it('is split at the next login in the frame: it signs as the same address, and no whole key is left in the data folder', { timeout: WAIT }, async () => {
    const email = freshEmail('migration')
    const common = { dev: true, rateLimit: false, dataDir, masterSecretFile } as const
    const before = await step('positive control: a backend with whole keys makes the wallet, sealed whole', async () => {
      backend = await startBackend({ ...common, keyShares: false })
      host = await startFrameHost(backend, PROJECT, HOST)
      const session = await logInThroughApi(backend.secureSiteUrl, backend, email, crypto.randomUUID().replaceAll('-', ''), { projectId: PROJECT, appOrigin: `http://${HOST}:${new URL(host.url).port}` })
      const found = wholeKey(session.user.evmAddress)
      expect(addressOf(found.key)).toBe(session.user.evmAddress)
      expect(databaseRows(dataDir, session.user.evmAddress).wholeKeys).toEqual(['ed25519', 'secp256k1'])
      await host.close()
      await backend.close()
      return { address: session.user.evmAddress, ...found }
    })

    backend = await startBackend({ ...common, recoveryVaultKeyFile })
    host = await startFrameHost(backend, PROJECT, HOST, { register: false })
    browser = await launchBrowser()
    const page = await openFrameHostPage(browser, host, HOST)
    await step('the user logs in through the frame on the default backend: the same wallet', async () => {
      expect((await logInThroughFrame(page, backend!, 'migration', 'Migration Shop', email)).eoa).toBe(before.address)
    })

    await step('personal_sign: the key is split at this login (/api/share/migrate), signed in the frame, and verifies', async () => {
      const calls: string[] = []
      page.on('request', (request) => calls.push(new URL(request.url()).pathname))
      const id = await postToFrame(page, backend!, 'RPC_REQUEST', { method: 'personal_sign', params: [toHex(MESSAGE), before.address] })
      await approveInWalletFrame(page.frameLocator('iframe'))
      const signed = await frameAnswer(page, 'RPC_REQUEST', id)
      expect(signed.ok).toBe(true)
      expect(await verifyMessage({ address: before.address, message: MESSAGE, signature: signed.payload as Hex })).toBe(true)
      expect(calls).toContain('/api/share/migrate')
      expect(calls).not.toContain('/api/sign')
      expect(await frameShares(page, before.address)).toBeDefined()
    })

    await step('the database holds sealed shares only, and the folder neither the key nor its old sealed form', async () => {
      const rows = databaseRows(dataDir, before.address)
      expect(rows.wholeKeys).toEqual([])
      expect(Object.keys(rows.shares).sort()).toEqual(['auth', 'recovery'])
      const bytes = folderBytes(dataDir)
      // The scan's control: it does find what the database holds now.
      expect(bytes.includes(rows.shares.auth!.sealed)).toBe(true)
      expect(bytes.includes(before.sealed)).toBe(false)
      for (const form of keyForms(before.key)) expect(bytes.includes(form)).toBe(false)
    })
  })
})
