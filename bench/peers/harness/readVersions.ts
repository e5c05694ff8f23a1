import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** The packages whose versions the report names. */
const NAMED = ['react', '@reown/appkit', '@reown/appkit-adapter-wagmi', 'wagmi', 'viem', '@rainbow-me/rainbowkit', '@web3-onboard/core', '@web3-onboard/react', 'vite']

/**
 * The installed versions of the peers and the tools, read from bench/peers/node_modules, so a
 * table can be traced to what produced it.
 */
export function readVersions(peersDir: string): Record<string, string> {
  const versions: Record<string, string> = {}
  for (const name of NAMED) {
    try {
      versions[name] = (JSON.parse(readFileSync(join(peersDir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version
    } catch {
      versions[name] = 'missing'
    }
  }
  return versions
}
