import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { generateWallet } from './generateWallet.js'
import type { WalletListing } from './WalletListing.js'

/** The wallet catalogue in memory, with its lookups. */
export interface WalletCatalogue {
  wallets: WalletListing[]
  byId: Map<string, WalletListing>
  byImageId: Map<string, WalletListing>
  /** Lower-cased names, by wallet: search would otherwise lower-case 5,000 names per request. */
  searchNames: Map<WalletListing, string>
}

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
  wallets.sort((a, b) => a.order - b.order)
  return {
    wallets,
    byId: new Map(wallets.map((wallet) => [wallet.id, wallet])),
    byImageId: new Map(wallets.map((wallet) => [wallet.image_id, wallet])),
    searchNames: new Map(wallets.map((wallet) => [wallet, wallet.name.toLowerCase()])),
  }
}
