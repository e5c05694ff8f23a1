import { safeImageUrl } from '../../../ui-shell/plugin.js'
import type { TokenBalance } from '../../../chains/connection/AccountState.js'

/** A token's icon when the balance service gave a safe one, else its first letter. */
export function TokenImage({ token }: { token: Pick<TokenBalance, 'iconUrl' | 'symbol'> }) {
  const icon = safeImageUrl(token.iconUrl)
  if (icon) return <img src={icon} alt="" />
  return (
    <span className="glyph" aria-hidden="true">
      {token.symbol.slice(0, 1)}
    </span>
  )
}
