import type { FastifyPluginAsync } from 'fastify'
import type { Project } from '../plugins/projects/projects.js'
import { remoteConfigAnswer } from './remoteConfigAnswer.js'
import { ProjectQuery } from '../http/schemas.js'
import { TooManyStreamsError } from '../plugins/requestGuards/errors.js'

export interface ConfigStreamOptions {
  /** Between two `: ping` comments; proxies close a silent connection (often after 30–60 s). */
  pingMs: number
  /** Whether the secure site offers passkeys (key shares on): see `remoteConfigAnswer`. */
  passkeys: boolean
}

/**
 * Open streams allowed from one client IP, and in all: each holds a socket for as long as the
 * page is open. Per IP above a browser's own limit (6 connections per host over HTTP/1.1) times a
 * few pages, for offices behind one address.
 */
export const MAX_STREAMS_PER_IP = 32
export const MAX_STREAMS = 1024

/** How long an EventSource waits before it reconnects (`retry:`). */
export const CONFIG_STREAM_RETRY_MS = 3_000

const configEvent = (data: string) => `event: config\ndata: ${data}\n\n`

/**
 * `GET /appkit/v1/config/stream?projectId=…` (issue 11): the project's remote configuration as
 * server-sent events, so an open page learns of an admin's change without a reload. It sends one
 * `config` event at once, whose `data` is exactly what `GET /appkit/v1/config` answers to the same
 * query (`st` included), then another each time that answer changes. A stream hears only of its
 * own project (`app.projects` says when it changes). Deleting the project ends it; the reconnect
 * then gets 403 Invalid Project ID.
 */
export const configStreamRoutes: FastifyPluginAsync<ConfigStreamOptions> = async (app, { pingMs, passkeys }) => {
  const projects = app.projects
  const openStreams = new Set<() => void>()
  const perIp = new Map<string, number>()
  // Before the server closes: it waits for open connections, and a stream never ends by itself.
  app.addHook('preClose', async () => {
    for (const end of openStreams) end()
  })

  app.get<{ Querystring: { projectId: string; st?: string } }>('/appkit/v1/config/stream', { schema: { querystring: ProjectQuery } }, async (request, reply) => {
    const { projectId, st } = request.query
    // The project guard (registerRequestGuards) has already refused unknown ids with 403.
    let last = JSON.stringify(remoteConfigAnswer(projects.get(projectId) as Project, st, { passkeys }))
    const ip = request.ip
    const openFromIp = perIp.get(ip) ?? 0
    if (openFromIp >= MAX_STREAMS_PER_IP || openStreams.size >= MAX_STREAMS) throw new TooManyStreamsError()
    reply.hijack()
    const response = reply.raw
    // The hooks' headers (CORS for the kit's page) are on the reply, which hijack() leaves unsent.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) response.setHeader(name, value)
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      // nginx would otherwise hold events back in its buffer.
      'x-accel-buffering': 'no',
      // An ended stream's socket closes with it: not left idle in keep-alive, which would hold
      // the server's close until the keep-alive timeout.
      connection: 'close',
    })
    // Fastify answers HEAD with this handler too: headers only, and no stream left open.
    if (request.method === 'HEAD') return void response.end()
    response.write(`retry: ${CONFIG_STREAM_RETRY_MS}\n\n${configEvent(last)}`)

    const ping = setInterval(() => response.write(': ping\n\n'), pingMs)
    ping.unref()
    const stopListening = projects.onChange((ids) => {
      if (!ids.includes(projectId)) return
      const project = projects.get(projectId)
      if (!project) return end()
      const data = JSON.stringify(remoteConfigAnswer(project, st, { passkeys }))
      if (data === last) return
      last = data
      response.write(configEvent(data))
    })
    let ended = false
    function end() {
      if (ended) return
      ended = true
      clearInterval(ping)
      stopListening()
      openStreams.delete(end)
      const left = (perIp.get(ip) ?? 1) - 1
      if (left <= 0) perIp.delete(ip)
      else perIp.set(ip, left)
      response.end()
    }
    openStreams.add(end)
    perIp.set(ip, openFromIp + 1)
    response.on('close', end)
    // A socket that fails mid-write ends the stream like a client that left.
    response.on('error', end)
  })
}
