import { describe, expect, it } from 'vitest'
import { SponsorshipQuota } from './SponsorshipQuota.js'
import { openSecureSiteStorage } from '../../test/support/openSecureSiteStorage.js'
import { testDatabaseKind } from '../../test/support/testDatabase.js'

describe(`given the bundler sponsorship quota (${testDatabaseKind()})`, () => {
  it('gives each user its operations per UTC day, refuses past them, and starts again the next day', async () => {
    const { storage, close } = await openSecureSiteStorage()
    let now = Date.UTC(2026, 10, 26, 23, 0)
    const quota = new SponsorshipQuota(storage, 2, () => now)
    await quota.take('alice')
    await quota.take('alice')
    await expect(quota.take('alice')).rejects.toThrow('Sponsored transactions used up: 2 a day per account, try again tomorrow')
    await quota.take('bob')
    now += 3600 * 1000
    await quota.take('alice')
    await close()
  })

  it('gives out its last operations once when 50 sends take them at once', async () => {
    const { storage, close } = await openSecureSiteStorage()
    const quota = new SponsorshipQuota(storage, 5)
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, () => quota.take('carol')))
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5)
    await close()
  })
})
