import { I18nStoreToken } from '../../i18n/i18nToken.js'
import { useKit } from '../KitContext.js'
import { useKitState } from '../useKitState.js'

/**
 * A host button's text in the kit's language, following `kit.setLocale()` and the locale's
 * catalogue as it arrives. Before the kit starts (server rendering, hydration) it is the
 * English, so server and page render the same markup.
 *
 * @param key - the shell catalogue's key ('button.connect')
 * @param english - the text before the kit has a language
 */
export function useButtonLabel(key: string, english: string): string {
  const kit = useKit()
  // Read inside the subscription: the locale and the catalogue's messages are observable.
  return useKitState((state) => (state.locale === undefined ? english : kit.resolve(I18nStoreToken).t(key)))
}
