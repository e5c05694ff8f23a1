import { afterEach, describe, expect, it } from 'vitest'
import { createEventReporter, ERROR_REPORT_LIMIT } from './createEventReporter.js'
import { createHttpClient } from './createHttpClient.js'
import type { Alert } from './AlertStore.js'
import { startHttpServer, sendJson, type TestHttpServer } from '../../test/support/startHttpServer.js'

let server: TestHttpServer | undefined
afterEach(() => server?.close())

const location = { href: 'http://127.0.0.1:5545/', host: '127.0.0.1:5545' }

describe('createEventReporter', () => {
  it('sends at most 5 error reports in 60 s', async () => {
    server = await startHttpServer((_request, response) => sendJson(response, 202, {}))
    let now = 0
    const reporter = createEventReporter({
      api: createHttpClient({ baseUrl: server.url, projectId: 'p' }),
      raiseAlert: () => {},
      isEnabled: () => true,
      now: () => now,
      location,
    })
    for (let i = 0; i < 8; i++) await reporter.reportError({ errorType: 'T', errorMessage: `m${i}` })
    expect(server.requests).toHaveLength(ERROR_REPORT_LIMIT)
    now = 59_999
    await reporter.reportError({ errorType: 'T', errorMessage: 'still limited' })
    expect(server.requests).toHaveLength(5)
    now = 60_000
    await reporter.reportError({ errorType: 'T', errorMessage: 'window moved' })
    expect(server.requests).toHaveLength(6)
    const body = JSON.parse(server.requests[5]!.body)
    expect(body).toMatchObject({
      url: location.href,
      domain: location.host,
      timestamp: 60_000,
      props: { type: 'error', event: 'ERROR', errorType: 'T', errorMessage: 'window moved' },
    })
    expect(server.requests[5]!.url).toMatch(/^\/e\?projectId=p&st=latch&sv=latch-0\.1\.0$/)
  })

  it('raises "Invalid App Configuration" once when the service answers 403', async () => {
    server = await startHttpServer((_request, response) => sendJson(response, 403, {}))
    const alerts: Alert[] = []
    const reporter = createEventReporter({
      api: createHttpClient({ baseUrl: server.url, projectId: 'p' }),
      raiseAlert: (alert) => alerts.push(alert),
      isEnabled: () => true,
      location,
    })
    await reporter.track('MODAL_OPEN')
    await reporter.track('MODAL_CLOSE')
    await reporter.reportError({ errorType: 'T', errorMessage: 'x' })
    expect(alerts.map((alert) => alert.shortMessage)).toEqual(['Invalid App Configuration'])
  })

  it('sends nothing when analytics is off', async () => {
    server = await startHttpServer((_request, response) => sendJson(response, 202, {}))
    const reporter = createEventReporter({
      api: createHttpClient({ baseUrl: server.url, projectId: 'p' }),
      raiseAlert: () => {},
      isEnabled: () => false,
      location,
    })
    await reporter.track('MODAL_OPEN')
    expect(server.requests).toHaveLength(0)
  })
})
