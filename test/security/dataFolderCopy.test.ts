import { afterAll, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { base58 } from '@scure/base'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { parseEther, toHex, verifyMessage, type Address } from 'viem'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { publicKeyOf, unsealKey, type KeyKind } from '../../server/secureSite/SqliteKeyStore.js'
import { freshEmail, logInAndPersonalSign, siteCall } from '../server/secureSiteSupport.js'
import { evmClients } from '../server/support.js'
import { writeMasterSecretFile } from '../support/masterSecretFile.js'
import { step } from '../support/step.js'

// Issue 26, "No whole key on the server" (security review M6): the master secret that seals every
// key lives outside the data folder, so a copy of the folder alone opens no wallet. On the real
// backend and chains, from Node (the attacker holds files, not a page). A user logs in and signs;
// the folder is copied with the backend stopped; the copy started with the same secret signs for
// the same address (the copy is complete), and with another secret it opens no key: signing is
// refused and no ETH moves. The copy's bytes hold neither the secret nor the private key.
const WAIT = 240_000
const MESSAGE = 'Hello from the data folder test'
const RECIPIENT: Address = '0x000000000000000000000000000000000000bEEF'
const REFUSED = { status: 503, body: { code: 'KEY_UNAVAILABLE', message: "This wallet's key cannot be opened with this server's master secret" } }

const secretFile = writeMasterSecretFile()
const otherSecretFile = writeMasterSecretFile()
const dataDir = mkdtempSync(join(tmpdir(), 'latch-folder-'))
const copyDir = mkdtempSync(join(tmpdir(), 'latch-folder-copy-'))
const email = freshEmail('copy')
let backend: RunningBackend | undefined
let evmAddress: Address

afterAll(async () => {
  await backend?.close()
  for (const dir of [dataDir, copyDir, dirname(secretFile), dirname(otherSecretFile)]) rmSync(dir, { recursive: true, force: true })
})

/** Starts a dev backend (its mailbox gives the login code) on `folder` with this master secret file. */
async function startOn(folder: string, masterSecretFile: string): Promise<RunningBackend> {
  // Whole keys (`keyShares: false`): the strongest case for a copy, since the server itself signs with them.
  // Split keys, where a copy holds only sealed shares: test/security/keyShares.test.ts.
  backend = await startBackend({ dev: true, rateLimit: false, dataDir: folder, masterSecretFile, keyShares: false })
  return backend
}

async function stop() {
  await backend?.close()
  backend = undefined
}

/** Every file of a folder, read whole (the database, its WAL if any, the admin token, deployment.json). */
function bytesOf(folder: string): Buffer {
  return Buffer.concat(readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => readFileSync(join(entry.parentPath, entry.name))))
}

/** A secret as it could sit in a file: raw, base64, hex (either case). */
const encodingsOf = (secret: Buffer) => [secret, Buffer.from(secret.toString('base64')), Buffer.from(secret.toString('hex')), Buffer.from(secret.toString('hex').toUpperCase())]

describe('given a copy of the data folder, made with the backend stopped', () => {
  it('positive control: the user signs; the copy started with the same master secret signs for the same address', { timeout: WAIT }, async () => {
    const first = await startOn(dataDir, secretFile)
    await step('the user logs in and personal_sign verifies against their address', async () => {
      const { session, signed } = await logInAndPersonalSign(first, email, MESSAGE)
      expect(signed.status).toBe(200)
      evmAddress = session.user.evmAddress
      expect(await verifyMessage({ address: evmAddress, message: MESSAGE, signature: signed.body.result })).toBe(true)
    })
    await stop()
    // The secret is the operator's file: nothing of it was written into the folder.
    expect(existsSync(join(dataDir, 'secure-site.key'))).toBe(false)
    cpSync(dataDir, copyDir, { recursive: true })

    const onCopy = await startOn(copyDir, secretFile)
    await step('on the copy, with the same secret, the same user signs for the same address', async () => {
      const { session, signed } = await logInAndPersonalSign(onCopy, email, MESSAGE)
      expect(session.user.evmAddress).toBe(evmAddress)
      expect(signed.status).toBe(200)
      expect(await verifyMessage({ address: evmAddress, message: MESSAGE, signature: signed.body.result })).toBe(true)
    })
    await stop()
  })

  it('attack: the copy with another secret opens no key (signing refused, no ETH moves), refuses to start outside dev mode without one, and holds neither secret nor key', { timeout: WAIT }, async () => {
    expect(evmAddress).toBeDefined()
    await step('the copied bytes hold neither the master secret nor the private keys', () => {
      const bytes = bytesOf(copyDir)
      const secret = Buffer.from(readFileSync(secretFile, 'utf8').trim(), 'base64')
      for (const form of encodingsOf(secret)) expect(bytes.includes(form)).toBe(false)
      // The keys, opened from their sealed rows with the real secret (which the copy lacks).
      const db = new Database(join(copyDir, 'latch.sqlite'), { readonly: true })
      const userId = db.prepare<[string], { user_id: string }>('SELECT user_id FROM secure_site_keys WHERE public_key = ?').get(evmAddress)!.user_id
      const rows = db.prepare<[string], { kind: KeyKind; public_key: string; sealed: Buffer }>('SELECT kind, public_key, sealed FROM secure_site_keys WHERE user_id = ?').all(userId)
      db.close()
      expect(rows.map((row) => row.kind).sort()).toEqual(['ed25519', 'secp256k1'])
      for (const row of rows) {
        const key = unsealKey(row.sealed, { userId, kind: row.kind, secret })
        // The grep's own control: it does see the sealed form in the copied bytes, and the key it
        // looks for is the one that gives the row's public key.
        expect(bytes.includes(row.sealed)).toBe(true)
        expect(publicKeyOf(row.kind, key)).toBe(row.public_key)
        for (const form of encodingsOf(key)) expect(bytes.includes(form)).toBe(false)
      }
    })

    await step('outside dev mode the copy does not start without a master secret, nor with one kept inside the folder', async () => {
      await expect(startBackend({ dataDir: copyDir })).rejects.toThrow(/No master secret: give --master-secret-file FILE .*randomBytes\(32\)/)
      const inside = join(copyDir, 'master.key')
      cpSync(secretFile, inside)
      await expect(startBackend({ dataDir: copyDir, masterSecretFile: inside })).rejects.toThrow(`${inside} is inside the data folder ${copyDir}`)
      rmSync(inside)
    })

    const onCopy = await startOn(copyDir, otherSecretFile)
    const { session, signed } = await step('the same user logs in on the copy with another secret', () => logInAndPersonalSign(onCopy, email, MESSAGE))
    await step('personal_sign is refused with KEY_UNAVAILABLE and carries no signature', () => {
      expect(session.user.evmAddress).toBe(evmAddress)
      expect(signed).toMatchObject(REFUSED)
      expect(signed.body.result).toBeUndefined()
    })
    await step('solana_signMessage is refused the same way', async () => {
      const solana = await siteCall(onCopy.secureSiteUrl, '/api/sign', { token: session.token, body: { chainId: onCopy.deployment.solana.caipNetworkId, method: 'solana_signMessage', params: { message: base58.encode(Buffer.from(MESSAGE)), pubkey: session.user.solanaAddress } } })
      expect(solana).toMatchObject(REFUSED)
    })
    await step('a funded wallet sends nothing: the recipient’s balance on chain does not move', async () => {
      const { walletClient, publicClient } = evmClients(onCopy, 31337)
      await publicClient.waitForTransactionReceipt({ hash: await walletClient.sendTransaction({ to: evmAddress, value: parseEther('1') }) })
      const before = await publicClient.getBalance({ address: RECIPIENT })
      const sent = await siteCall(onCopy.secureSiteUrl, '/api/sign', { token: session.token, body: { chainId: 'eip155:31337', method: 'eth_sendTransaction', params: [{ from: evmAddress, to: RECIPIENT, value: toHex(parseEther('0.5')) }] } })
      expect(sent).toMatchObject(REFUSED)
      expect(await publicClient.getBalance({ address: RECIPIENT })).toBe(before)
      expect(await publicClient.getBalance({ address: evmAddress })).toBe(parseEther('1'))
    })
    await stop()
  })
})
