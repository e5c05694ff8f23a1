/** The languages written right to left among those a kit may speak: Arabic, Hebrew, Persian and Urdu. */
export const RTL_LANGUAGES: readonly string[] = ['ar', 'he', 'fa', 'ur']

/** Whether `locale` ('ar-EG', 'he') is written right to left. */
export const isRtlLocale = (locale: string): boolean => RTL_LANGUAGES.includes(locale.split('-')[0]!.toLowerCase())
