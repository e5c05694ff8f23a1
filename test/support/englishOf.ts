import { formatMessage, type Messages } from '../../ui-shell/i18n/formatMessage.js'
import type { StoreText } from '../../ui-shell/i18n/I18nStore.js'

/**
 * What a store said, as a test reads it: an error as its English (SPEC §8), a message key as its
 * text in `english` (a plugin's `locales/en.json`), else as the key itself.
 */
export function englishOf(text: StoreText, english: Messages = {}): string {
  if (typeof text === 'string') return formatMessage(english[text] ?? text, {}, 'en')
  if (!('key' in text)) return text.shortMessage
  return english[text.key] === undefined ? text.key : formatMessage(english[text.key]!, text.values, 'en')
}
