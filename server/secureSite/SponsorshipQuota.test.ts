import { describe, expect, it } from 'vitest'
import { openDatabase } from '../plugins/database/openDatabase.js'
import { SponsorshipQuota } from './SponsorshipQuota.js'

describe('given the bundler sponsorship quota', () => {
  it('gives each user its operations per UTC day, refuses past them, and starts again the next day', () => {
    let now = Date.UTC(2026, 10, 26, 23, 0)
    const quota = new SponsorshipQuota(openDatabase(':memory:'), 2, () => now)
    quota.take('alice')
    quota.take('alice')
    expect(() => quota.take('alice')).toThrow('Sponsored transactions used up: 2 a day per account, try again tomorrow')
    quota.take('bob')
    now += 3600 * 1000
    quota.take('alice')
  })
})
