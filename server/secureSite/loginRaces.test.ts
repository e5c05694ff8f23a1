import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type LatchDatabase } from '../plugins/database/openDatabase.js'
import { openStorage, type Storage } from '../plugins/database/index.js'
import { testDatabaseKind, testDatabaseUrl } from '../../test/support/testDatabase.js'
import { createSecureSiteTables } from './createSecureSiteTables.js'
import { LoginLimits, MAX_WRONG_CODES } from './LoginLimits.js'
import { SocialClients } from './SocialClients.js'
import { SocialLogin } from './SocialLogin.js'
import { SqliteKeyStore } from './SqliteKeyStore.js'
import { BACKEND_MIGRATIONS } from '../createServer.js'

// The two check-then-acts of the secure site's logins, called 50 times at once on the storage
// layer itself (test/server/secureSiteRaces.test.ts sends the same races over HTTP, where request
// handling spreads them out). A read, then a write, counts a handful of the 50 wrong codes and
// hands one social result to many callers; one conditional statement counts 50 and hands it once.
const CONCURRENT = 50
const SECRET = Buffer.alloc(32, 7)
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
let file: LatchDatabase
let storage: Storage
beforeAll(async () => {
  file = openDatabase(':memory:')
  storage = await openStorage({ url: await testDatabaseUrl(), sqlite: file, migrations: BACKEND_MIGRATIONS })
  createSecureSiteTables(file)
})
afterAll(async () => {
  await storage?.close()
  file?.close()
})

let counter = 0
const guesser = () => ({ email: `guess${counter++}@example.com`, deviceId: 'device', ip: '203.0.113.7' })
const failuresOf = (who: ReturnType<typeof guesser>) =>
  storage.db.selectFrom('secure_site_login_failures').selectAll().where('email', '=', who.email).where('device_id', '=', who.deviceId).where('ip', '=', who.ip).executeTakeFirstOrThrow()

describe(`given the wrong-code count of one device (${testDatabaseKind()})`, () => {
  it('counts one wrong code and leaves four tries (positive control)', async () => {
    const who = guesser()
    expect(await new LoginLimits(storage).recordWrongCode(who)).toBe(MAX_WRONG_CODES - 1)
    expect(await failuresOf(who)).toMatchObject({ wrong_tries: 1, locked_until: null })
  })

  it(`counts ${CONCURRENT} wrong codes at once as ${CONCURRENT}, and the lock holds`, async () => {
    const who = guesser()
    const limits = new LoginLimits(storage)
    const triesLeft = await Promise.all(Array.from({ length: CONCURRENT }, () => limits.recordWrongCode(who)))
    expect(triesLeft.sort((a, b) => b - a)).toEqual([4, 3, 2, 1, ...Array<number>(CONCURRENT - 4).fill(0)])
    const failures = await failuresOf(who)
    expect(failures.wrong_tries).toBe(CONCURRENT)
    expect(failures.locked_until).toBeGreaterThan(Date.now())
    await expect(limits.refuseWhileLocked(who)).rejects.toMatchObject({ name: 'LoginLockedError' })
  })
})

describe(`given a social login's one-time result (${testDatabaseKind()})`, () => {
  const social = () => new SocialLogin({ storage, keys: new SqliteKeyStore(storage, SECRET), clients: new SocialClients(() => ({})) })
  /** A login finished at the provider: its result URI and the frame's secret, for a new user. */
  const finishedLogin = async () => {
    const id = `${counter++}`
    const user = await social().socialUser({ projectId: 'latch-dev', provider: 'google', issuer: 'https://issuer.example', subject: `subject-${id}` }, `user${id}`, null)
    const [result, loginSecret] = [`result-${id}`, `secret-${id}`]
    await storage.db
      .insertInto('secure_site_social_logins')
      .values({ state: `state-${id}`, project_id: 'latch-dev', provider: 'google', code_verifier: 'v', nonce: 'n', app_origin: 'https://app.example', login_secret_hash: sha256(loginSecret), created_at: Date.now(), result_hash: sha256(result), user_id: user.id, completed_at: Date.now() })
      .execute()
    return { user, resultUri: `https://site.example/social/result?token=${result}`, loginSecret }
  }

  it('is redeemed with its secret (positive control)', async () => {
    const { user, resultUri, loginSecret } = await finishedLogin()
    expect(await social().redeem(resultUri, loginSecret)).toMatchObject({ user: { id: user.id }, appOrigin: 'https://app.example' })
  })

  it(`is redeemed once of ${CONCURRENT} redemptions at once`, async () => {
    const { resultUri, loginSecret } = await finishedLogin()
    const login = social()
    const outcomes = await Promise.allSettled(Array.from({ length: CONCURRENT }, () => login.redeem(resultUri, loginSecret)))
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
    for (const outcome of outcomes.filter((outcome) => outcome.status === 'rejected')) expect(outcome.reason).toMatchObject({ name: 'SocialResultInvalidError' })
  })
})
