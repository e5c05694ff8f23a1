import { toWebUrl } from './toWebUrl.js'

/**
 * An image URL that is safe to put in `src`: http(s), or a `data:image/` URL as EIP-6963
 * wallets announce their icons. Anything else (javascript:, data:text/html) is dropped.
 */
export function safeImageUrl(url: string | undefined): string | undefined {
  if (!url) return undefined
  if (/^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(url)) return url
  return toWebUrl(url)
}
