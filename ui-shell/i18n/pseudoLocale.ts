/** The pseudo-locale tests run in: English accented, longer and bracketed (pseudoLocalize.ts). */
export const PSEUDO_LOCALE = 'en-XA'
