import { describe, expect, it } from 'vitest'
import { isOriginEntry, originEntryProblem, WILDCARD_ORIGIN_REFUSED } from './isOriginEntry.js'

describe('isOriginEntry', () => {
  it('takes origins and AppKit patterns', () => {
    for (const entry of ['https://shop.example', 'http://localhost:*', 'https://*.shop.example', 'http://127.0.0.1:5173'])
      expect({ entry, valid: isOriginEntry(entry) }).toEqual({ entry, valid: true })
  })

  it('refuses "*" alone (frame-ancestors * would let every site embed the wallet), saying why', () => {
    for (const entry of ['*', ' * ']) {
      expect(isOriginEntry(entry)).toBe(false)
      expect(originEntryProblem(entry)).toBe(WILDCARD_ORIGIN_REFUSED)
    }
  })

  it('refuses what is not a URL', () => {
    expect(isOriginEntry('not a url')).toBe(false)
    expect(originEntryProblem('not a url')).toMatch(/^must be an origin/)
  })
})
