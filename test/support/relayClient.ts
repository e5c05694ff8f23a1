import WebSocket from 'ws'

/** A raw JSON-RPC client on the relay: what it received, and `call` for one answer. */
export interface RelayClient {
  ws: WebSocket
  inbox: Array<Record<string, any>>
  call(method: string, params: unknown): Promise<Record<string, any>>
}

/**
 * Opens a raw client on a relay socket URL (see `relaySocketUrl`), with extra upgrade headers
 * (an `x-forwarded-for` a trusted proxy would add).
 */
export async function openRelayClient(url: string, headers: Record<string, string> = {}): Promise<RelayClient> {
  const ws = new WebSocket(url, { headers })
  const inbox: Array<Record<string, any>> = []
  ws.on('message', (data) => inbox.push(JSON.parse(data.toString())))
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
  let next = 1
  // The relay's answer to one call; the test's own timeout bounds the wait.
  const call = (method: string, params: unknown) =>
    new Promise<Record<string, any>>((resolve) => {
      const id = next++
      const onMessage = (data: WebSocket.RawData) => {
        const message = JSON.parse(data.toString())
        if (message.id !== id || message.method) return
        ws.off('message', onMessage)
        resolve(message)
      }
      ws.on('message', onMessage)
      ws.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
    })
  return { ws, inbox, call }
}

/**
 * Tries an upgrade: 'open' (then closed again unless `keep`), or the HTTP refusal's status and body.
 */
export async function tryRelayUpgrade(url: string, headers: Record<string, string> = {}, keep?: WebSocket[]): Promise<'open' | { status: number; body: any }> {
  const ws = new WebSocket(url, { headers })
  return new Promise((resolve, reject) => {
    ws.once('open', () => {
      if (keep) keep.push(ws)
      else ws.close()
      resolve('open')
    })
    ws.once('unexpected-response', (_request, response) => {
      let text = ''
      response.on('data', (chunk: Buffer) => (text += chunk.toString()))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }))
    })
    ws.once('error', (error) => reject(error))
  })
}
