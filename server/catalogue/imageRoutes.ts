import type { FastifyPluginAsync } from 'fastify'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { APPKIT_ASSET_IMAGE_IDS } from './appkitAssetImageIds.js'
import { assetBadgeSvg } from './assetBadgeSvg.js'
import type { WalletCatalogue } from './WalletCatalogue.js'
import { walletImageSvg } from './walletImageSvg.js'
import { loadArtwork, type Artwork } from './artwork/loadArtwork.js'
import { ResponseCache } from './ResponseCache.js'
import { serializeResponse, type SerializedResponse } from './SerializedResponse.js'
import { ImageNotFoundError } from './errors.js'
import { sendSerialized } from './sendSerialized.js'

export interface ImageRoutesOptions {
  catalogue: WalletCatalogue
}

const SVG = 'image/svg+xml'
/** An image id names one picture for good: clients may keep it a day without asking. */
const IMAGE_CACHE_CONTROL = 'public, max-age=86400, immutable'
/** Wallet icons held at most (each about 600 bytes): far more than any catalogue. */
const WALLET_IMAGE_BYTES = 8 * 1024 * 1024

const imagesDir = join(dirname(fileURLToPath(import.meta.url)), 'images')
const IdParams = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 128, pattern: '^[-_.a-zA-Z0-9]+$' } },
  required: ['id'],
} as const

/** One folder of the catalogue's SVG files, serialized, keyed by file name without `.svg`. */
function readImages(folder: string): Map<string, SerializedResponse> {
  const images = new Map<string, SerializedResponse>()
  for (const file of readdirSync(join(imagesDir, folder))) {
    if (file.endsWith('.svg')) images.set(file.slice(0, -4), serializeResponse(readFileSync(join(imagesDir, folder, file)), SVG))
  }
  return images
}

/** Serializes brand artwork over a folder's images: the brand wins where there is one. */
function withArtwork(images: Map<string, SerializedResponse>, artwork: Map<string, string>): Map<string, SerializedResponse> {
  for (const [id, svg] of artwork) images.set(id, serializeResponse(svg, SVG))
  return images
}

/**
 * Our local networks' images, a drawn badge for each asset id AppKit 1.7.10 ships (issue 16),
 * then brand artwork for the networks, connectors and social providers that have one.
 */
function assetImages(artwork: Artwork): Map<string, SerializedResponse> {
  const images = readImages('assets')
  for (const [id, asset] of Object.entries(APPKIT_ASSET_IMAGE_IDS)) images.set(id, serializeResponse(assetBadgeSvg(id, asset), SVG))
  return withArtwork(images, artwork.assets)
}

/**
 * SPEC §7's four image routes, each image serialized once with its ETag (304 on a match).
 * Known wallets, networks, tokens and social providers show their brand's artwork
 * (`catalogue/artwork/`, from `@web3icons/core` and `simple-icons`). Other wallets get an
 * icon drawn from the listing, cached per catalogue version; other tokens, currencies and the
 * local networks are the SVG files in `server/catalogue/images/`, and AppKit's remaining asset
 * ids get badges drawn from `APPKIT_ASSET_IMAGE_IDS`. Unknown ids are 404.
 */
export const imageRoutes: FastifyPluginAsync<ImageRoutesOptions> = async (app, { catalogue }) => {
  const walletImages = new ResponseCache(WALLET_IMAGE_BYTES)
  const artwork = await loadArtwork()
  const folders = {
    getAssetImage: assetImages(artwork),
    getCurrencyImage: readImages('currencies'),
    getTokenImage: withArtwork(readImages('tokens'), artwork.tokens),
  }

  app.get<{ Params: { id: string } }>('/getWalletImage/:id', { schema: { params: IdParams } }, async (request, reply) => {
    const wallet = catalogue.byImageId.get(request.params.id) ?? catalogue.byId.get(request.params.id)
    if (!wallet) throw new ImageNotFoundError()
    const image = walletImages.get(wallet.image_id, catalogue.version, () => serializeResponse(artwork.wallets.get(wallet.name) ?? walletImageSvg(wallet), SVG))
    return sendSerialized(request, reply, image, IMAGE_CACHE_CONTROL)
  })

  for (const [route, images] of Object.entries(folders)) {
    app.get<{ Params: { id: string } }>(`/public/${route}/:id`, { schema: { params: IdParams } }, async (request, reply) => {
      const image = images.get(request.params.id) ?? images.get(request.params.id.toUpperCase())
      if (!image) throw new ImageNotFoundError()
      return sendSerialized(request, reply, image, IMAGE_CACHE_CONTROL)
    })
  }
}
