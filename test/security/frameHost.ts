import type { Browser, Page } from 'playwright-core'
import { expect } from 'vitest'
import type { Address } from 'viem'
import type { RunningBackend } from '../../server/startBackend.js'
import { startHttpServer, type TestHttpServer } from '../support/startHttpServer.js'
import { freshEmail, readMailbox, waitForMail } from '../server/secureSiteSupport.js'
import { approveDeviceByLink } from '../support/emailLogin.js'
import { typeCodeInSecureField, withCodeChannel } from '../support/typeCodeInSecureField.js'

// A host page on an allowed origin that embeds the secure site's wallet frame and speaks to it
// by postMessage, as the kit's AUTH connector does and as a page the attacker controls would.
// Shared by the security tests that play a page against the frame (Chromium, real backend).

export const FRAME_WAIT = { timeout: 15_000 }

export interface FrameReply {
  ok: boolean
  payload: any
}

/**
 * Registers `projectId` (allowing `http://<hostname>:*`; `register: false` when it exists) and serves a page embedding its wallet
 * frame on chain 31337. At `localhost` the frame is a third-party frame, whose storage the
 * browser blocks (it falls back to memory); at `127.0.0.1`, the secure site's own host, it is a
 * same-site frame and keeps its storage.
 */
export async function startFrameHost(backend: RunningBackend, projectId: string, hostname: FrameHostName = 'localhost', { register = true, locale }: { register?: boolean; locale?: string } = {}): Promise<TestHttpServer> {
  // A backend restarted on the same data folder has the project already.
  if (register) await backend.projects.create({ id: projectId, name: `${projectId} host`, allowedOrigins: [`http://${hostname}:*`], features: { email: true } })
  return startHttpServer((_request, response) => {
    const query = withCodeChannel(new URLSearchParams({ projectId, chainId: '31337', version: 'test', enableLogger: 'false', ...(locale ? { locale } : {}) }))
    const src = `${backend.secureSiteUrl}/?${query.toString().replaceAll('&', '&amp;')}`
    const frame = `<iframe title="Secure wallet" src="${src}" style="width:400px;height:700px;border:0">`
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(`<!doctype html><html lang="en"><head><title>Host</title></head><body>${frame}</iframe></body></html>`)
  })
}

/** Where a host page is opened: `localhost` (a third-party frame) or the secure site's own `127.0.0.1` (a same-site frame). */
export type FrameHostName = 'localhost' | '127.0.0.1'

/** A page of its own context on a host whose page embeds one wallet frame (at `hostname`, an allowed origin), once the frame said READY. */
export async function openFrameHostPage(browser: Browser, host: TestHttpServer, hostname: FrameHostName = 'localhost'): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await page.addInitScript(() => {
    const received: unknown[] = []
    Object.assign(window, { __received: received })
    window.addEventListener('message', (event) => received.push({ data: event.data }))
  })
  await page.goto(`http://${hostname}:${new URL(host.url).port}/`)
  await expect.poll(async () => (await received(page)).some((message) => message.data.type === '@w3m-frame/READY'), FRAME_WAIT).toBe(true)
  return page
}

/** Every message the page received so far (its init script records them), oldest first. */
export const receivedBy = (page: Page): Promise<Array<{ data: { type: string; id?: string; payload?: any } }>> => page.evaluate(() => (window as any).__received)
const received = receivedBy

let nextId = 0
/** Posts an app request to the page's (only) frame, as the kit's AUTH connector does; returns its id. */
export async function postToFrame(page: Page, backend: RunningBackend, type: string, payload?: unknown): Promise<string> {
  const id = `host-${nextId++}`
  const target = new URL(backend.secureSiteUrl).origin
  const message = { type: `@w3m-app/${type}`, id, payload }
  await page.evaluate(({ message, target }) => document.querySelector('iframe')!.contentWindow!.postMessage(message, target), { message, target })
  return id
}

/** The frame's reply to a request, if it came yet. */
export async function frameReplyNow(page: Page, type: string, id: string): Promise<FrameReply | undefined> {
  const reply = (await received(page)).find((entry) => entry.data.id === id)
  return reply && { ok: reply.data.type === `@w3m-frame/${type}_SUCCESS`, payload: reply.data.payload }
}

/** Waits for the frame's reply to a request. */
export async function frameAnswer(page: Page, type: string, id: string): Promise<FrameReply> {
  let reply: FrameReply | undefined
  await expect.poll(async () => (reply = await frameReplyNow(page, type, id)), FRAME_WAIT).toBeDefined()
  return reply!
}

/** Posts an app request to the frame and waits for its reply. */
export async function frameRequest(page: Page, backend: RunningBackend, type: string, payload?: unknown): Promise<FrameReply> {
  return frameAnswer(page, type, await postToFrame(page, backend, type, payload))
}

/** Logs a visitor in through the frame by email (a new address unless `email` is given; this page is a new device): the device approved by the mailed link, then the code; their account on 31337, their EOA and their email. `locale` is the kit's, for the emails. */
export async function logInThroughFrame(
  page: Page,
  backend: RunningBackend,
  label: string,
  dappName = 'Host Shop',
  email = freshEmail(label),
  locale?: string,
): Promise<{ account: Address; eoa: Address; email: string }> {
  const request = (type: string, payload?: unknown) => frameRequest(page, backend, type, payload)
  expect((await request('SYNC_DAPP_DATA', { projectId: 'host', sdkVersion: 'test', sdkType: 'latch', metadata: { name: dappName } })).ok).toBe(true)
  const sent = (await readMailbox(backend, email)).length
  expect(await request('CONNECT_EMAIL', locale ? { email, locale } : { email })).toEqual({ ok: true, payload: { action: 'VERIFY_DEVICE' } })
  // A new device: the owner approves it on the emailed link's page while the frame waits.
  const approved = request('CONNECT_DEVICE')
  await approveDeviceByLink(page.context(), (await waitForMail(backend, email, sent + 1)).link!)
  expect((await approved).ok).toBe(true)
  // The code is typed in the secure field (issue 26), never sent by the page.
  const loggedIn = request('CONNECT_OTP')
  await typeCodeInSecureField(page, (await waitForMail(backend, email, sent + 2)).code!)
  expect((await loggedIn).ok).toBe(true)
  const user = (await request('GET_USER', { chainId: 31337 })).payload as { address: Address; accounts: Array<{ address: Address; type: string }> }
  return { account: user.address, eoa: user.accounts.find((account) => account.type === 'eoa')!.address, email }
}

/** The card's rows as [label, value] pairs, in the order the visitor reads them. */
export async function cardRows(page: Page): Promise<string[][]> {
  const card = page.frameLocator('iframe').locator('#approval')
  const [labels, values] = await Promise.all([card.locator('dt').allTextContents(), card.locator('dd').allTextContents()])
  return labels.map((label, index) => [label, values[index]!])
}
