import { expect } from 'vitest'
import type { DevMailMessage } from '../../server/mail/DevMailbox.js'

/**
 * JSON against the secure site's API, as its frame calls it: with the secure site's own Origin
 * (a browser sends it with every POST of the frame); `origin: null` sends none, another string
 * that Origin. Answers the status and parsed body.
 */
export async function siteCall(siteUrl: string, path: string, init: { body?: unknown; token?: string; method?: string; origin?: string | null } = {}) {
  const origin = init.origin === undefined ? new URL(siteUrl).origin : init.origin
  const response = await fetch(`${siteUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
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
 * the approval link's POST, then the mailed code.
 */
export async function logInThroughApi(siteUrl: string, backendUrl: string, email: string, deviceId: string, frame: { projectId: string; appOrigin: string } = DEV_FRAME) {
  const mails = (await readMailbox(backendUrl, email)).length
  const started = await siteCall(siteUrl, '/api/email/start', { body: { email, deviceId, ...frame } })
  expect(started).toMatchObject({ status: 200, body: { action: 'VERIFY_DEVICE' } })
  await approveDeviceLink((await waitForMail(backendUrl, email, mails + 1)).link!)
  const mail = await waitForMail(backendUrl, email, mails + 2)
  const verified = await siteCall(siteUrl, '/api/otp/verify', { body: { email, deviceId, otp: mail.code, ...frame } })
  expect(verified.status).toBe(200)
  return verified.body as { token: string; appToken: string; user: { email: string; evmAddress: `0x${string}`; solanaAddress: string } }
}

/** The dev mailbox's messages for an address, read over HTTP from the main backend. */
export async function readMailbox(backendUrl: string, email: string): Promise<DevMailMessage[]> {
  const response = await fetch(`${backendUrl}/dev/mailbox?${new URLSearchParams({ email })}`)
  expect(response.status).toBe(200)
  return ((await response.json()) as { messages: DevMailMessage[] }).messages
}

/** Waits until the mailbox holds `count` messages for the address; returns the newest. */
export async function waitForMail(backendUrl: string, email: string, count: number): Promise<DevMailMessage> {
  let messages: DevMailMessage[] = []
  await expect.poll(async () => (messages = await readMailbox(backendUrl, email)).length, { timeout: 10_000, interval: 50 }).toBeGreaterThanOrEqual(count)
  return messages[count - 1]!
}

let counter = 0
/** A fresh address per test, so the 30 s rule and locks of one test never reach another. */
export const freshEmail = (label: string) => `${label}.${Date.now().toString(36)}.${counter++}@example.com`
/** A device id as the frame makes one. */
export const freshDeviceId = () => crypto.randomUUID().replaceAll('-', '')
