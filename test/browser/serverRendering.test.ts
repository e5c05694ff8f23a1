import { execFile } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { init, parse } from 'es-module-lexer'
import { rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { Browser } from 'playwright-core'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHardhatNode, type HardhatNode } from '../../server/chains/startHardhatNode.js'
import { buildSsrApp, type SsrApp } from '../support/buildSsrApp.js'
import { launchBrowser } from '../support/launchBrowser.js'
import { serveDirectory } from '../support/serveDirectory.js'
import { createTestEip1193Wallet } from '../support/wallets/createTestEip1193Wallet.js'
import { exposeTestEip1193Wallet } from '../support/wallets/exposeTestEip1193Wallet.js'

// Issue 10, server rendering: the package in a bare Node process (no DOM, not vitest's), the
// host app rendered there with renderToString, hydrated in Chromium without a mismatch, and the
// saved connection restored after hydration. Reads the BUILT package: `node scripts/build.mjs` first.
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const run = promisify(execFile)
const account = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 7 })
const WALLET_INFO = { uuid: '2f7e9c1a-4b3d-4e8f-9a0b-1c2d3e4f5a6b', name: 'Latch Test Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.latch.testwallet' }
const WAIT = { timeout: 20_000 }
/** What a page could find on `globalThis` that a browser defines. */
const DOM_GLOBALS = ['window', 'document', 'localStorage', 'sessionStorage', 'customElements', 'HTMLElement']

/** Runs a script in a fresh Node process: no DOM globals and no test environment of vitest's. */
const node = async (args: string[]) => (await run(process.execPath, args, { cwd: ROOT, env: { PATH: process.env.PATH ?? '' } })).stdout

/** Every specifier package.json "exports" offers, with the built file it loads. */
function exportedEntries(): Array<{ specifier: string; file: string }> {
  const pkg = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { exports: Record<string, { import: string }> }
  return Object.entries(pkg.exports).flatMap(([key, target]) => {
    const specifier = key === '.' ? 'latch' : `latch/${key.slice(2)}`
    if (!key.includes('*')) return [{ specifier, file: target.import.slice(2) }]
    // './plugins/*' → './dist/plugins/*.js': one entry per built file there.
    const [folder, suffix] = target.import.slice(2).split('*') as [string, string]
    return readdirSync(`${ROOT}${folder}`)
      .filter((name) => name.endsWith(suffix))
      .map((name) => ({ specifier: specifier.replace('*', name.slice(0, -suffix.length)), file: `${folder}${name}` }))
  })
}

beforeAll(() => {
  expect(existsSync(`${ROOT}dist/index.js`), 'dist/index.js is missing: run `node scripts/build.mjs` first').toBe(true)
})

/** Every file of ours the entries reach, by static imports and by `import()`: what a kit may load. */
async function reachableFiles(entries: string[]): Promise<string[]> {
  await init
  const files = new Set<string>()
  const visit = (file: string) => {
    if (files.has(file)) return
    files.add(file)
    for (const { specifier } of parse(readFileSync(file, 'utf8'))[0]) if (specifier?.startsWith('.')) visit(join(dirname(file), specifier))
  }
  for (const entry of entries) visit(`${ROOT}${entry}`)
  return [...files].map((file) => relative(ROOT, file))
}

describe('given the built package in a bare Node process', () => {
  it('imports every entry, and every chunk they load, without touching window, document or localStorage', async () => {
    const entries = exportedEntries()
    const specifiers = entries.map((entry) => entry.specifier)
    expect(specifiers).toEqual(expect.arrayContaining(['latch', 'latch/kernel', 'latch/plugins/connect', 'latch/chains/eip155']))
    const files = await reachableFiles(entries.map((entry) => entry.file))
    const importsOf = (wanted: string[]) => `
      for (const specifier of ${JSON.stringify(specifiers)}) await import(specifier)
      for (const file of ${JSON.stringify(wanted)}) await import('./' + file)`
    const importing = (pattern: RegExp) => files.filter((file) => pattern.test(readFileSync(`${ROOT}${file}`, 'utf8')))
    // A chain SDK loads with its adapter, when a visitor connects with that namespace in a
    // browser. @polkadot/extension-dapp reads `window` as it loads, so it fails in bare Node;
    // @solana/web3.js probes `window.Buffer` and `window.process` where a window exists.
    const polkadotExtension = importing(/from"@polkadot\/extension-dapp"/)
    const chainSdks = importing(/from"(viem|@solana\/web3\.js|@polkadot\/[^"]+|@walletconnect\/[^"]+)"/)
    expect(polkadotExtension).toHaveLength(1)
    const imports = importsOf(files.filter((file) => !polkadotExtension.includes(file)))
    // Bare: a file that reads `window` at import throws ReferenceError here, where there is none.
    const bare = `
      const names = ${JSON.stringify(DOM_GLOBALS)}
      const before = names.filter((name) => name in globalThis)
      ${imports}
      console.log(JSON.stringify({ before, after: names.filter((name) => name in globalThis) }))`
    const { before, after } = JSON.parse(await node(['--input-type=module', '-e', bare]))
    expect(files.length).toBeGreaterThan(specifiers.length + 10)
    // Nothing polyfilled a DOM global either.
    expect(after).toEqual(before)

    // Browser-like: window, document and localStorage exist and record every use, so code that
    // checks for them first and then uses them at import is caught too. React is loaded before
    // them: its client entry probes the document as it loads, by design, and is not ours; so are
    // the chain SDKs, loaded on connect.
    const recorded = `
      await import('react'); await import('react-dom'); await import('react-dom/client'); await import('react/jsx-runtime')
      const touches = []
      const recorder = (path) => new Proxy(function () {}, {
        get: (_, key) => (key === Symbol.toPrimitive ? () => '' : (touches.push(path + '.' + String(key)), recorder(path + '.' + String(key)))),
        apply: () => recorder(path + '()'),
        construct: () => recorder('new ' + path),
      })
      for (const name of ['window', 'document', 'localStorage']) globalThis[name] = recorder(name)
      ${importsOf(files.filter((file) => !chainSdks.includes(file)))}
      console.log(JSON.stringify(touches))`
    expect(JSON.parse(await node(['--input-type=module', '-e', recorded]))).toEqual([])
  })
})

describe('given a host app rendered on the server with LatchProvider and the three buttons', () => {
  let chain: HardhatNode
  let app: SsrApp
  let site: { url: string; close(): Promise<void> }
  let browser: Browser

  beforeAll(async () => {
    ;[chain, app, browser] = await Promise.all([
      startHardhatNode({ chainId: 31337 }),
      buildSsrApp(
        {
          server: fileURLToPath(new URL('./fixtures/ssr/renderOnServer.tsx', import.meta.url)),
          page: fileURLToPath(new URL('./fixtures/ssr/hydratePage.tsx', import.meta.url)),
        },
        `${ROOT}test-results/ssr`,
      ),
      launchBrowser(),
    ])
    site = await serveDirectory(app.pageDir)
  })
  afterAll(async () => {
    await browser?.close()
    await Promise.all([chain?.stop(), site?.close()])
    if (app) await rm(app.pageDir, { recursive: true, force: true })
  })

  /** The server's answer: what renderToString gave in Node. */
  const renderOnServer = async (): Promise<{ html: string; domGlobals: string[] }> => JSON.parse(await node([app.serverScript, chain.rpcUrl]))

  it('renders in Node: the connect button and the network button, no account button while disconnected', async () => {
    const { html, domGlobals } = await renderOnServer()
    expect(html).toBe(
      '<header><button type="button" data-latch-button="connect">Connect Wallet</button><button type="button" data-latch-button="network">Select Network</button></header>',
    )
    expect(domGlobals).toEqual([])
  })

  it('hydrates in Chromium with no mismatch warning, and restores the saved connection after a reload', async () => {
    await app.writeHtml((await renderOnServer()).html)
    const page = await browser.newPage()
    const messages: string[] = []
    page.on('console', (message) => {
      // The page has no icon: Chromium's own request for one is not the app's.
      if (['error', 'warning'].includes(message.type()) && !message.location().url.endsWith('/favicon.ico')) messages.push(message.text())
    })
    page.on('pageerror', (error) => messages.push(error.message))
    const wallet = createTestEip1193Wallet({ account, chains: { 31337: chain.rpcUrl } })
    await page.addInitScript((config) => Object.assign(window, { __latchSsrConfig: config }), { rpcUrl: chain.rpcUrl })
    await exposeTestEip1193Wallet(page, wallet, WALLET_INFO)

    const hydrate = async () => {
      await page.goto(site.url)
      await page.waitForFunction(() => (window as any).__latch !== undefined, undefined, WAIT)
      await page.evaluate(() => (window as any).__latch.ready)
    }
    await hydrate()
    const connectButton = page.locator('[data-latch-button="connect"]')
    await connectButton.click(WAIT)
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Latch Test Wallet/ }).click(WAIT)
    await page.getByRole('dialog').waitFor({ state: 'hidden', ...WAIT })
    await expect.poll(() => connectButton.innerText(), WAIT).toMatch(/^0x14dC…9955/)

    // The server knows nothing of the visitor: it renders 'Connect Wallet' again.
    await hydrate()
    await expect.poll(() => connectButton.innerText(), WAIT).toMatch(/^0x14dC…9955/)
    await expect.poll(() => page.locator('[data-latch-button="account"]').innerText(), WAIT).toContain('0x14dC…9955')
    await expect.poll(() => page.locator('[data-latch-button="network"]').innerText(), WAIT).toBe('Latch Local')
    expect(await page.evaluate(() => (window as any).__latch.recoverable)).toEqual([])
    expect(messages).toEqual([])
    await page.close()
  })
})
