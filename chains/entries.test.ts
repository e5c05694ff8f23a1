import { build } from 'esbuild'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = dirname(fileURLToPath(import.meta.url))

/** The packages an entry pulls in without a dynamic import: what a host downloads up front. */
async function staticPackages(entry: string): Promise<Set<string>> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    splitting: true,
    format: 'esm',
    outdir: '/tmp/latch-entries',
    platform: 'browser',
    metafile: true,
    logLevel: 'silent',
    define: { global: 'globalThis' },
  })
  // The entry's own output: a dynamic import's chunk is an entry point of the metafile too.
  const main = Object.values(result.metafile.outputs).find((output) => output.entryPoint && entry.endsWith(output.entryPoint))!
  const reached = new Set<string>()
  const visit = (file: string) => {
    const output = result.metafile.outputs[file]!
    for (const input of Object.keys(output.inputs)) {
      const match = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)
      if (match) reached.add(match[1]!)
    }
    for (const imported of output.imports) if (imported.kind === 'import-statement' && !reached.has(imported.path)) {
      reached.add(imported.path)
      visit(imported.path)
    }
  }
  visit(Object.keys(result.metafile.outputs).find((key) => result.metafile.outputs[key] === main)!)
  return reached
}

const SDKS = ['@solana/web3.js', '@solana/spl-token', '@polkadot/extension-dapp', '@polkadot/util-crypto', '@walletconnect/universal-provider', '@walletconnect/sign-client', 'viem']

describe('given the chains entries the build makes (one per chains/*/index.ts)', () => {
  it.each([
    ['eip155', []],
    ['solana', []],
    ['polkadot', []],
    ['bip122', []],
    ['walletconnect', []],
  ])('the %s entry loads no chain SDK until a visitor connects', async (entry, allowed: string[]) => {
    const packages = await staticPackages(join(root, entry, 'index.ts'))
    expect(SDKS.filter((sdk) => packages.has(sdk) && !allowed.includes(sdk))).toEqual([])
  })

  it('sees a static import when there is one (the adapters themselves)', async () => {
    expect((await staticPackages(join(root, 'eip155/adapter.ts'))).has('viem')).toBe(true)
    expect((await staticPackages(join(root, 'solana/adapter.ts'))).has('@solana/web3.js')).toBe(true)
  })

  it('the connectors plugin definition pulls in no chain SDK', async () => {
    const packages = await staticPackages(join(root, '../plugins/connectors/index.ts'))
    expect(SDKS.filter((sdk) => packages.has(sdk))).toEqual([])
  })
})
