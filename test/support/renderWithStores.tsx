import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import type { Kit, Token } from '../../kernel/index.js'
import { KitContext } from '../../ui-shell/react/KitContext.js'
import { I18nStore, type Catalogue } from '../../ui-shell/i18n/I18nStore.js'
import { I18nStoreToken } from '../../ui-shell/i18n/i18nToken.js'
import { SHELL_MESSAGES } from '../../ui-shell/locales/shellMessages.js'

/**
 * Renders a view for a component test with only what it reads of a kit: the stores under their
 * tokens (a hand-fed kit: it proves the view, not the plugin's wiring, which browser tests do),
 * and the kit's language in English with the shell's messages and the view's own `catalogue`.
 *
 * @example
 * renderWithStores(<UpdateEmailWalletView />, [[UpdateEmailStoreToken, store]], EMAIL_MESSAGES)
 */
export function renderWithStores(view: ReactElement, stores: ReadonlyArray<readonly [Token<unknown>, unknown]>, catalogue?: Catalogue) {
  const i18n = new I18nStore('en')
  i18n.register(SHELL_MESSAGES)
  if (catalogue) i18n.register(catalogue)
  const byToken = new Map<unknown, unknown>([[I18nStoreToken, i18n], ...stores])
  const kit = { resolve: (token: unknown) => byToken.get(token) } as unknown as Kit
  return render(<KitContext.Provider value={kit}>{view}</KitContext.Provider>)
}
