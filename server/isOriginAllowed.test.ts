import { describe, expect, it } from 'vitest'
import { isOriginAllowed } from './isOriginAllowed.js'

const project = (allowedOrigins: string[]) => ({ id: 'p', allowedOrigins, features: {} })

describe('isOriginAllowed', () => {
  it('S6: a port-less entry matches every port on loopback only', () => {
    expect(isOriginAllowed(project(['http://localhost']), 'http://localhost:5173')).toBe(true)
    expect(isOriginAllowed(project(['http://127.0.0.1']), 'http://127.0.0.1:4000')).toBe(true)
    const app = project(['https://app.example'])
    expect(isOriginAllowed(app, 'https://app.example')).toBe(true)
    expect(isOriginAllowed(app, 'https://app.example:443')).toBe(true)
    expect(isOriginAllowed(app, 'https://app.example:8443')).toBe(false)
    expect(isOriginAllowed(project(['https://app.example:8443']), 'https://app.example:8443')).toBe(true)
  })
})
