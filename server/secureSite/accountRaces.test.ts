import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSecureSiteStorage } from '../../test/support/openSecureSiteStorage.js'
import { testDatabaseKind } from '../../test/support/testDatabase.js'
import type { Storage } from '../plugins/database/index.js'
import type { Mailer } from '../mail/startMailService.js'
import { EmailChange } from './EmailChange.js'
import { EmailLogin, type SecureSiteUser } from './EmailLogin.js'
import { LoginLimits, MAX_MAILS_PER_HOUR } from './LoginLimits.js'
import { SessionTokens } from './SessionTokens.js'
import { SqliteKeyStore } from './SqliteKeyStore.js'
import { SplitKeyStore } from './SplitKeyStore.js'
import { RecoveryVault } from './recoveryVault/RecoveryVault.js'
import { RecoveryShares } from './passkeys/RecoveryShares.js'

// What a race could take value from on the secure site's accounts, each asked 50 times at once on
// the storage layer itself (as loginRaces.test.ts does for logins): a refresh token rotated once,
// a device approved once (one code mailed), an email change confirmed once, and the hourly mail
// cap, a whole key split once and a passkey registered once. Each is one conditional statement, or an `atomically` transaction that starts with one.
const CONCURRENT = 50
const SECRET = Buffer.alloc(32, 9)
const REQUEST = { project: { id: 'latch-dev', name: 'Latch dev' }, appOrigin: 'https://app.example', device: 'Chrome on Linux', ip: '203.0.113.9' }
let storage: Storage
let close: () => Promise<void>
beforeAll(async () => {
  ;({ storage, close } = await openSecureSiteStorage())
})
afterAll(() => close?.())

let counter = 0
const fresh = (name: string) => `${name}${counter++}@example.com`

/** A mailer that keeps what it sends, and the six-digit code or the link in it. */
function mailbox() {
  const sent: Array<{ to: string; subject: string; text: string }> = []
  const mailer: Mailer = { send: async (message) => void sent.push(message) }
  const codeTo = (to: string) => [...sent].reverse().find((mail) => mail.to === to)?.text.match(/\b\d{6}\b/)?.[0]
  const tokenTo = (to: string) => [...sent].reverse().find((mail) => mail.to === to)?.text.match(/token=([A-Za-z0-9_-]+)/)?.[1]
  return { sent, mailer, codeTo, tokenTo }
}

const settled = async (attempts: Array<Promise<unknown>>) => {
  const outcomes = await Promise.allSettled(attempts)
  return { won: outcomes.filter((outcome) => outcome.status === 'fulfilled'), lost: outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as Error] : [])) }
}

describe(`given a session's refresh token (${testDatabaseKind()})`, () => {
  const tokens = (sessionId: string) => storage.db.selectFrom('secure_site_refresh_tokens').select('token_hash').where('session_id', '=', sessionId).execute()

  it('rotates it for a new pair (positive control)', async () => {
    const sessions = new SessionTokens(storage, SECRET, 3600)
    const first = await sessions.issue('u-control', { jkt: 'key' })
    const second = await sessions.refresh(first.refreshToken, 'key')
    expect(await sessions.verify(second.token, 'key')).toMatchObject({ userId: 'u-control' })
  })

  it(`rotates it once of ${CONCURRENT} refreshes at once: one new pair, the others refused`, async () => {
    const sessions = new SessionTokens(storage, SECRET, 3600)
    const first = await sessions.issue('u-race', { jkt: 'key' })
    const { id } = await sessions.verify(first.token, 'key')
    const { won, lost } = await settled(Array.from({ length: CONCURRENT }, () => sessions.refresh(first.refreshToken, 'key')))
    expect(won).toHaveLength(1)
    for (const error of lost) expect(error).toMatchObject({ name: 'SessionExpiredError' })
    // The first token and the one successor: no other pair was ever stored.
    expect(await tokens(id)).toHaveLength(2)
  })
})

describe(`given a device approval link (${testDatabaseKind()})`, () => {
  const startOnNewDevice = async (login: EmailLogin, box: ReturnType<typeof mailbox>) => {
    const email = fresh('device')
    expect(await login.start(email, 'new-device', REQUEST, 'https://site.example')).toEqual({ action: 'VERIFY_DEVICE' })
    return { email, token: box.tokenTo(email)! }
  }
  const newLogin = (box: ReturnType<typeof mailbox>) => new EmailLogin({ storage, mailer: box.mailer, keys: new SqliteKeyStore(storage, SECRET), secret: SECRET, limits: new LoginLimits(storage) })

  it('approves the device and mails a code (positive control)', async () => {
    const box = mailbox()
    const login = newLogin(box)
    const { email, token } = await startOnNewDevice(login, box)
    await login.approveDevice(token)
    expect(await login.isDeviceApproved('latch-dev', email, 'new-device')).toBe(true)
    expect(box.codeTo(email)).toMatch(/^\d{6}$/)
  })

  it(`approves once of ${CONCURRENT} confirmations at once: one code mailed, the others DeviceLinkInvalidError`, async () => {
    const box = mailbox()
    const login = newLogin(box)
    const { email, token } = await startOnNewDevice(login, box)
    const { won, lost } = await settled(Array.from({ length: CONCURRENT }, () => login.approveDevice(token)))
    expect(won).toHaveLength(1)
    for (const error of lost) expect(error).toMatchObject({ name: 'DeviceLinkInvalidError' })
    expect(box.sent.filter((mail) => mail.to === email && mail.subject.startsWith('Your login code'))).toHaveLength(1)
  })
})

describe(`given an email change waiting for the new address's code (${testDatabaseKind()})`, () => {
  /** A user, an email change to a new address, and the code mailed there. */
  const changeUpToSecondary = async () => {
    const box = mailbox()
    const limits = new LoginLimits(storage)
    const sessions = new SessionTokens(storage, SECRET, 3600)
    const change = new EmailChange({ storage, mailer: box.mailer, secret: SECRET, limits, sessions })
    const user: SecureSiteUser = { id: `user-${counter++}`, projectId: 'latch-dev', email: fresh('old'), evmAddress: '0x0000000000000000000000000000000000000001', solanaAddress: 'So1' }
    await storage.db.insertInto('secure_site_users').values({ id: user.id, project_id: user.projectId, email: user.email, evm_address: user.evmAddress, solana_address: user.solanaAddress, created_at: Date.now() }).execute()
    const newEmail = fresh('new')
    await change.start(user, newEmail, REQUEST)
    await change.verifyPrimary(user, box.codeTo(user.email!)!, REQUEST)
    const current = await sessions.verify((await sessions.issue(user.id, { jkt: 'key' })).token, 'key')
    return { change, user, newEmail, code: box.codeTo(newEmail)!, current }
  }
  const emailOf = async (id: string) => (await storage.db.selectFrom('secure_site_users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email

  it('changes the email with the new address code (positive control)', async () => {
    const { change, user, newEmail, code, current } = await changeUpToSecondary()
    expect(await change.verifySecondary(user, code, current)).toEqual({ newEmail })
    expect(await emailOf(user.id)).toBe(newEmail)
  })

  it(`confirms it once of ${CONCURRENT} confirmations at once`, async () => {
    const { change, user, newEmail, code, current } = await changeUpToSecondary()
    const { won, lost } = await settled(Array.from({ length: CONCURRENT }, () => change.verifySecondary(user, code, current)))
    expect(won).toHaveLength(1)
    for (const error of lost) expect(error).toMatchObject({ name: 'NoLoginCodeError' })
    expect(await emailOf(user.id)).toBe(newEmail)
  })
})

describe(`given the hourly mail cap of one address (${testDatabaseKind()})`, () => {
  it(`gives out its ${MAX_MAILS_PER_HOUR} mails once when ${CONCURRENT} sends take them at once`, async () => {
    const limits = new LoginLimits(storage)
    const email = fresh('capped')
    const { won, lost } = await settled(Array.from({ length: CONCURRENT }, () => limits.takeMail(email)))
    expect(won).toHaveLength(MAX_MAILS_PER_HOUR)
    for (const error of lost) expect(error).toMatchObject({ name: 'MailLimitReachedError' })
  })
})

describe(`given a whole key from before the split (${testDatabaseKind()})`, () => {
  const vault = () => new RecoveryVault(storage, Buffer.alloc(32, 3))
  const wholeKeys = async () => {
    const userId = `whole-${counter++}`
    await new SqliteKeyStore(storage, SECRET).createKeys(userId)
    return userId
  }
  const sharesOf = (userId: string) => storage.db.selectFrom('secure_site_key_shares').select('holder').where('user_id', '=', userId).execute()

  it('splits it at a login: the frame gets its shares, the whole rows are gone (positive control)', async () => {
    const userId = await wholeKeys()
    expect(await new SplitKeyStore(storage, SECRET, vault()).migrate(userId)).toMatchObject({ deviceShare: expect.any(Uint8Array) })
    expect(await sharesOf(userId)).toHaveLength(4)
  })

  it(`splits it once of ${CONCURRENT} logins at once: one frame gets shares, one set is stored`, async () => {
    const userId = await wholeKeys()
    const store = new SplitKeyStore(storage, SECRET, vault())
    const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => store.migrate(userId).catch((error: unknown) => error)))
    expect(answers.filter((answer) => answer !== undefined && !(answer instanceof Error))).toHaveLength(1)
    expect(answers.filter((answer) => answer instanceof Error)).toEqual([])
    expect(await sharesOf(userId)).toHaveLength(4)
    expect(await storage.db.selectFrom('secure_site_keys').select('kind').where('user_id', '=', userId).execute()).toEqual([])
  })
})

describe(`given a split wallet without a passkey (${testDatabaseKind()})`, () => {
  const splitWallet = async () => {
    const userId = `split-${counter++}`
    await new SplitKeyStore(storage, SECRET).createKeys(userId)
    return userId
  }

  it('seals its recovery share under a passkey (positive control)', async () => {
    const userId = await splitWallet()
    await new RecoveryShares(storage, SECRET).sealUnderPasskey(userId, Buffer.alloc(61, 1), undefined, [])
    expect((await new RecoveryShares(storage, SECRET).sealed(userId)).holder).toBe('passkey')
  })

  it(`registers one passkey of ${CONCURRENT} registrations at once`, async () => {
    const userId = await splitWallet()
    const recovery = new RecoveryShares(storage, SECRET)
    const { won, lost } = await settled(Array.from({ length: CONCURRENT }, (_, index) => recovery.sealUnderPasskey(userId, Buffer.alloc(61, index), undefined, [])))
    expect(won).toHaveLength(1)
    for (const error of lost) expect(error).toMatchObject({ name: 'PasskeyRefusedError' })
    expect(await storage.db.selectFrom('secure_site_key_shares').select('holder').where('user_id', '=', userId).where('kind', '=', 'secp256k1').orderBy('holder').execute()).toEqual([{ holder: 'auth' }, { holder: 'passkey' }])
  })
})
