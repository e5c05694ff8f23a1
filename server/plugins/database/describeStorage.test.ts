import { describe, expect, it } from 'vitest'
import { describeStorage } from './describeStorage.js'

describe('the start-up line about storage', () => {
  it('says nothing on the embedded default, so `npm start` prints what it printed before', () => {
    expect(describeStorage({ dialect: 'sqlite', location: '.data/latch.sqlite' })).toEqual([])
  })

  it('names the Postgres database without its password', () => {
    expect(describeStorage({ dialect: 'postgres', location: 'postgres://latch:***@db:5432/latch' })).toEqual(['Database: postgres://latch:***@db:5432/latch (every table: several instances may share it)'])
  })
})
