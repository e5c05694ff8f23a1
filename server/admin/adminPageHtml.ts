import type { PageText } from '../secureSite/pageText.js'

/**
 * The admin page's HTML (server/web/admin/index.html) in the operator's language: its `lang`,
 * `dir` and title, and the `<noscript>` line, which no script can translate, so the server does.
 * Every value is the catalogue's, escaped by `words.t`; nothing from the request is written.
 *
 * @param template - index.html, with its {{lang}}, {{dir}}, {{title}} and {{noscript}}
 * @param words - from `pageText(locale, 'admin')`
 */
export function adminPageHtml(template: string, words: PageText): string {
  const values: Record<string, string> = { lang: words.locale, dir: words.dir, title: words.t('admin.title'), noscript: words.t('admin.noscript') }
  return template.replace(/\{\{(lang|dir|title|noscript)\}\}/g, (_all, name: string) => values[name]!)
}
