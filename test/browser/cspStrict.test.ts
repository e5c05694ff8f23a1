import { readFile, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHardhatNode, type HardhatNode } from '../../server/chains/startHardhatNode.js'
import { buildTestPage } from '../support/buildTestPage.js'
import { launchBrowser } from '../support/launchBrowser.js'
import { connectThroughModal, dialog, openAccount, openFaultsPage, OWNER, recordFaultFigure, WAIT } from '../support/faultsPage.js'

// Issue 15: the kit under a strict Content-Security-Policy and Trusted Types. The page (the
// fault suites' page: modal, connect, account, an injected EIP-6963 wallet) is served with the
// header below; its chain RPC is proxied on the page's own origin, as `connect-src 'self'` wants.
// img-src allows data: because EIP-6963 wallets announce their icons as data URIs.
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self' ws:",
  "img-src 'self' data:",
  "frame-src 'self'",
  "require-trusted-types-for 'script'",
].join('; ')
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' }

let chain: HardhatNode
let browser: Browser
let outdir: string
let server: Server
let siteUrl: string

beforeAll(async () => {
  ;[chain, outdir, browser] = await Promise.all([
    startHardhatNode({ chainId: 31337 }),
    buildTestPage(fileURLToPath(new URL('./fixtures/faultsPage.ts', import.meta.url))),
    launchBrowser(),
  ])
  server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname
    if (path === '/rpc' && request.method === 'POST') {
      const chunks: Buffer[] = []
      for await (const chunk of request) chunks.push(chunk as Buffer)
      const answer = await fetch(chain.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) })
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(Buffer.from(await answer.arrayBuffer()))
      return
    }
    const file = path === '/' ? 'index.html' : normalize(path).replace(/^(\.\.[/\\])+/, '')
    try {
      const body = await readFile(join(outdir, file))
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-security-policy': CSP }).end(body)
    } catch {
      response.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  siteUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}, 300_000)
afterAll(async () => {
  await browser?.close()
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve))
  await chain?.stop()
  if (outdir) await rm(outdir, { recursive: true, force: true })
})

/** Records every CSP or Trusted Types violation the page reports, and such console errors. */
async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = []
  await page.exposeFunction('__latchReportViolation', (text: string) => violations.push(text))
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { __latchReportViolation(t: string): void }).__latchReportViolation(`${event.effectiveDirective}: ${event.blockedURI} ${event.sample}`),
    ),
  )
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Trusted ?Type|TrustedHTML|TrustedScript/i.test(message.text())) violations.push(`console: ${message.text()}`)
  })
  return violations
}

describe('given the page served with a strict CSP and Trusted Types', () => {
  it('opens the modal with its styles applied, connects the injected wallet and shows Account, with no violation', async () => {
    const context = await browser.newContext()
    let violations: string[] = []
    const { page, errors } = await openFaultsPage(context, siteUrl, { rpcUrls: [`${siteUrl}/rpc`], connectButton: true }, {
      walletRpc: chain.rpcUrl,
      beforeLoad: async (p) => (violations = await recordViolations(p)),
    })
    // The header is really in force on the document.
    const header = await page.evaluate(async () => (await fetch(location.href)).headers.get('content-security-policy'))
    expect(header).toBe(CSP)

    // The page's styled connect button: its stylesheet is adopted by the document, not an inline <style>.
    const connectButton = page.locator('latch-connect-button [data-latch-button="connect"]')
    await connectButton.waitFor(WAIT)
    expect(await connectButton.evaluate((element) => getComputedStyle(element).borderTopLeftRadius)).not.toBe('0px')
    expect(await page.evaluate(() => document.querySelectorAll('style').length)).toBe(0)
    await connectThroughModal(page)
    await openAccount(page)
    const account = page.getByRole('dialog', { name: 'Account' })
    await account.getByText(`${OWNER.address.slice(0, 6)}`, { exact: false }).first().waitFor(WAIT)
    // The shell's stylesheet applies inside the shadow root: its dialog rules and theme variables.
    const styled = await dialog(page).evaluate((element) => {
      const host = (element.getRootNode() as ShadowRoot).host
      return { radius: getComputedStyle(element).borderTopLeftRadius, accent: getComputedStyle(host).getPropertyValue('--latch-accent').trim() }
    })
    expect(styled.radius).not.toBe('0px')
    expect(styled.accent).not.toBe('')
    // The balance is read through the page's own origin (connect-src 'self').
    await expect.poll(() => page.evaluate(() => (window as any).__latch.balance().balance), WAIT).toMatch(/^\d/)

    expect(violations).toEqual([])
    expect(errors).toEqual([])

    // The listeners can see a violation: an inline <style> and a string into innerHTML are refused.
    const refusedHtml = await page.evaluate(() => {
      const style = document.createElement('style')
      style.textContent = 'body { color: red }'
      document.head.append(style)
      try {
        document.createElement('div').innerHTML = '<b>x</b>'
        return false
      } catch {
        return true
      }
    })
    expect(refusedHtml).toBe(true)
    await expect.poll(() => violations.some((v) => v.startsWith('style-src')), WAIT).toBe(true)
    await expect.poll(() => violations.some((v) => v.startsWith('require-trusted-types-for')), WAIT).toBe(true)
    recordFaultFigure({ case: 'strict CSP and Trusted Types', held: true, note: "modal and the styled connect button (adopted stylesheets) styled, wallet connected, Account and balance shown; 0 violations (the listeners saw the page's own test ones)" })
    await context.close()
  })
})
