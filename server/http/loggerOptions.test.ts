import { describe, expect, it } from 'vitest'
import { redactUrl } from './loggerOptions.js'

describe('given a request URL on its way to the log', () => {
  it('replaces the values of secret parameters and keeps the rest', () => {
    expect(redactUrl('/social/callback?code=abc&state=xyz&iss=http%3A%2F%2Fop')).toBe('/social/callback?code=[redacted]&state=[redacted]&iss=http%3A%2F%2Fop')
    expect(redactUrl('/device/approve?token=t0k3n')).toBe('/device/approve?token=[redacted]')
    expect(redactUrl('/relay?Auth=jwt&projectId=latch-dev')).toBe('/relay?Auth=[redacted]&projectId=latch-dev')
    expect(redactUrl('/v1?chainId=eip155%3A1')).toBe('/v1?chainId=eip155%3A1')
    expect(redactUrl('/plain')).toBe('/plain')
    expect(redactUrl('/x?%E0%A4%A=1&c%6Fde=2')).toBe('/x?%E0%A4%A=[redacted]&c%6Fde=[redacted]')
  })
})
