import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import type { Kit, Token } from '../../kernel/index.js'
import { KitContext } from '../../ui-shell/react/KitContext.js'

/**
 * Renders a view for a component test with only what it reads of a kit: the stores under their
 * tokens (a hand-fed kit: it proves the view, not the plugin's wiring, which browser tests do).
 *
 * @example
 * renderWithStores(<UpdateEmailWalletView />, [[UpdateEmailStoreToken, store]])
 */
export function renderWithStores(view: ReactElement, stores: ReadonlyArray<readonly [Token<unknown>, unknown]>) {
  const byToken = new Map<unknown, unknown>(stores)
  const kit = { resolve: (token: unknown) => byToken.get(token) } as unknown as Kit
  return render(<KitContext.Provider value={kit}>{view}</KitContext.Provider>)
}
