import type { Network } from './Network.js'

/**
 * The network with `assets.imageUrl` filled from its `imageId`, as AppKit resolves it: the
 * catalogue service's `/public/getAssetImage/{imageId}` (SPEC §7). A URL the host gave wins;
 * without an image id or a catalogue service the network is returned as it is (its letter shows).
 *
 * @param network - the network
 * @param assetImageUrl - the catalogue's URL for an image id, when the host configured one
 */
export function withImageUrl(network: Network, assetImageUrl: ((imageId: string) => string) | undefined): Network {
  const imageId = network.assets?.imageId
  if (network.assets?.imageUrl || !imageId || !assetImageUrl) return network
  return { ...network, assets: { ...network.assets, imageUrl: assetImageUrl(imageId) } }
}
