import { observable, runInAction } from 'mobx'

// The locale numbers and dates are formatted in: the kit's, observable so a computed or view that
// formatted a value formats it again when the visitor changes language. One per page: two kits
// on one page in two languages format numbers in the last one set.
const current = observable.box('en', { deep: false })

/** The locale to give `Intl` formatters. */
export const formatLocale = (): string => current.get()

/** Set by the kit's I18nStore when its locale changes. */
export const setFormatLocale = (locale: string) => runInAction(() => current.set(locale))
