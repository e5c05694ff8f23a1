import { describe, expect, it } from 'vitest'
import { describeStorage } from './stillInSqlite.js'

describe('the start-up lines about storage', () => {
  it('say nothing on the embedded default, so `npm start` prints what it printed before', () => {
    expect(describeStorage({ dialect: 'sqlite', location: '.data/latch.sqlite' }, '.data/latch.sqlite')).toEqual([])
  })

  it('name the Postgres database without its password, and what still lives in the SQLite file', () => {
    const lines = describeStorage({ dialect: 'postgres', location: 'postgres://latch:***@db:5432/latch' }, '.data/latch.sqlite')
    expect(lines[0]).toBe('Database: postgres://latch:***@db:5432/latch (names, sign-in nonces and sessions, on-ramp orders, history index, leases, embedded-wallet accounts, keys, sessions and logins)')
    expect(lines[1]).toMatch(/^Still in the embedded SQLite file \.data\/latch\.sqlite: the relay mailbox; /)
  })
})
