import { safeImageUrl } from '../../../ui-shell/plugin.js'

export interface TokenIconProps {
  logoUri: string | undefined
  symbol: string
}

/** A token's logo when the service gave a safe (http(s)) one, else its first letter. Decorative: the symbol is always written beside it. */
export function TokenIcon({ logoUri, symbol }: TokenIconProps) {
  const src = safeImageUrl(logoUri)
  return src ? <img src={src} alt="" /> : <span className="glyph" aria-hidden="true">{symbol.slice(0, 1)}</span>
}
