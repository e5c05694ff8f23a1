import { expect } from 'vitest'
import type { DevMailMessage } from '../../server/mail/DevMailbox.js'
import { DeviceKey } from '../support/deviceKey.js'
import { devFetch, type DevBackend } from '../support/devRoute.js'

let testDevice: Promise<DeviceKey> | undefined
/** The device these tests call from, unless one passes its own `key`: one per test file. */
export const testDeviceKey = () => (testDevice ??= DeviceKey.create())

/**
 * JSON against the secure site's API, as its frame calls it (a DPoP proof from `key` on every
 * request, the token as `DPoP <token>`); status and parsed body.
 */
export async function siteCall(siteUrl: string, path: string, init: { body?: unknown; token?: string; method?: string; key?: DeviceKey } = {}) {
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST')
  const key = init.key ?? (await testDeviceKey())
  const response = await fetch(`${siteUrl}${path}`, {
    method,
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(await key.headers(method, `${siteUrl}${path}`, init.token || undefined)),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const text = await response.text()
  let body: any = text
  try {
    body = JSON.parse(text)
  } catch {
    // an HTML page
  }
  return { status: response.status, body, headers: response.headers }
}

/** The dev mailbox's messages for an address, read over HTTP from the main backend (dev mode, admin token). */
export async function readMailbox(backend: DevBackend, email: string): Promise<DevMailMessage[]> {
  const response = await devFetch(backend, `/dev/mailbox?${new URLSearchParams({ email })}`)
  expect(response.status).toBe(200)
  return ((await response.json()) as { messages: DevMailMessage[] }).messages
}

/** Waits until the mailbox holds `count` messages for the address; returns the newest. */
export async function waitForMail(backend: DevBackend, email: string, count: number): Promise<DevMailMessage> {
  let messages: DevMailMessage[] = []
  await expect.poll(async () => (messages = await readMailbox(backend, email)).length, { timeout: 10_000, interval: 50 }).toBeGreaterThanOrEqual(count)
  return messages[count - 1]!
}

let counter = 0
/** A fresh address per test, so the 30 s rule and locks of one test never reach another. */
export const freshEmail = (label: string) => `${label}.${Date.now().toString(36)}.${counter++}@example.com`
/** A device id as the frame makes one. */
export const freshDeviceId = () => crypto.randomUUID().replaceAll('-', '')
