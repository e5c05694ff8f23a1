import { describe, expect, it } from 'vitest'
import { UpstreamDown, UpstreamPool } from './UpstreamPool.js'

describe('UpstreamPool', () => {
  it('tries upstreams in configured order, falls back past one that is down, and ranks it last afterwards', async () => {
    const pool = new UpstreamPool(['https://down.example', 'https://up.example'])
    const tried: string[] = []
    const call = async (url: string) => {
      tried.push(url)
      if (url.includes('down')) throw new UpstreamDown('ECONNREFUSED')
      return url
    }
    expect(await pool.run(call)).toBe('https://up.example')
    expect(tried).toEqual(['https://down.example', 'https://up.example'])
    expect(pool.ranked()).toEqual(['https://up.example', 'https://down.example'])
  })

  it("returns a node's own error at once (it answered) and throws the last failure when every upstream is down", async () => {
    const pool = new UpstreamPool(['https://a.example', 'https://b.example'])
    const tried: string[] = []
    await expect(
      pool.run(async (url) => {
        tried.push(url)
        throw new Error('execution reverted')
      }),
    ).rejects.toThrow('execution reverted')
    expect(tried).toEqual(['https://a.example'])
    await expect(pool.run(async (url) => Promise.reject(new UpstreamDown(url)))).rejects.toThrow(UpstreamDown)
  })

  it('checks each upstream once before its first call, and never uses one that fails its check', async () => {
    const checks: string[] = []
    const pool = new UpstreamPool(['https://other-network.example', 'https://right.example'], async (url) => (checks.push(url), !url.includes('other')))
    const tried: string[] = []
    const call = async (url: string) => (tried.push(url), url)
    expect(await pool.run(call)).toBe('https://right.example')
    expect(await pool.run(call)).toBe('https://right.example')
    expect(checks).toEqual(['https://other-network.example', 'https://right.example'])
    expect(tried).toEqual(['https://right.example', 'https://right.example'])
  })
})
