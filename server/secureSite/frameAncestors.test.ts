import { describe, expect, it } from 'vitest'
import { frameAncestors } from './frameAncestors.js'

describe('frameAncestors', () => {
  it('keeps exact origins (path and trailing slash dropped) and the patterns CSP can write', () => {
    expect(frameAncestors(['https://shop.example.com/', 'https://app.example.com/path', 'http://localhost:*', 'https://*.example.com', 'http://[::1]:8080'])).toBe(
      'frame-ancestors https://shop.example.com https://app.example.com http://localhost:* https://*.example.com http://[::1]:8080',
    )
  })

  it('drops what CSP cannot express, never widening the list', () => {
    expect(frameAncestors(['https://shop-*.example.com', 'javascript:alert(1)', "'unsafe-inline'", 'https://a.example.com; script-src *'])).toBe("frame-ancestors 'none'")
    expect(frameAncestors([])).toBe("frame-ancestors 'none'")
  })

  it('passes a project open to every origin as *', () => {
    expect(frameAncestors(['*'])).toBe('frame-ancestors *')
  })
})
