import { execFile } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { init, parse } from 'es-module-lexer'
import type { Browser } from 'playwright-core'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { bundleHostApp, packLatch, writeReadmeHostPage, type PackedTarball } from '../support/buildPackedApp.js'
import { launchBrowser } from '../support/launchBrowser.js'
import { createTestEip1193Wallet } from '../support/wallets/createTestEip1193Wallet.js'
import { exposeTestEip1193Wallet } from '../support/wallets/exposeTestEip1193Wallet.js'

// Issue 29: Latch as a dapp gets it. What `npm pack` ships (every entry, nothing of the repo's
// own), then the README's install line run in an empty app, the tarball standing in for the
// registry under the published name, the README's host page bundled from what it installed, and
// that page connecting a wallet in Chromium against the reference backend.
const run = promisify(execFile)
const repo = resolve(import.meta.dirname, '../..')
const WAIT = { timeout: 30_000 }
const account = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 8 })
const WALLET_INFO = { uuid: '5b0e4c1a-2f3d-4e5f-8a9b-0c1d2e3f4a5b', name: 'Latch Test Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.latch.testwallet' }

interface Manifest {
  name: string
  version: string
  private?: boolean
  exports: Record<string, { types: string; import: string }>
  dependencies: Record<string, string>
  peerDependencies: Record<string, string>
}

let root: string
let packed: PackedTarball
let manifest: Manifest

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'latch-package-'))
  packed = await packLatch(root)
  manifest = JSON.parse(await readFile(join(repo, 'package.json'), 'utf8')) as Manifest
}, 120_000)
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true })
})

/** The files each `exports` entry names, its `*` expanded as rollup does: one per folder with an index.ts. */
function exportedFiles(): string[] {
  const folders = (room: string) => readdirSync(join(repo, room), { withFileTypes: true }).filter((entry) => entry.isDirectory() && existsSync(join(repo, room, entry.name, 'index.ts'))).map((entry) => entry.name)
  return Object.entries(manifest.exports).flatMap(([subpath, targets]) => {
    const room = subpath.match(/^\.\/(plugins|chains)\/\*$/)?.[1]
    const names = room ? folders(room) : ['']
    return [targets.import, targets.types].map((target) => target.replace(/^\.\//, '')).flatMap((target) => names.map((name) => target.replaceAll('*', name)))
  })
}

/** The bare package names the shipped JavaScript imports, statically or on demand. */
async function packagesImportedByDist(files: string[]): Promise<Set<string>> {
  await init
  const names = new Set<string>()
  for (const file of files.filter((path) => path.endsWith('.js'))) {
    const [imports] = parse(await readFile(join(repo, file), 'utf8'))
    for (const { specifier } of imports) {
      if (!specifier || specifier.startsWith('.')) continue
      const parts = specifier.split('/')
      names.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!)
    }
  }
  return names
}

describe('the latch package', () => {
  it('ships every entry with its declarations, a changelog and a license, and nothing of the repository itself', async () => {
    expect(manifest.private).toBeUndefined()
    expect(packed.name).toBe('latch')
    const shipped = new Set(packed.files)
    const missing = exportedFiles().filter((file) => !shipped.has(file))
    expect(missing).toEqual([])
    expect(exportedFiles().length).toBeGreaterThan(40)
    // Only the build, the manifest and the documents a package carries.
    expect(packed.files.filter((file) => !file.startsWith('dist/') && !['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md'].includes(file))).toEqual([])
    expect(['README.md', 'LICENSE', 'CHANGELOG.md'].filter((file) => !shipped.has(file))).toEqual([])
    // No source, no tests, no server, no declaration maps pointing at sources that are not shipped.
    expect(packed.files.filter((file) => /\.test\.|\/server\/|\.d\.ts\.map$|(?<!\.d)\.tsx?$/.test(file))).toEqual([])
    // The changelog's latest section is this version.
    const changelog = await readFile(join(repo, 'CHANGELOG.md'), 'utf8')
    expect(changelog.match(/^## (\S+)/m)?.[1]).toBe(packed.version)
  })

  it('depends on exactly what its JavaScript imports: every import a dependency or a peer, every dependency used', async () => {
    const imported = await packagesImportedByDist(packed.files)
    // The path is exercised: the kit's own runtime and its chain peers are among the imports.
    expect([...imported]).toEqual(expect.arrayContaining(['react', 'mobx', 'viem', '@walletconnect/universal-provider']))
    const declared = new Set([...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies)])
    expect([...imported].filter((name) => !declared.has(name))).toEqual([])
    // A server-only package here would be installed into every dapp for nothing.
    expect(Object.keys(manifest.dependencies).filter((name) => !imported.has(name))).toEqual([])
  })

  describe("given the README's install line run in an empty app", () => {
    let app: string
    let backend: RunningBackend
    let browser: Browser

    beforeAll(async () => {
      const readme = await readFile(join(repo, 'README.md'), 'utf8')
      const line = readme.match(/^## Install\n+```sh\n(npm install [^\n]+)\n```/m)?.[1]
      expect(line).toMatch(/^npm install latch /)

      app = join(root, 'app')
      await mkdir(app)
      await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'a-dapp', private: true, type: 'module' }))
      // The registry's `latch` is this tarball: same name, same dependencies resolved by npm.
      const args = line!.split(/\s+/).slice(2).map((arg) => (arg === 'latch' ? `latch@file:${packed.tarball}` : arg))
      await run('npm', ['install', ...args, '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], { cwd: app, timeout: 300_000 })

      // The backend serves the app's dist/ (read on each request), made before the page is bundled
      // with the backend's address in it.
      await mkdir(join(app, 'dist'))
      const [started, launched] = await Promise.all([startBackend({ staticDir: join(app, 'dist') }), launchBrowser()])
      ;[backend, browser] = [started, launched]
      // The README's host page, pointed at this test's backend instead of the default port.
      await writeReadmeHostPage(app, new URL(backend.url).host)
      await bundleHostApp(app)
    }, 600_000)
    afterAll(async () => {
      await browser?.close()
      await backend?.close()
    })

    it('installs latch under its published name, and the README page connects a wallet through it', async () => {
      const installed = JSON.parse(await readFile(join(app, 'node_modules/latch/package.json'), 'utf8')) as Manifest
      expect(installed).toMatchObject({ name: 'latch', version: packed.version })

      const context = await browser.newContext()
      const page = await context.newPage()
      // The snippet's networks are SUPPORTED_NETWORKS' (Ethereum first): the wallet is on chain 1.
      // Connecting makes no call to the chain, so a local node stands behind that id.
      const rpcUrl = backend.deployment.evm.find((chain) => chain.chainId === 31337)!.rpcUrl
      await exposeTestEip1193Wallet(page, createTestEip1193Wallet({ account, chains: { 1: rpcUrl } }), WALLET_INFO)
      await page.goto(`${backend.url}/`)
      const button = page.locator('[data-latch-button="connect"]')
      await expect.poll(() => button.innerText(), WAIT).toBe('Connect Wallet')
      await button.click()
      await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Latch Test Wallet/ }).click(WAIT)
      await expect.poll(() => button.getAttribute('data-latch-connected'), WAIT).toBe('')
      await expect.poll(() => button.innerText(), WAIT).toContain(account.address.slice(2, 6))
      await context.close()
    })
  })
})
