import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { launchBrowser } from '../support/launchBrowser.js'
import { unbracketedTextIn } from '../support/unbracketedText.js'
import { DEV_FRAME, freshDeviceId, freshEmail, siteCall, waitForMail } from '../server/secureSiteSupport.js'

// Issue 30: the secure site's small pages speak the kit's language too: the code field and the
// passkey and approval windows (the locale on their URL, words from the frame's catalogue), the
// device-approval page the emailed link opens (the locale on the link) and the pages it answers
// with, the unknown-project page and the social popup's last page (the browser's language). In
// the pseudo-locale (en-XA) every word is '[…]', so an unbracketed text node was written into the
// page, not taken from a catalogue (values in <bdi> and dates in <time> are data). The admin page
// (`?locale=`) too, with its errors, and its <noscript> line (written by the server) with scripts
// off. German shows each page in a real language.
const WAIT = { timeout: 30_000 }
const CHANNEL = 'pseudo-pages-channel-0001'

let backend: RunningBackend
let browser: Browser
const contexts: BrowserContext[] = []

beforeAll(async () => {
  ;[backend, browser] = await Promise.all([startBackend({ rateLimit: false, dev: true }), launchBrowser()])
}, 300_000)
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()))
  await browser?.close()
  await backend?.close()
})

/** A page in a context of its own, the browser asking for `language` (Accept-Language). */
async function newPage(language = 'en-US'): Promise<Page> {
  const context = await browser.newContext({ locale: language })
  contexts.push(context)
  return context.newPage()
}

/** Opens `path` on the secure site and waits until the page says it is in `locale`. */
async function openIn(page: Page, path: string, locale: string): Promise<Page> {
  await page.goto(`${backend.secureSiteUrl}${path}`)
  await expect.poll(() => page.evaluate(() => document.documentElement.lang), WAIT).toBe(locale)
  return page
}

const heading = (page: Page) => page.locator('h1').innerText(WAIT)
const notInCatalogue = (page: Page) => unbracketedTextIn(page, { selector: 'body' })

/** Asks for a login from a new device in `locale`: the device link is mailed, in that locale. */
async function deviceLinkIn(locale: string): Promise<string> {
  const email = freshEmail(`pages-${locale}`)
  const started = await siteCall(backend.secureSiteUrl, '/api/email/start', { body: { email, deviceId: freshDeviceId(), locale, ...DEV_FRAME } })
  expect(started.body).toMatchObject({ action: 'VERIFY_DEVICE' })
  return (await waitForMail(backend, email, 1)).link!
}

/** Opens the passkey window from a page of the secure site, gives it an export task, and answers its REVEAL with a key. */
async function openPasskeyExport(opener: Page, locale: string, privateKey: string): Promise<Page> {
  await openIn(opener, `/passkey?locale=${locale}`, locale)
  const popup = opener.context().waitForEvent('page', WAIT)
  await opener.evaluate(
    ({ locale, privateKey }) => {
      const opened = window.open(`/passkey?locale=${locale}`, '_blank', 'popup')!
      window.addEventListener('message', (event) => {
        if (event.source !== opened) return
        if (event.data.type === 'latch-passkey/READY')
          opened.postMessage({ type: 'latch-passkey/TASK', task: { kind: 'export', evmAddress: `0x${'ab'.repeat(20)}` } }, location.origin)
        if (event.data.type === 'latch-passkey/REVEAL') opened.postMessage({ type: 'latch-passkey/KEY', privateKey }, location.origin)
      })
    },
    { locale, privateKey },
  )
  return popup
}

describe('the secure site’s pages in the pseudo-locale', () => {
  it('the code field: its label, and its sentence when no wallet is behind it', { timeout: 120_000 }, async () => {
    const page = await openIn(await newPage(), `/code-field?projectId=${DEV_FRAME.projectId}&codeChannel=${CHANNEL}&locale=en-XA`, 'en-XA')
    // Positive control: the label is the catalogue's, bracketed; the field is live.
    await expect.poll(() => page.locator('label').innerText(), WAIT).toMatch(/^\[Çöðé~*\]$/)
    await expect.poll(() => page.locator('#code').isEnabled(), WAIT).toBe(true)
    expect(await notInCatalogue(page)).toEqual([])
    const unconnected = await openIn(await newPage(), `/code-field?projectId=${DEV_FRAME.projectId}&locale=en-XA`, 'en-XA')
    await expect.poll(() => unconnected.locator('#code-status').innerText(), WAIT).toMatch(/^\[.+\]$/)
    expect(await notInCatalogue(unconnected)).toEqual([])
  })

  it('the passkey window: alone, then exporting a key', { timeout: 120_000 }, async () => {
    const opener = await newPage()
    const privateKey = `0x${'11'.repeat(32)}`
    const window = await openPasskeyExport(opener, 'en-XA', privateKey)
    // The opener is a passkey window opened by nobody: it says so, in the catalogue's words.
    expect(await heading(opener)).toMatch(/^\[.+\]$/)
    expect(await notInCatalogue(opener)).toEqual([])
    await expect.poll(() => window.evaluate(() => document.documentElement.lang), WAIT).toBe('en-XA')
    await window.locator('button').click(WAIT)
    await expect.poll(() => window.locator('#private-key').textContent(), WAIT).toBe(privateKey)
    expect(await heading(window)).toMatch(/^\[.+\]$/)
    expect(await notInCatalogue(window)).toEqual([])
  })

  it('the approval window opened by nobody', { timeout: 60_000 }, async () => {
    const page = await openIn(await newPage(), '/approve?locale=en-XA', 'en-XA')
    await expect.poll(() => heading(page), WAIT).toMatch(/^\[.+\]$/)
    expect(await notInCatalogue(page)).toEqual([])
  })

  it('the device-approval page, the page after Approve, and an invalid link', { timeout: 120_000 }, async () => {
    const link = await deviceLinkIn('en-XA')
    expect(new URL(link).searchParams.get('locale')).toBe('en-XA')
    const page = await openIn(await newPage(), new URL(link).pathname + new URL(link).search, 'en-XA')
    // Positive control: the page shows what asks (data, as sent) around the catalogue's words.
    expect(await page.locator('dd bdi').nth(1).innerText()).toBe(DEV_FRAME.appOrigin)
    const asking = await heading(page)
    expect(asking).toMatch(/^\[.+\]$/)
    expect(await notInCatalogue(page)).toEqual([])
    await page.locator('button[type=submit]').click()
    await expect.poll(() => heading(page), WAIT).not.toBe(asking)
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-XA')
    expect(await heading(page)).toMatch(/^\[.+\]$/)
    expect(await notInCatalogue(page)).toEqual([])
    await openIn(page, '/device/approve?token=never-sent&locale=en-XA', 'en-XA')
    expect(await notInCatalogue(page)).toEqual([])
  })

  it('the unknown-project page and the social popup’s last page, in the browser’s language', { timeout: 60_000 }, async () => {
    const page = await newPage('en-XA')
    for (const path of ['/?projectId=no-such-project', '/social/result']) {
      await openIn(page, path, 'en-XA')
      expect(await heading(page)).toMatch(/^\[.+\]$/)
      expect(await notInCatalogue(page)).toEqual([])
    }
  })
})

describe('the secure site’s pages in German', () => {
  it('each page reads German', { timeout: 180_000 }, async () => {
    const field = await openIn(await newPage(), `/code-field?projectId=${DEV_FRAME.projectId}&locale=de`, 'de')
    await expect.poll(() => field.locator('#code-status').innerText(), WAIT).toBe('Dieses Code-Feld ist mit keiner Wallet verbunden')
    expect(await field.title()).toBe('Sicheres Code-Feld von Latch')

    const window = await openPasskeyExport(await newPage(), 'de', `0x${'22'.repeat(32)}`)
    await expect.poll(() => window.locator('h1').innerText(), WAIT).toBe('Privaten Schlüssel exportieren')
    expect(await window.locator('button').innerText()).toBe('Privaten Schlüssel anzeigen')

    const approval = await openIn(await newPage(), '/approve?locale=de', 'de')
    await expect.poll(() => heading(approval), WAIT).toBe('Nichts zu bestätigen')

    const link = await deviceLinkIn('de')
    const device = await openIn(await newPage(), new URL(link).pathname + new URL(link).search, 'de')
    expect(await heading(device)).toBe('Dieses Gerät zulassen?')
    await device.locator('button[type=submit]').click()
    await expect.poll(() => heading(device), WAIT).toBe('Gerät zugelassen')

    // No locale named: the browser's (Accept-Language) decides.
    const browserGerman = await newPage('de-DE')
    await openIn(browserGerman, '/?projectId=no-such-project', 'de')
    expect(await heading(browserGerman)).toBe('Ungültige Projekt-ID')
    await openIn(browserGerman, '/social/result', 'de')
    expect(await heading(browserGerman)).toBe('Angemeldet')
  })
})

describe('the admin page in the pseudo-locale and in German', () => {
  it('signs in and shows the projects with no text outside its catalogue; German reads German', { timeout: 120_000 }, async () => {
    const page = await newPage()
    await page.goto(`${backend.url}/admin/?locale=en-XA`)
    await expect.poll(() => page.evaluate(() => document.documentElement.lang), WAIT).toBe('en-XA')
    await page.locator('#admin-token').waitFor(WAIT)
    expect(await notInCatalogue(page)).toEqual([])
    // A wrong token: the refusal is the catalogue's too.
    await page.locator('#admin-token').fill(`wrong-${backend.adminToken.value}`)
    await page.locator('form.sign-in button[type=submit]').click()
    await expect.poll(() => page.locator('main > [role=status]').innerText(), WAIT).toMatch(/^\[.+\]$/)
    expect(await notInCatalogue(page)).toEqual([])
    await page.locator('#admin-token').fill(backend.adminToken.value)
    await page.locator('form.sign-in button[type=submit]').click()
    // Positive control: the editor shows the project (data, in <bdi>) under the catalogue's words.
    await page.locator('#editor-title').waitFor(WAIT)
    expect(await page.locator('.project-list bdi.project-id').first().innerText()).toBe(DEV_FRAME.projectId)
    expect(await page.locator('.features legend').innerText()).toMatch(/^\[.+\]$/)
    expect(await notInCatalogue(page)).toEqual([])
    // An origin the API would refuse, refused on the spot: bracketed, the entry inside the sentence.
    await page.locator('#new-origin').fill('not a url')
    await page.locator('#new-origin').press('Enter')
    await expect.poll(() => page.locator('#new-origin-error').innerText(), WAIT).toMatch(/^\[.*not a url.*\]$/)
    expect(await notInCatalogue(page)).toEqual([])

    // Without JavaScript, the <noscript> line the server wrote in the page's locale is all there is.
    const noScript = await (await browser.newContext({ javaScriptEnabled: false })).newPage()
    contexts.push(noScript.context())
    await noScript.goto(`${backend.url}/admin/?locale=en-XA`)
    expect(await noScript.locator('noscript').innerText()).toMatch(/^\[.+\]$/)
    expect(await noScript.evaluate(() => document.documentElement.lang)).toBe('en-XA')
    expect(await notInCatalogue(noScript)).toEqual([])

    const german = await newPage()
    await german.goto(`${backend.url}/admin/?locale=de`)
    await expect.poll(() => german.locator('#sign-in-title').textContent(), WAIT).toBe('Anmelden')
    expect(await german.locator('label[for=admin-token]').innerText()).toBe('Admin-Token')
    expect(await german.title()).toBe('Latch-Verwaltung')
    await german.locator('#admin-token').fill(`wrong-${backend.adminToken.value}`)
    await german.locator('form.sign-in button[type=submit]').click()
    await expect.poll(() => german.locator('main > [role=status]').innerText(), WAIT).toBe('Falsches Admin-Token')
  })
})
