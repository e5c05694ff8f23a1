import { createHash } from 'node:crypto'
import type { WalletListing } from './WalletListing.js'
import { LOCAL_SOLANA_CAIP_ID } from '../solana/localGenesisHash.js'

const PREFIXES = ['Nova', 'Orbit', 'Lumen', 'Cedar', 'Harbor', 'Quartz', 'Aurora', 'Summit', 'Pixel', 'Vault', 'Ember', 'Atlas', 'Coral', 'Drift', 'Fable', 'Granite', 'Halo', 'Ivory', 'Juniper', 'Kite']
const SUFFIXES = ['Wallet', 'Vault', 'Keys', 'Pay', 'Safe', 'Pocket', 'Wallet Pro', 'Purse', 'Signer', 'Hub', 'Key', 'Link', 'Pass']
const CHAIN_SETS = [
  ['eip155:1', 'eip155:10', 'eip155:137', 'eip155:8453', 'eip155:42161', 'eip155:31337', 'eip155:31338'],
  ['eip155:1', 'eip155:56', 'eip155:31337'],
  ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', LOCAL_SOLANA_CAIP_ID],
  ['eip155:1', 'eip155:137', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'eip155:31337', 'eip155:31338', LOCAL_SOLANA_CAIP_ID],
  ['polkadot:91b171bb158e2d3848fa23a9f1c25182'],
  ['bip122:000000000019d6689c085ae165831e93'],
]

/**
 * The catalogue's generated wallet number `index` (the 51st onward): the same listing on every
 * run, so the data file can be regenerated and scaled to 5,000 without drift.
 *
 * @param index - 0-based position in the whole catalogue
 * @returns a listing with a fictional name, a registered-looking scheme and a certified badge on every seventh
 */
export function generateWallet(index: number): WalletListing {
  const digest = createHash('sha256').update(`latch-wallet-${index}`).digest()
  const prefix = PREFIXES[digest[0]! % PREFIXES.length]!
  const suffix = SUFFIXES[digest[1]! % SUFFIXES.length]!
  const name = `${prefix} ${suffix} ${index}`
  const slug = `${prefix}${suffix}${index}`.toLowerCase().replace(/[^a-z0-9]/g, '')
  const hasExtension = digest[2]! % 3 === 0
  const hasDesktop = digest[3]! % 4 === 0
  return {
    id: digest.toString('hex'),
    name,
    image_id: `img-${digest.subarray(0, 8).toString('hex')}`,
    rdns: hasExtension ? `app.${slug}` : null,
    mobile_link: `${slug}://`,
    desktop_link: hasDesktop ? `${slug}-desktop://` : null,
    webapp_link: digest[4]! % 5 === 0 ? `https://${slug}.example/` : null,
    homepage: `https://${slug}.example/`,
    chains: CHAIN_SETS[digest[5]! % CHAIN_SETS.length]!,
    badge_type: index % 7 === 0 ? 'certified' : 'none',
    order: index + 1,
  }
}
