import { describe, expect, it } from 'vitest'
import { authDisplayName } from './authDisplayName.js'

describe('authDisplayName (SPEC §5)', () => {
  it('is the user name, a discord one without its trailing 0, else the email', () => {
    expect(authDisplayName({ userName: 'visitor0', socialProvider: 'discord' })).toBe('visitor')
    expect(authDisplayName({ userName: 'visitor0', socialProvider: 'github' })).toBe('visitor0')
    expect(authDisplayName({ email: 'a@b.co', socialProvider: 'google' })).toBe('a@b.co')
    expect(authDisplayName({ userName: 'name', email: 'a@b.co' })).toBe('name')
    expect(authDisplayName({})).toBeUndefined()
    expect(authDisplayName(undefined)).toBeUndefined()
  })

  it('cuts above 30 characters with an ellipsis, keeps exactly 30', () => {
    expect(authDisplayName({ userName: 'x'.repeat(30) })).toBe('x'.repeat(30))
    expect(authDisplayName({ userName: 'abcdefghijklmnopqrstuvwxyz0123456789' })).toBe('abcdefghijklmnopqrstuvwxyz0123…')
    expect(authDisplayName({ email: `${'m'.repeat(40)}@example.com` })).toBe(`${'m'.repeat(30)}…`)
  })
})
