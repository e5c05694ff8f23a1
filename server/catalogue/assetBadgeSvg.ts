import { createHash } from 'node:crypto'
import type { AppKitAsset } from './appkitAssetImageIds.js'

/**
 * Our own artwork for an AppKit asset id: a coin with the ticker for a network, a rounded tile
 * with initials for a connector, in a colour drawn from the id. Labels come from our own table
 * (`APPKIT_ASSET_IMAGE_IDS`), never from a request.
 *
 * @param id - the image id, for the colour
 * @param asset - what to draw
 * @returns SVG source
 * @example
 * assetBadgeSvg('ba0ba0cd-17c6-4806-ad93-f9d174f17900', { kind: 'network', label: 'ETH', name: 'Ethereum' })
 */
export function assetBadgeSvg(id: string, asset: AppKitAsset): string {
  const hue = ((createHash('sha256').update(id).digest()[0]! * 360) / 256).toFixed(0)
  const fontSize = asset.label.length > 3 ? 26 : 34
  const shape =
    asset.kind === 'network'
      ? `<circle cx="48" cy="48" r="46" fill="hsl(${hue} 65% 42%)"/><circle cx="48" cy="48" r="38" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="3"/>`
      : `<rect width="96" height="96" rx="22" fill="hsl(${hue} 65% 42%)"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">${shape}<text x="48" y="${48 + fontSize * 0.36}" font-family="system-ui,sans-serif" font-size="${fontSize}" font-weight="700" fill="#fff" text-anchor="middle">${asset.label}</text></svg>`
}
