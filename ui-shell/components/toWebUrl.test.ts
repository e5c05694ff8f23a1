import { describe, expect, it } from 'vitest'
import { toWebUrl } from './toWebUrl.js'

describe('toWebUrl', () => {
  it('keeps http(s) links and drops every other scheme or malformed text', () => {
    expect(toWebUrl('https://example.org/terms')).toBe('https://example.org/terms')
    expect(toWebUrl('http://127.0.0.1:5545/x')).toBe('http://127.0.0.1:5545/x')
    for (const bad of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'metamask://wc', '/relative', 'not a url', '', undefined])
      expect(toWebUrl(bad)).toBeUndefined()
  })
})
