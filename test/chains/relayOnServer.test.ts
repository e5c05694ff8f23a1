import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { createServer, type LatchServer } from '../../server/createServer.js'
import { relaySocketUrl } from '../support/createRelayAuthToken.js'

let server: LatchServer
let baseUrl: string
beforeAll(async () => {
  server = await createServer()
  baseUrl = await server.listen(0)
})
afterAll(() => server.close())

describe('given the backend started as npm start does', () => {
  it('serves the WalletConnect relay at /relay on its own port', async () => {
    const ws = new WebSocket(relaySocketUrl(`${baseUrl.replace('http', 'ws')}/relay`))
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
    const topic = 'c'.repeat(64)
    ws.send(JSON.stringify({ id: 1, jsonrpc: '2.0', method: 'irn_subscribe', params: { topic } }))
    const answer = await new Promise<{ id: number; result: unknown }>((resolve) => ws.once('message', (data) => resolve(JSON.parse(data.toString()))))
    expect(answer.id).toBe(1)
    expect(answer.result).toMatch(/^[0-9a-f]{64}$/)
    ws.close()
  })
})
