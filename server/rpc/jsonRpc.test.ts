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
