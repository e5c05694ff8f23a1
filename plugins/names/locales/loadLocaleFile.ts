// Kept out of the catalogue's module: the bundler writes this as a switch over every locale file,
// which then ships in a chunk of its own, fetched with the first locale other than English.
export const loadLocaleFile = (locale: string) => import(`../locales/${locale}.json`)
