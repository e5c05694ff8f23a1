import { createRequire } from 'node:module'
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

// Regenerates server/chains/artifacts/*.json from server/chains/contracts/*.sol with the solc
// that hardhat 2 brings (wasm, offline). Run by hand after editing a contract:
//   npx tsx server/chains/compileContracts.ts
// The backend deploys the committed artifacts, so boot never waits for a compiler.
const here = dirname(fileURLToPath(import.meta.url))
const require = createRequire(import.meta.url)
const solc = require('solc') as { compile(input: string, options: { import(path: string): { contents?: string; error?: string } }): string }

// Each source file and the contracts it holds.
const contracts: Record<string, string[]> = { LatchTestToken: ['LatchTestToken'], LatchSmartAccount: ['LatchSmartAccount', 'LatchSmartAccountFactory'] }
const sources = Object.fromEntries(Object.keys(contracts).map((name) => [`${name}.sol`, { content: readFileSync(join(here, 'contracts', `${name}.sol`), 'utf8') }]))
const input = {
  language: 'Solidity',
  sources,
  settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'paris', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
}
const output = JSON.parse(
  solc.compile(JSON.stringify(input), {
    import: (path) => {
      try {
        return { contents: readFileSync(require.resolve(path), 'utf8') }
      } catch {
        return { error: `not found: ${path}` }
      }
    },
  }),
) as { errors?: Array<{ severity: string; formattedMessage: string }>; contracts: Record<string, Record<string, { abi: unknown; evm: { bytecode: { object: string } } }>> }
const errors = (output.errors ?? []).filter((error) => error.severity === 'error')
if (errors.length) throw new Error(errors.map((error) => error.formattedMessage).join('\n'))
for (const [file, name] of Object.entries(contracts).flatMap(([file, names]) => names.map((name) => [file, name] as const))) {
  const compiled = output.contracts[`${file}.sol`]?.[name]
  if (!compiled) throw new Error(`${name} missing from solc output`)
  const artifact = { contractName: name, abi: compiled.abi, bytecode: `0x${compiled.evm.bytecode.object}` }
  writeFileSync(join(here, 'artifacts', `${name}.json`), `${JSON.stringify(artifact)}\n`)
  console.log(`wrote artifacts/${name}.json`)
}
