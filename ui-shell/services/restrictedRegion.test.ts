import { describe, expect, it } from 'vitest'
import { isRestrictedTimeZone, withRestrictedRegionUrls } from './restrictedRegion.js'

const HOST = { apiUrl: 'https://api.example', restrictedRegionUrls: { apiUrl: 'https://api.example.cn', blockchainApiUrl: 'https://rpc.example.cn' } }

describe('SPEC §1 restricted timezones', () => {
  it('knows the nine the SPEC names, in any case, and no other', () => {
    for (const zone of ['Asia/Shanghai', 'Asia/Urumqi', 'Asia/Chongqing', 'Asia/Harbin', 'Asia/Kashgar', 'Asia/Macau', 'Asia/Macao', 'Asia/Hong_Kong', 'Asia/Beijing', 'asia/shanghai']) {
      expect(isRestrictedTimeZone(zone), zone).toBe(true)
    }
    for (const zone of ['Europe/Berlin', 'Asia/Taipei', 'Asia/Tokyo', 'UTC', '', undefined]) expect(isRestrictedTimeZone(zone), String(zone)).toBe(false)
  })

  it("gives a visitor there the host's regional URLs, and leaves everyone else's alone", () => {
    expect(withRestrictedRegionUrls(HOST, 'Asia/Hong_Kong')).toMatchObject({ apiUrl: 'https://api.example.cn', blockchainApiUrl: 'https://rpc.example.cn' })
    expect(withRestrictedRegionUrls(HOST, 'Europe/Berlin')).toBe(HOST)
    expect(withRestrictedRegionUrls(HOST, undefined)).toBe(HOST)
    // Only what the host gave is replaced: the blockchain service still follows apiUrl.
    const apiOnly = withRestrictedRegionUrls({ apiUrl: 'https://api.example', restrictedRegionUrls: { apiUrl: 'https://api.example.cn' } }, 'Asia/Shanghai')
    expect(apiOnly.apiUrl).toBe('https://api.example.cn')
    expect(apiOnly.blockchainApiUrl).toBeUndefined()
    // Without the option nothing changes anywhere.
    const plain = { apiUrl: 'https://api.example' }
    expect(withRestrictedRegionUrls(plain, 'Asia/Shanghai')).toBe(plain)
  })
})
