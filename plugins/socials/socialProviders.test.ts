import { describe, expect, it } from 'vitest'
import { socialProvidersOf } from './socialProviders.js'

describe('socialProvidersOf', () => {
  it('turns the socials flag into providers in SPEC order, dropping unknown ones', () => {
    expect(socialProvidersOf(true)).toEqual(['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
    expect(socialProvidersOf(undefined)).toHaveLength(7)
    expect(socialProvidersOf(['github', 'myspace', 'google'])).toEqual(['google', 'github'])
    expect(socialProvidersOf(false)).toEqual([])
    expect(socialProvidersOf([])).toEqual([])
  })
})
