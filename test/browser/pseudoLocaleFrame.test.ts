import type { Browser, Frame, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toHex } from 'viem'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { launchBrowser } from '../support/launchBrowser.js'
import type { TestHttpServer } from '../support/startHttpServer.js'
import { unbracketedTextIn } from '../support/unbracketedText.js'
import { freshEmail, readMailbox } from '../server/secureSiteSupport.js'
import { logInThroughFrame, openFrameHostPage, postToFrame, startFrameHost } from '../security/frameHost.js'

// Issue 30: the secure site speaks the kit's language. A page embeds the wallet frame with the
// locale the kit names on its URL: in the pseudo-locale (en-XA) every word of the frame's card is
// '[…]', so a text node left unbracketed was written into the frame, not taken from its
// catalogue (data, the origin and each row's value in <bdi>, excepted); the login emails the
// kit's locale asked for are bracketed too, line by line. In Arabic the frame turns right-to-left.
const WAIT = { timeout: 30_000 }

let backend: RunningBackend
let browser: Browser
const hosts: TestHttpServer[] = []

beforeAll(async () => {
  ;[backend, browser] = await Promise.all([startBackend({ rateLimit: false, dev: true }), launchBrowser()])
}, 300_000)
afterAll(async () => {
  await browser?.close()
  await Promise.all(hosts.map((host) => host.close()))
  await backend?.close()
})

/** A host page embedding the frame in `locale`, on a project of its own, once the frame said READY. */
async function openFrameIn(locale: string): Promise<{ page: Page; frame: Frame }> {
  const host = await startFrameHost(backend, `pseudo-frame-${locale}`, 'localhost', { locale })
  hosts.push(host)
  const page = await openFrameHostPage(browser, host)
  return { page, frame: page.frames().find((frame) => frame.url().startsWith(backend.secureSiteUrl) && new URL(frame.url()).pathname === '/')! }
}

/** The lines of an email a reader sees that are not bracketed: the subject and the text, the link alone excepted (data). */
const unbracketedLines = (mail: { subject: string; text: string; link?: string }) =>
  [mail.subject, ...mail.text.split('\n')].filter((line) => line.trim() !== '' && line !== mail.link && !/^\[.*\]$/.test(line.trim()))

describe('the secure site in the pseudo-locale', () => {
  it('shows a personal_sign card and sends login emails with no text outside its catalogues', { timeout: 240_000 }, async () => {
    const { page, frame } = await openFrameIn('en-XA')
    await expect.poll(() => frame.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), WAIT).toEqual(['en-XA', 'ltr'])
    const email = freshEmail('pseudo-frame')
    const { eoa } = await logInThroughFrame(page, backend, 'pseudo-frame', 'Host Shop', email, 'en-XA')

    // Both login emails (the device link, the code), in the locale CONNECT_EMAIL named.
    const mails = await readMailbox(backend, email)
    expect(mails.length).toBe(2)
    // Positive control: the catalogue's words are there, bracketed, with their values.
    expect(mails[1]!.subject).toMatch(/^\[.*\d{6}.*\]$/)
    expect(mails[0]!.link).toBeDefined()
    for (const mail of mails) expect(unbracketedLines(mail)).toEqual([])

    await postToFrame(page, backend, 'RPC_REQUEST', { method: 'personal_sign', params: [toHex('hello'), eoa] })
    const card = page.frameLocator('iframe').locator('#approval')
    await card.locator('h1').waitFor(WAIT)
    // Positive control: the card is the catalogue's, bracketed, its data as sent.
    expect(await card.locator('h1').innerText()).toMatch(/^\[Šîĝñ å ɱéššåĝé~+\]$/)
    expect(await card.locator('dd').first().innerText()).toBe('hello')
    expect(await unbracketedTextIn(frame, { selector: '#approval' })).toEqual([])
    await page.close()
  })
})

describe('the secure site in Arabic', () => {
  it('turns right-to-left and shows its card in Arabic', { timeout: 240_000 }, async () => {
    const { page, frame } = await openFrameIn('ar')
    await expect.poll(() => frame.evaluate(() => [document.documentElement.lang, document.documentElement.dir, document.title]), WAIT).toEqual(['ar', 'rtl', 'محفظة Latch الآمنة'])
    await page.close()
  })
})
