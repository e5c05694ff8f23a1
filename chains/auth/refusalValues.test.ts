import { describe, expect, it } from 'vitest'
import { refusalValuesOf } from './refusalValues.js'

describe('the numbers a refusal carries across the frame', () => {
  it('reads the named small whole numbers of a reply body', () => {
    expect(refusalValuesOf({ code: 'INVALID_CODE', message: 'Invalid code: 4 tries left', triesLeft: 4 })).toEqual({ triesLeft: 4 })
    expect(refusalValuesOf({ minutes: 10, seconds: 0 })).toEqual({ minutes: 10, seconds: 0 })
  })

  it('drops anything else: other names, strings, fractions, negatives, huge numbers, non-objects', () => {
    expect(refusalValuesOf({ triesLeft: '4', minutes: 1.5, seconds: -1 })).toBeUndefined()
    expect(refusalValuesOf({ triesLeft: 1e12, __proto__: { minutes: 3 }, other: 2 })).toBeUndefined()
    expect(refusalValuesOf(null)).toBeUndefined()
    expect(refusalValuesOf('triesLeft=4')).toBeUndefined()
  })
})
