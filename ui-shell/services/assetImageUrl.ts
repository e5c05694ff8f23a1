import type { HttpClient } from './createHttpClient.js'

/**
 * The catalogue service's URL for an image id (SPEC §7 `/public/getAssetImage/{id}`): networks,
 * connectors and social providers, as AppKit resolves its `imageId`s.
 */
export function assetImageUrl(api: HttpClient, imageId: string): string {
  return api.url(`/public/getAssetImage/${encodeURIComponent(imageId)}`)
}
