import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { call } from './support.js'
import { testDatabaseKind, testDatabaseUrl } from '../support/testDatabase.js'

// Issue 28: every check-then-act of the storage layer is one conditional statement, so 50
// requests at once settle as one would, on SQLite through Kysely (async, like any shared
// database) and on Postgres (run again by the `unit-postgres` project).
const CONCURRENT = 50
const q = 'projectId=latch-dev'
const PAGE = 'http://127.0.0.1:5173'
// ENSIP-11 coin type of chain 31337, as the kit computes it.
const coinType = (0x80000000 | 31337) >>> 0

let backend: RunningBackend
beforeAll(async () => {
  backend = await startBackend({ databaseUrl: await testDatabaseUrl() })
})
afterAll(() => backend?.close())

const statuses = (answers: Array<{ status: number }>) => answers.map((answer) => answer.status).sort()

describe(`given ${CONCURRENT} posts of one signed sign-in message at once (${testDatabaseKind()})`, () => {
  const signed = async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const { nonce } = (await call(backend, `/v1/siwx/nonce?${q}`, { body: {} })).body as { nonce: string }
    const message = createSiweMessage({ domain: new URL(PAGE).host, address: account.address, chainId: 31337, uri: PAGE, version: '1', nonce, issuedAt: new Date() })
    return { account, body: { message, signature: await account.signMessage({ message }) } }
  }
  const post = (body: unknown) => call(backend, `/v1/siwx/sessions?${q}`, { body, headers: { origin: PAGE } })

  it('signs in with one post (positive control)', async () => {
    const { body } = await signed()
    expect(await post(body)).toMatchObject({ status: 200, body: { token: expect.any(String) } })
  })

  it('redeems the nonce once: one session, the others 409 NONCE_USED', async () => {
    const { account, body } = await signed()
    const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => post(body)))
    expect(statuses(answers)).toEqual([200, ...Array<number>(CONCURRENT - 1).fill(409)])
    for (const answer of answers.filter((answer) => answer.status === 409)) expect(answer.body).toMatchObject({ code: 'NONCE_USED' })
    const sessions = await backend.storage.db.selectFrom('siwx_sessions').select('id').where('address', '=', account.address).execute()
    expect(sessions).toHaveLength(1)
  })
})

describe(`given ${CONCURRENT} registrations of one name at once, each signed by its own account (${testDatabaseKind()})`, () => {
  const register = async (name: string) => {
    const account = privateKeyToAccount(generatePrivateKey())
    const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(Date.now() / 1000) })
    const signature = await account.signMessage({ message })
    return { account, send: () => call(backend, `/v1/profile/account?${q}`, { body: { coin_type: coinType, address: account.address, message, signature } }) }
  }

  it('registers a free name (positive control)', async () => {
    const { send } = await register('race-control')
    expect(await send()).toMatchObject({ status: 200, body: { success: true, name: 'race-control.reown.id' } })
  })

  it('registers it once: one 200, the others 409 NAME_TAKEN, never a 500', async () => {
    const contenders = await Promise.all(Array.from({ length: CONCURRENT }, () => register('race-name')))
    const answers = await Promise.all(contenders.map((contender) => contender.send()))
    expect(statuses(answers)).toEqual([200, ...Array<number>(CONCURRENT - 1).fill(409)])
    for (const answer of answers.filter((answer) => answer.status === 409)) expect(answer.body).toMatchObject({ code: 'NAME_TAKEN' })
    const winner = contenders[answers.findIndex((answer) => answer.status === 200)]!
    const lookup = await call(backend, `/v1/profile/account/race-name.reown.id?${q}`)
    expect(lookup.body.addresses[String(coinType)]).toEqual({ address: winner.account.address })
  })
})
