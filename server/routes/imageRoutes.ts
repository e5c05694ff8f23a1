import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { WalletCatalogue } from '../catalogue/loadWalletCatalogue.js'
import { walletImageSvg } from '../catalogue/walletImageSvg.js'

export interface ImageRoutesOptions {
  catalogue: WalletCatalogue
}

const imagesDir = join(dirname(fileURLToPath(import.meta.url)), '../catalogue/images')
const IdParams = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 128, pattern: '^[-_.a-zA-Z0-9]+$' } },
  required: ['id'],
} as const

/** Reads one folder of the catalogue's SVG files into memory, keyed by file name without `.svg`. */
function readImages(folder: string): Map<string, Buffer> {
  const images = new Map<string, Buffer>()
  for (const file of readdirSync(join(imagesDir, folder))) {
    if (file.endsWith('.svg')) images.set(file.slice(0, -4), readFileSync(join(imagesDir, folder, file)))
  }
  return images
}

function sendSvg(reply: FastifyReply, svg: Buffer | string, ifNoneMatch: string | undefined) {
  const etag = `"${createHash('sha1').update(svg).digest('base64url')}"`
  void reply.header('cache-control', 'public, max-age=86400, immutable').header('etag', etag)
  if (ifNoneMatch === etag) return reply.code(304).send()
  return reply.type('image/svg+xml').send(svg)
}

/**
 * SPEC §7's four image routes. Wallet icons are drawn from the listing; token, currency and
 * network images are the SVG files in `server/catalogue/images/`. Unknown ids are 404.
 */
export const imageRoutes: FastifyPluginAsync<ImageRoutesOptions> = async (app, { catalogue }) => {
  const walletSvgs = new Map<string, string>()
  const folders = { getAssetImage: readImages('assets'), getCurrencyImage: readImages('currencies'), getTokenImage: readImages('tokens') }

  app.get<{ Params: { id: string } }>('/getWalletImage/:id', { schema: { params: IdParams } }, async (request, reply) => {
    const wallet = catalogue.byImageId.get(request.params.id) ?? catalogue.byId.get(request.params.id)
    if (!wallet) return reply.code(404).send({ code: 'IMAGE_NOT_FOUND', message: 'Image not found' })
    let svg = walletSvgs.get(wallet.image_id)
    if (!svg) walletSvgs.set(wallet.image_id, (svg = walletImageSvg(wallet)))
    return sendSvg(reply, svg, request.headers['if-none-match'])
  })

  for (const [route, images] of Object.entries(folders)) {
    app.get<{ Params: { id: string } }>(`/public/${route}/:id`, { schema: { params: IdParams } }, async (request, reply) => {
      const image = images.get(request.params.id) ?? images.get(request.params.id.toUpperCase())
      if (!image) return reply.code(404).send({ code: 'IMAGE_NOT_FOUND', message: 'Image not found' })
      return sendSvg(reply, image, request.headers['if-none-match'])
    })
  }
}
