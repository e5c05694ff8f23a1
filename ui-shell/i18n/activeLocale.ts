// The locale numbers and dates are formatted in: read through the kit's language store, whose
// locale is observable, so a computed or view that formatted a value formats it again when the
// visitor changes language. No MobX of its own: the host's first script imports the formatters
// (issue 32). One per page: two kits on one page in two languages format numbers in the last one set.
let current: () => string = () => 'en'

/** The locale to give `Intl` formatters. */
export const formatLocale = (): string => current()

/** Set by the kit's I18nStore when its locale changes: how to read it, or a fixed locale. */
export const setFormatLocale = (locale: string | (() => string)) => {
  current = typeof locale === 'string' ? () => locale : locale
}
