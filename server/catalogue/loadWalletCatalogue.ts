import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { generateWallet } from './generateWallet.js'
import { WalletCatalogue } from './WalletCatalogue.js'
import type { WalletListing } from './WalletListing.js'

const here = dirname(fileURLToPath(import.meta.url))

/**
 * Loads `wallets.json` (300 wallets) and, for benchmarks, extends it with generated wallets.
 *
 * @param scale - how many wallets to serve; at least the data file's count
 * @returns the catalogue sorted by rank
 */
export function loadWalletCatalogue(scale = 0): WalletCatalogue {
  const fromFile = JSON.parse(readFileSync(join(here, 'wallets.json'), 'utf8')) as WalletListing[]
  const wallets = [...fromFile]
  for (let index = fromFile.length; index < scale; index++) wallets.push(generateWallet(index))
  return new WalletCatalogue(wallets)
}
