import { createHash } from 'node:crypto'
import type { WalletListing } from './WalletListing.js'

/**
 * A wallet's icon: a rounded square in a colour from its id with its initials. Only letters and
 * digits of the name reach the SVG, so catalogue data can never inject markup.
 *
 * @param wallet - the listing
 * @returns SVG source
 */
export function walletImageSvg(wallet: WalletListing): string {
  const initials = wallet.name
    .split(/\s+/)
    .map((word) => word.replace(/[^A-Za-z0-9]/g, '').charAt(0))
    .filter(Boolean)
    .slice(0, 2)
    .join('')
    .toUpperCase()
  const hue = createHash('sha256').update(wallet.id).digest()[0]! * 360 / 256
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128"><rect width="128" height="128" rx="28" fill="hsl(${hue.toFixed(0)} 65% 42%)"/><rect x="10" y="10" width="108" height="108" rx="22" fill="none" stroke="#fff" stroke-opacity=".25" stroke-width="4"/><text x="64" y="80" font-family="system-ui,sans-serif" font-size="44" font-weight="700" fill="#fff" text-anchor="middle">${initials || 'W'}</text></svg>`
}
