import Database from 'better-sqlite3'
import { decodeJwt } from 'jose'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openStorage, type Storage } from '../plugins/database/index.js'
import { createSecureSiteTables } from './createSecureSiteTables.js'
import { SessionTokens } from './SessionTokens.js'
import type { LatchDatabase } from '../plugins/database/openDatabase.js'
import { openSecureSiteStorage } from '../../test/support/openSecureSiteStorage.js'
import { testDatabaseKind } from '../../test/support/testDatabase.js'
import { BACKEND_MIGRATIONS } from '../createServer.js'

const SECRET = Buffer.alloc(32, 7)

const expired = (promise: Promise<unknown>) => expect(promise).rejects.toMatchObject({ name: 'SessionExpiredError', shortMessage: 'Session Expired' })

// An old SQLite file: its own run only.
describe.skipIf(testDatabaseKind() === 'postgres')('given a database from before device-bound sessions', () => {
  it('adds the binding columns, keeps old rows, and ends their sessions (they have no key)', async () => {
    const db = new Database(':memory:') as unknown as LatchDatabase
    db.exec('CREATE TABLE secure_site_sessions (id TEXT PRIMARY KEY, user_id TEXT NOT NULL, expires_at INTEGER NOT NULL, ended_at INTEGER)')
    db.prepare('INSERT INTO secure_site_sessions VALUES (?, ?, ?, NULL)').run('old', 'u1', Date.now() + 3600_000)
    const storage: Storage = await openStorage({ sqlite: db, migrations: BACKEND_MIGRATIONS })
    createSecureSiteTables(db)
    createSecureSiteTables(db)
    expect(db.prepare('SELECT id, jkt, project_id, app_origin FROM secure_site_sessions').all()).toEqual([{ id: 'old', jkt: null, project_id: null, app_origin: null }])
    const sessions = new SessionTokens(storage, SECRET, 3600)
    const { token } = await sessions.issue('u1', { jkt: 'key-a' })
    db.prepare('UPDATE secure_site_sessions SET jkt = NULL').run()
    await expired(sessions.verify(token, 'key-a'))
    db.close()
  })
})

describe(`SessionTokens (${testDatabaseKind()})`, () => {
  let opened: Awaited<ReturnType<typeof openSecureSiteStorage>>
  let db: Storage
  beforeEach(async () => {
    opened = await openSecureSiteStorage()
    db = opened.storage
  })
  afterEach(() => opened.close())

  it('binds the token to the key (cnf.jkt), the project and the app origin, and refuses it with another key', async () => {
    const sessions = new SessionTokens(db, SECRET, 7 * 24 * 3600)
    const grant = await sessions.issue('u1', { jkt: 'key-a', projectId: 'shop', appOrigin: 'https://shop.example' })
    expect(decodeJwt(grant.token)).toMatchObject({ sub: 'u1', cnf: { jkt: 'key-a' }, projectId: 'shop', appOrigin: 'https://shop.example' })
    expect(grant.expiresIn).toBe(600)
    expect(await sessions.verify(grant.token, 'key-a')).toMatchObject({ userId: 'u1', projectId: 'shop', appOrigin: 'https://shop.example' })
    await expired(sessions.verify(grant.token, 'key-b'))
    await expired(sessions.verify(grant.token, undefined))
    await expired(sessions.verify(grant.appToken, 'key-a'))
    expect(await sessions.boundKey(grant.token)).toBe('key-a')
    expect(await sessions.refreshKey(grant.refreshToken)).toBe('key-a')
    await expired(sessions.boundKey(grant.appToken))
    await expired(sessions.refreshKey('x'.repeat(43)))
    expect(await db.db.selectFrom('secure_site_refresh_tokens').select('token_hash').execute()).not.toContainEqual({ token_hash: grant.refreshToken })
  })

  it('never issues an access token past the session’s own end', async () => {
    const grant = await new SessionTokens(db, SECRET, 5).issue('u1', { jkt: 'key-a' })
    expect(grant.expiresIn).toBeLessThanOrEqual(5)
  })

  it('rotates refresh tokens only for the session’s key; a second use ends the session', async () => {
    const sessions = new SessionTokens(db, SECRET, 3600)
    const first = await sessions.issue('u1', { jkt: 'key-a' })
    await expired(sessions.refresh(first.refreshToken, 'key-b'))
    const second = await sessions.refresh(first.refreshToken, 'key-a')
    expect(await sessions.verify(second.token, 'key-a')).toMatchObject({ userId: 'u1' })
    await expired(sessions.refresh(first.refreshToken, 'key-a'))
    await expired(sessions.verify(second.token, 'key-a'))
    await expired(sessions.refresh(second.refreshToken, 'key-a'))
  })

  it('ends every session of a user, or every one but the current', async () => {
    const sessions = new SessionTokens(db, SECRET, 3600)
    const [a, b, other] = await Promise.all([sessions.issue('u1', { jkt: 'k1' }), sessions.issue('u1', { jkt: 'k2' }), sessions.issue('u2', { jkt: 'k3' })])
    const current = await sessions.verify(a.token, 'k1')
    await sessions.endAll('u1', { except: current.id })
    expect(await sessions.verify(a.token, 'k1')).toMatchObject({ userId: 'u1' })
    await expired(sessions.verify(b.token, 'k2'))
    await sessions.endAll('u1')
    await expired(sessions.verify(a.token, 'k1'))
    expect(await sessions.verify(other.token, 'k3')).toMatchObject({ userId: 'u2' })
  })
})
