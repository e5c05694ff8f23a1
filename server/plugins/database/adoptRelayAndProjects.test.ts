import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { openDatabase } from './openDatabase.js'
import { openStorage } from './openStorage.js'
import { BACKEND_MIGRATIONS } from '../../createServer.js'

describe('given a SQLite file whose relay mailbox and projects were written by raw better-sqlite3', () => {
  it('28: adopts them unchanged: the waiting message stays, and a deleted dev project is not seeded again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'latch-adopt-relay-'))
    try {
      // The tables as RelayMessageStore and openDatabase created them up to this release.
      const old = new Database(join(dir, 'latch.sqlite'))
      old.exec(`CREATE TABLE relay_messages (topic TEXT NOT NULL, message TEXT NOT NULL, tag INTEGER NOT NULL, published_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, from_client TEXT);
        CREATE INDEX relay_messages_by_topic ON relay_messages (topic);
        CREATE INDEX relay_messages_by_expiry ON relay_messages (expires_at);
        CREATE TABLE projects (id TEXT PRIMARY KEY, name TEXT NOT NULL, allowed_origins TEXT NOT NULL, features TEXT NOT NULL, updated_at INTEGER NOT NULL);
        INSERT INTO relay_messages VALUES ('${'a'.repeat(64)}', 'waiting', 1108, 1, 9999999999999, 'did:key:zDapp');
        INSERT INTO projects VALUES ('shop', 'Shop', '["https://shop.example"]', '{"swaps":true}', 1);`)
      old.close()
      const file = openDatabase(dir)
      const storage = await openStorage({ sqlite: file, migrations: BACKEND_MIGRATIONS })
      expect(await storage.db.selectFrom('relay_messages').select(['message', 'from_client']).execute()).toEqual([{ message: 'waiting', from_client: 'did:key:zDapp' }])
      expect(await storage.db.selectFrom('projects').select(['id', 'features']).execute()).toEqual([{ id: 'shop', features: '{"swaps":true}' }])
      await storage.close()
      file.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
