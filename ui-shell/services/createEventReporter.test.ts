import { afterEach, describe, expect, it } from 'vitest'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createEventReporter, ERROR_REPORT_LIMIT } from './createEventReporter.js'
import { createHttpClient } from './createHttpClient.js'
import type { Alert } from './AlertStore.js'
import { startHttpServer, sendJson, type TestHttpServer } from '../../test/support/startHttpServer.js'

let server: TestHttpServer | undefined
afterEach(() => server?.close())

const location = { href: 'http://127.0.0.1:5545/', host: '127.0.0.1:5545' }

/** A catalogue service whose `/getAnalyticsConfig` and `POST /e` answer as the test says. */
const service = (config: { status: number; enabled?: boolean }, eventStatus = 202) =>
  startHttpServer((request: IncomingMessage, response: ServerResponse) => {
    if (request.url?.startsWith('/getAnalyticsConfig')) return sendJson(response, config.status, { isAnalyticsEnabled: config.enabled })
    sendJson(response, eventStatus, {})
  })
const posted = () => server!.requests.filter((request) => request.url.startsWith('/e?'))

describe('createEventReporter', () => {
  it('sends at most 5 error reports in 60 s', async () => {
    server = await service({ status: 200, enabled: true })
    let now = 0
    const reporter = createEventReporter({
      api: createHttpClient({ baseUrl: server.url, projectId: 'p' }),
      raiseAlert: () => {},
      isEnabled: () => true,
      now: () => now,
      location,
    })
    for (let i = 0; i < 8; i++) await reporter.reportError({ errorType: 'T', errorMessage: `m${i}` })
    expect(posted()).toHaveLength(ERROR_REPORT_LIMIT)
    now = 59_999
    await reporter.reportError({ errorType: 'T', errorMessage: 'still limited' })
    expect(posted()).toHaveLength(5)
    now = 60_000
    await reporter.reportError({ errorType: 'T', errorMessage: 'window moved' })
    expect(posted()).toHaveLength(6)
    const body = JSON.parse(posted()[5]!.body)
    expect(body).toMatchObject({
      url: location.href,
      domain: location.host,
      timestamp: 60_000,
      props: { type: 'error', event: 'ERROR', errorType: 'T', errorMessage: 'window moved' },
    })
    expect(posted()[5]!.url).toMatch(/^\/e\?projectId=p&st=latch&sv=latch-0\.1\.0$/)
  })

  it('reads /getAnalyticsConfig once, then posts events in the order they happened, as AppKit shapes them', async () => {
    server = await service({ status: 200, enabled: true })
    const reporter = createEventReporter({
      api: createHttpClient({ baseUrl: server.url, projectId: 'p' }),
      raiseAlert: () => {},
      isEnabled: () => true,
      address: () => '0xabc',
      location,
    })
    // Not awaited one by one: the second must not overtake the first while the config is read.
    await Promise.all([reporter.track('MODAL_OPEN', { connected: false }), reporter.track('MODAL_CLOSE', { connected: true })])
    expect(server.requests.map((request) => request.url.split('?')[0])).toEqual(['/getAnalyticsConfig', '/e', '/e'])
    expect(posted().map((request) => JSON.parse(request.body).props)).toEqual([
      { type: 'track', event: 'MODAL_OPEN', properties: { connected: false }, address: '0xabc' },
      { type: 'track', event: 'MODAL_CLOSE', properties: { connected: true }, address: '0xabc' },
    ])
  })

  it('raises "Invalid App Configuration" once when POST /e answers 403', async () => {
    server = await service({ status: 200, enabled: true }, 403)
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
    expect(posted()).toHaveLength(3)
    expect(alerts.map((alert) => alert.shortMessage)).toEqual(['Invalid App Configuration'])
  })

  it('raises "Invalid App Configuration" once and posts nothing when /getAnalyticsConfig answers 403', async () => {
    server = await service({ status: 403 })
    const alerts: Alert[] = []
    const reporter = createEventReporter({
      api: createHttpClient({ baseUrl: server.url, projectId: 'p' }),
      raiseAlert: (alert) => alerts.push(alert),
      isEnabled: () => true,
      location,
    })
    await reporter.track('MODAL_OPEN')
    await reporter.track('MODAL_CLOSE')
    expect(posted()).toHaveLength(0)
    expect(alerts.map((alert) => alert.shortMessage)).toEqual(['Invalid App Configuration'])
  })

  it('posts nothing when the project has analytics off', async () => {
    server = await service({ status: 200, enabled: false })
    const reporter = createEventReporter({
      api: createHttpClient({ baseUrl: server.url, projectId: 'p' }),
      raiseAlert: () => {},
      isEnabled: () => true,
      location,
    })
    await reporter.track('MODAL_OPEN')
    await reporter.reportError({ errorType: 'T', errorMessage: 'x' })
    expect(server.requests.map((request) => request.url.split('?')[0])).toEqual(['/getAnalyticsConfig'])
  })

  it('reads and sends nothing when the host turned analytics off', async () => {
    server = await service({ status: 200, enabled: true })
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
