import { init, parse } from 'es-module-lexer'
import { build } from 'esbuild'
import { readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'

/** Packages a host already has or brings for its chains: not counted as our code. */
const NOT_OURS = ['react', 'react-dom', 'react/jsx-runtime', 'mobx', 'viem', '@solana/web3.js', '@polkadot/extension-dapp', '@walletconnect/universal-provider']

const gzip = (text: string | Uint8Array) => gzipSync(text, { level: 9 }).length

/** A built entry and every file of ours it imports statically (dynamic imports excluded). */
export async function staticClosure(entry: string): Promise<string[]> {
  await init
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    const [imports] = parse(readFileSync(file, 'utf8'))
    for (const request of imports) {
      // Dynamic imports are chunks fetched only when used: not counted.
      if (request.type !== 'static' && request.type !== 'reexport-star') continue
      if (request.specifier?.startsWith('.')) visit(join(dirname(file), request.specifier))
    }
  }
  visit(entry)
  return [...seen]
}

export interface EntrySize {
  entry: string
  files: number
  gzipBytes: number
  /** What the entry adds to a page that already loaded the core. */
  beyondCoreGzipBytes: number
}

/** Gzip size of each entry with its static imports: our own code only. */
export async function measureEntries(entries: string[], core = 'dist/index.js'): Promise<EntrySize[]> {
  const coreFiles = new Set(await staticClosure(core))
  const size = (files: string[]) => (files.length ? gzip(files.map((file) => readFileSync(file, 'utf8')).join('\n')) : 0)
  const sizes: EntrySize[] = []
  for (const entry of entries) {
    const files = await staticClosure(entry)
    sizes.push({
      entry: relative('dist', entry),
      files: files.length,
      gzipBytes: size(files),
      beyondCoreGzipBytes: size(files.filter((file) => !coreFiles.has(file))),
    })
  }
  return sizes
}

/**
 * The core as a host's bundler would ship it: our code plus its small dependencies
 * (tsyringe, reflect-metadata, eventemitter3, valibot, mobx-react-lite), minified, with
 * react, mobx and the chain libraries left out as the host's own.
 */
export async function measureCoreWithDependencies(): Promise<number> {
  const result = await build({
    entryPoints: ['dist/index.js'],
    bundle: true,
    write: false,
    format: 'esm',
    minify: true,
    platform: 'browser',
    external: NOT_OURS,
    logLevel: 'silent',
  })
  return gzip(result.outputFiles[0]!.contents)
}
