import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHttpClient } from '../../ui-shell/services/createHttpClient.js'
import { sendJson, startHttpServer, type TestHttpServer } from '../../test/support/startHttpServer.js'
import { fetchAccountNames } from './fetchAccountNames.js'
import { fetchNameSuggestions } from './fetchNameSuggestions.js'
import { postAccountName } from './postAccountName.js'

// Bad answers from a name service (a boundary: the reference backend never sends them), served
// over a real socket: each ends in SPEC §8's sentence or in nothing shown, never in a crash.
const answers = new Map<string, { status: number; body: unknown; raw?: string }>()
let server: TestHttpServer
beforeAll(async () => {
  server = await startHttpServer((request, response) => {
    const answer = answers.get(new URL(request.url!, 'http://x').pathname.split('/')[3] ?? '') ?? { status: 404, body: {} }
    if (answer.raw !== undefined) {
      response.writeHead(answer.status, { 'content-type': 'application/json' })
      response.end(answer.raw)
    } else sendJson(response, answer.status, answer.body)
  })
})
afterAll(() => server?.close())

const client = () => createHttpClient({ baseUrl: server.url, projectId: 'latch-dev' })
const registration = { coin_type: 2147514985, address: '0x0000000000000000000000000000000000000001', message: '{}', signature: '0x00' }

describe('postAccountName', () => {
  it.each([
    ['a 429', { status: 429, body: { code: 'RATE_LIMITED', message: 'slow down' } }],
    ['a 500', { status: 500, body: { code: 'SERVER_ERROR', message: 'boom' } }],
    ['garbage', { status: 200, body: undefined, raw: '<html>not json' }],
    ['a 200 without success', { status: 200, body: { ok: true } }],
    ['reasons that are not text', { status: 400, body: { reasons: [{ description: { html: '<b>x</b>' } }] } }],
  ])("%s gives 'Error registering name {name}'", async (_case, answer) => {
    answers.set('account', answer)
    await expect(postAccountName(client(), 'alice.reown.id', registration)).rejects.toThrowError(/^Error registering name alice\.reown\.id/)
  })

  it("a refusal's first reason is the sentence, as text", async () => {
    answers.set('account', { status: 409, body: { reasons: [{ description: '<b>alice.reown.id</b> is already registered' }, { description: 'second' }] } })
    await expect(postAccountName(client(), 'alice.reown.id', registration)).rejects.toThrowError(/^<b>alice\.reown\.id<\/b> is already registered/)
  })

  it('sends the body of SPEC §7 with the project id', async () => {
    answers.set('account', { status: 200, body: { success: true, name: 'alice.reown.id' } })
    await postAccountName(client(), 'alice.reown.id', registration)
    const request = server.requests.at(-1)!
    expect(request.url).toMatch(/^\/v1\/profile\/account\?projectId=latch-dev/)
    expect(JSON.parse(request.body)).toEqual(registration)
  })
})

describe('fetchNameSuggestions', () => {
  it('keeps only well-formed suggestions from a mixed answer', async () => {
    answers.set('suggestions', {
      status: 200,
      body: { suggestions: [{ name: 'alice.reown.id', registered: false }, { name: 42 }, null, { name: 'bob.reown.id', registered: 'no' }, { name: 'carol.reown.id', registered: true, extra: 1 }] },
    })
    expect(await fetchNameSuggestions(client(), 'alice')).toEqual([
      { name: 'alice.reown.id', registered: false },
      { name: 'carol.reown.id', registered: true },
    ])
  })

  it('an answer without a list has no suggestions', async () => {
    answers.set('suggestions', { status: 200, body: { suggestions: 'none' } })
    expect(await fetchNameSuggestions(client(), 'alice')).toEqual([])
  })

  it('a 429 is an error (the store shows Error fetching name suggestions)', async () => {
    answers.set('suggestions', { status: 429, body: {} })
    await expect(fetchNameSuggestions(client(), 'alice')).rejects.toThrowError('HTTP status code: 429')
  })
})

describe('fetchAccountNames', () => {
  it('reads the names of the reverse lookup, dropping malformed entries', async () => {
    answers.set('reverse', { status: 200, body: [{ name: 'alice.reown.id' }, { name: '' }, { nope: 1 }, null] })
    expect(await fetchAccountNames(client(), '0x0000000000000000000000000000000000000001')).toEqual(['alice.reown.id'])
  })

  it('a 5xx is an error, never "no name"', async () => {
    answers.set('reverse', { status: 503, body: {} })
    await expect(fetchAccountNames(client(), '0x0000000000000000000000000000000000000001')).rejects.toThrowError(/HTTP status code: 503/)
  })
})
