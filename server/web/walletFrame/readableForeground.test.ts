import { describe, expect, it } from 'vitest'
import { readableForeground } from './readableForeground.js'

describe('readableForeground', () => {
  it('picks the colour with the higher WCAG contrast on the accent', () => {
    // Pure red: black 5.25:1 against white 4.0:1 (below AA for the card's 16 px text).
    expect(readableForeground([255, 0, 0])).toBe('#000000')
    expect(readableForeground([42, 109, 224])).toBe('#ffffff')
    expect(readableForeground([255, 221, 0])).toBe('#000000')
    expect(readableForeground([0, 0, 0])).toBe('#ffffff')
    expect(readableForeground([255, 255, 255])).toBe('#000000')
  })
})
