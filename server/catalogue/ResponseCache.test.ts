import { describe, expect, it } from 'vitest'
import { ResponseCache } from './ResponseCache.js'
import { serializeResponse } from './SerializedResponse.js'

const answer = (text: string) => serializeResponse(text, 'text/plain')

describe('ResponseCache', () => {
  it('builds an answer once per key and version', () => {
    const cache = new ResponseCache(1_000)
    let builds = 0
    const build = () => (builds++, answer('page'))
    expect(cache.get('a', 1, build).body.toString()).toBe('page')
    cache.get('a', 1, build)
    expect(builds).toBe(1)
    cache.get('a', 2, build)
    expect(builds).toBe(2)
  })

  it('drops everything of an older version', () => {
    const cache = new ResponseCache(1_000)
    cache.get('a', 1, () => answer('a'))
    cache.get('b', 1, () => answer('b'))
    cache.get('c', 2, () => answer('c'))
    expect(cache.size).toBe(1)
  })

  it('keeps within its bytes by dropping the least recently used answers', () => {
    const cache = new ResponseCache(25)
    cache.get('a', 1, () => answer('x'.repeat(10)))
    cache.get('b', 1, () => answer('y'.repeat(10)))
    cache.get('a', 1, () => answer('unused'))
    cache.get('c', 1, () => answer('z'.repeat(10)))
    expect(cache.size).toBe(2)
    expect(cache.get('a', 1, () => answer('rebuilt')).body.toString()).toBe('x'.repeat(10))
    expect(cache.get('b', 1, () => answer('rebuilt')).body.toString()).toBe('rebuilt')
  })

  it('keeps a single answer larger than its bytes, so the caller is still answered', () => {
    const cache = new ResponseCache(5)
    expect(cache.get('big', 1, () => answer('x'.repeat(50))).body.length).toBe(50)
  })
})
