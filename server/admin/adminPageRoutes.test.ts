import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type LatchServer } from '../createServer.js'
import { ADMIN_PAGE_CSP } from './adminPageRoutes.js'

let server: LatchServer
let url: string

beforeAll(async () => {
  server = await createServer()
  url = await server.listen(0)
})
afterAll(() => server?.close())

describe('given the backend', () => {
  it('11: serves the admin page at /admin/ (and sends /admin there), its script and stylesheet from this origin only', async () => {
    const bare = await fetch(`${url}/admin`, { redirect: 'manual' })
    expect({ status: bare.status, location: bare.headers.get('location') }).toEqual({ status: 301, location: '/admin/' })

    const page = await fetch(`${url}/admin/`)
    const html = await page.text()
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.headers.get('content-security-policy')).toBe(ADMIN_PAGE_CSP)
    expect(ADMIN_PAGE_CSP).toContain("script-src 'self'")
    expect(ADMIN_PAGE_CSP).not.toContain('unsafe')
    // Every script is a file of this origin: the CSP allows no inline one.
    expect([...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attributes, body]) => ({ attributes: attributes!.trim(), body }))).toEqual([
      { attributes: 'type="module" src="./admin.js"', body: '' },
    ])
    expect(page.headers.get('x-frame-options')).toBe('DENY')

    for (const [path, type, marker] of [
      ['/admin/admin.js', 'text/javascript; charset=utf-8', 'Wrong admin token'],
      ['/admin/admin.css', 'text/css; charset=utf-8', '.switch'],
    ] as const) {
      const asset = await fetch(`${url}${path}`)
      expect({ path, status: asset.status, type: asset.headers.get('content-type'), nosniff: asset.headers.get('x-content-type-options') }).toEqual({
        path,
        status: 200,
        type,
        nosniff: 'nosniff',
      })
      expect(await asset.text()).toContain(marker)
    }
  })

  it('11: the page carries no project: the list needs the token', async () => {
    const html = await (await fetch(`${url}/admin/`)).text()
    expect(html).not.toContain('latch-dev')
    expect((await fetch(`${url}/admin/api/projects`)).status).toBe(401)
    expect((await fetch(`${url}/admin/nothing-here`)).status).toBe(404)
  })

  it('30: writes the page in the language it will speak: ?locale= first, else Accept-Language; its <noscript> line too, which no script translates', async () => {
    const read = async (query: string, language?: string) => {
      const html = await (await fetch(`${url}/admin/${query}`, { headers: language ? { 'accept-language': language } : {} })).text()
      return { lang: /<html lang="([^"]*)" dir="([^"]*)">/.exec(html)?.slice(1), title: /<title>(.*)<\/title>/.exec(html)?.[1], noscript: /<noscript>(.*)<\/noscript>/.exec(html)?.[1] }
    }
    expect(await read('')).toEqual({ lang: ['en', 'ltr'], title: 'Latch admin', noscript: 'The Latch admin page needs JavaScript.' })
    expect(await read('?locale=de', 'fr')).toEqual({ lang: ['de', 'ltr'], title: 'Latch-Verwaltung', noscript: 'Die Latch-Verwaltung braucht JavaScript.' })
    expect((await read('', 'xx, ar;q=0.8')).lang).toEqual(['ar', 'rtl'])
    expect((await read('?locale=en-XA')).noscript).toMatch(/^\[.+\]$/)
  })
})
