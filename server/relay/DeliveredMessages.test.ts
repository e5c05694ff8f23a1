import { describe, expect, it } from 'vitest'
import { DeliveredMessages } from './DeliveredMessages.js'

describe('given the messages one socket was sent', () => {
  it('31: lets a message through once until it expires, then forgets it', () => {
    const delivered = new DeliveredMessages()
    expect(delivered.first('a', 2_000)).toBe(true)
    expect(delivered.first('a', 2_000)).toBe(false)
    expect(delivered.first('b', 5_000)).toBe(true)
    delivered.prune(2_000)
    expect(delivered.first('a', 9_000)).toBe(true)
    expect(delivered.first('b', 5_000)).toBe(false)
  })

  it('31: remembers at most 10,000 ids, the oldest forgotten first', () => {
    const delivered = new DeliveredMessages()
    for (let n = 0; n <= 10_000; n++) delivered.first(`m${n}`, Infinity)
    expect(delivered.first('m10000', Infinity)).toBe(false)
    expect(delivered.first('m1', Infinity)).toBe(false)
    expect(delivered.first('m0', Infinity)).toBe(true)
  })
})
