import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { answerJsonRpc, JsonRpcError } from './jsonRpc.js'

const echo = async (method: string, params: unknown) => {
  if (method === 'fail') throw new JsonRpcError(-32000, 'failed', { why: 'asked' })
  if (method === 'crash') throw new Error('secret internals')
  return { method, params }
}

describe('answerJsonRpc', () => {
  it('answers a single request and a batch in order', async () => {
    expect(await answerJsonRpc({ jsonrpc: '2.0', id: 1, method: 'a', params: [1] }, echo)).toEqual({ jsonrpc: '2.0', id: 1, result: { method: 'a', params: [1] } })
    expect(await answerJsonRpc([{ jsonrpc: '2.0', id: 'x', method: 'fail' }, { jsonrpc: '2.0', id: 2, method: 'b' }], echo)).toEqual([
      { jsonrpc: '2.0', id: 'x', error: { code: -32000, message: 'failed', data: { why: 'asked' } } },
      { jsonrpc: '2.0', id: 2, result: { method: 'b', params: [] } },
    ])
  })

  it('hides what a handler threw that is not a JsonRpcError', async () => {
    expect(await answerJsonRpc({ jsonrpc: '2.0', id: 3, method: 'crash' }, echo)).toEqual({ jsonrpc: '2.0', id: 3, error: { code: -32603, message: 'Internal error' } })
  })

  it('refuses empty batches, wrong versions and missing methods', async () => {
    expect(await answerJsonRpc([], echo)).toMatchObject({ error: { code: -32600, message: 'Invalid request: empty batch' } })
    expect(await answerJsonRpc({ jsonrpc: '1.0', id: 1, method: 'a' }, echo)).toMatchObject({ id: 1, error: { code: -32600 } })
    expect(await answerJsonRpc({ jsonrpc: '2.0', id: 1 }, echo)).toMatchObject({ error: { code: -32600 } })
    expect(await answerJsonRpc({ jsonrpc: '2.0', id: 1, method: 'a', params: 5 }, echo)).toMatchObject({ error: { code: -32602 } })
  })

  it('S2: answers the calls of a batch left after its deadline with -32005, without running them', async () => {
    // The deadline passes while the second call runs: the order of events, not the clock, decides.
    const deadline = new AbortController()
    let ran = 0
    const slow = async (method: string) => {
      if (++ran === 2) deadline.abort()
      await Promise.resolve()
      return method
    }
    const batch = Array.from({ length: 6 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'slow' }))
    const answers = (await answerJsonRpc(batch, slow, deadline.signal)) as Array<{ error?: { code: number } }>
    expect(ran).toBe(2)
    expect(answers).toHaveLength(6)
    // A call already running when the deadline passed keeps its answer.
    expect(answers.slice(0, 2)).toEqual([0, 1].map((id) => ({ jsonrpc: '2.0', id, result: 'slow' })))
    expect(answers.slice(2)).toEqual(
      [2, 3, 4, 5].map((id) => ({ jsonrpc: '2.0', id, error: { code: -32005, message: 'Request deadline exceeded: send fewer calls per request' } })),
    )
  })

  it('never throws and always answers JSON-RPC 2.0 (seed 7)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (body) => {
        const answer = await answerJsonRpc(body, echo)
        for (const one of Array.isArray(answer) ? answer : [answer]) expect(one.jsonrpc).toBe('2.0')
      }),
      { seed: 7, numRuns: 300 },
    )
  })
})
