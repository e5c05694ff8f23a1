import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Abi, Hex } from 'viem'

const require = createRequire(import.meta.url)
const solc = require('solc') as { compile(input: string): string }
const folder = join(import.meta.dirname, '../contracts')

/** The test's own contracts (test/production/contracts), compiled with the solc hardhat brings (wasm, offline). */
export function compileTestContracts(): Record<'TestMulticall' | 'TestPriceFeed', { abi: Abi; bytecode: Hex }> {
  const names = ['TestMulticall', 'TestPriceFeed'] as const
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(names.map((name) => [`${name}.sol`, { content: readFileSync(join(folder, `${name}.sol`), 'utf8') }])),
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'paris', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[]
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
  }
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error')
  if (errors.length) throw new Error(errors.map((error) => error.formattedMessage).join('\n'))
  const artifact = (name: (typeof names)[number]) => {
    const compiled = output.contracts[`${name}.sol`]![name]!
    return { abi: compiled.abi, bytecode: `0x${compiled.evm.bytecode.object}` as Hex }
  }
  return { TestMulticall: artifact('TestMulticall'), TestPriceFeed: artifact('TestPriceFeed') }
}
