import { describe, expect, it } from 'vitest'
import { isOriginAllowed } from './isOriginAllowed.js'
import { DEV_PROJECT } from '../projects/projects.js'

const project = (allowedOrigins: string[]) => ({ id: 'p', allowedOrigins, features: {} })

describe('isOriginAllowed, by AppKit 1.7.10 rule', () => {
  it('16: the dev project admits loopback pages on any port, and no other host', () => {
    for (const origin of ['http://127.0.0.1:5173', 'http://127.0.0.1', 'http://localhost:4000', 'http://localhost'])
      expect(isOriginAllowed(DEV_PROJECT, origin), origin).toBe(true)
    for (const origin of ['https://127.0.0.1:5173', 'http://127.0.0.2:80', 'http://localhost.evil.example', 'https://app.example'])
      expect(isOriginAllowed(DEV_PROJECT, origin), origin).toBe(false)
  })

  it('matches an entry without * exactly: no port means the default port only', () => {
    const app = project(['https://app.example'])
    expect(isOriginAllowed(app, 'https://app.example')).toBe(true)
    expect(isOriginAllowed(app, 'https://app.example:8443')).toBe(false)
    expect(isOriginAllowed(project(['http://localhost']), 'http://localhost:5173')).toBe(false)
    expect(isOriginAllowed(project(['https://app.example/path/']), 'https://app.example')).toBe(true)
  })

  it('reads * as any run of characters over the whole origin', () => {
    const sub = project(['https://*.app.example'])
    expect(isOriginAllowed(sub, 'https://shop.app.example')).toBe(true)
    expect(isOriginAllowed(sub, 'https://app.example')).toBe(false)
    expect(isOriginAllowed(sub, 'https://shop.app.example.evil')).toBe(false)
    expect(isOriginAllowed(project(['http://localhost:*']), 'http://localhost:5173')).toBe(true)
    expect(isOriginAllowed(project(['*']), 'https://anything.example')).toBe(true)
    // Other regular-expression characters are literal.
    expect(isOriginAllowed(project(['https://a.b.example']), 'https://aXb.example')).toBe(false)
    expect(isOriginAllowed(project(['https://a.b.example:*']), 'https://aXb.example:1')).toBe(false)
  })

  it('admits requests without an Origin (server to server)', () => {
    expect(isOriginAllowed(project([]), undefined)).toBe(true)
  })
})
