import type { KitOptions } from '../../kernel/index.js'
import { SHELL_MESSAGES } from '../locales/shellMessages.js'
import { I18nStore, browserLocale } from './I18nStore.js'

/**
 * The kit's language store with the shell's catalogue, in the host's `locale` (else the
 * browser's) with its `messages`. The shell imports this module on use, so the store and the
 * shell's English are a chunk fetched during start, not part of the host's initial JS: the
 * buttons show their English until the store is there (useButtonLabel.ts), as they do before
 * the kit starts (issue 30).
 */
export function createShellI18n(options: Pick<KitOptions, 'locale' | 'messages'>): I18nStore {
  const i18n = new I18nStore(options.locale ?? browserLocale(Object.keys(SHELL_MESSAGES)), options.messages)
  i18n.register(SHELL_MESSAGES)
  return i18n
}
