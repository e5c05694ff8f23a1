import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'

// Issue 30: the pages the servers render themselves take the visitor's language from a `locale`
// query parameter (pickPageLocale): the secure site's unknown-project page and device-link pages,
// and the admin page (which writes its lang, title and <noscript> line). The value only ever picks
// among the shipped names: a path, markup, a huge string, a prototype's name or a header
// injection gives the page in English, and the value is never written into the page or a header.
// Positive control first: a valid `?locale=de` is honoured. From Node on the real backend.

let backend: RunningBackend
beforeAll(async () => (backend = await startBackend({ rateLimit: false })), 300_000)
afterAll(() => backend?.close())

/** The three pages, each with the status it answers and the words of its heading in German. */
const PAGES = [
  { name: 'the unknown-project page', url: () => `${backend.secureSiteUrl}/?projectId=no-such-project&locale=`, status: 403, german: 'Ungültige Projekt-ID' },
  { name: 'the invalid device-link page', url: () => `${backend.secureSiteUrl}/device/approve?token=never-sent&locale=`, status: 404, german: 'Link ungültig' },
  { name: 'the admin page', url: () => `${backend.url}/admin/?locale=`, status: 200, german: 'Latch-Verwaltung' },
]

const HOSTILE: Array<{ label: string; raw: string; marker: string }> = [
  { label: 'a path', raw: encodeURIComponent('../../etc/passwd'), marker: 'etc/passwd' },
  { label: 'a path that starts with a shipped name', raw: encodeURIComponent('de/../../../package.json'), marker: 'package.json' },
  { label: 'markup', raw: encodeURIComponent('<script>alert(1)</script>'), marker: 'alert(1)' },
  { label: 'a 10 KB string', raw: 'q'.repeat(10_240), marker: 'q'.repeat(64) },
  { label: '__proto__', raw: '__proto__', marker: '__proto__' },
  { label: 'constructor', raw: 'constructor', marker: 'constructor' },
  { label: 'a header injection', raw: 'de%0d%0aSet-Cookie:%20evil=1%0d%0aX-Evil:%201', marker: 'evil' },
]

async function open(url: string) {
  const response = await fetch(url, { headers: { 'accept-language': 'en' } })
  const html = await response.text()
  return { status: response.status, html, headers: [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n'), lang: /<html lang="([^"]*)"/.exec(html)?.[1] }
}

describe.each(PAGES)('$name', ({ url, status, german }) => {
  it('30: honours ?locale=de (positive control), and answers a hostile locale in English without writing it anywhere', async () => {
    const honoured = await open(`${url()}de`)
    expect({ status: honoured.status, lang: honoured.lang }).toEqual({ status, lang: 'de' })
    expect(honoured.html).toContain(german)
    const english = await open(`${url()}en`)
    expect(english.lang).toBe('en')

    for (const { label, raw, marker } of HOSTILE) {
      const page = await open(`${url()}${raw}`)
      expect({ label, status: page.status, lang: page.lang }).toEqual({ label, status, lang: 'en' })
      // The same page as English: nothing of the value reached it.
      expect(page.html).not.toContain(german)
      expect(page.html.includes(marker) && !english.html.includes(marker)).toBe(false)
      expect(page.headers).not.toMatch(/evil/i)
      expect(page.headers).not.toContain(marker)
    }
    // The parameter twice, an array: the secure site's schema refuses it (400, no page), the admin
    // page ignores it (the browser's language decides); neither fails nor picks from it.
    const twice = await open(`${url()}de&locale=fr`)
    expect([status, 400]).toContain(twice.status)
    if (twice.status === status) expect(twice.lang).toBe('en')
  })
})
