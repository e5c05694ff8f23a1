import { describe, expect, it } from 'vitest'
import { safeImageUrl } from './safeImageUrl.js'

describe('safeImageUrl', () => {
  it('keeps http(s) and data:image URLs', () => {
    expect(safeImageUrl('https://example.org/a.png')).toBe('https://example.org/a.png')
    expect(safeImageUrl('http://127.0.0.1:5545/getWalletImage/x')).toBe('http://127.0.0.1:5545/getWalletImage/x')
    expect(safeImageUrl('data:image/svg+xml;base64,PHN2Zz4=')).toBe('data:image/svg+xml;base64,PHN2Zz4=')
  })

  it('drops script and document URLs', () => {
    expect(safeImageUrl('javascript:alert(1)')).toBeUndefined()
    expect(safeImageUrl('data:text/html,<script>alert(1)</script>')).toBeUndefined()
    expect(safeImageUrl('not a url')).toBeUndefined()
    expect(safeImageUrl(undefined)).toBeUndefined()
  })
})
