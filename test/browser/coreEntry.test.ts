import { init, parse } from 'es-module-lexer'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'

// Reads the BUILT package, so it runs in the browser project: `npm test` builds dist/ between the
// unit and browser projects (package.json). On its own: `node scripts/build.mjs` first.

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url))

/** The chain libraries, optional peers a host installs only for the namespaces it uses. */
const CHAIN_LIBRARY = /^(viem|@solana\/web3\.js|@polkadot\/[^/]+|@walletconnect\/[^/]+)$/

/** 'viem/accounts' → 'viem', '@polkadot/api/x' → '@polkadot/api'. */
const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/')

interface Closure {
  /** Our files, relative to dist/. */
  files: string[]
  /** Every package those files import, statically or with `import()`. */
  packages: string[]
  /** The packages those files import statically: what loads with them. */
  staticPackages: string[]
}

/**
 * A built entry and every file of ours it reaches by static imports (and by `import()` too with
 * `lazy`), with the packages they import in any way: a bare `import('viem')` in the core would
 * still make a host's bundler look for viem.
 */
async function closureOf(entry: string, { lazy = false } = {}): Promise<Closure> {
  await init
  const files = new Set<string>()
  const packages = new Set<string>()
  const staticPackages = new Set<string>()
  const visit = (file: string) => {
    if (files.has(file)) return
    files.add(file)
    const [imports] = parse(readFileSync(file, 'utf8'))
    for (const request of imports) {
      const specifier = request.specifier
      if (!specifier) continue
      if (!specifier.startsWith('.')) {
        packages.add(packageOf(specifier))
        if (request.type !== 'dynamic') staticPackages.add(packageOf(specifier))
      }
      else if (request.type !== 'dynamic' || lazy) visit(join(dirname(file), specifier))
    }
  }
  visit(join(DIST, entry))
  return { files: [...files].map((file) => relative(DIST, file)), packages: [...packages].sort(), staticPackages: [...staticPackages].sort() }
}

beforeAll(() => {
  expect(existsSync(join(DIST, 'index.js')), 'dist/index.js is missing: run `node scripts/build.mjs` first').toBe(true)
})

describe('given the built core entry (dist/index.js, what `import ... from "latch"` loads)', () => {
  it('loads no chain library: no viem, @solana/web3.js, @polkadot/* or @walletconnect/* in it or its static imports', async () => {
    const core = await closureOf('index.js')
    // The walk followed the entry's static imports into our chunks.
    expect(core.files.some((file) => file.startsWith('chunks/'))).toBe(true)
    expect(core.packages.filter((name) => CHAIN_LIBRARY.test(name))).toEqual([])
  })

  it("loads the kernel only when the kit starts (issue 32): tsyringe and the metadata polyfill are not in the page's first script", async () => {
    const core = await closureOf('index.js')
    expect(core.files).not.toContain('kernel.js')
    expect(core.packages).not.toContain('tsyringe')
    expect(core.packages).not.toContain('reflect-metadata')
    // They are in what it fetches to start.
    const started = await closureOf('index.js', { lazy: true })
    expect(started.files).toContain('kernel.js')
    expect(started.packages).toEqual(expect.arrayContaining(['tsyringe', 'reflect-metadata']))
  })

  it("loads MobX, tsyringe and the kernel only when the kit starts (issue 32): not with the core, a plugin's entry or the EVM and WalletConnect entries", async () => {
    const firstScript = ['index.js', ...readdirSync(join(DIST, 'plugins')).filter((file) => file.endsWith('.js')).map((file) => `plugins/${file}`), 'chains/eip155.js', 'chains/networks.js', 'chains/walletconnect.js']
    const startedEarly: string[] = []
    for (const entry of firstScript) {
      const closure = await closureOf(entry)
      for (const name of ['mobx', 'tsyringe', 'reflect-metadata']) if (closure.staticPackages.includes(name)) startedEarly.push(`${entry}: ${name}`)
      if (closure.files.includes('kernel.js')) startedEarly.push(`${entry}: kernel.js`)
    }
    expect(startedEarly).toEqual([])
    // The walk would see them: the kit's start brings them, and WalletConnect's pairing store brings MobX.
    const started = await closureOf('index.js', { lazy: true })
    expect(started.staticPackages).toEqual(expect.arrayContaining(['mobx', 'tsyringe', 'reflect-metadata']))
    expect(started.files).toContain('kernel.js')
    expect((await closureOf('chains/walletconnect.js', { lazy: true })).staticPackages).toContain('mobx')
  })

  it('names none in the chunks it fetches later either', async () => {
    const core = await closureOf('index.js', { lazy: true })
    expect(core.packages.filter((name) => CHAIN_LIBRARY.test(name))).toEqual([])
  })

  it('would see one: the eip155 entry reaches viem through its lazily loaded adapter', async () => {
    const eip155 = await closureOf('chains/eip155.js', { lazy: true })
    expect(eip155.packages).toContain('viem')
    expect((await closureOf('chains/eip155.js')).packages).not.toContain('viem')
  })
})

describe('given the plugin entries a host without WalletConnect uses', () => {
  // @walletconnect/* are optional peers: a host that lists no walletConnect() source does not
  // install them, and its bundler fails on any import() of them it can reach.
  it.each(['plugins/connectors.js', 'plugins/connect.js', 'plugins/account.js', 'chains/eip155.js'])('%s names no @walletconnect/* package, even lazily', async (entry) => {
    const { packages } = await closureOf(entry, { lazy: true })
    expect(packages.filter((name) => name.startsWith('@walletconnect/'))).toEqual([])
  })

  it('would see one: the walletconnect entry reaches them through its lazy loader', async () => {
    expect((await closureOf('chains/walletconnect.js', { lazy: true })).packages).toContain('@walletconnect/universal-provider')
  })
})
