import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorHandlerPlugin } from './errorHandlerPlugin.js'
import { NameTakenError } from '../../names/errors.js'
import { HistoryFaultError } from '../dev/errors.js'
import { HardhatNodeStartError } from '../../chains/errors.js'

const app = Fastify()

beforeAll(async () => {
  await app.register(errorHandlerPlugin)
  app.get('/taken', async () => {
    throw new NameTakenError({ name: 'alice.reown.id' })
  })
  app.get('/fault', async () => {
    throw new HistoryFaultError()
  })
  app.get('/bug', async () => {
    throw new HardhatNodeStartError({ chainId: 31337, reason: 'listen EADDRINUSE /secret/path' })
  })
  app.post('/json', { schema: { body: { type: 'object', required: ['a'] } } }, async () => ({}))
})
afterAll(() => app.close())

describe('given a route that throws', () => {
  it("28: answers a ServerError's status with {code, message} and the extra fields it carries", async () => {
    const taken = await app.inject('/taken')
    expect([taken.statusCode, taken.json()]).toEqual([409, { code: 'NAME_TAKEN', message: 'alice.reown.id is already registered', reasons: [{ description: 'alice.reown.id is already registered' }] }])
  })

  it('shows the sentence of a 500 only when the error says it may (a dev fault), never an internal one', async () => {
    expect((await app.inject('/fault')).json()).toEqual({ code: 'HISTORY_UNAVAILABLE', message: 'History is unavailable' })
    expect((await app.inject('/bug')).json()).toEqual({ code: 'INTERNAL', message: 'Internal error' })
  })

  it('answers a validation error INVALID_REQUEST and an unknown route NOT_FOUND', async () => {
    expect((await app.inject({ method: 'POST', url: '/json', payload: {} })).json()).toMatchObject({ code: 'INVALID_REQUEST' })
    expect((await app.inject('/nowhere')).json()).toEqual({ code: 'NOT_FOUND', message: 'Route GET /nowhere not found' })
  })
})
