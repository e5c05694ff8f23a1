/** One block of a server-sent event stream: an event (`event`, `data`) or a comment (`: ping`). */
export interface StreamBlock {
  event?: string
  data?: string
  retry?: number
  comment?: string
}

/** A server-sent event stream read through `fetch`, block by block, each wait with a deadline. */
export interface EventStream {
  response: Response
  /** The next block; rejects when none arrives within `timeoutMs`, resolves undefined at the end. */
  next(timeoutMs: number): Promise<StreamBlock | undefined>
  /** The next block that is an event (comments and `retry:` skipped). */
  nextEvent(timeoutMs: number): Promise<StreamBlock | undefined>
  close(): Promise<void>
}

function parseBlock(text: string): StreamBlock {
  const block: StreamBlock = {}
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) block.comment = line.slice(1).trim()
    else if (line.startsWith('event: ')) block.event = line.slice('event: '.length)
    else if (line.startsWith('data: ')) block.data = block.data === undefined ? line.slice('data: '.length) : `${block.data}\n${line.slice('data: '.length)}`
    else if (line.startsWith('retry: ')) block.retry = Number(line.slice('retry: '.length))
  }
  return block
}

/**
 * Opens a server-sent event stream (`text/event-stream`) with `fetch` and reads it as the blocks
 * an EventSource would see. No fixed sleeps: every wait has an explicit deadline.
 *
 * @param url - the stream's URL
 * @param headers - e.g. `{ origin: 'http://localhost:5173' }`
 * @returns the response and a reader
 */
export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
  const controller = new AbortController()
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal })
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let buffered = ''
  let ended = false
  // A read left pending by a timed-out wait is kept for the next wait, so no bytes are lost.
  let pendingRead: Promise<ReadableStreamReadResult<Uint8Array>> | undefined

  async function next(timeoutMs: number): Promise<StreamBlock | undefined> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const end = buffered.indexOf('\n\n')
      if (end !== -1) {
        const text = buffered.slice(0, end)
        buffered = buffered.slice(end + 2)
        return parseBlock(text)
      }
      if (ended) return undefined
      pendingRead ??= reader.read()
      let timer: NodeJS.Timeout | undefined
      const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), Math.max(0, deadline - Date.now()))))
      const result = await Promise.race([pendingRead, timedOut]).finally(() => clearTimeout(timer))
      if (result === 'timeout') throw new Error(`no server-sent event within ${timeoutMs} ms (buffered: ${JSON.stringify(buffered)})`)
      pendingRead = undefined
      if (result.done) ended = true
      else buffered += decoder.decode(result.value, { stream: true })
    }
  }

  return {
    response,
    next,
    async nextEvent(timeoutMs) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const block = await next(Math.max(0, deadline - Date.now()))
        if (block === undefined || block.event !== undefined) return block
      }
    },
    async close() {
      controller.abort()
      await reader.cancel().catch(() => undefined)
    },
  }
}
