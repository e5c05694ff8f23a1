import { expect } from 'vitest'
import { toHex } from 'viem'
import type { DevMailMessage } from '../../server/mail/DevMailbox.js'
import { DeviceKey } from '../support/deviceKey.js'
import { devFetch, type DevBackend } from '../support/devRoute.js'

let testDevice: Promise<DeviceKey> | undefined
/** The device these tests call from, unless one passes its own `key`: one per test file. */
export const testDeviceKey = () => (testDevice ??= DeviceKey.create())

/**
 * JSON against the secure site's API, as its frame calls it: a DPoP proof from `key` on every
 * request, the token as `DPoP <token>`, and the secure site's own Origin (a browser sends it with
 * every POST of the frame); `origin: null` sends none, another string that Origin. Answers the
 * status and parsed body.
 */
export async function siteCall(siteUrl: string, path: string, init: { body?: unknown; token?: string; method?: string; key?: DeviceKey; origin?: string | null } = {}) {
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST')
  const key = init.key ?? (await testDeviceKey())
  const origin = init.origin === undefined ? new URL(siteUrl).origin : init.origin
  const response = await fetch(`${siteUrl}${path}`, {
    method,
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(await key.headers(method, `${siteUrl}${path}`, init.token || undefined)),
      ...(origin === null ? {} : { origin }),
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

/** What the frame adds to every login call: its project and the page that embeds it (on the seeded dev project's allow-list). */
export const DEV_FRAME = { projectId: 'latch-dev', appOrigin: 'http://localhost:5173' } as const

/**
 * Opens an emailed approval link as its owner does: the page (which approves nothing by itself),
 * then its Approve button's POST.
 *
 * @returns the page the POST answers
 */
export async function approveDeviceLink(link: string): Promise<string> {
  const page = await fetch(link)
  expect(page.status).toBe(200)
  expect(await page.text()).toContain('Approve this device?')
  const token = new URL(link).searchParams.get('token')!
  const approved = await fetch(new URL('/device/approve', link), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token }).toString() })
  expect(approved.status).toBe(200)
  return approved.text()
}

/**
 * An email login on a new device through the API, as the frame runs it: start (VERIFY_DEVICE),
 * the approval link's POST, then the mailed code, proven with `key` (the test file's device key
 * unless given), which the session is bound to.
 */
export async function logInThroughApi(siteUrl: string, backend: DevBackend, email: string, deviceId: string, frame: { projectId: string; appOrigin: string } = DEV_FRAME, key?: DeviceKey) {
  const mails = (await readMailbox(backend, email)).length
  const started = await siteCall(siteUrl, '/api/email/start', { body: { email, deviceId, ...frame }, key })
  expect(started).toMatchObject({ status: 200, body: { action: 'VERIFY_DEVICE' } })
  await approveDeviceLink((await waitForMail(backend, email, mails + 1)).link!)
  const mail = await waitForMail(backend, email, mails + 2)
  const verified = await siteCall(siteUrl, '/api/otp/verify', { body: { email, deviceId, otp: mail.code, ...frame }, key })
  expect(verified.status).toBe(200)
  return verified.body as { token: string; refreshToken: string; appToken: string; user: { email: string; evmAddress: `0x${string}`; solanaAddress: string } }
}

/**
 * Logs `email` in on a new device (`logInThroughApi`) and asks `/api/sign` for a personal_sign of
 * `message` on chain 31337 with the user's address. Answers the session and the sign call's reply.
 */
export async function logInAndPersonalSign(backend: DevBackend & { secureSiteUrl: string }, email: string, message: string) {
  const session = await logInThroughApi(backend.secureSiteUrl, backend, email, freshDeviceId())
  const signed = await siteCall(backend.secureSiteUrl, '/api/sign', { token: session.token, body: { chainId: 'eip155:31337', method: 'personal_sign', params: [toHex(message), session.user.evmAddress] } })
  return { session, signed }
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
