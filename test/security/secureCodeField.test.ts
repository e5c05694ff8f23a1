import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CODE_CHANNEL_PARAM } from '../../chains/auth/codeFieldUrl.js'
import { openKitPage } from '../support/openKitPage.js'
import { approveThisDevice, codeField, mailedCode, newVisitorEmail } from '../support/emailLogin.js'
import { startPageOnBackend, type PageOnBackend } from '../support/startPageOnBackend.js'

// Issue 26 / review C1: the one-time code is typed in a field the secure site serves, embedded in
// the modal like a payment form's card field. The host page here is the attacker: a script that
// runs before the kit hears every keyboard, input, clipboard and message event of its document
// and window, reads every iframe it can, and opens the code channel's BroadcastChannel under its
// own origin. Each test first plays the visitor's login (or email change) through the real kit,
// backend, secure site and Chromium; the spy hears the visitor's email keystrokes (it works) but
// nothing of the code, and a code the attacker learned elsewhere, posted as CONNECT_OTP or
// UPDATE_EMAIL_PRIMARY_OTP, is refused by the frame and logs nobody in.
const WAIT = { timeout: 30_000 }
const REFUSED = 'Codes are typed in the secure field: a code sent by the page is refused'

let stack: PageOnBackend

beforeAll(async () => {
  stack = await startPageOnBackend(fileURLToPath(new URL('../browser/fixtures/emailPage.ts', import.meta.url)))
}, 300_000)
afterAll(() => stack?.close())

const dialog = (page: Page) => page.getByRole('dialog')
const address = (page: Page) => page.evaluate(() => ((window as any).__latch.state().address as string | undefined) ?? null)

/** The attacker's script, in the host page before the kit: records all it can observe. */
function spyOnEverything() {
  const heard: string[] = []
  const keep = (source: string, event: Event) => {
    const { key, data, inputType } = event as KeyboardEvent & InputEvent
    const target = event.target as HTMLInputElement | null
    const clip = (event as ClipboardEvent).clipboardData?.getData('text')
    const message = event instanceof MessageEvent ? JSON.stringify(event.data) : undefined
    heard.push(JSON.stringify({ source, type: event.type, key, data: message ?? data, inputType, value: target?.value, clip }))
  }
  const types = ['keydown', 'keypress', 'keyup', 'beforeinput', 'input', 'change', 'paste', 'compositionend', 'message', 'focusin']
  for (const type of types) {
    document.addEventListener(type, (event) => keep('document', event), true)
    window.addEventListener(type, (event) => keep('window', event), true)
  }
  /** Every iframe, through the kit's open shadow roots. */
  const frames = (root: Document | ShadowRoot = document): HTMLIFrameElement[] =>
    [...root.querySelectorAll('*')].flatMap((element) => [...(element instanceof HTMLIFrameElement ? [element] : []), ...(element.shadowRoot ? frames(element.shadowRoot) : [])])
  const channels = new Set<string>()
  /** What the page can read of each frame, and the code channel opened under the page's own origin. */
  const pry = () =>
    frames().map((frame) => {
      const channel = new URL(frame.src, location.href).searchParams.get('codeChannel')
      if (channel && !channels.has(channel)) {
        channels.add(channel)
        new BroadcastChannel(`latch-code-field:${channel}`).onmessage = (event) => heard.push(JSON.stringify({ source: 'broadcast', data: event.data }))
      }
      let body: string | null
      try {
        body = frame.contentDocument?.body?.innerHTML ?? null
      } catch {
        body = null
      }
      let windowDocument: string
      try {
        windowDocument = String(frame.contentWindow?.document?.body?.innerHTML)
      } catch (error) {
        windowDocument = (error as Error).name
      }
      return { src: frame.src, body, windowDocument }
    })
  /** Posts an app request to the wallet frame, as the page may, and waits for its reply. */
  const ask = (type: string, payload?: unknown) =>
    new Promise<{ type: string; payload: any }>((resolve) => {
      const wallet = frames().find((frame) => frame.id === 'w3m-iframe')!
      const id = `attacker-${crypto.randomUUID()}`
      addEventListener('message', (event) => event.data?.id === id && resolve(event.data))
      wallet.contentWindow!.postMessage({ type: `@w3m-app/${type}`, id, payload }, new URL(wallet.src).origin)
    })
  Object.assign(window, { __attacker: { heard, pry, ask } })
}

type Attacker = { heard: string[]; pry(): Array<{ src: string; body: string | null; windowDocument: string }>; ask(type: string, payload?: unknown): Promise<{ type: string; payload: any }> }
const heard = (page: Page) => page.evaluate(() => [...((window as any).__attacker as Attacker).heard])
const forget = (page: Page) => page.evaluate(() => void (((window as any).__attacker as Attacker).heard.length = 0))
const pry = (page: Page) => page.evaluate(() => ((window as any).__attacker as Attacker).pry())
const ask = (page: Page, type: string, payload?: unknown) => page.evaluate(([type, payload]) => ((window as any).__attacker as Attacker).ask(type, payload), [type, payload] as const)

/** The kit page with the attacker's spy loaded first, Connect open. */
function openSpiedPage(): Promise<Page> {
  const { backend, browser } = stack
  const config = { apiUrl: backend.url, rpcUrl: backend.deployment.evm.find((chain) => chain.chainId === 31337)!.rpcUrl, secureSiteUrl: backend.secureSiteUrl }
  return openKitPage({ browser, url: backend.url, configName: '__latchEmailConfig', config, prepare: async (page) => void (await page.addInitScript(spyOnEverything)) })
}

/** The visitor types the email with the keyboard (the spy hears it), approves this new device by the emailed link, and waits for the secure field. */
async function startLogin(page: Page, email: string): Promise<void> {
  await dialog(page).getByLabel('Email', { exact: true }).click()
  await page.keyboard.type(email)
  await dialog(page).getByRole('button', { name: 'Continue with email' }).click()
  await approveThisDevice(page, stack.backend, email)
}

/** The visitor types a code with the keyboard into the secure field of `frame`. */
async function typeInField(page: Page, code: string, frame = codeField(page)): Promise<void> {
  await frame.getByLabel('Code', { exact: true }).click()
  await page.keyboard.type(code)
}

/** The keyboard and input events the page heard that carry a digit. */
async function digitKeystrokes(page: Page): Promise<unknown[]> {
  const events = (await heard(page)).map((line) => JSON.parse(line) as { type?: string; key?: string; data?: unknown })
  return events.filter((event) => event.type && event.type !== 'message' && /[0-9]/.test(`${event.key ?? ''}${typeof event.data === 'string' ? event.data : ''}`))
}

/** Nothing the page heard holds a digit of the code typed since `forget` (keys, input, messages, channel). */
async function expectCodeUnheard(page: Page, code: string): Promise<void> {
  expect(await digitKeystrokes(page)).toEqual([])
  const events = await heard(page)
  expect(events.filter((line) => line.includes(code))).toEqual([])
  expect(events.filter((line) => line.includes('"source":"broadcast"'))).toEqual([])
}

describe('the one-time code in the secure field, with the host page as the attacker', () => {
  it('logs the visitor in with the code typed in the field, while the page hears none of it and cannot read the field', async () => {
    const page = await openSpiedPage()
    const email = newVisitorEmail()
    await startLogin(page, email)
    // The spy works: it heard the email typed in the modal, key by key, digits too.
    expect(await digitKeystrokes(page)).not.toHaveLength(0)
    // The page sees the field's frame (its URL holds only the channel id, not a secret) but not into it.
    const field = (await pry(page)).find((frame) => frame.src.includes('/code-field?'))!
    expect(new URL(field.src).searchParams.get(CODE_CHANNEL_PARAM)).toMatch(/^[0-9a-f-]{36}$/)
    expect(field).toMatchObject({ body: null, windowDocument: 'SecurityError' })
    await forget(page)

    // Keyboard focus moved into the field as the code step opened: the visitor just types.
    const input = codeField(page).getByLabel('Code', { exact: true })
    await expect.poll(() => input.evaluate((element) => element === document.activeElement), WAIT).toBe(true)
    const code = await mailedCode(stack.backend, email)
    await page.keyboard.type(code)
    await dialog(page).waitFor({ state: 'hidden', ...WAIT })
    await expect.poll(() => address(page), WAIT).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await expectCodeUnheard(page, code)
    await page.close()
  })

  it("refuses the page's own CONNECT_OTP with a valid code: nobody is logged in, and the visitor's field still works", async () => {
    const page = await openSpiedPage()
    const email = newVisitorEmail()
    await startLogin(page, email)
    // The attacker learned the valid code elsewhere (phished, read over a shoulder) and posts it itself.
    const code = await mailedCode(stack.backend, email)
    expect(await ask(page, 'CONNECT_OTP', { otp: code })).toMatchObject({ type: '@w3m-frame/CONNECT_OTP_ERROR', payload: { message: REFUSED } })
    expect(await ask(page, 'IS_CONNECTED')).toMatchObject({ type: '@w3m-frame/IS_CONNECTED_SUCCESS', payload: { isConnected: false } })
    expect((await heard(page)).filter((line) => line.includes('SESSION_UPDATE'))).toEqual([])
    expect(await address(page)).toBeNull()

    // The refused code was never checked (no try used up): the visitor types it in the field and is in.
    await forget(page)
    await typeInField(page, code)
    await dialog(page).waitFor({ state: 'hidden', ...WAIT })
    await expect.poll(() => address(page), WAIT).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await expectCodeUnheard(page, code)
    await page.close()
  })

  it("changes the email with both codes typed in the field; the page hears neither and its own UPDATE_EMAIL_PRIMARY_OTP is refused", async () => {
    const page = await openSpiedPage()
    const email = newVisitorEmail()
    await startLogin(page, email)
    await typeInField(page, await mailedCode(stack.backend, email))
    await expect.poll(() => address(page), WAIT).toMatch(/^0x[0-9a-fA-F]{40}$/)
    const changed = newVisitorEmail()
    await page.evaluate(() => (window as any).__latch.open())
    await page.getByRole('dialog', { name: 'Account' }).waitFor(WAIT)
    await dialog(page).getByRole('button', { name: 'Update email' }).click()
    await page.getByRole('dialog', { name: 'Update email' }).waitFor(WAIT)
    await dialog(page).getByLabel('New email').fill(changed)
    await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click()
    const current = page.frameLocator('iframe[title="Code from your current email"]')
    await current.getByLabel('Code', { exact: true }).waitFor(WAIT)

    const primary = await mailedCode(stack.backend, email, 2)
    expect(await ask(page, 'UPDATE_EMAIL_PRIMARY_OTP', { otp: primary })).toMatchObject({ type: '@w3m-frame/UPDATE_EMAIL_PRIMARY_OTP_ERROR', payload: { message: REFUSED } })
    // Still on the current address's code: the page's code moved nothing.
    expect(await page.locator('iframe[title="Code from your current email"]').count()).toBe(1)

    await forget(page)
    await typeInField(page, primary, current)
    const secondary = await mailedCode(stack.backend, changed)
    await typeInField(page, secondary, page.frameLocator('iframe[title="Code from your new email"]'))
    await page.locator('.snackbar').getByText(`Email updated to ${changed}`).waitFor(WAIT)
    await expectCodeUnheard(page, primary)
    await expectCodeUnheard(page, secondary)
    await page.close()
  })
})
